/**
 * A season in n8n's queue mode: the season's workflows (seasonWorkflows.ts) active at once, the
 * driver (seasonDriver.ts) playing changes on the simulator with its clock accelerated, the nemesis
 * (seasonNemesis.ts) hitting EventX and the cluster, then the ledger checked against the
 * simulator's history (seasonRules.ts, seasonCheck.ts). `npm run soak` plays a long one
 * (test/e2e/season.soak.ts), the queue-mode e2e a short one.
 *
 * Time: n8n polls on its own clock (at least a minute between two Poll Times, here every minute or
 * twice a minute); the triggers read EventX's clock from its `Date` header. The simulator's clock
 * runs `rate` times as fast as the real one, so each poll covers `rate` minutes of EventX's time:
 * events of an hour or two open, start and end within minutes, and a lead time or a delay of
 * 15 to 30 minutes still falls between two polls.
 */
import type { HistoryEntry, LedgerEntry } from '../simulator/store';
import {
	checkSeason,
	seasonTable,
	triggerOutput,
	type FaultWindow,
	type SeasonVerdict,
} from './seasonCheck';
import { SeasonDriver, seededRandom } from './seasonDriver';
import { Nemesis, type FaultName } from './seasonNemesis';
import { seasonRules, type SeasonFacts } from './seasonRules';
import {
	apiTokenOf,
	CADENCE_MS,
	seasonWorkflows,
	workflowJson,
	type Cadence,
	webhookIdOf,
	type SeasonWorkflow,
} from './seasonWorkflows';
import type { QueueEnvironment } from './queue-environment';

import { setTimeout } from '../platform.cjs';

type Json = Record<string, unknown>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SeasonOptions {
	/** Real time the driver plays changes (ms). */
	seasonMs: number;
	/** How many times as fast as the real clock EventX's clock runs. */
	rate: number;
	cadence: Cadence;
	/** Changes per second, as a multiple of RATES (seasonDriver.ts). */
	scale: number;
	festivals: number;
	shortEvents: number;
	faults: FaultName[];
	/** EventX's faults last their usual time multiplied by this. */
	faultDuration: number;
	/** Polls of every polling trigger (and runs of the send) awaited after the clock stopped. */
	drainPolls: number;
	/** Keep what the check read (history, ledger, requests, executions) in the result's `raw`. */
	raw?: boolean;
	seed: number;
	log: (line: string) => void;
}

export interface SeasonResult {
	options: Omit<SeasonOptions, 'log'> & { log: undefined };
	verdict: SeasonVerdict;
	table: string;
	faults: FaultWindow[];
	/** What the driver did, by operation. */
	driven: Record<string, number>;
	/** Per workflow: executions by status, EventX requests and those that failed. */
	workflows: Array<{
		label: string;
		executions: Record<string, number>;
		requests: number;
		failedRequests: number;
	}>;
	/** Attendees the send claimed and never messaged (its run died between the two). */
	claimedNotSent: number;
	timings: { setupS: number; warmupS: number; seasonS: number; drainS: number; totalS: number };
	/** EventX's time the season covered (ms). */
	simulatedMs: number;
	/** With `raw`: what the check read, to look into a failure. */
	raw?: Json;
}

interface LoggedRequest {
	client?: string;
	at: number;
	status: number | string;
}

/** Polls of each client: its requests grouped where they are less than 10 s apart. */
function pollStarts(requests: LoggedRequest[], client: string): number[] {
	const starts: number[] = [];
	let last = -Infinity;
	for (const r of requests.filter((x) => x.client === client)) {
		if (r.at - last > 10_000) starts.push(r.at);
		last = r.at;
	}
	return starts;
}

/**
 * What a season is judged by: nothing lost, doubled or unexpected, and each failing trigger's
 * examples (what a failed expectation prints).
 */
export function seasonOutcome(result: SeasonResult) {
	return {
		lost: result.verdict.totals.lost,
		doubled: result.verdict.totals.doubled,
		unexpected: result.verdict.totals.unexpected,
		examples: result.verdict.passed
			? {}
			: {
					...Object.fromEntries(result.verdict.triggers.map((t) => [t.label, t.examples])),
					// Where to look: the faults around what went wrong, and how n8n's executions ended.
					faults: result.verdict.faults
						.filter((f) => f.lost + f.doubled > 0)
						.map((f) => `${f.name} at ${f.startS} s: ${f.lost} lost, ${f.doubled} doubled`),
					executions: Object.fromEntries(result.workflows.map((w) => [w.label, w.executions])),
				},
	};
}

/** The outcome of a season that passed. */
export const SEASON_PASSED = { lost: 0, doubled: 0, unexpected: 0, examples: {} };

/** A workflow's executions, those n8n holds as running included (its list leaves them out). */
async function allExecutions(env: QueueEnvironment, workflowId: string): Promise<Json[]> {
	const listed = await env.listExecutions(workflowId);
	const running = await env.listExecutions(workflowId, { status: 'running' });
	const known = new Set(listed.map((e) => String(e.id)));
	return [...listed, ...running.filter((e) => !known.has(String(e.id)))];
}

async function until(
	what: string,
	test: () => Promise<boolean>,
	timeoutMs: number,
	everyMs = 2000,
) {
	const end = Date.now() + timeoutMs;
	while (!(await test())) {
		if (Date.now() > end)
			throw new Error(`season: ${what} did not happen in ${timeoutMs / 1000} s`);
		await sleep(everyMs);
	}
}

export async function playSeason(
	env: QueueEnvironment,
	options: SeasonOptions,
): Promise<SeasonResult> {
	const t0 = Date.now();
	const { log } = options;
	const executionsOf = (workflowId: string) => allExecutions(env, workflowId);
	const cadenceMs = CADENCE_MS[options.cadence];
	const pollSimMs = cadenceMs * options.rate;
	// Between two changes of one record, more polls than the nemesis can make fail or put off in a
	// row (a 5xx, a 429 and a slow EventX back to back, or a restart of main): a poll that read
	// neither change would see only the latest (polling sees what exists).
	const spacingMs = 8 * pollSimMs;
	const state = (await env.state()) as unknown as Json & {
		seeded: { organizations: Record<string, string> };
	};
	const driver = new SeasonDriver({
		simulatorUrl: env.simulator.url,
		organizationId: state.seeded.organizations.hosted,
		scale: options.scale,
		festivals: options.festivals,
		shortEvents: options.shortEvents,
		seasonSimMs: options.seasonMs * options.rate,
		spacingMs,
		random: seededRandom(options.seed),
		log,
	});
	// The warm-up runs at the real pace, a few minutes: no moment falls in the 10 minutes after now.
	await driver.setup(10 * 60_000);
	const [webhookA, webhookB, send] = driver.festivals;
	const workflows = seasonWorkflows({ webhookA, webhookB, send });

	// One credential per workflow, each with an API token the simulator names its requests by.
	const ids = new Map<string, string>();
	for (const workflow of workflows) {
		await env.sim('POST', '/__sim/api-tokens', {
			apiToken: apiTokenOf(workflow),
			label: workflow.label,
		});
		const credential = await env.api<{ id: string }>('POST', '/credentials', {
			name: `EventX API (${workflow.label})`,
			type: 'eventXApi',
			data: {
				baseUrl: env.simulator.url,
				authentication: 'apiToken',
				apiToken: apiTokenOf(workflow),
			},
		});
		if (credential.status !== 200) throw new Error(`credential: ${JSON.stringify(credential)}`);
		const created = await env.api<{ id: string }>(
			'POST',
			'/workflows',
			workflowJson(workflow, env.simulator.url, options.cadence, String(credential.data.id)),
		);
		if (created.status !== 200) throw new Error(`workflow: ${JSON.stringify(created)}`);
		ids.set(workflow.label, String(created.data.id));
	}
	const webhookPaths = Object.fromEntries(
		workflows
			.filter((w) => w.kind === 'webhook')
			.map((w) => [w.label, `/webhook/${webhookIdOf(w)}/webhook`]),
	);
	const hooksOf = async (workflow: SeasonWorkflow) =>
		((await env.state()).webhooks as Json[]).filter((h) =>
			String(h.url).includes(webhookPaths[workflow.label]),
		);

	await env.sim('DELETE', '/__sim/requests');
	const requests = async () => await env.sim<LoggedRequest[]>('GET', '/__sim/requests');
	const activatedAt = Date.now();
	for (const workflow of workflows) {
		await env.setActive(
			ids.get(workflow.label)!,
			true,
			workflow.kind === 'webhook' ? async () => (await hooksOf(workflow)).length === 1 : undefined,
		);
	}
	const setupS = (Date.now() - t0) / 1000;
	// Every polling trigger has polled twice (n8n's poll at activation, then a scheduled one).
	const polling = workflows.filter((w) => w.kind === 'poll').map((w) => w.label);
	await until(
		'the first scheduled polls',
		async () => {
			const logged = await requests();
			return polling.every(
				(label) => pollStarts(logged, label).filter((t) => t >= activatedAt).length >= 2,
			);
		},
		4 * cadenceMs + 120_000,
	);
	const warmupS = (Date.now() - t0) / 1000 - setupS;

	const startSeq = (await env.sim<HistoryEntry[]>('GET', '/__sim/history')).at(-1)?.seq ?? 0;
	const eventsAtStart = (await env.state()).events as Json[];
	await env.sim('POST', '/__sim/clock', { rate: options.rate });
	const startAt = await driver.now();
	const startReal = Date.now();
	log(
		`season: ${options.seasonMs / 1000} s at ${options.rate}x, faults: ${options.faults.join(', ') || 'none'}`,
	);

	// The workflow the nemesis deactivates and activates again (a webhook registered anew).
	const deactivated = workflows.find((w) => w.label === 'Webhook A')!;
	const nemesis = new Nemesis({
		env,
		faults: options.faults,
		durationScale: options.faultDuration,
		clockStepMs: 20 * 60_000,
		deactivate: {
			workflowId: ids.get(deactivated.label)!,
			settled: async (active) => (await hooksOf(deactivated)).length === (active ? 1 : 0),
		},
		log,
	});
	// The driver plays on until the nemesis is done: on a loaded machine a restart takes a minute or
	// more and puts the next faults off, and a fault after the season would find nothing to lose.
	let nemesisDone = false;
	const [, faults] = await Promise.all([
		driver.play(startReal + options.seasonMs, () => !nemesisDone),
		nemesis.run(startReal, options.seasonMs).finally(() => {
			nemesisDone = true;
		}),
	]);
	await env.sim('DELETE', '/__sim/faults');
	await env.restartExited();
	const frozen = (await env.sim<{ now: string }>('POST', '/__sim/clock', { freeze: true })).now;
	const endAt = Date.parse(frozen);
	const endReal = Date.now();
	const seasonS = (endReal - startReal) / 1000;
	log(`season over at ${frozen} (EventX's clock, frozen); draining`);

	// Polls of every polling trigger and runs of the send that started after the clock stopped
	// (one reads everything up to EventX's last present), then every execution done and the
	// ledger quiet.
	await until(
		`${options.drainPolls} polls after the season`,
		async () => {
			const logged = await requests();
			return [...polling, 'Confirmation Send'].every(
				(label) =>
					pollStarts(logged, label).filter((t) => t > endReal).length >= options.drainPolls,
			);
		},
		(2 + 2 * options.drainPolls) * cadenceMs + 120_000,
	);
	// Executions n8n never finishes (enqueued while Redis was down, run by a killed worker before
	// it was found out) are waited for while others still end (at most 2 minutes), then counted as
	// they stand: one stuck for 30 s while none ends is not waited for longer.
	const unfinished = async () => {
		let count = 0;
		for (const id of ids.values())
			count += (await executionsOf(id)).filter((e) =>
				['new', 'running', 'waiting'].includes(String(e.status)),
			).length;
		return count;
	};
	let stuck = { count: -1, since: Date.now() };
	await until(
		'every execution ended',
		async () => {
			const count = await unfinished();
			if (count !== stuck.count) stuck = { count, since: Date.now() };
			return count === 0 || Date.now() - stuck.since >= 30_000;
		},
		120_000,
		3000,
	).catch(() => undefined);
	const left = await unfinished();
	if (left > 0) log(`${left} executions still unfinished; counted as they stand`);
	let ledgerSize = -1;
	await until(
		'a quiet ledger',
		async () => {
			const size = (await env.sim<{ entries: unknown[] }>('GET', '/__sim/ledger')).entries.length;
			const quiet = size === ledgerSize;
			ledgerSize = size;
			return quiet;
		},
		120_000,
		5000,
	);
	const drainS = (Date.now() - endReal) / 1000;

	// What happened, from the simulator and n8n.
	const history = await env.sim<HistoryEntry[]>('GET', '/__sim/history');
	const finalState = (await env.state()) as unknown as Json;
	const ledger = (await env.sim<{ entries: LedgerEntry[] }>('GET', '/__sim/ledger')).entries;
	const sendLabel = 'Confirmation Send';
	const sendWorkflow = workflows.find((w) => w.label === sendLabel)!;
	// The send is judged by what EventX sent (its outbox), not by what the workflow recorded.
	const outbox = (finalState.outbox as Json[]).filter(
		(o) => o.eventId === sendWorkflow.eventId && o.channel === 'email',
	);
	const sent = outbox.flatMap((o, i) =>
		(o.attendeeIds as string[]).map(
			(id): LedgerEntry => ({
				key: `outbox:${i}:${id}`,
				workflow: sendLabel,
				item: { id },
				at: 0,
				real: Date.parse(String(o.at)),
				times: 1,
			}),
		),
	);
	// Claims no email followed: the run that made them died between its claim and its send.
	const sentIds = new Set(sent.map((e) => String(e.item.id)));
	const claimedNotSent = ledger.filter(
		(e) => e.workflow === sendLabel && !sentIds.has(String(e.item.id)),
	);

	const failedItems = new Map<string, Json[]>();
	const emptied = new Map<string, number[]>();
	const workflowStats: SeasonResult['workflows'] = [];
	const logged = await requests();
	const executionsBy: Record<string, Json[]> = {};
	for (const workflow of workflows) {
		const id = ids.get(workflow.label)!;
		const listed = await executionsOf(id);
		executionsBy[workflow.label] = listed.map((e) => ({
			id: e.id,
			status: e.status,
			mode: e.mode,
			startedAt: e.startedAt,
			stoppedAt: e.stoppedAt,
		}));
		const executions: Record<string, number> = {};
		for (const e of listed) executions[String(e.status)] = (executions[String(e.status)] ?? 0) + 1;
		const items: Json[] = [];
		const emptiedHere: number[] = [];
		for (const e of listed.filter((x) => x.status !== 'success')) {
			const full = (await env.api('GET', `/executions/${String(e.id)}?includeData=true`)).data;
			const output = triggerOutput(full?.data);
			items.push(...output.map((i) => i.json));
			// Failed before it started, nothing kept: what n8n accepted and dropped.
			if (!e.startedAt && output.length === 0) emptiedHere.push(Number(e.id));
			const error = full?.data?.resultData?.error as Json | undefined;
			const kept = executionsBy[workflow.label].find((x) => x.id === e.id);
			if (kept && error) kept.error = String(error.message ?? '').slice(0, 300);
		}
		// The send's attendees a failed run claimed and never sent: its Trigger is a schedule.
		if (workflow.kind === 'send') {
			const failed = new Set(listed.filter((x) => x.status !== 'success').map((x) => String(x.id)));
			items.push(
				...claimedNotSent.filter((e) => failed.has(String(e.item.execution))).map((e) => e.item),
			);
		}
		failedItems.set(workflow.label, items);
		emptied.set(workflow.label, emptiedHere);
		const mine = logged.filter((r) => r.client === workflow.label);
		workflowStats.push({
			label: workflow.label,
			executions,
			requests: mine.length,
			failedRequests: mine.filter((r) => typeof r.status !== 'number' || r.status >= 400).length,
		});
	}

	const facts: SeasonFacts = {
		startSeq,
		startAt,
		endAt,
		startReal,
		endReal,
		spacingMs,
		pollSimMs,
		festivals: driver.festivals,
		eventsAtStart,
		history,
		deliveries: finalState.deliveries as Json[],
		attendeesAtEnd: finalState.attendees as Json[],
		outbox,
		sendCutoffReal: endReal - 2 * cadenceMs,
	};
	const rules = seasonRules(workflows, webhookPaths, cadenceMs);
	const verdict = checkSeason(
		facts,
		rules,
		[...ledger.filter((e) => e.workflow !== sendLabel), ...sent],
		failedItems,
		faults,
		2 * cadenceMs,
		emptied,
	);
	// Off again, and EventX's clock back to the real pace: the season leaves nothing running.
	for (const workflow of workflows) await env.setActive(ids.get(workflow.label)!, false);
	await env.sim('POST', '/__sim/clock', { freeze: false, rate: 1 });
	return {
		options: { ...options, log: undefined },
		verdict,
		table: seasonTable(verdict),
		faults,
		driven: driver.counts,
		workflows: workflowStats,
		claimedNotSent: claimedNotSent.length,
		timings: {
			setupS,
			warmupS,
			seasonS,
			drainS,
			totalS: (Date.now() - t0) / 1000,
		},
		simulatedMs: endAt - startAt,
		raw: options.raw
			? {
					ids: Object.fromEntries(ids),
					facts: { ...facts, eventsAtStart: undefined },
					ledger,
					executions: executionsBy,
					requests: logged,
					failedItems: Object.fromEntries(failedItems),
					emptied: Object.fromEntries(emptied),
				}
			: undefined,
	};
}
