import { PollContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { EventXPollingTrigger } from '../../nodes/EventXPollingTrigger/EventXPollingTrigger.node';
import { harnessAdditionalData } from './additionalData';
import { HarnessCredentialsHelper } from './credentials';
import { credentialTypes, defaultVersion, PACKAGE, triggerWorkflow } from './index';

/** Static data as n8n stores it: JSON (the running workflow's copy is an observable proxy). */
const jsonCopy = (data: IDataObject): IDataObject =>
	JSON.parse(JSON.stringify(data)) as IDataObject;

export const POLLING_NODE_NAME = 'EventX Polling Trigger';

export interface PollHarnessOptions {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	/** Static data as n8n would load it from its database. */
	staticData?: IDataObject;
	/** What n8n's getPollBudgetMs answers (n8n 2.41); absent as on n8n 2.8 when undefined. */
	pollBudgetMs?: number;
	/** The node to run (the built package's, in the bench); the source's when absent. */
	nodeType?: INodeType;
	/**
	 * When n8n writes the static data to its database: after every successful poll (n8n 2.41's
	 * poll cursors, the default), or as n8n 2.8 does: after the poll of an activation and after a
	 * poll that emits items, the running workflow keeping the rest in memory until n8n stops.
	 */
	saves?: 'every poll' | 'when it fires';
	/** The workflow's Settings > Timezone (n8n's default zone, America/New_York, when absent). */
	timezone?: string;
}

/** One poll's outcome: the items emitted (null when none), or the error the poll threw. */
export interface PollOutcome {
	items: INodeExecutionData[] | null;
	error?: Error & { description?: string };
}

/**
 * The EventX Polling Trigger as n8n runs it: n8n-core's real PollContext over a workflow with its
 * static data, real credential handling and HTTP to the simulator. Static data is "saved" (copied
 * to `savedStaticData`) after a successful poll only, as n8n commits a poll's cursor; a poll that
 * threw leaves the saved copy as it was, and the next poll starts from it. With `saves: 'when it
 * fires'` (n8n 2.8) only activations and polls that emit are saved; `restart` loses the rest.
 */
export class PollHarness {
	readonly credentialsHelper = new HarnessCredentialsHelper(credentialTypes);
	readonly nodeType: INodeType;
	readonly node: INode;
	savedStaticData: IDataObject;
	workflow: Workflow;
	private readonly pollBudgetMs?: number;
	private readonly saves: NonNullable<PollHarnessOptions['saves']>;
	private readonly timezone?: string;
	/** The next poll is an activation's (n8n's first, or the first after a restart). */
	private activating = true;

	constructor(options: PollHarnessOptions) {
		this.credentialsHelper.saved.set('eventXApi', { ...options.credentials });
		this.nodeType = options.nodeType ?? new EventXPollingTrigger();
		this.node = {
			id: 'eventx-polling-node',
			name: POLLING_NODE_NAME,
			type: `${PACKAGE}.eventXPollingTrigger`,
			typeVersion: defaultVersion(this.nodeType),
			position: [0, 0],
			parameters: options.parameters,
			credentials: { eventXApi: { id: '1', name: 'EventX account' } },
		};
		this.pollBudgetMs = options.pollBudgetMs;
		this.saves = options.saves ?? 'every poll';
		this.timezone = options.timezone;
		this.savedStaticData = jsonCopy(options.staticData ?? {});
		this.workflow = this.buildWorkflow(jsonCopy(this.savedStaticData));
	}

	/** The node's static data in the running workflow. */
	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	/** Replaces node parameters (a user editing the node and saving the workflow). */
	setParameters(parameters: INodeParameters): void {
		this.node.parameters = parameters;
		this.workflow = this.buildWorkflow(jsonCopy(this.savedStaticData));
	}

	/** One poll of the active workflow ('trigger'), or "Fetch Test Event" in the editor ('manual'). */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<PollOutcome> {
		const workflow =
			mode === 'manual' ? this.buildWorkflow(jsonCopy(this.savedStaticData)) : this.workflow;
		const context = new PollContext(
			workflow,
			this.node,
			harnessAdditionalData(this.credentialsHelper),
			mode,
			mode === 'manual' ? 'manual' : 'activate',
		);
		if (this.pollBudgetMs === undefined) {
			// n8n 2.8's poll context has no budget.
			Object.defineProperty(context, 'getPollBudgetMs', { value: undefined });
		} else {
			const budget = this.pollBudgetMs;
			Object.defineProperty(context, 'getPollBudgetMs', { value: () => budget });
		}
		let items: INodeExecutionData[] | null;
		try {
			const result = await this.nodeType.poll!.call(context);
			items = result === null ? null : result[0];
		} catch (error) {
			// n8n 2.41 drops what a failed poll staged: the workflow is rebuilt from the saved static
			// data (n8n 2.8 polls the same workflow again).
			if (this.saves === 'every poll')
				this.workflow = this.buildWorkflow(jsonCopy(this.savedStaticData));
			return { items: null, error: error as PollOutcome['error'] };
		}
		if (mode !== 'manual') {
			if (this.saves === 'every poll' || this.activating || items !== null)
				this.savedStaticData = jsonCopy(this.workflow.staticData);
			this.activating = false;
		} else if (JSON.stringify(workflow.staticData) !== JSON.stringify(this.savedStaticData)) {
			throw new Error('A manual poll changed the static data');
		}
		return { items };
	}

	/**
	 * n8n stopped and started again: the workflow is rebuilt from the saved static data (what it
	 * held in memory alone is lost), and its next poll is an activation's.
	 */
	restart(): void {
		this.workflow = this.buildWorkflow(jsonCopy(this.savedStaticData));
		this.activating = true;
	}

	/** Polls and fails the test when the poll threw. */
	async pollItems(): Promise<INodeExecutionData[] | null> {
		const { items, error } = await this.poll();
		if (error) throw error;
		return items;
	}

	private buildWorkflow(staticData: IDataObject): Workflow {
		return triggerWorkflow('poll-harness', this.node, this.nodeType, staticData, this.timezone);
	}
}
