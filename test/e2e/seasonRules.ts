/**
 * What each workflow of a season must have received, read from the simulator's own history: one
 * small rule per trigger. A later step can put the reference models of test/properties/ in their
 * place: each rule only maps the season's facts to the occurrences that must come out (`expected`,
 * once each; `optional` ones at most once) and says how an item of the ledger names one (`keyOf`).
 *
 * The driver (seasonDriver.ts) keeps the season inside what these rules can say exactly: attendees
 * and orders change only in festivals, events running through the whole season; one attendee
 * changes again only `spacingMs` (several polls) after its last change; events are moved,
 * published, unpublished or deleted only while their moments are more than `spacingMs` away.
 */
import type { HistoryEntry } from '../simulator/store';
import { DELAY_MINUTES, LEAD_MINUTES, type SeasonWorkflow } from './seasonWorkflows';

type Json = Record<string, unknown>;

/** What the simulator recorded of a season, and the season's bounds. */
export interface SeasonFacts {
	/** The history's last sequence number when the season started: later changes are the season's. */
	startSeq: number;
	/** EventX's clock when the season started (every trigger had polled) and when it was frozen. */
	startAt: number;
	endAt: number;
	startReal: number;
	endReal: number;
	/** Nothing of one record changed again within this (EventX's clock). */
	spacingMs: number;
	/** One poll interval on EventX's clock. */
	pollSimMs: number;
	/** Events running through the whole season. */
	festivals: string[];
	/** The events as the simulator listed them when the season started. */
	eventsAtStart: Json[];
	history: HistoryEntry[];
	/** The simulator's webhook deliveries (`deliveries` of GET /__sim/state). */
	deliveries: Json[];
	/** Attendees and sends when the season's workflows were done. */
	attendeesAtEnd: Json[];
	outbox: Json[];
	/** The send's attendees must have been created this long before the end (real ms) to be due. */
	sendCutoffReal: number;
}

/** One occurrence a trigger must emit: once, or at most once when `optional` says why. */
export interface Expected {
	key: string;
	/** When it happened (real ms; for a moment, when its time came). */
	real: number;
	/** A webhook delivery: when EventX made the one n8n answered (real ms). */
	deliveredAt?: number;
	optional?: string;
}

/** A change that could not reach a webhook trigger, counted apart. */
export interface Apart {
	key: string;
	real: number;
	why: 'undeliverable' | 'unsubscribed';
	detail?: string;
}

export interface TriggerRule {
	label: string;
	expected(facts: SeasonFacts): { expected: Expected[]; apart: Apart[] };
	keyOf(item: Json): string;
	/** Whether the trigger itself marked an item late (the event timeline's moments). */
	markedLate?(item: Json): boolean;
	/** How long after the change an item counts as late (real ms), for changes. */
	lateAfterMs?: number;
}

const MINUTE = 60_000;
const seasonChanges = (facts: SeasonFacts) =>
	facts.history.filter((change) => change.seq > facts.startSeq);
const inFestivals = (facts: SeasonFacts) => {
	const festivals = new Set(facts.festivals);
	return seasonChanges(facts).filter((change) => festivals.has(change.eventId));
};
const ATTENDEE_CHANGES = [
	'attendee-create',
	'attendee-update',
	'attendee-delete',
	'attendee-check-in',
	'attendee-check-out',
];

/** The changes after each one of the same record, for "changed again within spacingMs". */
function nextChangeOf(changes: HistoryEntry[]): Map<number, HistoryEntry | undefined> {
	const next = new Map<number, HistoryEntry | undefined>();
	const last = new Map<string, HistoryEntry>();
	for (const change of changes) {
		const before = last.get(change.id);
		if (before) next.set(before.seq, change);
		next.set(change.seq, undefined);
		last.set(change.id, change);
	}
	return next;
}

/**
 * Why a change may not be seen: the record's next change (of a kind in `hiding`) came within
 * `spacingMs`, perhaps before a poll read the first (polling sees what exists: a removed record,
 * or every change but the latest between two polls, is not seen).
 */
function soonChanged(
	facts: SeasonFacts,
	change: HistoryEntry,
	next: Map<number, HistoryEntry | undefined>,
	hiding: (kind: string) => boolean,
) {
	let after = next.get(change.seq);
	while (after && !hiding(after.kind)) after = next.get(after.seq);
	return after !== undefined && after.at - change.at < facts.spacingMs
		? `${after.kind} ${Math.round((after.at - change.at) / 1000)} s later (EventX's clock)`
		: undefined;
}

/**
 * A change per record (`pick` keeps the changes that count, `key` names each); `hiding` says which
 * later changes of the record may hide it from a poll.
 */
function changeRule(
	label: string,
	pick: (facts: SeasonFacts) => HistoryEntry[],
	key: (change: HistoryEntry) => string,
	keyOf: (item: Json) => string,
	lateAfterMs: number,
	hiding: (kind: string) => boolean,
): TriggerRule {
	return {
		label,
		lateAfterMs,
		keyOf,
		expected(facts) {
			const changes = pick(facts);
			const ids = new Set(changes.map((c) => c.id));
			const next = nextChangeOf(seasonChanges(facts).filter((c) => ids.has(c.id)));
			return {
				expected: changes.map((change) => ({
					key: key(change),
					real: change.real,
					optional: soonChanged(facts, change, next, hiding),
				})),
				apart: [],
			};
		},
	};
}

const removal = (kind: string) => kind === 'attendee-delete' || kind === 'event-delete';
const never = () => false;

/** Keeps the first change per record that `test` accepts. */
const firstPer = (changes: HistoryEntry[], test: (c: HistoryEntry) => boolean) => {
	const seen = new Set<string>();
	return changes.filter((c) => test(c) && !seen.has(c.id) && seen.add(c.id));
};

/** The moments of an event version: when each moment trigger fires. */
const MOMENTS: Record<string, (v: Json) => number | undefined> = {
	'Doors Opening': (v) => time(v.entryStartsAt) ?? time(v.startsAt),
	'Event Starting': (v) => offset(time(v.startsAt), -LEAD_MINUTES * MINUTE),
	'Event Ended': (v) => offset(time(v.endsAt), DELAY_MINUTES * MINUTE),
};

const time = (value: unknown) => (typeof value === 'string' ? Date.parse(value) : undefined);
const offset = (t: number | undefined, ms: number) => (t === undefined ? undefined : t + ms);

/**
 * Each event's versions: how it stood when the season started (or was created), then after each
 * change, each valid from the change's time (EventX's clock) to the next one's.
 */
function eventVersions(facts: SeasonFacts) {
	const deletedBefore = new Set(
		facts.history
			.filter((c) => c.kind === 'event-delete' && c.seq <= facts.startSeq)
			.map((c) => c.id),
	);
	const versions = new Map<string, Array<{ from: number; event: Json }>>();
	for (const event of facts.eventsAtStart) {
		if (deletedBefore.has(String(event.id))) continue;
		versions.set(String(event.id), [{ from: -Infinity, event }]);
	}
	for (const change of seasonChanges(facts)) {
		if (!change.kind.startsWith('event-')) continue;
		const list = versions.get(change.id) ?? [];
		list.push({ from: change.at, event: change.record });
		versions.set(change.id, list);
	}
	return versions;
}

function momentRule(label: string): TriggerRule {
	const momentOf = MOMENTS[label];
	return {
		label,
		keyOf: (item) =>
			`${String(item.eventId)}@${String((item.moment as Json | undefined)?.firesAt)}`,
		markedLate: (item) => (item.moment as Json | undefined)?.late === true,
		expected(facts) {
			const expected: Expected[] = [];
			const margin = facts.pollSimMs;
			const realOf = (t: number) =>
				facts.startReal +
				((t - facts.startAt) * (facts.endReal - facts.startReal)) /
					Math.max(1, facts.endAt - facts.startAt);
			for (const [eventId, list] of eventVersions(facts)) {
				for (const [i, { from, event }] of list.entries()) {
					const to = list[i + 1]?.from ?? Infinity;
					const due = momentOf(event);
					if (due === undefined || due < from || due >= to) continue;
					if (event.isPublished !== true || event.deletedAt) continue;
					if (due <= facts.startAt - margin || due > facts.endAt) continue;
					const near =
						due - from < facts.spacingMs || to - due < facts.spacingMs
							? 'due close to a change of its event'
							: due - facts.startAt < margin || facts.endAt - due < margin
								? "due within a poll of the season's start or end"
								: undefined;
					expected.push({
						key: `${eventId}@${new Date(due).toISOString()}`,
						real: realOf(due),
						optional: near,
					});
				}
			}
			return { expected, apart: [] };
		},
	};
}

/** The attendee changes on the webhook trigger's event, each as delivered (or not) to its URL. */
function webhookRule(label: string, eventId: string, webhookPath: string): TriggerRule {
	const keyOf = (action: unknown, id: unknown, updatedAt: unknown) =>
		`${String(action)}:${String(id)}@${String(updatedAt)}`;
	return {
		label,
		lateAfterMs: 30_000,
		keyOf: (item) => keyOf(item.action, item.id, item.updatedAt),
		expected(facts) {
			const attempts = new Map<string, Json[]>();
			for (const delivery of facts.deliveries) {
				if (!String(delivery.url).includes(webhookPath)) continue;
				const body = delivery.body as { attendee: Json };
				const key = keyOf(delivery.action, body.attendee.id, body.attendee.update_at);
				attempts.set(key, [...(attempts.get(key) ?? []), delivery]);
			}
			const expected: Expected[] = [];
			const apart: Apart[] = [];
			for (const change of seasonChanges(facts)) {
				if (change.eventId !== eventId || !ATTENDEE_CHANGES.includes(change.kind)) continue;
				const key = keyOf(change.kind, change.id, change.record.updatedAt);
				const tries = attempts.get(key) ?? [];
				const answered = tries.filter((d) => Number(d.status) >= 200 && Number(d.status) < 300);
				if (answered.length > 0)
					expected.push({
						key,
						real: change.real,
						deliveredAt: Date.parse(String(answered[0].at)),
					});
				else if (tries.length > 0)
					apart.push({
						key,
						real: change.real,
						why: 'undeliverable',
						detail: String(tries[0].status ?? tries[0].error),
					});
				else apart.push({ key, real: change.real, why: 'unsubscribed' });
			}
			return { expected, apart };
		},
	};
}

/** Every live attendee of the send's event, created before the cutoff, messaged once. */
function sendRule(label: string, eventId: string): TriggerRule {
	return {
		label,
		keyOf: (item) => String(item.id),
		expected(facts) {
			const createdLate = new Set(
				facts.history
					.filter((c) => c.kind === 'attendee-create' && c.real > facts.sendCutoffReal)
					.map((c) => c.id),
			);
			const expected: Expected[] = facts.attendeesAtEnd
				.filter((a) => a.eventId === eventId)
				.map((a) => ({
					key: String(a.id),
					real: facts.startReal,
					optional: a.removedAt
						? 'removed'
						: createdLate.has(String(a.id))
							? 'created in the last runs'
							: undefined,
				}));
			return { expected, apart: [] };
		},
	};
}

/** The rule of each workflow of the season, by label. */
export function seasonRules(
	workflows: SeasonWorkflow[],
	webhookPaths: Record<string, string>,
	pollMs: number,
): Map<string, TriggerRule> {
	// A change polled is late when it came more than two polls after it happened.
	const late = 2 * pollMs + 30_000;
	const attendee = (item: Json) => String(item.id);
	const rules: TriggerRule[] = [
		changeRule(
			'New Attendee',
			(f) => inFestivals(f).filter((c) => c.kind === 'attendee-create'),
			(c) => c.id,
			attendee,
			late,
			removal,
		),
		changeRule(
			'Attendee Updated',
			(f) =>
				inFestivals(f).filter((c) =>
					['attendee-update', 'attendee-check-in', 'attendee-check-out'].includes(c.kind),
				),
			(c) => `${c.id}@${String(c.record.updatedAt)}`,
			(item) => `${String(item.id)}@${String(item.updatedAt)}`,
			late,
			(kind) => kind.startsWith('attendee-'),
		),
		changeRule(
			'Attendee Checked In',
			(f) =>
				firstPer(
					inFestivals(f).filter((c) => c.kind === 'attendee-check-in'),
					(c) => c.record.attendedAt === c.record.checkedInAt,
				),
			(c) => c.id,
			attendee,
			late,
			removal,
		),
		changeRule(
			'New Order',
			(f) => inFestivals(f).filter((c) => c.kind === 'order-create'),
			(c) => c.id,
			attendee,
			late,
			never,
		),
		changeRule(
			'Order Paid',
			// The first change that left the order paid, over its whole history: an order placed paid
			// before the season (the driver's setup) and refunded in it fires nothing.
			(f) =>
				firstPer(
					f.history.filter((c) => c.kind.startsWith('order-') && f.festivals.includes(c.eventId)),
					(c) => typeof c.record.purchasedAt === 'string',
				).filter((c) => c.seq > f.startSeq),
			(c) => c.id,
			attendee,
			late,
			never,
		),
		changeRule(
			'New Event',
			(f) => seasonChanges(f).filter((c) => c.kind === 'event-create'),
			(c) => c.id,
			(item) => String(item.eventId),
			late,
			removal,
		),
		changeRule(
			'Event Published',
			(f) =>
				seasonChanges(f).filter(
					(c) =>
						c.kind === 'event-publish' ||
						(c.kind === 'event-create' && c.record.isPublished === true),
				),
			(c) => `${c.id}@${String(c.record.publishedAt)}`,
			(item) => `${String(item.eventId)}@${String(item.publishedAt)}`,
			late,
			(kind) => ['event-publish', 'event-unpublish', 'event-delete'].includes(kind),
		),
		momentRule('Doors Opening'),
		momentRule('Event Starting'),
		momentRule('Event Ended'),
	];
	for (const workflow of workflows) {
		if (workflow.kind === 'webhook')
			rules.push(webhookRule(workflow.label, workflow.eventId!, webhookPaths[workflow.label]));
		if (workflow.kind === 'send') rules.push(sendRule(workflow.label, workflow.eventId!));
	}
	return new Map(rules.map((rule) => [rule.label, rule]));
}
