/**
 * `npm run bench`: the package against what an n8n user does without it (n8n's HTTP Request
 * node) and against the limit (a plain HTTP client: fetch, JSON, no n8n, the fewest requests the
 * API allows), job by job, against the same simulator with a fixed latency per request. Requests
 * and wall time are also given as a ratio to the limit.
 *
 *   npm run bench -- [--latency 20] [--runs 5] [--baseline-runs 3] [--out bench-results.json] [--large]
 *                    [--jobs attendeesImport,confirmationSend] [--no-http-request]
 *
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
	REPO_ROOT,
	startProcess,
	startSimulatorProcess,
} from './n8n-runtime';
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
}

function readSettings(args: string[]): Settings {
	const value = (name: string, fallback: number) => {
		const index = args.indexOf(name);
		if (index < 0) return fallback;
		const parsed = Number(args[index + 1]);
		if (!Number.isFinite(parsed) || parsed < 0) throw new Error(`${name} needs a number >= 0`);
		return parsed;
	};
	const outIndex = args.indexOf('--out');
	return {
		latencyMs: value('--latency', 20),
		runs: Math.max(1, value('--runs', 5)),
		baselineRuns: Math.max(1, value('--baseline-runs', 3)),
		out: outIndex >= 0 ? args[outIndex + 1] : join(REPO_ROOT, 'bench-results.json'),
		large: args.includes('--large'),
		jobs: args.includes('--jobs') ? args[args.indexOf('--jobs') + 1].split(',') : [],
		httpRequest: !args.includes('--no-http-request'),
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
}

const median = (values: number[]) => {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

class Bench {
	private readonly tmp = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-bench-'));

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
	private async runOnce(job: Job, implementation: Implementation, profile: boolean) {
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
		const results = implementations.map(() => [] as Array<Awaited<ReturnType<Bench['runOnce']>>>);
		for (let i = 0; i < runs; i++)
			for (const [k, implementation] of implementations.entries())
				results[k].push(await this.runOnce(job, implementation, profile));
		return results.map((list) => ({
			packageSelfMs: median(list.map((r) => r.package?.selfMs ?? 0)),
			packageInclusiveMs: median(list.map((r) => r.package?.inclusiveMs ?? 0)),
			requests: median(list.map((r) => r.requests)),
			wallMs: median(list.map((r) => r.wallMs)),
			cpuMs: median(list.map((r) => r.cpuMs)),
			peakGrowthBytes: median(list.map((r) => r.peakGrowthBytes)),
			outputItems: list[0].outputItems,
			outputBytes: list[0].outputBytes,
			runs,
		}));
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

async function main(): Promise<void> {
	const settings = readSettings(process.argv.slice(2));
	const started = Date.now();
	const n8n = ensureN8n(N8N_MAIN, (line) => print(`[bench] ${line}`));
	const simulator = await startSimulatorProcess(await freePort(), {
		data: 'bench',
		latencyMs: settings.latencyMs,
	});
	try {
		const state = (await (await fetch(`${simulator.url}/__sim/state`)).json()) as {
			seeded: { eventIds: string[]; attendeeIds: Record<string, string[]> };
		};
		const [bigEventId, upsertEventId] = state.seeded.eventIds;
		const bench = new Bench(
			simulator.url,
			{
				simulatorUrl: simulator.url,
				accessToken: await accessToken(simulator.url),
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

		const rows: Array<{
			job: Job;
			title: string;
			eventx: Measured;
			/** n8n's HTTP Request node; absent when it has no equivalent of the job. */
			httpRequest?: Measured;
			/** The plain HTTP client: the limit. */
			raw: Measured;
			/** The package's runs at 0 ms latency, profiled. */
			zeroLatency: Measured;
		}> = [];
		const chosen = JOBS.filter((j) => settings.jobs.length === 0 || settings.jobs.includes(j.job));
		for (const { job, title, httpRequest: withHttpRequest } of chosen) {
			print(`[bench] ${title}...`);
			await bench.setLatency(settings.latencyMs);
			const [eventx, raw] = await bench.measureSide(job, ['eventx', 'raw'], settings.runs);
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
			rows.push({ job, title, eventx, httpRequest, raw, zeroLatency });
		}
		bench.dispose();

		const cpu = cpus()[0]?.model ?? 'unknown CPU';
		print(
			`\nEventX node vs a plain HTTP client (the limit) and n8n's HTTP Request node, ${settings.latencyMs} ms latency per request; medians of ${settings.runs} runs (HTTP Request ${settings.baselineRuns}); ${cpus().length} cores, ${cpu}; Node ${process.version}. "x limit": the node's figure divided by the plain client's.\n`,
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
					];
				}),
			]),
		);
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
			...(large ? { large } : {}),
			durationSeconds: Math.round((Date.now() - started) / 1000),
		};
		writeFileSync(settings.out, `${JSON.stringify(results, null, 2)}\n`);
		print(`\nFigures written to ${settings.out} (${results.durationSeconds} s in all)`);
	} finally {
		await simulator.stop();
	}
}

main().catch((error: unknown) => {
	printError(error instanceof Error ? error.message : error);
	process.exit(1);
});
