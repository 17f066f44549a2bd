/**
 * n8n in queue mode for the queue end-to-end suite: its own Redis and PostgreSQL, then 1 main,
 * 1 webhook process and workers of the main-line n8n, all sharing the encryption key, each with a
 * user folder of its own (as on separate machines) holding the packed package, installed as that
 * n8n's installer does, and the simulator.
 * Every process is stopped as a process group in `stop` (and on exit).
 */

import {
	queueEnv,
	startQueueProcess,
	type QueueBackends,
	type QueueProcess,
} from '../../scripts/n8n-queue';
import {
	credentialImport,
	ensureN8n,
	freePort,
	installPackage,
	N8N_MAIN,
	N8nRest,
	n8nCli,
	publicApi,
	startSimulatorProcess,
	type InstalledN8n,
	type ManagedProcess,
} from '../../scripts/n8n-runtime';
import {
	startPostgres,
	startRedis,
	type Postgres,
	type Service,
} from '../../scripts/queue-services';
import { DEMO_API_TOKEN } from '../simulator/store';
import { eventxRequest, log, OWNER, setActiveAndSettle, simRequest } from './environment';
import { CREDENTIAL_ID, type SimState } from './workflows';

import { fs, os, path, process, setTimeout } from '../platform.cjs';

const { mkdtempSync, rmSync, writeFileSync } = fs;
const { tmpdir } = os;
const { join } = path;

/** What JSON.parse gives: n8n's and the simulator's answers, read as they come. */
type Parsed = ReturnType<typeof JSON.parse>;
type Json = Record<string, Parsed>;

export class QueueEnvironment {
	private readonly stoppers: Array<() => Promise<void>> = [];
	private main?: QueueProcess;
	private webhook?: QueueProcess;
	readonly workers: Array<QueueProcess | undefined> = [];
	private apiKey?: string;
	/** The owner's session on main's REST API (runs started by hand). */
	private rest?: N8nRest;
	readonly mainPort: number;
	readonly webhookPort: number;
	readonly n8n: InstalledN8n;
	readonly tmp = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-queue-'));
	private readonly tgz: string;
	private readonly folders = new Map<string, string>();
	redis!: Service;
	postgres!: Postgres;
	simulator!: ManagedProcess & { url: string };

	private constructor(ports: { main: number; webhook: number }, tgz: string, n8n: InstalledN8n) {
		this.tgz = tgz;
		this.mainPort = ports.main;
		this.webhookPort = ports.webhook;
		this.n8n = n8n;
	}

	/** Settings every process of the cluster starts with beyond queue mode's (`create`'s `env`). */
	private processEnv: Record<string, string> = {};

	/**
	 * `persistRedis`: Redis keeps n8n's queue in an append-only file, so that a restart keeps it;
	 * `env`: settings for every n8n process (e.g. n8n's durable poll scheduler).
	 */
	static async create(
		tgz: string,
		options: { persistRedis?: boolean; env?: Record<string, string> } = {},
	): Promise<QueueEnvironment> {
		const env = new QueueEnvironment(
			{ main: await freePort(), webhook: await freePort() },
			tgz,
			await ensureN8n(N8N_MAIN, log),
		);
		env.processEnv = options.env ?? {};
		// Whatever started is stopped again when another service fails to start.
		const started = await Promise.allSettled([
			startRedis(log, { persist: options.persistRedis }),
			startPostgres(log),
			startSimulatorProcess(await freePort(), { log }),
		]);
		for (const service of started)
			if (service.status === 'fulfilled') env.stoppers.push(service.value.stop);
		const failed = started.find((s) => s.status === 'rejected');
		if (failed) {
			await env.stop();
			throw failed.reason;
		}
		const [redis, postgres, simulator] = started.map(
			(s) => (s as PromiseFulfilledResult<never>).value,
		);
		[env.redis, env.postgres, env.simulator] = [redis, postgres, simulator];
		return env;
	}

	get backends(): QueueBackends {
		return { redis: this.redis, postgres: this.postgres };
	}

	get mainUrl(): string {
		return `http://127.0.0.1:${this.mainPort}`;
	}

	/** The webhook processes' public URL: what main registers triggers' webhooks with. */
	get webhookUrl(): string {
		return `http://127.0.0.1:${this.webhookPort}`;
	}

	/**
	 * The user folder of one process (`main`, `webhook`, `worker-0`...), with the package installed
	 * on first use. A restarted process gets its folder back, as a machine keeps its disk; n8n
	 * keeps its event log there (and reads it at start-up to find executions it left unfinished).
	 */
	userFolder(name: string): string {
		let folder = this.folders.get(name);
		if (!folder) {
			folder = join(this.tmp, name);
			installPackage(this.n8n, folder, this.tgz, log);
			this.folders.set(name, folder);
		}
		return folder;
	}

	/** Runs an n8n CLI command against the cluster's database (imports). */
	async importJson(kind: 'credentials' | 'workflow', data: unknown): Promise<void> {
		const file = join(this.tmp, `${kind}-${Date.now()}.json`);
		writeFileSync(file, JSON.stringify(data, null, 2));
		const setup = {
			n8n: this.n8n,
			userFolder: this.userFolder('main'),
			port: this.mainPort,
			brokerPort: await freePort(),
		};
		const result = await n8nCli(setup, [`import:${kind}`, `--input=${file}`], {
			...queueEnv(this.backends),
		});
		if (result.status !== 0)
			throw new Error(`import:${kind} failed:\n${result.stdout.slice(-3000)}\n${result.stderr}`);
	}

	async importCredential(): Promise<void> {
		await this.importJson(
			'credentials',
			credentialImport(CREDENTIAL_ID, this.simulator.url, DEMO_API_TOKEN),
		);
	}

	private start(
		role: 'main' | 'worker' | 'webhook',
		folder: string,
		extra: Record<string, string> = {},
	): Promise<QueueProcess> {
		return startQueueProcess(this.n8n, {
			role,
			userFolder: this.userFolder(folder),
			backends: this.backends,
			webhookUrl: `${this.webhookUrl}/`,
			port: role === 'main' ? this.mainPort : role === 'webhook' ? this.webhookPort : undefined,
			extra: { ...this.processEnv, ...extra },
			echo: process.env.E2E_VERBOSE ? (t) => process.stdout.write(`[${role}] ${t}`) : undefined,
		});
	}

	/** Main first (it migrates the database), then the webhook process and `workers` workers. */
	async startCluster(workers: number): Promise<void> {
		await this.startMain();
		// Installs first (npm, one at a time), then the processes together.
		const folders = ['webhook', ...Array.from({ length: workers }, (_, i) => `worker-${i}`)];
		for (const folder of folders) this.userFolder(folder);
		const started = await Promise.all(
			folders.map((folder) => this.start(folder === 'webhook' ? 'webhook' : 'worker', folder)),
		);
		[this.webhook] = started;
		this.workers.push(...started.slice(1));
	}

	async startMain(): Promise<void> {
		this.main = await this.start('main', 'main');
		if (this.apiKey) return;
		this.rest = new N8nRest(this.mainUrl);
		await this.rest.setupOwner(OWNER);
		this.apiKey = await this.rest.createApiKey('queue-e2e');
	}

	/**
	 * Starts a workflow by hand from `trigger`, as the editor's "Execute workflow" does (n8n 2.41's
	 * REST API, the owner's session); resolves the execution's ID. With
	 * OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS main enqueues it for the workers.
	 */
	async runManually(workflowId: string, trigger: string): Promise<string> {
		if (!this.rest) throw new Error('n8n is not started');
		let answer = await this.rest.request<{ data?: { executionId?: string } }>(
			'POST',
			`/rest/workflows/${workflowId}/run`,
			{ triggerToStartFrom: { name: trigger } },
		);
		if (answer.status === 401) {
			await this.rest.login(OWNER);
			answer = await this.rest.request('POST', `/rest/workflows/${workflowId}/run`, {
				triggerToStartFrom: { name: trigger },
			});
		}
		const id = answer.data?.data?.executionId;
		if (answer.status !== 200 || !id)
			throw new Error(`manual run answered ${answer.status}: ${JSON.stringify(answer.data)}`);
		return String(id);
	}

	/** One execution with its data, once n8n has given it a final status. */
	async waitForExecution(executionId: string, timeoutMs = 120_000): Promise<Json> {
		const until = Date.now() + timeoutMs;
		let execution: Json = {};
		while (Date.now() < until) {
			execution = (await this.api('GET', `/executions/${executionId}?includeData=true`)).data;
			if (execution.stoppedAt && !['new', 'running'].includes(String(execution.status))) break;
			await new Promise((r) => setTimeout(r, 500));
		}
		return execution;
	}

	async stopMain(): Promise<void> {
		await this.main?.stop();
		this.main = undefined;
	}

	/** Stops the webhook process and starts it again on its port (a redeploy). */
	async restartWebhook(): Promise<void> {
		await this.webhook?.stop();
		this.webhook = await this.start('webhook', 'webhook');
	}

	/**
	 * Starts again, as an orchestrator would, every process of the cluster that exited by itself;
	 * resolves the roles started (`worker-1`...).
	 */
	async restartExited(): Promise<string[]> {
		const exited = (p?: QueueProcess) =>
			p !== undefined && (p.child.exitCode !== null || p.child.signalCode !== null);
		const restarted: string[] = [];
		if (exited(this.main)) {
			this.main = await this.start('main', 'main');
			restarted.push('main');
		}
		if (exited(this.webhook)) {
			this.webhook = await this.start('webhook', 'webhook');
			restarted.push('webhook');
		}
		for (const [index, worker] of this.workers.entries()) {
			if (!exited(worker)) continue;
			this.workers[index] = await this.start('worker', `worker-${index}`, worker!.extra);
			restarted.push(`worker-${index}`);
		}
		return restarted;
	}

	/** Starts a worker in slot `index` (a stopped or killed one's), with extra settings. */
	async startWorker(index: number, extra: Record<string, string> = {}): Promise<void> {
		if (this.workers[index]?.child.exitCode === null && !this.workers[index]?.child.signalCode)
			throw new Error(`worker ${index} is running`);
		this.workers[index] = await this.start('worker', `worker-${index}`, extra);
	}

	/** Stops a worker the way an orchestrator does (SIGTERM: it finishes its jobs first). */
	async stopWorker(index: number): Promise<void> {
		await this.workers[index]?.stop();
		this.workers[index] = undefined;
	}

	/** Kills a worker's whole process group at once (SIGKILL): a crash, no chance to clean up. */
	async killWorker(index: number): Promise<void> {
		const worker = this.workers[index];
		if (!worker?.child.pid) return;
		const exited = new Promise((resolve) => worker.child.once('exit', resolve));
		process.kill(-worker.child.pid, 'SIGKILL');
		await exited;
		this.workers[index] = undefined;
	}

	/** Which running worker (slot) logged that it started this execution. */
	workerOf(executionId: string): number {
		return this.workers.findIndex((w) =>
			w?.output().includes(`Worker started execution ${executionId} `),
		);
	}

	/** Executions the running workers logged as finished or failed (reading logs costs n8n nothing). */
	finishedOnWorkers(): number {
		return this.workers.reduce(
			(sum, w) =>
				sum +
				(w?.output().match(/Worker (finished|errored while running) execution /g)?.length ?? 0),
			0,
		);
	}

	/** Every process's log lines that name an execution (to say why it failed). */
	linesAbout(executionId: string): string[] {
		const about = new RegExp(`execution ${executionId}\\b|"executionId":"?${executionId}\\b`);
		return [this.main, this.webhook, ...this.workers]
			.filter((p): p is QueueProcess => !!p)
			.flatMap((p) => {
				const lines = p.output().split('\n');
				// The line, and the next ones when n8n prints an error's message and stack under it.
				return lines.flatMap((line, i) =>
					about.test(line)
						? lines
								.slice(i, /error|fail/i.test(line) ? i + 4 : i + 1)
								.map((l) => `[${p.role}] ${l}`)
						: [],
				);
			});
	}

	/** The output of every process of a role, for diagnostics. */
	outputs(): string {
		return [this.main, this.webhook, ...this.workers]
			.filter((p): p is QueueProcess => !!p)
			.map((p) => `--- ${p.role}\n${p.output().slice(-3000)}`)
			.join('\n');
	}

	mainOutput(): string {
		return this.main?.output() ?? '';
	}

	webhookOutput(): string {
		return this.webhook?.output() ?? '';
	}

	/** n8n's public API on main. */
	async api<T = Parsed>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		if (!this.apiKey) throw new Error('n8n is not started');
		return await publicApi<T>(this.mainUrl, this.apiKey, method, path, body);
	}

	async setActive(
		workflowId: string,
		active: boolean,
		settled?: () => Promise<boolean>,
	): Promise<void> {
		await setActiveAndSettle((...args) => this.api(...args), workflowId, active, settled);
	}

	/** A call to the simulator (its API or its `/__sim` control routes). */
	async sim<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		return await simRequest<T>(this.simulator.url, method, path, body);
	}

	async state(): Promise<SimState> {
		return await this.sim<SimState>('GET', '/__sim/state');
	}

	/** A call to the simulator's public API with the demo user's token. */
	async eventx(method: string, path: string, body?: unknown): Promise<Json> {
		return await eventxRequest(this.simulator.url, method, path, body);
	}

	/**
	 * Executions of a workflow (public API, every page), optionally with their data. Those n8n
	 * has not finished yet are listed too (status `new`, `running`).
	 */
	async listExecutions(
		workflowId: string,
		options: { includeData?: boolean; status?: string } = {},
	): Promise<Json[]> {
		const all: Json[] = [];
		let cursor: string | undefined;
		do {
			const query = [
				`workflowId=${workflowId}`,
				'limit=250',
				options.includeData ? 'includeData=true' : '',
				options.status ? `status=${options.status}` : '',
				cursor ? `cursor=${cursor}` : '',
			].filter(Boolean);
			const page = await this.api('GET', `/executions?${query.join('&')}`);
			if (page.status !== 200) throw new Error(`executions: ${page.status} ${page.data}`);
			all.push(...(page.data?.data ?? []));
			cursor = page.data?.nextCursor ?? undefined;
		} while (cursor);
		return all;
	}

	/** Waits until a workflow has `count` finished executions (success or error) or time is up. */
	async waitForFinished(workflowId: string, count: number, timeoutMs = 120_000): Promise<Json[]> {
		const until = Date.now() + timeoutMs;
		let finished: Json[] = [];
		while (Date.now() < until) {
			finished = (await this.listExecutions(workflowId)).filter((e) => e.finished || e.stoppedAt);
			if (finished.length >= count) break;
			await new Promise((r) => setTimeout(r, 500));
		}
		return finished;
	}

	async stop(): Promise<void> {
		for (const p of [...this.workers, this.webhook, this.main]) await p?.stop().catch(() => {});
		for (const stop of this.stoppers.reverse()) await stop().catch(() => {});
		if (!process.env.E2E_KEEP) rmSync(this.tmp, { recursive: true, force: true });
	}
}
