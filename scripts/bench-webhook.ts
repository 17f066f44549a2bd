/**
 * The bench's `webhookTrigger` job: EventX deliveries into a real n8n (the bench's own, 2.41.1),
 * one process and then queue mode (main, one webhook process, one worker; Redis and PostgreSQL of
 * its own), through an active workflow EventX Trigger -> No Op and, in the same n8n, n8n's own
 * Webhook node -> No Op at the same path shape (`/webhook/<uuid>/webhook`) fed the same bodies,
 * and the Webhook node again with Header Auth: a node that checks a secret per delivery and names
 * a credential, for which n8n checks the credential before each execution as it does for the
 * EventX Trigger's.
 *
 * A load generator in the bench's process posts N deliveries at each concurrency; the workflows'
 * phases take turns (which goes first moves on from one concurrency to the next). A phase ends
 * when n8n has finished the N executions: deliveries per second are N over the time from the
 * first request to the last execution's end (n8n's own `stoppedAt`), so that an n8n which answers
 * quickly and executes later is not credited for the backlog. Latency is one request's, sent to
 * answered; peak memory is the resident size of the n8n processes that take the deliveries (the
 * one process; the webhook process and the worker), sampled during the phase; EventX calls are
 * the requests the simulator received during the phase, per delivery.
 */
import { randomUUID } from 'node:crypto';

import { deliveryAttendee } from '../test/simulator/deliveries';
import { DEMO_API_TOKEN } from '../test/simulator/store';
import { startQueueProcess, queueEnv, type QueueBackends } from './n8n-queue';
import {
	credentialImport,
	freePort,
	installPackage,
	N8nRest,
	n8nCli,
	publicApi,
	startN8n,
	type InstalledN8n,
	type N8nSetup,
} from './n8n-runtime';
import { missingQueueServices, startPostgres, startRedis } from './queue-services';
import { clearTimeout, fs, http, os, path, process, setTimeout } from '../test/platform.cjs';

const {
	appendFileSync,
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} = fs;
const { tmpdir } = os;
const { join } = path;

type Log = (line: string) => void;
type Json = Record<string, unknown>;

export type TriggerImplementation = 'eventx' | 'webhook' | 'webhookAuth';
export type N8nMode = 'single' | 'queue';

export interface WebhookBenchSettings {
	/** Deliveries per phase (one workflow, one concurrency). */
	deliveries: number;
	concurrencies: number[];
	modes: N8nMode[];
	/** Deliveries sent to each workflow before the phases (not measured). */
	warmUp: number;
}

export interface DeliveryPhase {
	implementation: TriggerImplementation;
	concurrency: number;
	deliveries: number;
	/** Answers other than 200. */
	failed: number;
	/** Deliveries over the time from the first request to the last execution's end. */
	perSecond: number;
	/** Deliveries over the time from the first request to the last answer. */
	answeredPerSecond: number;
	p50Ms: number;
	p99Ms: number;
	/** Highest resident size of the n8n processes taking the deliveries during the phase. */
	peakRssBytes: number;
	/** EventX requests during the phase, per delivery. */
	eventxCallsPerDelivery: number;
	/** Executions n8n finished for the phase (N when all went through). */
	executions: number;
	/** The 1-minute load average at the end of the phase. */
	load: number;
}

export interface WebhookBenchResult {
	mode: N8nMode;
	/** Why the mode was not measured (queue mode without Redis or PostgreSQL). */
	skipped?: string;
	phases: DeliveryPhase[];
}

const OWNER = { email: 'bench@example.com', password: 'EventX-bench-1' };
const CREDENTIAL_ID = 'evxBenchCredential1';
const EVENTX_TRIGGER_WEBHOOK_ID = randomUUID();
const WEBHOOK_NODE_PATH = `${randomUUID()}/webhook`;
const HEADER_AUTH_PATH = `${randomUUID()}/webhook`;
const HEADER_CREDENTIAL_ID = 'evxBenchHeader1';
/** The header the Webhook node with Header Auth requires, and its value. */
const AUTH_HEADER = { name: 'x-bench-secret', value: randomUUID() };
/** The actions the EventX Trigger listens to, and the one the deliveries carry. */
const ACTIONS = ['attendee-create', 'attendee-update'];
const ACTION = 'attendee-update';

const noOp = {
	id: 'noop',
	name: 'No Op',
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	position: [220, 0],
	parameters: {},
};

function workflowOf(name: string, trigger: Json): Json {
	return {
		name,
		nodes: [trigger, noOp],
		connections: {
			[String(trigger.name)]: { main: [[{ node: 'No Op', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** EventX Trigger (as a new node: tidy output) -> No Op. */
function eventxWorkflow(eventId: string): Json {
	return workflowOf('Bench: EventX Trigger', {
		id: 'eventx-trigger',
		name: 'EventX Trigger',
		type: 'n8n-nodes-eventx.eventXTrigger',
		typeVersion: 1,
		position: [0, 0],
		webhookId: EVENTX_TRIGGER_WEBHOOK_ID,
		parameters: { events: ACTIONS, eventId: { __rl: true, mode: 'id', value: eventId } },
		credentials: { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } },
	});
}

/**
 * n8n's Webhook node on `<uuid>/webhook`, answering on receipt as the EventX Trigger does -> No Op;
 * with `headerAuth`, it requires the bench's header (n8n's Header Auth credential).
 */
function webhookWorkflow(headerAuth = false): Json {
	return workflowOf(`Bench: Webhook node${headerAuth ? ' with Header Auth' : ''}`, {
		id: 'webhook',
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: randomUUID(),
		parameters: {
			httpMethod: 'POST',
			path: headerAuth ? HEADER_AUTH_PATH : WEBHOOK_NODE_PATH,
			responseMode: 'onReceived',
			options: {},
			...(headerAuth ? { authentication: 'headerAuth' } : {}),
		},
		...(headerAuth
			? { credentials: { httpHeaderAuth: { id: HEADER_CREDENTIAL_ID, name: 'Bench header' } } }
			: {}),
	});
}

/** 100 delivery bodies as EventX sends them (the documented shape), for different attendees. */
function deliveryBodies(eventId: string, webhookId: string, url: string): Buffer[] {
	return Array.from({ length: 100 }, (_, i) => {
		const at = new Date(Date.UTC(2026, 0, 1, 9, 0, i)).toISOString();
		const attendee = deliveryAttendee({
			id: randomUUID(),
			firstName: `Bench${i}`,
			lastName: 'Delivery',
			invitationEmail: `bench${i}@example.com`,
			registrationStatus: 'registered',
			organization: 'EventX',
			createdAt: at,
			updatedAt: at,
		});
		return Buffer.from(
			JSON.stringify({
				config: { event_id: eventId, webhook_id: webhookId, action: ACTION, endpoint_url: url },
				attendee,
			}),
		);
	});
}

interface LoadResult {
	latencies: number[];
	failed: number;
	startedAt: number;
	wallMs: number;
}

/** Posts `count` bodies to `url`, `concurrency` at a time over kept-alive connections. */
async function load(
	url: string,
	bodies: Buffer[],
	count: number,
	concurrency: number,
	headers: Record<string, string> = {},
): Promise<LoadResult> {
	const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
	const target = new URL(url);
	const latencies: number[] = [];
	let failed = 0;
	let next = 0;
	const post = (body: Buffer) =>
		new Promise<number>((resolve, reject) => {
			const request = http.request(
				{
					agent,
					host: target.hostname,
					port: target.port,
					path: `${target.pathname}${target.search}`,
					method: 'POST',
					headers: {
						'content-type': 'application/json',
						'content-length': body.length,
						'user-agent': 'EventX-Webhook/1.0',
						...headers,
					},
				},
				(response) => {
					response.resume();
					response.once('end', () => resolve(response.statusCode ?? 0));
					response.once('error', reject);
				},
			);
			request.once('error', reject);
			request.end(body);
		});
	const startedAt = Date.now();
	const started = performance.now();
	const worker = async () => {
		while (next < count) {
			const body = bodies[next++ % bodies.length];
			const sent = performance.now();
			const status = await post(body).catch(() => 0);
			latencies.push(performance.now() - sent);
			if (status !== 200) failed++;
		}
	};
	await Promise.all(Array.from({ length: concurrency }, worker));
	const wallMs = performance.now() - started;
	agent.destroy();
	return { latencies, failed, startedAt, wallMs };
}

const percentile = (values: number[], p: number) => {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

/** Resident size of every process in the groups of `leaders` (n8n and its task runner). */
function groupRss(leaders: number[]): number {
	let total = 0;
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// Fields after the command (which may hold spaces): state, ppid, pgrp, ...
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			if (!leaders.includes(Number(fields[2]))) continue;
			const rssPages = Number(fields[21]);
			total += rssPages * 4096;
		} catch {
			// gone meanwhile
		}
	}
	return total;
}

/** Samples the groups' resident size every 100 ms until stopped; resolves the peak. */
function sampleRss(leaders: number[]): () => number {
	let peak = groupRss(leaders);
	let timer: ReturnType<typeof setTimeout>;
	const sample = () => {
		peak = Math.max(peak, groupRss(leaders));
		timer = setTimeout(sample, 100);
	};
	timer = setTimeout(sample, 100);
	return () => {
		clearTimeout(timer);
		return Math.max(peak, groupRss(leaders));
	};
}

const loadAverage = () => Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);

/** One n8n (a process or a cluster) ready for deliveries. */
interface N8nUnderTest {
	/** Base URL of n8n's public API. */
	apiUrl: string;
	apiKey: string;
	/** Base URL the deliveries go to (`.../webhook/`). */
	webhookBase: string;
	/** Process group leaders of the processes that take the deliveries. */
	receivers: () => number[];
	stop: () => Promise<void>;
}

/** An n8n user folder holding the package, copied from one installed copy. */
function userFolderWithPackage(template: string, folder: string): string {
	mkdirSync(join(folder, '.n8n'), { recursive: true });
	cpSync(join(template, '.n8n', 'nodes'), join(folder, '.n8n', 'nodes'), { recursive: true });
	return folder;
}

async function importCredential(
	setup: N8nSetup,
	tmp: string,
	simulatorUrl: string,
	env: Record<string, string> = {},
): Promise<void> {
	const file = join(tmp, 'credential.json');
	const headerAuth = {
		id: HEADER_CREDENTIAL_ID,
		name: 'Bench header',
		type: 'httpHeaderAuth',
		data: AUTH_HEADER,
	};
	writeFileSync(
		file,
		JSON.stringify([...credentialImport(CREDENTIAL_ID, simulatorUrl, DEMO_API_TOKEN), headerAuth]),
	);
	const result = await n8nCli(setup, ['import:credentials', `--input=${file}`], env);
	if (result.status !== 0)
		throw new Error(`credential import failed:\n${result.stdout.slice(-2000)}\n${result.stderr}`);
}

async function ownerApiKey(baseUrl: string): Promise<string> {
	const rest = new N8nRest(baseUrl);
	await rest.setupOwner(OWNER);
	return await rest.createApiKey('bench');
}

async function startSingle(
	n8n: InstalledN8n,
	tmp: string,
	template: string,
	simulatorUrl: string,
	log: Log,
): Promise<N8nUnderTest> {
	const setup: N8nSetup = {
		n8n,
		userFolder: userFolderWithPackage(template, join(tmp, 'single')),
		port: await freePort(),
		brokerPort: await freePort(),
	};
	await importCredential(setup, tmp, simulatorUrl);
	log('starting n8n (one process)');
	const proc = await startN8n(setup);
	const apiUrl = `http://127.0.0.1:${setup.port}`;
	return {
		apiUrl,
		apiKey: await ownerApiKey(apiUrl),
		webhookBase: `${apiUrl}/webhook/`,
		receivers: () => [proc.child.pid!],
		stop: () => proc.stop(),
	};
}

async function startQueue(
	n8n: InstalledN8n,
	tmp: string,
	template: string,
	simulatorUrl: string,
	log: Log,
): Promise<N8nUnderTest> {
	const stoppers: Array<() => Promise<void>> = [];
	const stop = async () => {
		for (const s of stoppers.reverse()) await s().catch(() => undefined);
	};
	// Whatever started is stopped again when a later step fails.
	let ready = false;
	try {
		log('starting Redis and PostgreSQL');
		const [redis, postgres] = await Promise.all([startRedis(log), startPostgres(log)]);
		stoppers.push(redis.stop, postgres.stop);
		const backends: QueueBackends = { redis, postgres };
		const [mainPort, webhookPort] = [await freePort(), await freePort()];
		const folder = (role: string) => userFolderWithPackage(template, join(tmp, `queue-${role}`));
		const webhookUrl = `http://127.0.0.1:${webhookPort}/`;
		const webhookLog = process.env.BENCH_WEBHOOK_LOG;
		const common = { backends, webhookUrl };
		log('starting n8n in queue mode: main');
		const main = await startQueueProcess(n8n, {
			...common,
			role: 'main',
			userFolder: folder('main'),
			port: mainPort,
		});
		stoppers.push(main.stop);
		await importCredential(
			{ n8n, userFolder: join(tmp, 'queue-main'), port: mainPort, brokerPort: 0 },
			tmp,
			simulatorUrl,
			queueEnv(backends),
		);
		log('starting n8n in queue mode: a webhook process and a worker');
		const [webhook, worker] = await Promise.all([
			startQueueProcess(n8n, {
				...common,
				role: 'webhook',
				userFolder: folder('webhook'),
				port: webhookPort,
				// BENCH_WEBHOOK_LOG=<file>: the webhook process's output, for a profile of what it does
				// per delivery (with DB_LOGGING_ENABLED=true, every query it makes).
				echo: webhookLog ? (chunk) => appendFileSync(webhookLog, chunk) : undefined,
			}),
			startQueueProcess(n8n, { ...common, role: 'worker', userFolder: folder('worker') }),
		]);
		stoppers.push(webhook.stop, worker.stop);
		const apiUrl = `http://127.0.0.1:${mainPort}`;
		const underTest = {
			apiUrl,
			apiKey: await ownerApiKey(apiUrl),
			webhookBase: `${webhookUrl}webhook/`,
			receivers: () => [webhook.child.pid!, worker.child.pid!],
			stop,
		};
		ready = true;
		return underTest;
	} finally {
		if (!ready) await stop();
	}
}

/** The executions of a workflow newer than `afterId` (n8n's public API, newest first). */
async function executionsAfter(
	n8n: N8nUnderTest,
	workflowId: string,
	afterId: number,
): Promise<Json[]> {
	const found: Json[] = [];
	let cursor: string | undefined;
	for (;;) {
		const page = await publicApi<{ data?: Json[]; nextCursor?: string | null }>(
			n8n.apiUrl,
			n8n.apiKey,
			'GET',
			`/executions?workflowId=${workflowId}&limit=250${cursor ? `&cursor=${cursor}` : ''}`,
		);
		if (page.status !== 200) throw new Error(`executions: HTTP ${page.status}`);
		const rows = page.data.data ?? [];
		for (const row of rows) {
			if (Number(row.id) <= afterId) return found;
			found.push(row);
		}
		cursor = page.data.nextCursor ?? undefined;
		if (!cursor || rows.length === 0) return found;
	}
}

const newestExecutionId = async (n8n: N8nUnderTest, workflowId: string) => {
	const page = await publicApi<{ data?: Json[] }>(
		n8n.apiUrl,
		n8n.apiKey,
		'GET',
		`/executions?workflowId=${workflowId}&limit=1`,
	);
	return Number(page.data.data?.[0]?.id ?? 0);
};

/** Waits until n8n has finished `count` executions newer than `afterId`; resolves them. */
async function finishedExecutions(
	n8n: N8nUnderTest,
	workflowId: string,
	afterId: number,
	count: number,
	timeoutMs = 300_000,
): Promise<Json[]> {
	const until = Date.now() + timeoutMs;
	let finished: Json[] = [];
	for (;;) {
		const rows = await executionsAfter(n8n, workflowId, afterId);
		finished = rows.filter((r) => r.stoppedAt);
		if ((finished.length >= count && finished.length === rows.length) || Date.now() > until)
			return finished;
		await new Promise((r) => setTimeout(r, 250));
	}
}

interface SimulatorAccess {
	url: string;
	/** Requests the simulator logged (its API and the token exchange). */
	requestCount: () => Promise<number>;
	clearRequests: () => Promise<void>;
	/** The webhooks EventX holds for the event. */
	webhooks: (eventId: string) => Promise<Json[]>;
}

const IMPLEMENTATIONS: readonly TriggerImplementation[] = ['eventx', 'webhook', 'webhookAuth'];

/** The headers a delivery to each workflow carries beside the body. */
const HEADERS: Record<TriggerImplementation, Record<string, string>> = {
	eventx: {},
	webhook: {},
	webhookAuth: { [AUTH_HEADER.name]: AUTH_HEADER.value },
};

/** Creates the workflows, activates them and warms them up; resolves what a phase needs. */
async function prepare(
	n8n: N8nUnderTest,
	sim: SimulatorAccess,
	eventId: string,
	warmUp: number,
	log: Log,
) {
	const api = <T>(method: string, path: string, body?: unknown) =>
		publicApi<T>(n8n.apiUrl, n8n.apiKey, method, path, body);
	const ids: Record<TriggerImplementation, string> = { eventx: '', webhook: '', webhookAuth: '' };
	for (const [implementation, workflow] of [
		['eventx', eventxWorkflow(eventId)],
		['webhook', webhookWorkflow()],
		['webhookAuth', webhookWorkflow(true)],
	] as const) {
		const created = await api<{ id?: string }>('POST', '/workflows', workflow);
		if (created.status !== 200 || !created.data.id)
			throw new Error(`workflow creation: HTTP ${created.status} ${JSON.stringify(created.data)}`);
		ids[implementation] = created.data.id;
		const activated = await api('POST', `/workflows/${created.data.id}/activate`);
		if (activated.status !== 200)
			throw new Error(`activation: HTTP ${activated.status} ${JSON.stringify(activated.data)}`);
	}
	// The EventX Trigger registered its URL, with the secret it added, with EventX on activation;
	// the deliveries go where EventX sends them.
	const url = `${n8n.webhookBase}${EVENTX_TRIGGER_WEBHOOK_ID}/webhook`;
	let hook: Json | undefined;
	for (let i = 0; i < 120 && !hook; i++) {
		hook = (await sim.webhooks(eventId)).find((h) => String(h.url).startsWith(`${url}?`));
		if (!hook) await new Promise((r) => setTimeout(r, 250));
	}
	if (!hook) throw new Error(`The EventX Trigger registered no webhook for ${url}`);
	const bodies = deliveryBodies(eventId, String(hook.id), String(hook.url));
	const urls: Record<TriggerImplementation, string> = {
		eventx: String(hook.url),
		webhook: `${n8n.webhookBase}${WEBHOOK_NODE_PATH}`,
		webhookAuth: `${n8n.webhookBase}${HEADER_AUTH_PATH}`,
	};
	// n8n answers 404 until a workflow's webhook is registered (queue mode: in the webhook process).
	for (const implementation of IMPLEMENTATIONS) {
		const headers = HEADERS[implementation];
		let answered = 0;
		for (let i = 0; i < 120 && answered === 0; i++) {
			const once = await load(urls[implementation], bodies, 1, 1, headers);
			if (once.failed === 0) answered = 1;
			else await new Promise((r) => setTimeout(r, 250));
		}
		if (!answered) throw new Error(`${urls[implementation]} never answered 200`);
		const warm = await load(urls[implementation], bodies, warmUp, 8, headers);
		if (warm.failed) throw new Error(`${warm.failed} of ${warmUp} warm-up deliveries failed`);
		await finishedExecutions(n8n, ids[implementation], 0, warmUp + 1);
	}
	log('workflows active and warmed up');
	return { ids, urls, bodies };
}

async function phase(
	n8n: N8nUnderTest,
	sim: SimulatorAccess,
	prepared: Awaited<ReturnType<typeof prepare>>,
	implementation: TriggerImplementation,
	concurrency: number,
	deliveries: number,
): Promise<DeliveryPhase> {
	const workflowId = prepared.ids[implementation];
	const afterId = await newestExecutionId(n8n, workflowId);
	await sim.clearRequests();
	const peak = sampleRss(n8n.receivers());
	const sent = await load(
		prepared.urls[implementation],
		prepared.bodies,
		deliveries,
		concurrency,
		HEADERS[implementation],
	);
	const finished = await finishedExecutions(n8n, workflowId, afterId, deliveries - sent.failed);
	const peakRssBytes = peak();
	const lastEnd = Math.max(...finished.map((e) => Date.parse(String(e.stoppedAt))));
	const eventxCalls = await sim.requestCount();
	return {
		implementation,
		concurrency,
		deliveries,
		failed: sent.failed,
		perSecond:
			(deliveries - sent.failed) / (Math.max(lastEnd - sent.startedAt, sent.wallMs) / 1000),
		answeredPerSecond: deliveries / (sent.wallMs / 1000),
		p50Ms: percentile(sent.latencies, 50),
		p99Ms: percentile(sent.latencies, 99),
		peakRssBytes,
		eventxCallsPerDelivery: eventxCalls / deliveries,
		executions: finished.length,
		load: loadAverage(),
	};
}

/**
 * Runs the job in each mode: one n8n, then the queue-mode cluster (skipped, with the reason,
 * when Redis or PostgreSQL is missing).
 */
export async function benchWebhookTrigger(options: {
	n8n: InstalledN8n;
	tgz: string;
	sim: SimulatorAccess;
	eventId: string;
	settings: WebhookBenchSettings;
	log: Log;
}): Promise<WebhookBenchResult[]> {
	const { n8n, tgz, sim, eventId, settings, log } = options;
	const tmp = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-bench-webhook-'));
	try {
		const template = join(tmp, 'template');
		installPackage(n8n, template, tgz, log);
		const results: WebhookBenchResult[] = [];
		for (const mode of settings.modes) {
			if (mode === 'queue') {
				const missing = missingQueueServices();
				if (missing.length) {
					const skipped = `queue mode needs ${missing.join(' and ')} (apt-get install ${missing.join(' ')})`;
					log(`${skipped}: skipped`);
					results.push({ mode, skipped, phases: [] });
					continue;
				}
			}
			const start = mode === 'single' ? startSingle : startQueue;
			const underTest = await start(n8n, tmp, template, sim.url, log);
			try {
				const prepared = await prepare(underTest, sim, eventId, settings.warmUp, log);
				const phases: DeliveryPhase[] = [];
				for (const [i, concurrency] of settings.concurrencies.entries()) {
					// Each concurrency starts with the next workflow.
					const order = IMPLEMENTATIONS.map(
						(_, k) => IMPLEMENTATIONS[(i + k) % IMPLEMENTATIONS.length],
					);
					for (const implementation of order) {
						const measured = await phase(
							underTest,
							sim,
							prepared,
							implementation,
							concurrency,
							settings.deliveries,
						);
						log(
							`${mode} ${implementation} c=${concurrency}: ${measured.perSecond.toFixed(0)}/s, p50 ${measured.p50Ms.toFixed(1)} ms, p99 ${measured.p99Ms.toFixed(1)} ms, ${(measured.peakRssBytes / 1048576).toFixed(0)} MB, load ${measured.load}`,
						);
						phases.push(measured);
					}
				}
				results.push({ mode, phases });
			} finally {
				await underTest.stop();
			}
		}
		return results;
	} finally {
		if (existsSync(tmp)) rmSync(tmp, { recursive: true, force: true });
	}
}
