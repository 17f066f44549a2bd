import { Container } from '@n8n/di';
import { ExecutionLifecycleHooks, LoadOptionsContext, WorkflowExecute } from 'n8n-core';
import type {
	IBinaryKeyData,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { createRunExecutionData, Workflow } from 'n8n-workflow';

import { EventXApi } from '../../credentials/EventXApi.credentials';
import { EventX } from '../../nodes/EventX/EventX.node';
import { harnessAdditionalData } from './additionalData';
import { HarnessCredentialsHelper } from './credentials';

export const PACKAGE = 'n8n-nodes-eventx';

/** Node types known to the harness, named as a user's n8n names them. */
const nodeClasses: Record<string, INodeType> = {
	[`${PACKAGE}.eventX`]: new EventX(),
};

/**
 * The version n8n gives a new node of this type: its description's `defaultVersion`, else its
 * latest version. Tests that name no version run this one: what a user adding the node gets.
 */
export function defaultVersion(nodeType: INodeType | undefined): number {
	if (!nodeType) throw new Error('The harness knows no such node type');
	const { version, defaultVersion } = nodeType.description;
	return defaultVersion ?? (Array.isArray(version) ? Math.max(...version) : version);
}

export function registerNodeType(name: string, node: INodeType): void {
	nodeClasses[name] = node;
}

const nodeTypes: INodeTypes = {
	getByName: (name) => nodeClasses[name],
	getByNameAndVersion: (name) => nodeClasses[name],
	getKnownTypes: () => ({}),
};

export const credentialTypes: Record<string, ICredentialType> = { eventXApi: new EventXApi() };

export interface RunNodeOptions {
	parameters: INodeParameters;
	/** Input items (their `json`); one empty item when absent. */
	items?: IDataObject[];
	/** The input items' binary data, by item (Media Upload). */
	binaries?: Array<IBinaryKeyData | undefined>;
	/** The credential as a user would save it (baseUrl, authentication, apiToken...); null for none. */
	credentials: ICredentialDataDecryptedObject | null;
	continueOnFail?: boolean;
	/** The node's On Error setting; `continueOnFail` stands for `continueRegularOutput`. */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	/** Re-use a credentials helper to keep a saved session token across runs. */
	credentialsHelper?: HarnessCredentialsHelper;
	mode?: WorkflowExecuteMode;
	nodeType?: string;
	/** The node's version; the node type's `defaultVersion` (what n8n gives a new node) when absent. */
	typeVersion?: number;
	/** The workflow's Settings > Timezone (n8n's default zone, America/New_York, when absent). */
	timezone?: string;
}

export interface RunNodeResult {
	/** The node's first output. */
	items: INodeExecutionData[];
	/** Every output (the error output is the second with On Error "Continue (using error output)"). */
	outputs: Array<INodeExecutionData[] | null>;
	/** The node's error, when the run failed. */
	error?: Error & { description?: string; context?: IDataObject; httpCode?: string | null };
	run: IRun;
	credentialsHelper: HarnessCredentialsHelper;
}

export const NODE_NAME = 'EventX';

interface Setup {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject | null;
	credentialsHelper?: HarnessCredentialsHelper;
	continueOnFail?: boolean;
	onError?: RunNodeOptions['onError'];
	mode?: WorkflowExecuteMode;
	nodeType?: string;
	typeVersion?: number;
	timezone?: string;
}

/** The workflow, node and n8n services around one EventX node, as n8n builds them. */
function setUp(options: Setup) {
	const credentialsHelper =
		options.credentialsHelper ?? new HarnessCredentialsHelper(credentialTypes);
	if (!options.credentialsHelper && options.credentials)
		credentialsHelper.saved.set('eventXApi', { ...options.credentials });

	const type = options.nodeType ?? `${PACKAGE}.eventX`;
	const node: INode = {
		id: 'eventx-node',
		name: NODE_NAME,
		type,
		typeVersion: options.typeVersion ?? defaultVersion(nodeClasses[type]),
		position: [0, 0],
		parameters: options.parameters,
		...(options.credentials
			? { credentials: { eventXApi: { id: '1', name: 'EventX account' } } }
			: {}),
		...(options.onError || options.continueOnFail
			? { onError: options.onError ?? ('continueRegularOutput' as const) }
			: {}),
	};
	const workflow = new Workflow({
		id: 'harness',
		nodes: [node],
		connections: {},
		nodeTypes,
		active: false,
		settings: options.timezone ? { timezone: options.timezone } : {},
	});

	const hooks = new ExecutionLifecycleHooks(options.mode ?? 'manual', 'harness-execution', {
		id: 'harness',
		name: 'harness',
		active: false,
		isArchived: false,
		nodes: [node],
		connections: {},
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);

	const additionalData = harnessAdditionalData(credentialsHelper, undefined, {
		hooks,
		currentNodeParameters: options.parameters,
	} as unknown as IDataObject);
	return { credentialsHelper, node, workflow, hooks, additionalData };
}

/**
 * Runs one EventX node the way n8n runs a workflow: n8n-core's WorkflowExecute, real parameter
 * resolution (expressions included), real credential handling and HTTP to the simulator.
 */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const { credentialsHelper, node, workflow, additionalData } = setUp(options);
	const items = (options.items ?? [{}]).map((json, i) => {
		const binary = options.binaries?.[i];
		return binary ? { json, binary } : { json };
	});
	const runExecutionData = createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [items] }, source: null }] },
	});

	const execute = new WorkflowExecute(additionalData, options.mode ?? 'manual', runExecutionData);
	// Resolves with the run once the workflowExecuteAfter hooks have run, as n8n's own runner awaits it.
	const run: IRun = await execute.processRunExecutionData(workflow);
	const task = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		items: task?.data?.main?.[0] ?? [],
		outputs: task?.data?.main ?? [],
		error: (task?.error ?? run.data.resultData.error) as RunNodeResult['error'],
		run,
		credentialsHelper,
	};
}

/** An active workflow of one trigger node, as n8n builds it around its saved static data. */
export function triggerWorkflow(
	id: string,
	node: INode,
	nodeType: INodeType,
	staticData?: IDataObject,
	timezone?: string,
) {
	const types: INodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	return new Workflow({
		id,
		nodes: [node],
		connections: {},
		nodeTypes: types,
		active: true,
		settings: timezone ? { timezone } : {},
		staticData,
	});
}

/** Keeps n8n-core's DI container from leaking state between test files. */
export function resetContainer(): void {
	Container.reset();
}

/**
 * Calls a list search or load options method of the node as the editor does: n8n-core's
 * LoadOptionsContext over the node's current parameters, with real credentials and HTTP.
 */
export async function loadOptions(
	options: Setup & {
		kind: 'listSearch' | 'loadOptions' | 'resourceMapping';
		method: string;
		filter?: string;
		paginationToken?: string;
	},
) {
	const { node, workflow, additionalData, credentialsHelper } = setUp(options);
	const context = new LoadOptionsContext(workflow, node, additionalData, '');
	const nodeType = nodeClasses[node.type];
	const methods = nodeType.methods?.[options.kind] as
		| Record<string, (...args: unknown[]) => Promise<unknown>>
		| undefined;
	const method = methods?.[options.method];
	if (!method) throw new Error(`The node has no ${options.kind} method "${options.method}"`);
	const result = await method.call(context, options.filter, options.paginationToken);
	return { result, credentialsHelper };
}
