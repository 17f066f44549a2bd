/**
 * `npm run bench`: the package against what an n8n user does without it (n8n's HTTP Request
 * node) and against the limit (a plain HTTP client: fetch, JSON, no n8n, the fewest requests the
 * API allows), job by job, against the same simulator with a fixed latency per request. Requests
 * and wall time are also given as a ratio to the limit.
 *
 *   npm run bench -- [--latency 20] [--runs 3] [--baseline-runs 3] [--out bench-results.json] [--large]
 *                    [--jobs attendeesImport,confirmationSend,webhookTrigger] [--no-http-request]
 *                    [--deliveries 500] [--n8n-modes single,queue] [--arrivals 100000] [--polling-runs 1]
 *                    [--max-records 20000]
 *
 * `webhookTrigger` (scripts/bench-webhook.ts) feeds `--deliveries` EventX deliveries at concurrency
 * 1, 8 and 64 to a real n8n, one process and then queue mode (`--n8n-modes`), through the EventX
 * Trigger and through n8n's own Webhook node (without and with Header Auth). `pollingCatchUp`
 * (scripts/bench-polling.ts) lets `--arrivals` new attendees and a quarter as many paid orders
 * wait, then polls the EventX Polling Trigger until it has caught up, against a plain reader of
 * the same list.
 * `--large` adds Return All of 500,000 attendees (the package and the plain client, one run each,
 * against a simulator of its own: the HTTP Request node would need 5,000 requests).
 * Each run is a fresh process (scripts/bench-job.ts), so CPU time and peak memory are its own;
 * requests are counted from the simulator's log (the token exchange left out). Prints a table
 * and writes the same figures as JSON.
 */

import { DEMO_API_TOKEN, type LoggedRequest } from '../test/simulator';
import {
	importRows,
	type Implementation,
	type Job,
	type JobInput,
	type JobResult,
} from './bench-job';
import {
	compileScript,
	ensureN8n,
	freePort,
	N8N_MAIN,
	packPackage,
	REPO_ROOT,
	startProcess,
	startSimulatorProcess,
} from './n8n-runtime';
import { type PollingFigures, type PollingJob } from './bench-polling';
import { benchWebhookTrigger, type N8nMode, type WebhookBenchResult } from './bench-webhook';
import { childProcess, fs, os, path, print, printError, process } from '../test/platform.cjs';

const { spawnSync } = childProcess;
const { mkdtempSync, rmSync, writeFileSync } = fs;
const { cpus, tmpdir } = os;
const { join } = path;

interface Settings {
	latencyMs: number;
	runs: number;
	baselineRuns: number;
	out: string;
	large: boolean;
	/** Only these jobs (all when empty). */
	jobs: string[];
	/** Leave n8n's HTTP Request node out (its writes take 5,000 requests). */
	httpRequest: boolean;
	/** webhookTrigger: deliveries per workflow and concurrency, and the n8n modes. */
	deliveries: number;
	n8nModes: N8nMode[];
	/** pollingCatchUp: the attendees waiting after the downtime, and the runs of each side. */
	arrivals: number;
	pollingRuns: number;
	/** pollingCatchUp: the trigger's Max Records Per Poll (its default when 0). */
	maxRecords: number;
}

/** The jobs that are not a node run in the harness (their own modules). */
const TRIGGER_JOBS = ['webhookTrigger', 'pollingCatchUp'] as const;

/** pollingCatchUp: New Attendee after `arrivals` new attendees, Order Paid after a quarter as many paid orders. */
const POLLING_ROWS: Array<{ job: PollingJob; title: (arrivals: number) => string; share: number }> =
	[
		{
			job: 'pollingNewAttendee',
			title: (n) => `New Attendee, ${n.toLocaleString('en')} waiting`,
			share: 1,
		},
		{
			job: 'pollingOrderPaid',
			title: (n) => `Order Paid, ${n.toLocaleString('en')} waiting`,
			share: 0.25,
		},
	];

function readSettings(args: string[]): Settings {
	const value = (name: string, fallback: number) => {
		const index = args.indexOf(name);
		if (index < 0) return fallback;
		const parsed = Number(args[index + 1]);
		if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} needs a number >= 0`);
		return parsed;
	};
	const outIndex = args.indexOf('--out');
	const list = (name: string) =>
		args.includes(name) ? args[args.indexOf(name) + 1].split(',').filter(Boolean) : [];
	const jobs = list('--jobs');
	const known: string[] = [...JOBS.map((j) => j.job), ...TRIGGER_JOBS];
	const unknown = jobs.filter((j) => !known.includes(j));
	if (unknown.length)
		throw new Error(`Unknown job ${unknown.join(', ')}; the jobs: ${known.join(', ')}`);
	const modes = list('--n8n-modes');
	if (modes.some((m) => m !== 'single' && m !== 'queue'))
		throw new Error('--n8n-modes takes single, queue or both');
	return {
		latencyMs: value('--latency', 20),
		runs: Math.max(1, value('--runs', 3)),
		baselineRuns: Math.max(1, value('--baseline-runs', 3)),
		out: outIndex >= 0 ? args[outIndex + 1] : join(REPO_ROOT, 'bench-results.json'),
		large: args.includes('--large'),
		jobs,
		httpRequest: !args.includes('--no-http-request'),
		deliveries: Math.max(1, value('--deliveries', 500)),
		n8nModes: modes.length ? (modes as N8nMode[]) : ['single', 'queue'],
		arrivals: Math.max(1, value('--arrivals', 100_000)),
		pollingRuns: Math.max(1, value('--polling-runs', 1)),
		maxRecords: value('--max-records', 0),
	};
}

const JOBS: Array<{ job: Job; title: string; items: number; httpRequest: boolean }> = [
	{
		job: 'attendeesGetAll',
		title: 'Attendee Get Many, Return All (20,000)',
		items: 20_000,
		httpRequest: true,
	},
	{
		job: 'attendeesImport',
		title: 'Import 5,000 rows, Map Automatically',
		items: 5_000,
		httpRequest: true,
	},
	{
		// No HTTP Request equivalent: matching on email needs a read and a join.
		job: 'attendeesImportByEmail',
		title: 'Import 5,000 rows matched on email (all exist)',
		items: 5_000,
		httpRequest: false,
	},
	{
		job: 'confirmationSend',
		title: 'Send Confirmation Email (5,000 items)',
		items: 5_000,
		httpRequest: true,
	},
	{
		job: 'eventsGetAll',
		title: 'Event Get Many, Return All (2,000)',
		items: 2_000,
		httpRequest: true,
	},
];

interface Measured {
	requests: number;
	/** With profiling: CPU in the package's own code (self), and with what it called (inclusive). */
	packageSelfMs: number;
	packageInclusiveMs: number;
	wallMs: number;
	cpuMs: number;
	peakGrowthBytes: number;
	outputItems: number;
	outputBytes: number;
	runs: number;
	/** The polling jobs: polls, the trigger's state, exactly once. */
	polling?: PollingFigures;
}

/** One run: the job's own figures and the API requests the simulator received. */
type Run = JobResult & { requests: number };

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The medians of runs (for the polling jobs, the worst exactly-once check of any run). */
function summarize(list: Run[]): Measured {
	const worst = (key: 'missing' | 'repeated' | 'unexpected') =>
		Math.max(...list.map((r) => r.polling?.[key] ?? 0));
	return {
		packageSelfMs: median(list.map((r) => r.package?.selfMs ?? 0)),
		packageInclusiveMs: median(list.map((r) => r.package?.inclusiveMs ?? 0)),
		requests: median(list.map((r) => r.requests)),
		wallMs: median(list.map((r) => r.wallMs)),
		cpuMs: median(list.map((r) => r.cpuMs)),
		peakGrowthBytes: median(list.map((r) => r.peakGrowthBytes)),
		outputItems: list[0].outputItems,
		outputBytes: list[0].outputBytes,
		runs: list.length,
		...(list[0].polling
			? {
					polling: {
						polls: median(list.map((r) => r.polling!.polls)),
						stateBytes: median(list.map((r) => r.polling!.stateBytes)),
						missing: worst('missing'),
						repeated: worst('repeated'),
						unexpected: worst('unexpected'),
					},
				}
			: {}),
	};
}

class Bench {
	readonly tmp = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-bench-'));

	constructor(
		private readonly simulatorUrl: string,
		private readonly base: Omit<JobInput, 'job' | 'implementation' | 'items'>,
		private readonly writeItems: Partial<Record<Job, object[]>>,
	) {}

	private async sim<T>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(`${this.simulatorUrl}${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		return (await response.json()) as T;
	}

	async setLatency(latencyMs: number): Promise<void> {
		await this.sim('POST', '/__sim/latency', { latencyMs });
	}

	/** One run in a fresh process, and the API requests the simulator received meanwhile. */
	async runOnce(job: Job, implementation: Implementation, profile = false): Promise<Run> {
		const input: JobInput = {
			...this.base,
			job,
			implementation,
			profile,
			items: (this.writeItems[job] ?? []) as JobInput['items'],
		};
		const file = join(this.tmp, `${job}-${implementation}.json`);
		writeFileSync(file, JSON.stringify(input));
		const child = spawnSync(
			process.execPath,
			[join(REPO_ROOT, '.build-tools', 'scripts', 'bench-job.js'), file],
			{ encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
		);
		if (child.status !== 0) throw new Error(`${job}/${implementation} failed:\n${child.stderr}`);
		const result = JSON.parse(child.stdout.trim().split('\n').at(-1)!) as JobResult;
		if (result.error) throw new Error(`${job}/${implementation}: ${result.error}`);
		if (result.requests !== undefined) return { ...result, requests: result.requests };
		const log = await this.sim<LoggedRequest[]>('GET', '/__sim/requests');
		const requests = log.filter((r) => r.path !== '/public-api/v1/auth').length;
		return { ...result, requests };
	}

	async measure(
		job: Job,
		implementation: Implementation,
		runs: number,
		profile = false,
	): Promise<Measured> {
		return (await this.measureSide(job, [implementation], runs, profile))[0];
	}

	/**
	 * Runs of several implementations taken in turn (A, B, A, B...), so that a machine whose load
	 * changes during the bench weighs on each alike: the ratios to the limit stay fair.
	 */
	async measureSide(
		job: Job,
		implementations: Implementation[],
		runs: number,
		profile = false,
	): Promise<Measured[]> {
		const results = implementations.map(() => [] as Run[]);
		for (let i = 0; i < runs; i++)
			for (const [k, implementation] of implementations.entries())
				results[k].push(await this.runOnce(job, implementation, profile));
		return results.map(summarize);
	}

	dispose(): void {
		rmSync(this.tmp, { recursive: true, force: true });
	}
}

/** An access token minted as a user would (POST /auth), for the HTTP Request node. */
async function accessToken(simulatorUrl: string): Promise<string> {
	const auth = (await (
		await fetch(`${simulatorUrl}/public-api/v1/auth`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ apiToken: DEMO_API_TOKEN }),
		})
	).json()) as { data: { accessToken: string } };
	return auth.data.accessToken;
}

/**
 * Return All of 500,000 attendees, the package only and once, against a simulator of its own
 * (started here, as the main one must not hold half a million records for every job).
 */
async function measureLarge(
	latencyMs: number,
): Promise<{ eventx: Measured; raw: Measured; bigEventId: string }> {
	const script = compileScript('scripts/simulator.ts');
	const port = await freePort();
	const simulator = await startProcess(
		process.execPath,
		[script, '--port', String(port), '--bench-large', '--latency', String(latencyMs)],
		{
			ready: /attendees: (\S+)\s+EventX simulator listening on (http:\/\/\S+)/,
			timeoutMs: 300_000,
			graceMs: 5000,
		},
	);
	try {
		const [, bigEventId, url] = simulator.match;
		const bench = new Bench(
			url,
			{ simulatorUrl: url, accessToken: await accessToken(url), bigEventId, upsertEventId: '' },
			{},
		);
		const [eventx, raw] = await bench.measureSide('attendeesGetAll', ['eventx', 'raw'], 1);
		bench.dispose();
		return { eventx, raw, bigEventId };
	} finally {
		await simulator.stop();
	}
}

/**
 * One polling job, the trigger's and the plain reader's runs in turn, each against a simulator of
 * its own (demo data and the bench's latency): the downtime's records arrive in it once the
 * trigger (or the reader) has started, and a fresh one keeps the list the same size for every run.
 */
async function measurePolling(
	job: PollingJob,
	arrivals: number,
	settings: Settings,
): Promise<{ eventx: Measured; raw: Measured }> {
	const { pollingRuns: runs, latencyMs } = settings;
	const maxRecords = settings.maxRecords || undefined;
	const results: Record<'eventx' | 'raw', Run[]> = { eventx: [], raw: [] };
	for (let i = 0; i < runs; i++) {
		for (const implementation of ['eventx', 'raw'] as const) {
			const simulator = await startSimulatorProcess(await freePort(), { latencyMs });
			try {
				const state = (await (await fetch(`${simulator.url}/__sim/state`)).json()) as {
					seeded: { eventIds: string[] };
				};
				const bench = new Bench(
					simulator.url,
					{
						simulatorUrl: simulator.url,
						accessToken: '',
						bigEventId: '',
						upsertEventId: '',
						polling: { eventId: state.seeded.eventIds[0], arrivals, maxRecords },
					},
					{},
				);
				try {
					results[implementation].push(await bench.runOnce(job, implementation));
				} finally {
					bench.dispose();
				}
			} finally {
				await simulator.stop();
			}
		}
	}
	return { eventx: summarize(results.eventx), raw: summarize(results.raw) };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const ms = (value: number) =>
	value >= 10_000 ? `${(value / 1000).toFixed(1)} s` : `${value.toFixed(0)} ms`;
/** The node's figure as a multiple of the limit's. */
const times = (node: number, limit: number) =>
	limit > 0 ? `${(node / limit).toFixed(2)}x` : 'n/a';

function table(rows: string[][]): string {
	const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
	return rows
		.map((r, i) => {
			const line = r.map((cell, c) =>
				c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]),
			);
			return i === 0
				? `${line.join('  ')}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`
				: line.join('  ');
		})
		.join('\n');
}

interface NodeJobRow {
	job: Job;
	title: string;
	eventx: Measured;
	/** n8n's HTTP Request node; absent when it has no equivalent of the job. */
	httpRequest?: Measured;
	/** The plain HTTP client: the limit. */
	raw: Measured;
	/** The package's runs at 0 ms latency, profiled. */
	zeroLatency: Measured;
	/** The 1-minute load average when the job's runs at the set latency ended. */
	load: number;
}

/** The action node's jobs: the package against the limit and the HTTP Request node. */
function printNodeJobs(rows: NodeJobRow[], settings: Settings, machine: string): void {
	print(
		`\nEventX node vs a plain HTTP client (the limit) and n8n's HTTP Request node, ${settings.latencyMs} ms latency per request; medians of ${settings.runs} runs (HTTP Request ${settings.baselineRuns}); ${machine}. "x limit": the node's figure divided by the plain client's; "load": the 1-minute load average as the job's runs ended.\n`,
	);
	const na = 'n/a';
	print(
		table([
			[
				'job',
				'requests',
				'limit',
				'HTTP Req.',
				'x limit',
				'wall',
				'limit',
				'HTTP Req.',
				'x limit',
				'CPU',
				'per 1k items @0ms: CPU',
				'node self',
				'node incl.',
				'peak mem',
				'limit',
				'x limit',
				'output JSON',
				'load',
			],
			...rows.map((r) => {
				const items = JOBS.find((j) => j.job === r.job)!.items;
				const per1k = (value: number) => `${((value / items) * 1000).toFixed(1)} ms`;
				return [
					r.title,
					String(r.eventx.requests),
					String(r.raw.requests),
					r.httpRequest ? String(r.httpRequest.requests) : na,
					times(r.eventx.requests, r.raw.requests),
					ms(r.eventx.wallMs),
					ms(r.raw.wallMs),
					r.httpRequest ? ms(r.httpRequest.wallMs) : na,
					times(r.eventx.wallMs, r.raw.wallMs),
					ms(r.eventx.cpuMs),
					per1k(r.zeroLatency.cpuMs),
					per1k(r.zeroLatency.packageSelfMs),
					per1k(r.zeroLatency.packageInclusiveMs),
					mb(r.eventx.peakGrowthBytes),
					mb(r.raw.peakGrowthBytes),
					times(r.eventx.peakGrowthBytes, r.raw.peakGrowthBytes),
					mb(r.eventx.outputBytes),
					r.load.toFixed(2),
				];
			}),
		]),
	);
}

/**
 * The webhookTrigger job: per mode and concurrency, the EventX Trigger beside the Webhook node, and
 * beside the Webhook node with Header Auth ("auth").
 */
function printWebhookTrigger(
	results: WebhookBenchResult[],
	settings: Settings,
	machine: string,
): void {
	print(
		`\nEventX Trigger -> No Op vs n8n's Webhook node -> No Op, and vs the Webhook node with Header Auth ("auth": it checks a secret header and names a credential, which n8n checks before each execution as it does the EventX Trigger's), ${settings.deliveries} deliveries per workflow and concurrency, the three taking turns; ${machine}. "/s": deliveries per second, from the first request to the last execution's end; latency: sent to answered; memory: peak resident size of the n8n processes taking the deliveries; "x": EventX Trigger / Webhook node, "x auth": EventX Trigger / Webhook node with Header Auth; "load": the highest 1-minute load average after the three.\n`,
	);
	const rows: string[][] = [
		[
			'n8n',
			'concurrency',
			'EventX /s',
			'Webhook /s',
			'x',
			'auth /s',
			'x auth',
			'p50 EventX',
			'Webhook',
			'auth',
			'p99 EventX',
			'Webhook',
			'x',
			'auth',
			'x auth',
			'peak mem EventX',
			'Webhook',
			'EventX calls/delivery',
			'failed',
			'load',
		],
	];
	for (const result of results) {
		if (result.skipped) {
			print(`${result.mode}: not measured, ${result.skipped}`);
			continue;
		}
		for (const eventx of result.phases.filter((p) => p.implementation === 'eventx')) {
			const beside = (implementation: 'webhook' | 'webhookAuth') =>
				result.phases.find(
					(p) => p.implementation === implementation && p.concurrency === eventx.concurrency,
				)!;
			const [webhook, auth] = [beside('webhook'), beside('webhookAuth')];
			rows.push([
				result.mode === 'single' ? 'one process' : 'queue (webhook + worker)',
				String(eventx.concurrency),
				eventx.perSecond.toFixed(0),
				webhook.perSecond.toFixed(0),
				times(eventx.perSecond, webhook.perSecond),
				auth.perSecond.toFixed(0),
				times(eventx.perSecond, auth.perSecond),
				`${eventx.p50Ms.toFixed(1)} ms`,
				`${webhook.p50Ms.toFixed(1)} ms`,
				`${auth.p50Ms.toFixed(1)} ms`,
				`${eventx.p99Ms.toFixed(1)} ms`,
				`${webhook.p99Ms.toFixed(1)} ms`,
				times(eventx.p99Ms, webhook.p99Ms),
				`${auth.p99Ms.toFixed(1)} ms`,
				times(eventx.p99Ms, auth.p99Ms),
				mb(eventx.peakRssBytes),
				mb(webhook.peakRssBytes),
				eventx.eventxCallsPerDelivery.toFixed(2),
				`${eventx.failed}/${webhook.failed}/${auth.failed}`,
				Math.max(eventx.load, webhook.load, auth.load).toFixed(2),
			]);
		}
	}
	if (rows.length > 1) print(table(rows));
}

interface PollingRow {
	job: PollingJob;
	title: string;
	eventx: Measured;
	/** The plain reader. */
	raw: Measured;
	/** The 1-minute load average when the job's runs ended. */
	load: number;
}

/** The pollingCatchUp job: the polling trigger until caught up against a plain reader. */
function printPolling(rows: PollingRow[], settings: Settings, machine: string): void {
	print(
		`\nEventX Polling Trigger (n8n's poll budget 45 s, Max Records Per Poll ${settings.maxRecords ? settings.maxRecords.toLocaleString('en') : 'as it ships'}, polls back to back until every record that arrived is out) vs a plain reader (one pass from where its last run ended, ranges of 20,000) after a downtime, ${settings.latencyMs} ms latency per request; medians of ${settings.pollingRuns} runs each, alternating; ${machine}. "x": trigger / reader; "exactly once": every record that arrived emitted once and nothing else, in every run, the next poll (run) included, which is not counted.\n`,
	);
	print(
		table([
			[
				'job',
				'requests',
				'reader',
				'x',
				'wall',
				'reader',
				'x',
				'polls',
				'state',
				'CPU',
				'reader',
				'peak mem',
				'reader',
				'exactly once',
				'load',
			],
			...rows.map((r) => {
				const once = (m: Measured) =>
					m.polling && m.polling.missing + m.polling.repeated + m.polling.unexpected === 0
						? 'yes'
						: `no (${m.polling?.missing} missing, ${m.polling?.repeated} twice, ${m.polling?.unexpected} unasked)`;
				return [
					r.title,
					String(r.eventx.requests),
					String(r.raw.requests),
					times(r.eventx.requests, r.raw.requests),
					ms(r.eventx.wallMs),
					ms(r.raw.wallMs),
					times(r.eventx.wallMs, r.raw.wallMs),
					String(r.eventx.polling?.polls ?? 0),
					`${r.eventx.polling?.stateBytes ?? 0} B`,
					ms(r.eventx.cpuMs),
					ms(r.raw.cpuMs),
					mb(r.eventx.peakGrowthBytes),
					mb(r.raw.peakGrowthBytes),
					`${once(r.eventx)} / ${once(r.raw)}`,
					r.load.toFixed(2),
				];
			}),
		]),
	);
}

/** What the webhookTrigger job reads from the simulator. */
function simulatorAccess(url: string, token: string) {
	const sim = async <T>(method: string, path: string): Promise<T> =>
		(await (await fetch(`${url}${path}`, { method })).json()) as T;
	return {
		url,
		// Every call, the token exchange included: a delivery should cost EventX nothing.
		requestCount: async () => (await sim<LoggedRequest[]>('GET', '/__sim/requests')).length,
		clearRequests: async () => void (await sim('DELETE', '/__sim/requests')),
		webhooks: async (eventId: string) => {
			const response = await fetch(`${url}/public-api/v1/event/${eventId}/webhook/all`, {
				headers: { authorization: `Bearer ${token}` },
			});
			return ((await response.json()) as { dataList: Array<Record<string, unknown>> }).dataList;
		},
	};
}

const loadAverage = () => os.loadavg()[0];
const log = (line: string) => print(`[bench] ${line}`);
const wanted = (settings: Settings, job: string) =>
	settings.jobs.length === 0 || settings.jobs.includes(job);

async function main(): Promise<void> {
	const settings = readSettings(process.argv.slice(2));
	const started = Date.now();
	const n8n = await ensureN8n(N8N_MAIN, (line) => print(`[bench] ${line}`));
	const simulator = await startSimulatorProcess(await freePort(), {
		data: 'bench',
		latencyMs: settings.latencyMs,
	});
	let bench: Bench | undefined;
	try {
		const state = (await (await fetch(`${simulator.url}/__sim/state`)).json()) as {
			seeded: { eventIds: string[]; attendeeIds: Record<string, string[]> };
		};
		const [bigEventId, upsertEventId] = state.seeded.eventIds;
		const token = await accessToken(simulator.url);
		bench = new Bench(
			simulator.url,
			{
				simulatorUrl: simulator.url,
				accessToken: token,
				bigEventId,
				upsertEventId,
				n8nModules: n8n.modules,
			},
			{
				attendeesImport: importRows(5000, (i) => `bench${i}@example.com`),
				// The big event's own attendees, their emails as a sheet might spell them.
				attendeesImportByEmail: importRows(5000, (i) => ` Guest${i}.E0@example.com`),
				confirmationSend: state.seeded.attendeeIds[bigEventId].slice(0, 5000).map((id) => ({ id })),
			},
		);

		const rows: NodeJobRow[] = [];
		const chosen = JOBS.filter((j) => wanted(settings, j.job));
		for (const { job, title, httpRequest: withHttpRequest } of chosen) {
			print(`[bench] ${title}...`);
			await bench.setLatency(settings.latencyMs);
			const [eventx, raw] = await bench.measureSide(job, ['eventx', 'raw'], settings.runs);
			const load = loadAverage();
			const httpRequest =
				withHttpRequest && settings.httpRequest
					? await bench.measure(job, 'httpRequest', settings.baselineRuns)
					: undefined;
			await bench.setLatency(0);
			const zeroLatency = await bench.measure(job, 'eventx', settings.runs);
			// One more run, sampled, to tell the package's own CPU time from n8n's.
			const sampled = await bench.measure(job, 'eventx', 1, true);
			zeroLatency.packageSelfMs = sampled.packageSelfMs;
			zeroLatency.packageInclusiveMs = sampled.packageInclusiveMs;
			rows.push({ job, title, eventx, httpRequest, raw, zeroLatency, load });
		}

		const cpu = cpus()[0]?.model ?? 'unknown CPU';
		const machine = `${cpus().length} cores, ${cpu}; Node ${process.version}`;
		if (rows.length) printNodeJobs(rows, settings, machine);

		let webhookTrigger: WebhookBenchResult[] | undefined;
		if (wanted(settings, 'webhookTrigger')) {
			print("\n[bench] EventX Trigger vs n8n's Webhook node...");
			await bench.setLatency(settings.latencyMs);
			webhookTrigger = await benchWebhookTrigger({
				n8n,
				tgz: await packPackage(join(bench.tmp, 'pack'), log, { built: true }),
				sim: simulatorAccess(simulator.url, token),
				eventId: state.seeded.eventIds[2],
				settings: {
					deliveries: settings.deliveries,
					concurrencies: [1, 8, 64],
					modes: settings.n8nModes,
					warmUp: 50,
				},
				log,
			});
			printWebhookTrigger(webhookTrigger, settings, machine);
		}
		let pollingCatchUp: PollingRow[] | undefined;
		if (wanted(settings, 'pollingCatchUp')) {
			pollingCatchUp = [];
			for (const { job, title, share } of POLLING_ROWS) {
				const arrivals = Math.round(settings.arrivals * share);
				print(`\n[bench] Polling catch-up: ${title(arrivals)}...`);
				const measured = await measurePolling(job, arrivals, settings);
				pollingCatchUp.push({ job, title: title(arrivals), ...measured, load: loadAverage() });
			}
			printPolling(pollingCatchUp, settings, machine);
		}
		let large: { eventx: Measured; raw: Measured; bigEventId: string } | undefined;
		if (settings.large) {
			print('\n[bench] Attendee Get Many, Return All (500,000)...');
			large = await measureLarge(settings.latencyMs);
			const { eventx, raw } = large;
			print(
				`Attendee Get Many, Return All (500,000), 1 run each: requests ${eventx.requests} (limit ${raw.requests}), wall ${ms(eventx.wallMs)} (limit ${ms(raw.wallMs)}, ${times(eventx.wallMs, raw.wallMs)}), CPU ${ms(eventx.cpuMs)} (limit ${ms(raw.cpuMs)}), peak mem growth ${mb(eventx.peakGrowthBytes)} (limit ${mb(raw.peakGrowthBytes)}, ${times(eventx.peakGrowthBytes, raw.peakGrowthBytes)}), ${eventx.outputItems} items, output JSON ${mb(eventx.outputBytes)}`,
			);
		}
		const results = {
			date: new Date().toISOString(),
			machine: { cores: cpus().length, cpu, node: process.version },
			settings,
			jobs: rows,
			...(webhookTrigger ? { webhookTrigger } : {}),
			...(pollingCatchUp ? { pollingCatchUp } : {}),
			...(large ? { large } : {}),
			durationSeconds: Math.round((Date.now() - started) / 1000),
		};
		writeFileSync(settings.out, `${JSON.stringify(results, null, 2)}\n`);
		print(`\nFigures written to ${settings.out} (${results.durationSeconds} s in all)`);
	} finally {
		bench?.dispose();
		await simulator.stop();
	}
}

main().catch((error: unknown) => {
	printError(error instanceof Error ? error.message : error);
	process.exit(1);
});
