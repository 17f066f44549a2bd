/**
 * One real n8n for the end-to-end suites: a release of the compatibility matrix (cached outside the
 * repo) on its Node, the packed package installed the way that release's installer does it, the
 * simulator in a process of its own and the "EventX API" credential. The suites share it.
 */

import {
	credentialImport,
	ensureN8n,
	freePort,
	installPackage,
	N8nRest,
	n8nCli,
	publicApi,
	startN8n,
	startSimulatorProcess,
	type CliResult,
	type ManagedProcess,
	type N8nRelease,
	type N8nSetup,
} from '../../scripts/n8n-runtime';
import type { LoggedRequest } from '../simulator/server';
import { DEMO_API_TOKEN } from '../simulator/store';
import { CREDENTIAL_ID, type SimState } from './workflows';
import { childProcess, fs, os, path, process, setTimeout } from '../platform.cjs';
import { log } from './releases';

const { spawnSync } = childProcess;
const { mkdtempSync, rmSync, writeFileSync } = fs;
const { tmpdir } = os;
const { join } = path;

export const OWNER = { email: 'owner@example.com', password: 'E2e-Password-1' };

export { log };

/** The error messages in n8n's output, to say why an execution failed. */
export const messages = (output: string) =>
	[
		...new Set(output.match(/"message": "[^"]*"|NodeApiError: .*|NodeOperationError: .*/g) ?? []),
	].join('\n');

type Json = Record<string, unknown>;

/** The parts of an execution (n8n's JSON of it) that the suites read. */
export interface Execution {
	status: string;
	/** Listed executions have it (n8n's public API); the CLI's printed run too. */
	startedAt?: string;
	data: {
		resultData: { error?: { message: string }; runData: Json };
	};
}

/** The execution n8n prints with `execute --rawOutput` (the top-level JSON object). */
function parseExecution(stdout: string): Execution {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	const end = lines.lastIndexOf('}');
	if (start < 0 || end < start)
		throw new Error(`No execution in n8n's output:\n${stdout.slice(-4000)}`);
	return JSON.parse(lines.slice(start, end + 1).join('\n')) as Execution;
}

/**
 * Whether an execution has ended. n8n's public API leaves out the executions it holds as running,
 * but lists one it has only just created (status "new", before it runs).
 */
const ended = (execution: Execution) => !['new', 'running', 'waiting'].includes(execution.status);

/** The `json` of each output item of a node's first run, in an execution's `runData`. */
export function outputOf(runData: Json, node: string): Json[] {
	const runs = runData[node] as Array<{ data?: { main: Array<Array<{ json: Json }> | null> } }>;
	return (runs?.[0]?.data?.main[0] ?? []).map((i) => i.json);
}

/** A call to the simulator at `url` (its API or its `/__sim` control routes); the JSON answer. */
export async function simRequest<T = unknown>(
	url: string,
	method: string,
	path: string,
	body?: unknown,
): Promise<T> {
	const response = await fetch(`${url}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return (await response.json()) as T;
}

/**
 * Fails with what the simulator (a process of its own) recorded as departing from the published
 * OpenAPI since the last call for this simulator: its operation, status and JSON pointer each.
 * The e2e suites run it after each test (test/simulator/README.md, "Held to the published contract").
 */
export async function assertContractKept(url: string): Promise<void> {
	const { violations } = await simRequest<{ violations: Array<{ text: string }> }>(
		url,
		'GET',
		'/__sim/contract',
	);
	const seen = contractReported.get(url) ?? 0;
	contractReported.set(url, violations.length);
	const fresh = violations.slice(seen);
	if (fresh.length > 0)
		throw new Error(
			`The simulator departed from the published OpenAPI ${fresh.length} time(s):\n` +
				fresh.map((v) => `  - ${v.text}`).join('\n'),
		);
}

/** How many of each simulator's violations were already reported. */
const contractReported = new Map<string, number>();

/** A call to the simulator's public API with the demo user's token; fails unless 2xx. */
export async function eventxRequest<T = Record<string, unknown>>(
	url: string,
	method: string,
	path: string,
	body?: unknown,
): Promise<T> {
	const auth = await simRequest<{ data: { accessToken: string } }>(
		url,
		'POST',
		'/public-api/v1/auth',
		{ apiToken: DEMO_API_TOKEN },
	);
	const response = await fetch(`${url}/public-api/v1${path}`, {
		method,
		headers: {
			'content-type': 'application/json',
			authorization: `Bearer ${auth.data.accessToken}`,
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`);
	return (await response.json()) as T;
}

type PublicApi = (
	method: string,
	path: string,
	body?: unknown,
) => Promise<{ status: number; data: unknown }>;

/**
 * Activates or deactivates a workflow through the public API and waits until `settled` holds:
 * n8n 2.41 answers before the trigger's webhook methods have run (2.8 answered after them).
 */
export async function setActiveAndSettle(
	api: PublicApi,
	workflowId: string,
	active: boolean,
	settled: () => Promise<boolean> = async () => true,
): Promise<void> {
	const answer = await api(
		'POST',
		`/workflows/${workflowId}/${active ? 'activate' : 'deactivate'}`,
	);
	if (answer.status !== 200) {
		throw new Error(
			`${active ? 'activate' : 'deactivate'} answered ${answer.status}: ${JSON.stringify(answer.data)}`,
		);
	}
	for (let i = 0; i < 60 && !(await settled()); i++) await new Promise((r) => setTimeout(r, 250));
	if (!(await settled()))
		throw new Error(`workflow ${workflowId}: not settled 15 s after (de)activation`);
}

/** The seconds n8n gives one poll when its scheduler runs polls (the e2e's `N8N_SCHEDULER_POLL_TIMEOUT`). */
export const POLL_TIMEOUT_SECONDS = 20;

/** Whether `release` is 2.`minor` or later. */
export const isAtLeast2 = (release: N8nRelease, minor: number) => {
	const [major, itsMinor] = release.version.split('.').map(Number);
	return major > 2 || (major === 2 && itsMinor >= minor);
};

/** Whether a release has n8n's durable poll scheduler and cursors (n8n 2.36 and later). */
export const hasDurablePolling = (release: N8nRelease) => isAtLeast2(release, 36);

/**
 * Where n8n has them, polls run on n8n's durable scheduler with durable cursors and a poll
 * timeout, as n8n 2.41 reads them (`@n8n/config`'s SchedulerConfig): durable cursors are off
 * unless the scheduler runs poll triggers and the workflow publication service is on (its default).
 */
export function durablePolling(release: N8nRelease): Record<string, string> {
	if (!hasDurablePolling(release)) return {};
	return {
		N8N_SCHEDULER_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
		N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
		N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
		N8N_SCHEDULER_POLL_TIMEOUT: String(POLL_TIMEOUT_SECONDS),
	};
}

export class E2eEnvironment {
	private constructor(
		readonly tmp: string,
		readonly setup: N8nSetup,
		readonly packageDir: string,
		readonly simulator: ManagedProcess & { url: string },
	) {}

	private n8n?: ManagedProcess;
	private apiKey?: string;
	private owner?: N8nRest;

	/** n8n's REST API, logged in as the owner (after `startN8n`). */
	rest(): N8nRest {
		if (!this.owner) throw new Error('n8n is not started');
		return this.owner;
	}

	/** Installs the packed package (`tgz`) into the release, starts the simulator, imports the credential. */
	static async create(release: N8nRelease, tgz: string): Promise<E2eEnvironment> {
		const n8n = await ensureN8n(release, log);
		const tmp = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-e2e-'));
		const userFolder = join(tmp, 'user');
		const packageDir = installPackage(n8n, userFolder, tgz, log);
		const simulator = await startSimulatorProcess(await freePort(), { log });
		const setup = { n8n, userFolder, port: await freePort(), brokerPort: await freePort() };
		const env = new E2eEnvironment(tmp, setup, packageDir, simulator);
		await env.importJson(
			'credentials',
			credentialImport(CREDENTIAL_ID, simulator.url, DEMO_API_TOKEN),
		);
		return env;
	}

	get baseUrl(): string {
		return `http://127.0.0.1:${this.setup.port}`;
	}

	/** A call to the simulator (its API or its `/__sim` control routes). */
	async sim<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		return await simRequest<T>(this.simulator.url, method, path, body);
	}

	/** A call to EventX's API on the simulator, authorized as the demo account, as another app would. */
	async eventx<T = Record<string, unknown>>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<T> {
		return await eventxRequest<T>(this.simulator.url, method, path, body);
	}

	/**
	 * A poll node's static data where n8n keeps it: n8n's poll cursor (its `poller_state` table, one
	 * row per workflow and node, read with the release's own Node and sqlite3) where durable cursors
	 * are on, else the workflow's static data (n8n's public API).
	 */
	async pollCursor(workflowId: string, nodeName: string): Promise<Json | undefined> {
		if (hasDurablePolling(this.setup.n8n.release)) {
			const { nodes } = (
				await this.api<{ nodes: Array<{ id: string; name: string }> }>(
					'GET',
					`/workflows/${workflowId}`,
				)
			).data;
			const nodeId = nodes.find((node) => node.name === nodeName)?.id;
			if (!nodeId) throw new Error(`workflow ${workflowId} has no node "${nodeName}"`);
			const script = `
				const sqlite3 = require(${JSON.stringify(join(this.setup.n8n.modules, 'sqlite3'))});
				const db = new sqlite3.Database(process.argv[1], sqlite3.OPEN_READONLY);
				db.get('SELECT cursor FROM poller_state WHERE workflowId = ? AND nodeId = ?', [process.argv[2], process.argv[3]], (error, row) => {
					if (error) { console.error(error.message); process.exit(1); }
					process.stdout.write(row ? row.cursor : 'null');
					db.close();
				});`;
			const result = spawnSync(
				this.setup.n8n.node,
				['-e', script, join(this.setup.userFolder, '.n8n', 'database.sqlite'), workflowId, nodeId],
				{ encoding: 'utf8' },
			);
			if (result.status !== 0) throw new Error(`poller_state: ${result.stderr}`);
			const cursor = JSON.parse(result.stdout) as Json | string | null;
			return (typeof cursor === 'string' ? JSON.parse(cursor) : cursor) ?? undefined;
		}
		const workflow = await this.api<{ staticData?: Json | string | null }>(
			'GET',
			`/workflows/${workflowId}`,
		);
		const raw = workflow.data.staticData;
		const data = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Json | null | undefined;
		return (data?.[`node:${nodeName}`] as Json | undefined) ?? undefined;
	}

	/** API requests the simulator logged, without the token exchange. */
	async apiRequests(): Promise<LoggedRequest[]> {
		const all = await this.sim<LoggedRequest[]>('GET', '/__sim/requests');
		return all.filter((r) => !r.path.includes('/auth'));
	}

	/** The reads (GET) of one API path (`/event/<id>/attendee`) the simulator logged after `after`. */
	async readsAfter(path: string, after: number): Promise<LoggedRequest[]> {
		return (await this.apiRequests()).filter(
			(r) => r.method === 'GET' && r.path === `/public-api/v1${path}` && r.at > after,
		);
	}

	async clearRequests(): Promise<void> {
		await this.sim('DELETE', '/__sim/requests');
	}

	async state(): Promise<SimState> {
		return await this.sim<SimState>('GET', '/__sim/state');
	}

	/** Imports credentials or workflows (one CLI call each: every n8n command takes seconds). */
	async importJson(kind: 'credentials' | 'workflow', data: unknown): Promise<void> {
		const file = join(this.tmp, `${kind}-${Date.now()}.json`);
		writeFileSync(file, JSON.stringify(data, null, 2));
		const result = await n8nCli(this.setup, [`import:${kind}`, `--input=${file}`]);
		if (result.status !== 0) {
			throw new Error(
				`import:${kind} failed:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
			);
		}
	}

	/** Any n8n CLI command against this environment's user folder. */
	async cli(args: string[]): Promise<CliResult> {
		return await n8nCli(this.setup, args);
	}

	/** The version of the Node this environment's n8n runs on. */
	nodeVersion(): string {
		return spawnSync(this.setup.n8n.node, ['--version'], { encoding: 'utf8' }).stdout.trim();
	}

	/** `n8n execute --id`, which must succeed; returns the execution's `runData`. */
	async execute(workflowId: string): Promise<Json> {
		const result = await n8nCli(this.setup, ['execute', `--id=${workflowId}`, '--rawOutput']);
		// n8n 2.41.1 on Node 24 can die with SIGSEGV while exiting after a complete run (its default
		// expression engine; the suites use the legacy one): the printed execution is the verdict.
		const crashedOnExit = result.signal === 'SIGSEGV' || result.status === 139;
		if (result.status !== 0 && !crashedOnExit) {
			throw new Error(`execute failed:\n${messages(result.stdout + result.stderr)}`);
		}
		const execution = parseExecution(result.stdout);
		if (execution.data.resultData.error) {
			throw new Error(`execution failed: ${execution.data.resultData.error.message}`);
		}
		return execution.data.resultData.runData;
	}

	/** Creates a workflow through the public API (its own `id` and `active` left out); its new ID. */
	async createWorkflow(workflow: Json): Promise<string> {
		const body = Object.fromEntries(
			Object.entries(workflow).filter(([key]) => key !== 'id' && key !== 'active'),
		);
		const created = await this.api<{ id: string }>('POST', '/workflows', body);
		if (created.status !== 200)
			throw new Error(
				`workflow creation answered ${created.status}: ${JSON.stringify(created.data)}`,
			);
		return String(created.data.id);
	}

	/**
	 * A run of a Manual Trigger workflow in the started n8n, as the editor's "Execute workflow"
	 * makes it, which must succeed; returns the execution's `runData`. No CLI boot (`execute` costs
	 * n8n 5 to 8 s of CPU each).
	 */
	async run(workflowId: string): Promise<Json> {
		const execution = await this.runManually(workflowId, 'Start');
		if (execution.data.resultData.error) {
			throw new Error(`execution failed: ${execution.data.resultData.error.message}`);
		}
		return execution.data.resultData.runData;
	}

	/** `n8n start`; the first start also creates the owner and an API key for the public API. */
	async startN8n(): Promise<void> {
		this.n8n = await startN8n(this.setup, log, durablePolling(this.setup.n8n.release));
		if (this.owner) return;
		this.owner = new N8nRest(this.baseUrl);
		await this.owner.setupOwner(OWNER);
		this.apiKey = await this.owner.createApiKey('e2e');
	}

	async stopN8n(): Promise<void> {
		await this.n8n?.stop();
		this.n8n = undefined;
	}

	/** n8n's public API (`/api/v1`). */
	async api<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		if (!this.apiKey) throw new Error('n8n is not started');
		return await publicApi<T>(this.baseUrl, this.apiKey, method, path, body);
	}

	/**
	 * Activates or deactivates a workflow through the public API and waits until `settled` holds:
	 * n8n 2.41 answers before the trigger's webhook methods have run (2.8 answered after them).
	 */
	async setActive(
		workflowId: string,
		active: boolean,
		settled: () => Promise<boolean> = async () => true,
	): Promise<void> {
		await setActiveAndSettle((...args) => this.api(...args), workflowId, active, settled);
	}

	/**
	 * A user's first click on "Execute workflow" from `trigger` (the editor's REST call, as the
	 * owner): a polling trigger runs as "Fetch Test Event". 2.8 wants the workflow in the body,
	 * 2.41 reads it from its database (and ignores it); the finished execution with its data.
	 */
	async runManually(workflowId: string, trigger: string, timeoutMs = 120_000): Promise<Execution> {
		const workflowData = (await this.api<Json>('GET', `/workflows/${workflowId}`)).data;
		const body = { workflowData, triggerToStartFrom: { name: trigger } };
		const run = async () =>
			await this.rest().request<{ data?: { executionId?: string } }>(
				'POST',
				`/rest/workflows/${workflowId}/run`,
				body,
			);
		let answer = await run();
		if (answer.status === 401) {
			await this.rest().login(OWNER);
			answer = await run();
		}
		const id = answer.data?.data?.executionId;
		if (answer.status !== 200 || !id)
			throw new Error(`manual run answered ${answer.status}: ${JSON.stringify(answer.data)}`);
		const until = Date.now() + timeoutMs;
		for (;;) {
			const execution = (
				await this.api<Execution & { finished?: boolean; stoppedAt?: string | null }>(
					'GET',
					`/executions/${id}?includeData=true`,
				)
			).data;
			if (execution?.stoppedAt && !['new', 'running'].includes(execution.status)) return execution;
			if (Date.now() > until) throw new Error(`execution ${id} did not finish`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}

	/**
	 * The executions of a workflow with their data, once at least `count` of them have ended (or
	 * `waitMs` is up: what there is then).
	 */
	async executions(workflowId: string, count: number, waitMs = 30_000): Promise<Execution[]> {
		return await this.executionsUntil(
			workflowId,
			(executions) => executions.length >= count && executions.every(ended),
			waitMs,
		);
	}

	/** The executions of a workflow with their data, once `done` holds for them (or `waitMs` is up). */
	async executionsUntil(
		workflowId: string,
		done: (executions: Execution[]) => boolean,
		waitMs: number,
	): Promise<Execution[]> {
		const until = Date.now() + waitMs;
		// n8n records executions asynchronously.
		for (;;) {
			const listed = await this.api<{ data?: Execution[] }>(
				'GET',
				`/executions?workflowId=${workflowId}&includeData=true`,
			);
			const executions = listed.data?.data ?? [];
			if (done(executions) || Date.now() > until) return executions;
			await new Promise((r) => setTimeout(r, 500));
		}
	}

	/** How many executions of a workflow n8n holds with this status (public API, all pages). */
	async countExecutions(workflowId: string, status: 'success' | 'error'): Promise<number> {
		let count = 0;
		let cursor: string | undefined;
		do {
			const page = await this.api<{ data?: unknown[]; nextCursor?: string | null }>(
				'GET',
				`/executions?workflowId=${workflowId}&status=${status}&limit=250${cursor ? `&cursor=${cursor}` : ''}`,
			);
			count += (page.data?.data ?? []).length;
			cursor = page.data?.nextCursor ?? undefined;
		} while (cursor);
		return count;
	}

	async stop(): Promise<void> {
		await this.stopN8n();
		await this.simulator.stop();
		if (!process.env.E2E_KEEP) rmSync(this.tmp, { recursive: true, force: true });
	}
}
