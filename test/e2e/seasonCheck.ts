/**
 * Compares what each workflow of a season recorded in the ledger with what its rule
 * (seasonRules.ts) says must have come out, and tallies the result per trigger and per fault.
 *
 * - once: an expected occurrence recorded exactly once.
 * - lost: an expected occurrence recorded never, and in no failed execution either.
 * - failed: an expected occurrence not recorded, but in the trigger's output of an execution n8n
 *   marked failed (a worker killed mid-run: n8n 2 never runs such a job again; the execution is
 *   listed as failed, and can be retried by hand); for the send, an attendee a failed run claimed
 *   and never messaged.
 * - dropped: a delivery n8n answered 2xx and made an execution of, which n8n then failed before it
 *   started and emptied (its worker killed as it took the job, or its lock lost: n8n 2.41.1's
 *   `processError` saves no items; docs/scale.md). Told from a loss by the executions of the
 *   deliveries made just before and after it: one such emptied execution lies between them, and
 *   accounts for one delivery only.
 * - doubled: an occurrence recorded more than once (by different executions or items: the
 *   ledger keeps one entry per execution and item, so its own retries never count twice).
 * - unexpected: an item no rule expects.
 * - late: recorded long after the change (rule's `lateAfterMs`), or marked late by the trigger.
 * - apart: changes EventX could not deliver to a webhook trigger (refused, unreachable, or no
 *   webhook registered at the time): EventX does not send a delivery again.
 */
import type { LedgerEntry } from '../simulator/store';
import type { Apart, Expected, SeasonFacts, TriggerRule } from './seasonRules';

type Json = Record<string, unknown>;

export interface TriggerTally {
	label: string;
	/** Occurrences due (exactly once), and those that may come out at most once. */
	expected: number;
	optional: number;
	/** Items in the ledger. */
	received: number;
	once: number;
	lost: number;
	failed: number;
	dropped: number;
	doubled: number;
	unexpected: number;
	late: number;
	undeliverable: number;
	unsubscribed: number;
	/** Ledger writes the workflow sent again (its HTTP retries), each counted once. */
	ledgerRetries: number;
	/** A few keys of each problem, to start looking. */
	examples: Record<string, string[]>;
}

/** One action of the nemesis, from its start to its end (real ms). */
export interface FaultWindow {
	name: string;
	startReal: number;
	endReal: number;
	note?: string;
}

export interface FaultTally {
	name: string;
	note?: string;
	startS: number;
	seconds: number;
	/** Occurrences that happened from the fault's start to `recoveryMs` after its end. */
	changes: number;
	lost: number;
	failed: number;
	dropped: number;
	doubled: number;
	late: number;
	apart: number;
}

export interface SeasonVerdict {
	triggers: TriggerTally[];
	faults: FaultTally[];
	totals: Omit<TriggerTally, 'label' | 'examples'>;
	passed: boolean;
}

interface Outcome {
	expected: Expected;
	label: string;
	problem?: 'lost' | 'failed' | 'dropped' | 'doubled';
	late: boolean;
}

const EXAMPLES = 5;

/** The execution a ledger entry was written by (its key: workflow, execution, item). */
const executionOf = (entry: LedgerEntry) => Number(entry.key.split(':')[1]);

/**
 * Whether an expected delivery nobody recorded is one n8n dropped: an emptied execution lies
 * between the executions of the recorded deliveries made two before and two after it (n8n may
 * take deliveries made a moment apart in either order; one each side where there are fewer). Each
 * emptied execution accounts for one.
 */
function emptiedBetween(
	expected: Expected[],
	received: Map<string, LedgerEntry[]>,
	emptied: number[],
): (e: Expected) => boolean {
	const recorded = expected
		.filter((e) => e.deliveredAt !== undefined && received.has(e.key))
		.map((e) => ({ at: e.deliveredAt!, execution: executionOf(received.get(e.key)![0]) }))
		.sort((a, b) => a.at - b.at);
	const unused = [...emptied];
	return (e) => {
		if (e.deliveredAt === undefined || unused.length === 0) return false;
		const next = recorded.findIndex((r) => r.at > e.deliveredAt!);
		const after = next === -1 ? recorded.length : next;
		const low = (recorded[after - 2] ?? recorded[after - 1])?.execution ?? -Infinity;
		const high = (recorded[after + 1] ?? recorded[after])?.execution ?? Infinity;
		const found = unused.findIndex((id) => id > low && id < high);
		if (found === -1) return false;
		unused.splice(found, 1);
		return true;
	};
}

function tally(
	rule: TriggerRule,
	facts: SeasonFacts,
	entries: LedgerEntry[],
	failedItems: Json[],
	emptied: number[],
): { tally: TriggerTally; outcomes: Outcome[]; apart: Apart[] } {
	const { expected, apart } = rule.expected(facts);
	const received = new Map<string, LedgerEntry[]>();
	for (const entry of entries) {
		const key = rule.keyOf(entry.item);
		received.set(key, [...(received.get(key) ?? []), entry]);
	}
	const inFailed = new Set(failedItems.map((item) => rule.keyOf(item)));
	const known = new Set([...expected, ...apart].map((e) => e.key));
	const t: TriggerTally = {
		label: rule.label,
		expected: expected.filter((e) => !e.optional).length,
		optional: expected.filter((e) => e.optional).length,
		received: entries.length,
		once: 0,
		lost: 0,
		failed: 0,
		dropped: 0,
		doubled: 0,
		unexpected: 0,
		late: 0,
		undeliverable: apart.filter((a) => a.why === 'undeliverable').length,
		unsubscribed: apart.filter((a) => a.why === 'unsubscribed').length,
		ledgerRetries: entries.reduce((sum, e) => sum + e.times - 1, 0),
		examples: {},
	};
	const example = (kind: string, key: string) => {
		const list = (t.examples[kind] ??= []);
		if (list.length < EXAMPLES) list.push(key);
	};
	const outcomes: Outcome[] = [];
	const droppedByN8n = emptiedBetween(expected, received, emptied);
	for (const e of expected) {
		const got = received.get(e.key) ?? [];
		const late = got.some(
			(entry) =>
				rule.markedLate?.(entry.item) === true ||
				(rule.lateAfterMs !== undefined && entry.real - e.real > rule.lateAfterMs),
		);
		const outcome: Outcome = { expected: e, label: rule.label, late };
		if (got.length === 1) t.once++;
		if (got.length > 1) {
			t.doubled++;
			outcome.problem = 'doubled';
			example('doubled', e.key);
		} else if (got.length === 0 && !e.optional) {
			if (inFailed.has(e.key)) {
				t.failed++;
				outcome.problem = 'failed';
				example('failed', e.key);
			} else if (droppedByN8n(e)) {
				t.dropped++;
				outcome.problem = 'dropped';
				example('dropped', e.key);
			} else {
				t.lost++;
				outcome.problem = 'lost';
				example('lost', e.key);
			}
		}
		if (late) t.late++;
		outcomes.push(outcome);
	}
	for (const [key, got] of received) {
		if (known.has(key)) continue;
		t.unexpected += got.length;
		example('unexpected', key);
	}
	return { tally: t, outcomes, apart };
}

type Items = Array<{ json: Json }>;

/**
 * What the trigger put out in an execution n8n did not finish: its run's items, and the items
 * waiting on the execution stack, where n8n puts a delivery's or a poll's output when it enqueues
 * the job. The stack is where they stay when the job failed before it started (its worker's
 * database connection lost) or when n8n recovered the execution of a killed worker: the recovery
 * rebuilds each node's run from the event log, with one placeholder item
 * (`isArtificialRecoveredEventItem`) or none, and keeps the stored stack.
 */
export function triggerOutput(data: Json | undefined): Items {
	const runs = (data?.resultData as Json | undefined)?.runData as Json | undefined;
	const run = (runs?.Trigger as Array<{ data?: { main: Items[] } }> | undefined)?.[0];
	const ran = (run?.data?.main?.[0] ?? []).filter((i) => !i.json.isArtificialRecoveredEventItem);
	const stack = ((data?.executionData as Json | undefined)?.nodeExecutionStack ?? []) as Array<{
		node: { name: string };
		data: { main: Items[] };
	}>;
	const waiting = stack.find((entry) => entry.node.name === 'Trigger')?.data.main[0] ?? [];
	return [...ran, ...waiting];
}

/** The verdict of a season: per trigger, per fault, and whether nothing was lost or doubled. */
export function checkSeason(
	facts: SeasonFacts,
	rules: Map<string, TriggerRule>,
	ledger: LedgerEntry[],
	failedItems: Map<string, Json[]>,
	faults: FaultWindow[],
	recoveryMs: number,
	/** By workflow, the executions n8n failed before they started, keeping no items. */
	emptied: Map<string, number[]> = new Map(),
): SeasonVerdict {
	const triggers: TriggerTally[] = [];
	const outcomes: Outcome[] = [];
	const aparts: Apart[] = [];
	for (const rule of rules.values()) {
		const result = tally(
			rule,
			facts,
			ledger.filter((entry) => entry.workflow === rule.label),
			failedItems.get(rule.label) ?? [],
			emptied.get(rule.label) ?? [],
		);
		triggers.push(result.tally);
		outcomes.push(...result.outcomes);
		aparts.push(...result.apart);
	}
	const faultTallies = faults.map((fault) => {
		const inside = (real: number) => real >= fault.startReal && real <= fault.endReal + recoveryMs;
		const hit = outcomes.filter((o) => inside(o.expected.real));
		return {
			name: fault.name,
			note: fault.note,
			startS: Math.round((fault.startReal - facts.startReal) / 1000),
			seconds: Math.round((fault.endReal - fault.startReal) / 1000),
			changes: hit.length,
			lost: hit.filter((o) => o.problem === 'lost').length,
			failed: hit.filter((o) => o.problem === 'failed').length,
			dropped: hit.filter((o) => o.problem === 'dropped').length,
			doubled: hit.filter((o) => o.problem === 'doubled').length,
			late: hit.filter((o) => o.late).length,
			apart: aparts.filter((a) => inside(a.real)).length,
		};
	});
	const sum = (field: keyof Omit<TriggerTally, 'label' | 'examples'>) =>
		triggers.reduce((total, t) => total + t[field], 0);
	const totals = {
		expected: sum('expected'),
		optional: sum('optional'),
		received: sum('received'),
		once: sum('once'),
		lost: sum('lost'),
		failed: sum('failed'),
		dropped: sum('dropped'),
		doubled: sum('doubled'),
		unexpected: sum('unexpected'),
		late: sum('late'),
		undeliverable: sum('undeliverable'),
		unsubscribed: sum('unsubscribed'),
		ledgerRetries: sum('ledgerRetries'),
	};
	return {
		triggers,
		faults: faultTallies,
		totals,
		passed: totals.lost === 0 && totals.doubled === 0 && totals.unexpected === 0,
	};
}

/** The verdict as text tables: per trigger, then per fault. */
export function seasonTable(verdict: SeasonVerdict): string {
	const row = (cells: Array<string | number>, widths: number[]) =>
		cells
			.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i])))
			.join('  ');
	const triggerHead = [
		'trigger',
		'changes',
		'maybe',
		'received',
		'once',
		'lost',
		'failed',
		'dropped',
		'doubled',
		'unexpected',
		'late',
		'undeliverable',
		'unsubscribed',
	];
	const tw = [20, 7, 5, 8, 6, 4, 6, 7, 7, 10, 4, 13, 12];
	const lines = [row(triggerHead, tw)];
	for (const t of [...verdict.triggers, { label: 'all', ...verdict.totals, examples: {} }])
		lines.push(
			row(
				[
					t.label,
					t.expected,
					t.optional,
					t.received,
					t.once,
					t.lost,
					t.failed,
					t.dropped,
					t.doubled,
					t.unexpected,
					t.late,
					t.undeliverable,
					t.unsubscribed,
				],
				tw,
			),
		);
	const fw = [18, 6, 5, 7, 4, 6, 7, 7, 4, 5];
	lines.push(
		'',
		row(
			[
				'fault',
				'at (s)',
				'for',
				'changes',
				'lost',
				'failed',
				'dropped',
				'doubled',
				'late',
				'apart',
			],
			fw,
		),
	);
	for (const f of verdict.faults)
		lines.push(
			row(
				[
					f.name,
					f.startS,
					f.seconds,
					f.changes,
					f.lost,
					f.failed,
					f.dropped,
					f.doubled,
					f.late,
					f.apart,
				],
				fw,
			) + (f.note ? `  ${f.note}` : ''),
		);
	return lines.join('\n');
}
