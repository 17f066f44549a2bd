import { randomUUID } from 'node:crypto';

import { HookContext, WebhookContext } from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IWebhookData,
	Workflow,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { EventXTrigger } from '../../nodes/EventXTrigger/EventXTrigger.node';
import { harnessAdditionalData } from './additionalData';
import { HarnessCredentialsHelper } from './credentials';
import { credentialTypes, defaultVersion, PACKAGE, triggerWorkflow } from './index';
import type { http } from '../platform.cjs';
import { closeServer, listenOnLoopback, loopbackUrl } from '../simulator/http';

type IncomingMessage = http.IncomingMessage;
type Server = http.Server;
type ServerResponse = http.ServerResponse;

export const TRIGGER_NODE_NAME = 'EventX Trigger';
const TRIGGER_TYPE = `${PACKAGE}.eventXTrigger`;

/** What the loopback n8n answered to one HTTP request, and what it started. */
export interface ReceivedDelivery {
	path: string;
	/** The request's path and query, as sent (a secret included). */
	url: string;
	isTest: boolean;
	status: number;
	/** The body sent back to the caller. */
	response: unknown;
	/** The request body as received. */
	body: unknown;
	/** The items the trigger emitted (an execution started), or undefined when none started. */
	items?: INodeExecutionData[];
}

export interface TriggerHarnessOptions {
	parameters: INodeParameters;
	credentials: ICredentialDataDecryptedObject;
	/** The node's webhook ID (n8n gives each webhook node one); random when absent. */
	webhookId?: string;
	/** Static data as n8n would load it from its database. */
	staticData?: IDataObject;
}

type WebhookMethod = 'checkExists' | 'create' | 'delete';

/**
 * The EventX Trigger as n8n runs it: n8n-core's real HookContext (activation / deactivation) and
 * WebhookContext (deliveries), the workflow's real static data, real credential handling and
 * HTTP to the simulator, and a loopback HTTP server standing in for n8n's webhook endpoints
 * (`/webhook/...` for production, `/webhook-test/...` for "Listen for test event"). The
 * sequences follow n8n's CLI: activation runs `checkExists` then `create` when it answered
 * false (WebhookService.createWebhookIfNotExists); deactivation runs `delete`.
 */
export class TriggerHarness {
	readonly credentialsHelper = new HarnessCredentialsHelper(credentialTypes);
	readonly nodeType: INodeType = new EventXTrigger();
	readonly node: INode;
	/** Every HTTP request the loopback n8n received, with its answer. */
	readonly received: ReceivedDelivery[] = [];
	/** Static data as n8n saved it to its database after each lifecycle call. */
	savedStaticData: IDataObject;
	workflow: Workflow;
	/** Called (awaited) before a delivery is handled, e.g. to slow the receiver down. */
	beforeDelivery?: () => Promise<void>;
	private server?: Server;

	constructor(options: TriggerHarnessOptions) {
		this.credentialsHelper.saved.set('eventXApi', { ...options.credentials });
		this.node = {
			id: 'eventx-trigger-node',
			name: TRIGGER_NODE_NAME,
			type: TRIGGER_TYPE,
			typeVersion: defaultVersion(this.nodeType),
			position: [0, 0],
			parameters: options.parameters,
			webhookId: options.webhookId ?? randomUUID(),
			credentials: { eventXApi: { id: '1', name: 'EventX account' } },
		};
		this.savedStaticData = structuredClone(options.staticData ?? {});
		this.workflow = this.buildWorkflow();
	}

	/** The loopback n8n's base URL (started on demand). */
	get baseUrl(): string {
		return loopbackUrl(this.server, 'harness server');
	}

	async start(): Promise<this> {
		this.server = await listenOnLoopback((req, res) => void this.handle(req, res));
		return this;
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		await closeServer(server);
	}

	/** The node's webhook URL in production or test mode, as n8n computes it. */
	webhookUrl(isTest = false): string {
		return `${this.baseUrl}/${isTest ? 'webhook-test' : 'webhook'}/${this.node.webhookId}/webhook`;
	}

	/** Replaces node parameters (as a user editing the node and saving the workflow). */
	setParameters(parameters: INodeParameters): void {
		this.node.parameters = parameters;
		this.workflow = this.buildWorkflow(this.workflow.staticData);
	}

	/** A restart of n8n: the workflow is rebuilt from the database, static data included. */
	restart(): void {
		this.workflow = this.buildWorkflow(
			JSON.parse(JSON.stringify(this.savedStaticData)) as IDataObject,
		);
	}

	/** The node's static data (`getWorkflowStaticData('node')`) in the running workflow. */
	get staticData(): IDataObject {
		return this.workflow.getStaticData('node', this.node);
	}

	/**
	 * Activation as n8n does it: `checkExists`, then `create` when that answered false.
	 * `activation` is 'activate' (switched on), 'init' (n8n started) or 'update' (saved).
	 */
	async activate(activation: WorkflowActivateMode = 'activate') {
		return await this.ensureWebhook('trigger', activation, false);
	}

	async deactivate() {
		return await this.run('delete', 'internal', 'update', false);
	}

	/** "Listen for test event" in the editor: the test URL, manual mode. */
	async listenForTest() {
		return await this.ensureWebhook('manual', 'manual', true);
	}

	/** The editor stops listening (test done or timed out). */
	async stopListening() {
		return await this.run('delete', 'internal', 'update', true);
	}

	/** Runs one lifecycle method through n8n-core's HookContext. */
	async run(
		method: WebhookMethod,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
		isTest: boolean,
	): Promise<boolean> {
		const webhookData = this.webhookData(isTest);
		const context = new HookContext(
			this.workflow,
			this.node,
			webhookData.workflowExecuteAdditionalData,
			mode,
			activation,
			webhookData,
		);
		const fn = this.nodeType.webhookMethods?.default?.[method];
		if (!fn) throw new Error(`The node has no webhook method "${method}"`);
		try {
			return (await fn.call(context)) as boolean;
		} finally {
			// n8n saves a workflow's changed static data after its webhooks were set up or removed.
			if (!isTest)
				this.savedStaticData = JSON.parse(JSON.stringify(this.workflow.staticData)) as IDataObject;
		}
	}

	/**
	 * Posts a body to `url` (the node's production webhook URL, without a secret, by default), as a
	 * sender other than the simulator would: a forger, or a test that names the URL EventX holds.
	 */
	async post(body: unknown, url = this.webhookUrl()): Promise<{ status: number; body: unknown }> {
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: typeof body === 'string' ? body : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: text === '' ? undefined : safeJson(text) };
	}

	/** Deliveries that started an execution, and their items. */
	get executions(): INodeExecutionData[][] {
		return this.received.flatMap((r) => (r.items ? [r.items] : []));
	}

	private async ensureWebhook(
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
		isTest: boolean,
	): Promise<{ existed: boolean }> {
		const existed = await this.run('checkExists', mode, activation, isTest);
		if (!existed) await this.run('create', mode, activation, isTest);
		return { existed };
	}

	private buildWorkflow(staticData?: IDataObject): Workflow {
		return triggerWorkflow('trigger-harness', this.node, this.nodeType, staticData);
	}

	private additionalData(extra: IDataObject = {}): IWorkflowExecuteAdditionalData {
		const base = this.server ? this.baseUrl : 'http://127.0.0.1:5678';
		return harnessAdditionalData(this.credentialsHelper, base, extra);
	}

	/** The webhook's data as n8n's NodeHelpers.getNodeWebhooks builds it. */
	private webhookData(isTest: boolean, extra: IDataObject = {}): IWebhookData {
		const description = this.nodeType.description.webhooks![0];
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${this.node.webhookId}/${String(description.path)}`,
			webhookDescription: description,
			workflowId: this.workflow.id,
			workflowExecuteAdditionalData: this.additionalData(extra),
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	/** n8n's webhook endpoint: WebhookContext around the request, then n8n's answer rules. */
	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://n8n');
		const match = /^\/(webhook|webhook-test)\/([^/]+)\/webhook$/.exec(url.pathname);
		const raw = await readBody(req);
		const record: ReceivedDelivery = {
			path: url.pathname,
			url: `${url.pathname}${url.search}`,
			isTest: match?.[1] === 'webhook-test',
			status: 0,
			response: undefined,
			body: raw === '' ? undefined : safeJson(raw),
		};
		this.received.push(record);
		const response = expressResponse(res, record);
		if (!match || match[2] !== this.node.webhookId || req.method !== 'POST') {
			response.status(404).json({ code: 404, message: 'The requested webhook is not registered.' });
			return;
		}
		if (this.beforeDelivery) await this.beforeDelivery();
		const request = {
			body: record.body,
			headers: req.headers,
			params: {},
			query: parseQuery(url.searchParams),
			method: req.method,
			url: req.url,
		};
		const webhookData = this.webhookData(record.isTest, {
			httpRequest: request,
			httpResponse: response,
		});
		const context = new WebhookContext(
			this.workflow,
			this.node,
			webhookData.workflowExecuteAdditionalData,
			record.isTest ? 'manual' : 'webhook',
			webhookData,
			[],
			null,
		);
		try {
			const result = await this.nodeType.webhook!.call(context);
			if (result.noWebhookResponse === true) return;
			if (result.workflowData === undefined) {
				// n8n answers without starting anything.
				response.status(200).json(result.webhookResponse ?? { message: 'Webhook call received' });
				return;
			}
			// responseMode 'onReceived': n8n answers at once and starts the execution.
			record.items = result.workflowData[0];
			response.status(200).json(result.webhookResponse ?? { message: 'Workflow was started' });
		} catch (error) {
			response.status(500).json({ code: 0, message: (error as Error).message });
		}
	}
}

/** The query as express parses it for n8n: a name given more than once becomes a list. */
function parseQuery(params: URLSearchParams): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const name of new Set(params.keys())) {
		const values = params.getAll(name);
		query[name] = values.length === 1 ? values[0] : values;
	}
	return query;
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return text;
	}
}

async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

/** The part of express's Response that n8n nodes use to answer a webhook themselves. */
function expressResponse(res: ServerResponse, record: ReceivedDelivery) {
	let status = 200;
	const response = {
		status(code: number) {
			status = code;
			return response;
		},
		setHeader(name: string, value: string) {
			res.setHeader(name, value);
			return response;
		},
		json(body: unknown) {
			return response.send(JSON.stringify(body), 'application/json; charset=utf-8', body);
		},
		send(text: string, type = 'text/plain; charset=utf-8', parsed: unknown = text) {
			if (res.headersSent) throw new Error('The webhook was answered twice');
			record.status = status;
			record.response = parsed;
			res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
			res.end(text);
			return response;
		},
		end() {
			return response.send('');
		},
		get headersSent() {
			return res.headersSent;
		},
	};
	return response;
}
