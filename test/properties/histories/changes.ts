// Histories of EventX for the attendee and order polling triggers, and a driver that plays one
// against the simulator while the real EventX Polling Trigger polls it through the poll harness
// (n8n-core's PollContext, HTTP). The driver records what the lists showed at each poll and what
// the node emitted and logged, for the model (models/changes.ts) to judge.
import fc from 'fast-check';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import type { Json } from '../../simulator/store';

import { PollHarness } from '../../harness/poll';
import { newAttendee, type AttendeeRecord } from '../../simulator/routes/attendees';
import { addEvent, deleteEvent, rescheduleEvent } from '../../simulator/routes/events';
import { setOrderStatus } from '../../simulator/routes/orders';
import { ORG_HOSTED } from '../../simulator/seed';
import type { Simulator } from '../../simulator/server';
import type { FaultSpec } from '../../simulator/faults';
import { demoCredentials } from '../../fixtures';
import { withLog } from '../../pollingTrigger/setup';
import {
	LOOK_BACK_MS,
	type InScope,
	type PollView,
	type RecordView,
	type TriggerName,
	type TriggerSettings,
} from '../models/changes';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
const DAY = 86_400_000;
/** Where every history starts on EventX's clock. */
export const T0 = Date.parse('2027-03-01T09:00:00.000Z');

/** A change may be committed late (lists show it that much later) or stamped by a wrong clock. */
export interface ChangeQuirks {
	lateMs?: number;
	skewMs?: number;
}

/** A fault of one poll: the list misbehaves, the poll fails, or a read eats the poll's budget. */
export type PollFault =
	| { kind: 'out-of-order' | 'capped-count' | 'short-pages' }
	| { kind: 'remove-after-read'; count: number }
	| { kind: 'fail'; skip: number }
	| { kind: 'slow'; skip: number; delayMs: number };

export type Step =
	| ({
			kind: 'attendee';
			event: number;
			status: 'registered' | 'pending';
			count: number;
	  } & ChangeQuirks)
	| ({ kind: 'update' | 'register' | 'checkIn' | 'removeAttendee'; pick: number } & ChangeQuirks)
	| ({ kind: 'offlineCheckIn'; pick: number; scannedAgoMs: number } & ChangeQuirks)
	| ({
			kind: 'order';
			event: number;
			status: 'pending_payment' | 'paid' | 'completed';
	  } & ChangeQuirks)
	| ({ kind: 'pay'; pick: number; backdateMs: number } & ChangeQuirks)
	| ({ kind: 'refund' | 'cancel'; pick: number } & ChangeQuirks)
	| {
			kind: 'bulk';
			event: number;
			what: 'attendees' | 'checkIns' | 'offlineCheckIns' | 'paidOrders';
			count: number;
			scannedAgoMs: number;
	  }
	/** Time passes for EventX and n8n alike (n8n down for a while when no poll follows). */
	| { kind: 'tick'; ms: number }
	/** EventX's clock is stepped (NTP), either way; n8n's is not. */
	| { kind: 'eventxStep'; ms: number }
	/** n8n's clock is stepped; EventX's is not. */
	| { kind: 'n8nStep'; ms: number }
	/**
	 * A poll, maybe with a fault, answered by servers whose `Date` is off by `dates` in turn (null:
	 * no `Date` header).
	 */
	| { kind: 'poll'; fault?: PollFault; dates?: Array<number | null> }
	/** n8n restarts: what it saved comes back (n8n 2.8 keeps the state of polls that found nothing in memory only). */
	| { kind: 'restart' }
	/** The node's static data is lost: the trigger starts over. */
	| { kind: 'wipe' }
	/** The trigger is changed to another and, after `polls` polls, back. */
	| { kind: 'retrigger'; to: TriggerName | EventTrigger; polls: number }
	/** Events > Several Events: the picked events (indexes into the history's events). */
	| { kind: 'pick'; events: number[] }
	/** An event's times move (it starts or stops running), or it is deleted. */
	| { kind: 'schedule'; event: number; startsInMs: number; hours: number }
	| { kind: 'deleteEvent'; event: number }
	/** The next `times` reads of an event answer 404. */
	| { kind: 'notFound'; event: number; times: number }
	/**
	 * The crowd (`History['crowd']`) joins at once: its events start running (All Running Events)
	 * or are picked (Several Events), unless they were from the start; and each gets an attendee,
	 * checked in a millisecond later, and a paid order.
	 */
	| { kind: 'crowd' };

export interface History {
	settings: TriggerSettings & { maxRecords?: number };
	scope: 'one' | 'several' | 'running';
	/** The history's events: each starts running this long after T0 (negative: already running), for so many hours. */
	events: Array<{ startsInMs: number; hours: number }>;
	/** Several Events: the events picked at the start. */
	picked: number[];
	saves: 'every poll' | 'when it fires';
	pollBudgetMs?: number;
	/**
	 * Many events (up to about 100) joining at one moment, beside `events`, while each attendee or
	 * order list read takes `readMs` of a small poll budget (`pollBudgetMs`): the first poll of the
	 * scope (`atActivation`), or the poll where they join, has time for a few of them.
	 */
	crowd?: { events: number; hours: number; readMs: number; atActivation: boolean };
	/** n8n's clock this far from EventX's from the start (negative: behind). */
	n8nOffsetMs?: number;
	/** All Running Events: EventX answers without a `Date` header, from the activation on (not in the drain). */
	dateless?: boolean;
	/** Attendees (half of them pending) and orders (pending payment) made before the activation. */
	prepared: { attendees: number; orders: number };
	steps: Step[];
}

/** Event triggers a history may switch to for a while: a change trigger and a moment trigger. */
type EventTrigger = 'newEvent' | 'eventStarting';
const isEventTrigger = (t: string): t is EventTrigger => t === 'newEvent' || t === 'eventStarting';

const TRIGGERS: TriggerName[] = [
	'newAttendee',
	'attendeeUpdated',
	'attendeeRegistered',
	'attendeeCheckedIn',
	'newOrder',
	'orderPaid',
];

// --- Generators ------------------------------------------------------------------------------

const quirks = (): fc.Arbitrary<ChangeQuirks> =>
	fc.record(
		{
			// A transaction that commits late: within the look-back mostly, sometimes beyond it.
			lateMs: fc.oneof(
				{ weight: 4, arbitrary: fc.integer({ min: 1, max: 59_000 }) },
				{ weight: 1, arbitrary: fc.integer({ min: 61_000, max: 10 * MINUTE }) },
			),
			// A record stamped by a wrong clock: a little, or hours and a day either way.
			skewMs: fc.oneof(
				fc.integer({ min: -59_000, max: 59_000 }),
				fc.constantFrom(-HOUR, 8 * HOUR, 86_400_000, -86_400_000),
			),
		},
		{ requiredKeys: [] },
	);

/** Mostly plain changes; one in six committed late or stamped off. */
const withQuirks = <T extends object>(base: fc.Arbitrary<T>): fc.Arbitrary<T & ChangeQuirks> =>
	fc.oneof(
		{ weight: 5, arbitrary: base as fc.Arbitrary<T & ChangeQuirks> },
		{
			weight: 1,
			arbitrary: fc.tuple(base, quirks()).map(([b, q]) => ({ ...b, ...q })),
		},
	);

const pick = fc.nat({ max: 40 });
const eventIndex = fc.nat({ max: 3 });

/** A scan made offline that long before its sync (negative: a scanner whose clock runs fast). */
const scannedAgo = fc.oneof(
	fc.integer({ min: 0, max: 2 * HOUR }),
	fc.integer({ min: 20 * HOUR, max: 30 * HOUR }),
	fc.constantFrom(-8 * HOUR, -3 * HOUR, 86_400_000 - 30_000, 86_400_000 + 30_000),
);

const attendeeSteps: Array<fc.Arbitrary<Step>> = [
	withQuirks(
		fc.record({
			kind: fc.constant('attendee' as const),
			event: eventIndex,
			status: fc.constantFrom('registered' as const, 'pending' as const),
			count: fc.oneof({ weight: 4, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 4 })),
		}),
	),
	withQuirks(
		fc.record({
			kind: fc.constantFrom(
				'update' as const,
				'register' as const,
				'checkIn' as const,
				'removeAttendee' as const,
			),
			pick,
		}),
	),
	withQuirks(
		fc.record({ kind: fc.constant('offlineCheckIn' as const), pick, scannedAgoMs: scannedAgo }),
	),
];

const orderSteps: Array<fc.Arbitrary<Step>> = [
	withQuirks(
		fc.record({
			kind: fc.constant('order' as const),
			event: eventIndex,
			status: fc.constantFrom('pending_payment' as const, 'paid' as const, 'completed' as const),
		}),
	),
	withQuirks(
		fc.record({
			kind: fc.constant('pay' as const),
			pick,
			backdateMs: fc.oneof(
				{ weight: 5, arbitrary: fc.constant(0) },
				{ weight: 1, arbitrary: fc.integer({ min: 1000, max: 2 * HOUR }) },
			),
		}),
	),
	withQuirks(fc.record({ kind: fc.constantFrom('refund' as const, 'cancel' as const), pick })),
];

const tick = fc.oneof(
	{ weight: 3, arbitrary: fc.constantFrom(0, 1, 2) },
	{ weight: 4, arbitrary: fc.integer({ min: 1000, max: 59_000 }) },
	{ weight: 3, arbitrary: fc.integer({ min: MINUTE, max: 15 * MINUTE }) },
	{ weight: 1, arbitrary: fc.integer({ min: HOUR, max: 30 * HOUR }) },
);

const pollFault: fc.Arbitrary<PollFault> = fc.oneof(
	fc.record({
		kind: fc.constantFrom('out-of-order' as const, 'capped-count' as const, 'short-pages' as const),
	}),
	fc.record({
		kind: fc.constant('remove-after-read' as const),
		count: fc.integer({ min: 1, max: 3 }),
	}),
	fc.record({ kind: fc.constant('fail' as const), skip: fc.nat({ max: 2 }) }),
	fc.record({
		kind: fc.constant('slow' as const),
		skip: fc.nat({ max: 2 }),
		delayMs: fc.integer({ min: 10_000, max: 40_000 }),
	}),
);

/**
 * Servers behind EventX's balancer: most agree, one may be minutes off or send no `Date` (across
 * several events: only behind, and always with one: where an event joining starts is read by
 * EventX's clock).
 */
const dates = (scope: History['scope']) =>
	fc.array(
		fc.oneof(
			{ weight: 3, arbitrary: fc.constant(0) },
			{
				weight: 1,
				arbitrary:
					scope === 'one'
						? fc.constantFrom(-2 * MINUTE, 2 * MINUTE, -30_000, 30_000, null)
						: fc.constantFrom(-2 * MINUTE, -30_000),
			},
		),
		{ minLength: 1, maxLength: 3 },
	);

const poll = (scope: History['scope']): fc.Arbitrary<Step> =>
	fc.record(
		{
			kind: fc.constant('poll' as const),
			fault: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, pollFault),
			// (which events run is read by EventX's clock: servers that disagree would decide it; with
			// no `Date` at all, n8n's clock decides)
			dates:
				scope === 'running'
					? fc.oneof(
							{ weight: 4, arbitrary: fc.constant(undefined) },
							fc.constant([null] as Array<number | null>),
						)
					: fc.oneof({ weight: 4, arbitrary: fc.constant(undefined) }, dates(scope)),
		},
		{ requiredKeys: ['kind'] },
	) as fc.Arbitrary<Step>;

const rare: Array<fc.Arbitrary<Step>> = [
	fc.record({
		kind: fc.constant('eventxStep' as const),
		ms: fc.constantFrom(-10 * MINUTE, -90_000, -30_000, 30_000, 10 * MINUTE, 2 * HOUR),
	}),
	fc.record({
		kind: fc.constant('n8nStep' as const),
		ms: fc.constantFrom(-2 * HOUR, -5 * MINUTE, 5 * MINUTE, 2 * HOUR),
	}),
	fc.constant({ kind: 'restart' as const }),
	fc.constant({ kind: 'wipe' as const }),
	fc.record({
		kind: fc.constant('retrigger' as const),
		to: fc.constantFrom<TriggerName | EventTrigger>(...TRIGGERS, 'newEvent', 'eventStarting'),
		polls: fc.nat({ max: 2 }),
	}),
];

/** Large steps that reach the memory's bounds (1,000 ahead, 2,000 remembered); seldom. */
const bulk: fc.Arbitrary<Step> = fc.record({
	kind: fc.constant('bulk' as const),
	event: eventIndex,
	what: fc.constantFrom(
		'attendees' as const,
		'checkIns' as const,
		'offlineCheckIns' as const,
		'paidOrders' as const,
	),
	count: fc.integer({ min: 900, max: 2_300 }),
	scannedAgoMs: fc.constantFrom(-8 * HOUR, 30_000, 3 * HOUR),
});

const scopeSteps: Array<fc.Arbitrary<Step>> = [
	fc.record({
		kind: fc.constant('pick' as const),
		events: fc.uniqueArray(eventIndex, { minLength: 1, maxLength: 4 }),
	}),
	fc.record({
		kind: fc.constant('schedule' as const),
		event: eventIndex,
		startsInMs: fc.integer({ min: -12 * HOUR, max: 2 * HOUR }),
		hours: fc.integer({ min: 0, max: 12 }),
	}),
	fc.record({ kind: fc.constant('deleteEvent' as const), event: eventIndex }),
	fc.record({
		kind: fc.constant('notFound' as const),
		event: eventIndex,
		times: fc.integer({ min: 1, max: 2 }),
	}),
];

/** Many events joining at once under a budget that has time for a few of their reads. */
const crowd: fc.Arbitrary<NonNullable<History['crowd']>> = fc.record({
	// (mostly a few dozen: a crowd's history costs about the square of its size)
	events: fc.oneof(
		{ weight: 3, arbitrary: fc.integer({ min: 20, max: 50 }) },
		fc.integer({ min: 51, max: 100 }),
	),
	hours: fc.integer({ min: 1, max: 10 }),
	readMs: fc.constantFrom(1_000, 2_000, 4_000),
	atActivation: fc.boolean(),
});

/** A budget that allows a few reads of `crowd.readMs` (half of it is for reads: 10 s). */
export const CROWD_BUDGET_MS = 20_000;

/** The trigger's settings: which event, Max Records Per Poll (small ones make the caps bite). */
const settings: fc.Arbitrary<History['settings']> = fc
	.record(
		{
			trigger: fc.constantFrom(...TRIGGERS),
			maxRecords: fc.oneof(
				{ weight: 3, arbitrary: fc.constant(undefined) },
				{ weight: 2, arbitrary: fc.integer({ min: 1, max: 4 }) },
			),
			registrationStatus: fc.oneof(
				{ weight: 5, arbitrary: fc.constant(undefined) },
				fc.constant(['registered'] as string[]),
			),
		},
		{ requiredKeys: ['trigger'] },
	)
	.map((s) => ({
		...s,
		registrationStatus:
			s.trigger.startsWith('attendee') || s.trigger === 'newAttendee'
				? s.registrationStatus
				: undefined,
	}));

export interface HistoryShape {
	scope: History['scope'];
	/** Steps at most (the histories are short: a few polls each). */
	maxSteps: number;
	/** Whether bulk steps (hundreds of records at once) may come. */
	bulk: boolean;
	/** Whether restarts, clock steps and trigger changes may come. */
	rare: boolean;
}

/** Histories of one shape: the trigger first, then steps weighted towards what it watches. */
export function histories(shape: HistoryShape): fc.Arbitrary<History> {
	return settings
		.chain((chosen) => {
			const orders = chosen.trigger === 'newOrder' || chosen.trigger === 'orderPaid';
			const steps: Array<{ weight: number; arbitrary: fc.Arbitrary<Step> }> = [
				{ weight: 10, arbitrary: fc.oneof(...(orders ? orderSteps : attendeeSteps)) },
				{ weight: 2, arbitrary: fc.oneof(...(orders ? attendeeSteps : orderSteps)) },
				{ weight: 5, arbitrary: fc.record({ kind: fc.constant('tick' as const), ms: tick }) },
				{ weight: 5, arbitrary: poll(shape.scope) },
			];
			if (shape.rare) steps.push({ weight: 2, arbitrary: fc.oneof(...rare) });
			if (shape.bulk) steps.push({ weight: 1, arbitrary: bulk });
			if (shape.scope !== 'one') steps.push({ weight: 3, arbitrary: fc.oneof(...scopeSteps) });
			return fc.record({
				settings: fc.constant(chosen),
				scope: fc.constant(shape.scope),
				events: fc.array(
					fc.record({
						startsInMs: fc.integer({ min: -6 * HOUR, max: 3 * HOUR }),
						hours: fc.integer({ min: 1, max: 10 }),
					}),
					{
						minLength: shape.scope === 'one' ? 1 : 2,
						maxLength: shape.scope === 'one' ? 1 : 4,
					},
				),
				picked: fc.uniqueArray(eventIndex, { minLength: 1, maxLength: 4 }),
				saves: fc.constantFrom('every poll' as const, 'when it fires' as const),
				pollBudgetMs: fc.constantFrom(undefined, 36_000),
				// Seldom (each such history takes a second or two): a crowd of events joining.
				crowd:
					shape.scope === 'one'
						? fc.constant(undefined)
						: fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, crowd),
				crowdAt: fc.nat({ max: shape.maxSteps }),
				dateless:
					shape.scope === 'running'
						? fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, fc.constant(true))
						: fc.constant(false),
				n8nOffsetMs: fc.oneof(
					{ weight: 3, arbitrary: fc.constant(0) },
					fc.constantFrom(-2 * HOUR, -5 * MINUTE, 5 * MINUTE, 2 * HOUR),
				),
				prepared: fc.record({ attendees: fc.nat({ max: 6 }), orders: fc.nat({ max: 6 }) }),
				steps: fc.array(fc.oneof(...steps), {
					maxLength: shape.maxSteps,
					size: 'max',
				}),
			});
		})
		.map(({ crowdAt, ...history }): History => {
			// Hundreds of records at once are drained at the default cap, not one a poll.
			if (history.steps.some((step) => step.kind === 'bulk'))
				history = { ...history, settings: { ...history.settings, maxRecords: undefined } };
			if (!history.crowd) return history;
			const steps = [...history.steps];
			steps.splice(Math.min(crowdAt, steps.length), 0, { kind: 'crowd' });
			return { ...history, steps, pollBudgetMs: CROWD_BUDGET_MS };
		});
}

// --- The driver ------------------------------------------------------------------------------

/** The polls of a history as the model reads them, and how long the history ran. */
export interface Played {
	polls: PollView[];
	/** The polls after the history that drained the trigger (emitted nothing at the end). */
	drained: boolean;
	/** Polls that left an event in scope unread (out of time, or of records): deferred to a later poll. */
	deferred: number;
}

interface Meta {
	visibleAt: number;
	high: number;
}

/** The poll harness's options for a trigger and scope. */
function parameters(
	trigger: TriggerName | EventTrigger,
	settings: History['settings'],
	scope: History['scope'],
	eventIds: string[],
	picked: string[],
): INodeParameters {
	const options: Json = {};
	if (settings.maxRecords !== undefined) options.maxRecords = settings.maxRecords;
	if (settings.registrationStatus && trigger === settings.trigger)
		options.registrationStatus = settings.registrationStatus;
	if (trigger === 'newEvent' || trigger === 'eventStarting')
		return { resource: trigger, events: 'all', options } as INodeParameters;
	if (scope === 'one')
		return {
			resource: trigger,
			events: 'one',
			eventId: { __rl: true, mode: 'id', value: eventIds[0] },
			options,
		} as INodeParameters;
	if (scope === 'several')
		return { resource: trigger, events: 'several', eventIds: picked, options } as INodeParameters;
	return { resource: trigger, events: 'running', options } as INodeParameters;
}

/** Whether an event runs at `now` (its run time or entry window includes now). */
function runsAt(event: Json, now: number): boolean {
	const start = Date.parse(String(event.startsAt));
	const end = Date.parse(String(event.endsAt));
	return start <= now && now <= end;
}

/**
 * Plays a history: the simulator's store is emptied, the history's events added, the trigger
 * activated and polled through the steps, then polled with time passing until it has nothing
 * left. n8n's clock (`Date.now`) is the history's own while it plays.
 */
export async function play(sim: Simulator, clock: ClientClock, history: History): Promise<Played> {
	const { store } = sim;
	store.attendees.clear();
	store.orders.clear();
	store.hiddenUntil.clear();
	store.events.clear();
	store.recordSkewMs = 0;
	store.dateSkewMs = 0;
	sim.faults.clear();
	sim.clearLog();
	store.freezeTime(T0);
	clock.reset();
	clock.advance(history.n8nOffsetMs ?? 0);

	const eventIds = history.events.map((e, i) =>
		String(
			addEvent(store, {
				organizationId: ORG_HOSTED,
				name: `Event ${i}`,
				startsAt: new Date(T0 + e.startsInMs).toISOString(),
				endsAt: new Date(T0 + e.startsInMs + e.hours * HOUR).toISOString(),
			}).id,
		),
	);
	// The crowd: not running (or not picked) until its step, unless from the start.
	const crowd = history.crowd;
	const crowdIds = Array.from({ length: crowd?.events ?? 0 }, (_, i) => {
		const start = crowd!.atActivation ? T0 - HOUR : T0 + 30 * DAY;
		return String(
			addEvent(store, {
				organizationId: ORG_HOSTED,
				name: `Crowd ${i}`,
				startsAt: new Date(start).toISOString(),
				endsAt: new Date(start + crowd!.hours * HOUR).toISOString(),
			}).id,
		);
	});
	const allIds = [...eventIds, ...crowdIds];
	const meta = new Map<string, Meta>();
	let high = T0;
	const attendees: string[] = [];
	const orders: string[] = [];
	let picked = [...new Set(history.picked.map((i) => eventIds[i % eventIds.length]))];
	if (crowd?.atActivation) picked.push(...crowdIds);
	let trigger: TriggerName | EventTrigger = history.settings.trigger;

	const harness = new PollHarness({
		parameters: parameters(trigger, history.settings, history.scope, eventIds, picked),
		credentials: demoCredentials(sim),
		pollBudgetMs: history.pollBudgetMs,
		saves: history.saves,
	});

	/** Updates committed late: the version lists show until the commit, and the change then. */
	const pending = new Map<string, { at: number; record: Json; after: Json }>();
	const replace = (record: Json, fields: Json) => {
		for (const key of Object.keys(record)) delete record[key];
		Object.assign(record, fields);
	};
	/** Commits the late updates whose time has come (or the one of `id` at once). */
	const commit = (id?: string) => {
		for (const [key, late] of [...pending]) {
			if (key !== id && late.at > store.nowMs()) continue;
			pending.delete(key);
			replace(late.record, late.after);
			const visibleAt = key === id ? store.nowMs() : late.at;
			high = Math.max(high, visibleAt);
			meta.set(key, { visibleAt, high });
		}
	};
	/** Creates records at EventX's clock with the quirks of the step; each new version recorded. */
	const change = (quirk: ChangeQuirks, run: () => string[]) => {
		store.recordSkewMs = quirk.skewMs ?? 0;
		let ids: string[];
		try {
			ids = run();
		} finally {
			store.recordSkewMs = 0;
		}
		const now = store.nowMs();
		high = Math.max(high, now);
		for (const id of ids) {
			if (quirk.lateMs) sim.commitLate(id, quirk.lateMs);
			const visibleAt = now + (quirk.lateMs ?? 0);
			meta.set(id, { visibleAt, high: Math.max(high, visibleAt) });
		}
	};
	/**
	 * Changes a record at EventX's clock with the quirks of the step; committed late, the lists
	 * show the version before until then (a change of a record waiting for its commit commits it).
	 */
	const update = (
		quirk: ChangeQuirks,
		record: Json & { id: string },
		mutate: (now: string) => void,
	) => {
		commit(record.id);
		const before = { ...record };
		store.recordSkewMs = quirk.skewMs ?? 0;
		try {
			mutate(store.now());
		} finally {
			store.recordSkewMs = 0;
		}
		const now = store.nowMs();
		high = Math.max(high, now);
		if (!quirk.lateMs) {
			// A record created late and not committed yet shows its change with its commit.
			const visibleAt = Math.max(now, store.hiddenUntil.get(record.id) ?? now);
			meta.set(record.id, { visibleAt, high: Math.max(high, visibleAt) });
			return;
		}
		const after = { ...record };
		replace(record, before);
		const at = Math.max(now + quirk.lateMs, store.hiddenUntil.get(record.id) ?? now);
		pending.set(record.id, { at, record, after });
	};
	const attendee = (i: number) => {
		const live = attendees.filter((id) => !store.attendees.get(id)?.removedAt);
		return live.length === 0
			? undefined
			: (store.attendees.get(live[i % live.length]) as AttendeeRecord);
	};
	const order = (i: number) =>
		orders.length === 0 ? undefined : store.orders.get(orders[i % orders.length]);
	const createAttendees = (eventId: string, count: number, status: string) =>
		Array.from({ length: count }, () => {
			const a = newAttendee(
				eventId,
				{ firstName: 'Prop', lastName: 'Test', registrationStatus: status },
				store.now(),
			);
			store.attendees.set(a.id, a);
			attendees.push(a.id);
			return a.id;
		});

	const polls: PollView[] = [];
	let deferred = 0;
	let dateless = history.dateless ?? false;
	/** Events whose next reads answer 404 (a `notFound` step), taken by the next poll. */
	const notFound: Array<{ eventId: string; times: number }> = [];
	let run = 0;
	let runTrigger: string | undefined;
	let wiped = false;
	let activated = false;
	const settingsOf = (t: TriggerName): TriggerSettings => ({
		trigger: t,
		registrationStatus:
			t === history.settings.trigger ? history.settings.registrationStatus : undefined,
	});
	/** The events the trigger watches, each with its cursor as docs/behaviour.md says it keeps it. */
	let watched = new Map<string, InScope>();
	/**
	 * The clock time of the last poll that read a list and whose answers carried a `Date` (the node
	 * knows EventX's clock from them: an event joining starts no earlier than that less the
	 * look-back; without a `Date` the node keeps where the last poll that knew stood, or goes by
	 * what its records tell, which may lie far behind, rather than trust n8n's clock), and (at
	 * most) where an event joining now starts.
	 */
	let toldAt: number | undefined;
	let joinFrom = -Infinity;
	/**
	 * n8n's clock less the look-back at the start of the run's first poll: where the node takes
	 * events to join while no answer has told EventX's clock (docs/behaviour.md, a guess).
	 */
	let joinGuess = -Infinity;
	const guesses = new Map<string, number>();
	let stays = 0;
	let activating = true;
	/** Where the trigger stood at the last poll n8n saved: a restart goes back there. */
	let saved = { watched, joinFrom, toldAt };

	/** The events whose lists the poll reads, the events watched after it, and those no longer watched. */
	const scopeAt = (now: number, dateAhead: number, missing: Set<string>, noDate: boolean) => {
		// Which events run, by EventX's clock as its `Date` tells it (whole seconds); without a
		// `Date`, by n8n's clock.
		const told = noDate ? clock.n8nNow() : Math.floor(now / 1000) * 1000;
		const start = Math.max(now, now + dateAhead - LOOK_BACK_MS);
		const next = new Map<string, InScope>();
		const read = new Map<string, InScope>();
		const dropped = new Set<string>();
		const waiting = new Set<string>();
		for (const id of allIds) {
			const record = store.events.get(id)!;
			const deleted = record.deletedAt !== undefined && record.deletedAt !== null;
			let wanted = history.scope === 'one' || picked.includes(id);
			let until: number | undefined;
			if (history.scope === 'running') {
				until = Date.parse(String(record.event.endsAt));
				// After its end: read on (for the grace the trigger allows, or while what it stamped
				// before its end waits), or joining when it ran since the last poll. Nothing it stamps
				// after its end is owed, so the model may watch it for a day and the look-back (the
				// node reads Attendee Checked In's so long).
				// (since the last poll that heard EventX's clock)
				const ran = activated && until >= (toldAt ?? -Infinity) - 3 * LOOK_BACK_MS;
				const ended =
					until < told && told - until <= DAY + LOOK_BACK_MS && (watched.has(id) || ran);
				wanted = !deleted && (runsAt(record.event, told) || ended);
			}
			// Watched, and not started (moved later, or EventX's clock stepped back): not read, its
			// cursor kept; run again, it goes on from there.
			if (history.scope === 'running' && !wanted && !deleted && watched.has(id) && until! >= told) {
				next.set(id, watched.get(id)!);
				waiting.add(id);
				continue;
			}
			if (!wanted) {
				dropped.add(id);
				continue;
			}
			const since = history.scope === 'running' ? runningSince(record.event) : -Infinity;
			const entry: InScope =
				watched.get(id) ??
				(activated
					? {
							stay: (stays += 1),
							from: Math.max(joinFrom, since),
							notBefore: Math.max((toldAt ?? -Infinity) - 3 * LOOK_BACK_MS, since),
						}
					: { stay: (stays += 1), from: start });
			if (until !== undefined) entry.until = until;
			if (until !== undefined) entry.ended = until < told;
			// Not read at the activation: its cursor starts at the node's guess of EventX's clock (the
			// other events' answers, else n8n's clock); nothing is owed before its first read.
			const unread = deleted || missing.has(id);
			if (!activated && unread) {
				Object.assign(entry, { from: Infinity, unread: true });
				guesses.set(id, Math.max(clock.n8nNow(), now + dateAhead));
			} else if (entry.unread && !unread)
				Object.assign(entry, { from: Math.max(now, guesses.get(id) ?? now), unread: false });
			// Joining at the run's first poll with a `Date`: no earlier than the node's guess moved
			// back by how far n8n's clock runs ahead (stepped back since, what it changed in between
			// is not owed).
			if (!watched.has(id) && activated && toldAt === undefined && !noDate) {
				const ahead = clock.n8nNow() - (told + dateAhead);
				entry.from = Math.max(entry.from, Math.min(joinGuess, joinGuess - ahead));
			}
			// Joining while no answer of the run has told EventX's clock: its cursor starts at the
			// node's guess, nothing owed before a `Date` tells how far n8n's clock runs ahead; then
			// from the guess moved back by as much (a step of n8n's clock meanwhile moves it too), no
			// earlier than where it joined as known then (its records having told EventX's clock or
			// not; moved earlier after, its cursor stays).
			if (!watched.has(id) && activated && toldAt === undefined && noDate)
				Object.assign(entry, { from: Infinity, guessedJoin: entry.from });
			else if (entry.guessedJoin !== undefined && !noDate) {
				const ahead = clock.n8nNow() - (told + dateAhead);
				Object.assign(entry, {
					from: Math.max(entry.guessedJoin, joinGuess - ahead),
					guessedJoin: undefined,
				});
			}
			// Ended, by EventX's clock, before where the last poll stood, while no answer of the run
			// has told EventX's clock: the node lets it join if its join point is a guess, not if a
			// record told it EventX's clock; nothing of it is owed (what comes out is allowed).
			if (
				!watched.has(id) &&
				activated &&
				toldAt === undefined &&
				until !== undefined &&
				until < joinFrom
			)
				Object.assign(entry, { from: Infinity, guessedJoin: undefined });
			// An activation's guess gives way to EventX's clock the same way, moved back only (n8n's
			// clock stepped back meanwhile: what the event changed in between is not owed).
			if (entry.guessedAt !== undefined && !noDate) {
				const ahead = clock.n8nNow() - (told + dateAhead);
				const guess = entry.guessedAt;
				Object.assign(entry, {
					from: Math.max(entry.from, Math.min(guess, guess - ahead)),
					guessedAt: undefined,
				});
			}
			next.set(id, entry);
			if (deleted) dropped.add(id);
			// (as it stands at this poll: an event moved later changes its end)
			else if (!unread) read.set(id, { ...entry });
		}
		return { next, read, dropped, waiting };
	};

	const doPoll = async (step: Extract<Step, { kind: 'poll' }> = { kind: 'poll' }) => {
		commit();
		// A run ends where another trigger polls, or where static data was lost (a trigger changed
		// and changed back before it polled goes on where it stood).
		if (runTrigger !== undefined && (trigger !== runTrigger || wiped)) startOver();
		runTrigger = trigger;
		wiped = false;
		const now = store.nowMs();
		high = Math.max(high, now);
		const faultOf = (f: PollFault): FaultSpec => {
			const path = isEventTrigger(trigger)
				? '/event$'
				: `/${trigger.includes('rder') ? 'order' : 'attendee'}$`;
			switch (f.kind) {
				case 'fail':
					return { kind: 'status', status: 500, path, skip: f.skip };
				case 'slow':
					return { kind: 'delay', delayMs: f.delayMs, path, skip: f.skip };
				case 'remove-after-read':
					return { kind: 'remove-after-read', count: f.count, path };
				default:
					return {
						kind: f.kind,
						path,
						totalCount: f.kind === 'capped-count' ? 2 : undefined,
						pageSize: 3,
					};
			}
		};
		sim.faults.clear();
		const missing = new Set<string>();
		for (const { eventId, times } of notFound.splice(0)) {
			sim.addFault({
				kind: 'status',
				status: 404,
				path: `/event/${eventId}/(attendee|order)$`,
				times,
			});
			missing.add(eventId);
		}
		if (step.fault)
			sim.addFault({
				...faultOf(step.fault),
				times: step.fault.kind === 'fail' || step.fault.kind === 'slow' ? 1 : 0,
			});
		// With a crowd, every attendee and order list read takes a good share of the budget.
		if (crowd)
			sim.addFault({
				kind: 'delay',
				delayMs: crowd.readMs,
				path: '/event/[^/]+/(attendee|order)$',
				times: 0,
			});
		// (a history whose EventX sends no `Date` sends none at this poll either, unless it drains)
		const dates = step.dates ?? (dateless ? [null] : undefined);
		clock.dates(dates);
		// What the lists show now (the clock stands still during a poll).
		const visible: RecordView[] = [];
		for (const a of store.attendees.values()) {
			if (a.removedAt || !store.visible(a.id)) continue;
			visible.push({ ...view(a, 'attendee'), ...meta.get(a.id)! });
		}
		for (const o of store.orders.values()) {
			if (!store.visible(o.id)) continue;
			visible.push({ ...view(o, 'order'), ...meta.get(o.id)! });
		}
		// The events in scope and where each counts from (activation: now, later if a server's clock
		// runs ahead; joining: where the last poll stood).
		const dateAhead = Math.max(0, ...(dates ?? []).map((skew) => skew ?? 0));
		const dateBehind = Math.min(0, ...(dates ?? []).map((skew) => skew ?? 0));
		const noDate = dates?.[0] === null;
		const { next, read, dropped, waiting } = scopeAt(now, dateAhead, missing, noDate);
		const requestsBefore = sim.requests.length;
		// The harness saves an activation's poll (n8n 2.8): the first after it was built or restarted.
		const firstOfActivation = activating;
		const n8nAtStart = clock.n8nNow();
		let logged;
		try {
			logged = await withLog(() => harness.poll());
		} finally {
			sim.faults.clear();
			clock.dates(undefined);
			// The time slow answers took passes for EventX too, once the poll is over.
			store.advanceTime(clock.settle());
		}
		const { result: outcome, debug, info, warn, error } = logged;
		const logs = [...debug, ...info, ...warn, ...error];
		if (outcome.error === undefined) activating = false;
		if (isEventTrigger(trigger)) return;
		const listsRead = new Set(
			sim.requests
				.slice(requestsBefore)
				.map((r) => /\/event\/([^/]+)\/(attendee|order)$/.exec(r.path)?.[1])
				.filter((id) => id !== undefined),
		);
		// The events in scope whose lists the poll had no time to read.
		const unread = new Set([...read.keys()].filter((id) => !listsRead.has(id)));
		if (unread.size > 0) deferred += 1;
		const failed = outcome.error !== undefined;
		polls.push({
			run,
			activation: !activated,
			failed,
			settings: settingsOf(trigger),
			at: now,
			scope: read,
			visible,
			emitted: (outcome.items ?? []).map((item) => ({
				id: String(item.json.id),
				eventId: String(item.json.eventId),
				json: item.json,
			})),
			leftOutLogged: logs.reduce((n, line) => n + leftOutCount(line), 0),
			dateAhead,
			dropped,
			waiting,
			// (All Running Events: the events an activation without a `Date` had no time for)
			guessed: !activated && noDate && history.scope === 'running' ? unread : undefined,
			// (the events an activation had no time for: they start where its answers' `Date` put
			// EventX's clock)
			deferred: !activated ? unread : undefined,
			dateBehind,
			slow: step.fault?.kind === 'slow' || crowd !== undefined,
		});
		if (!failed) {
			if (!activated) {
				activated = true;
				joinGuess = n8nAtStart - LOOK_BACK_MS;
				// (the events it had no time for start at n8n's clock, a guess)
				for (const id of polls[polls.length - 1].guessed ?? [])
					if (next.has(id)) next.get(id)!.guessedAt = clock.n8nNow();
			}
			watched = next;
			if (read.size > 0 || history.scope === 'running') {
				if (!noDate) toldAt = now;
				joinFrom = Math.max(joinFrom, now + dateAhead - LOOK_BACK_MS);
			} else if (joinFrom === -Infinity) {
				// A first poll that read nothing: n8n's clock is all the node has.
				joinFrom = clock.n8nNow() - LOOK_BACK_MS;
			}
		}
		// What n8n saved (n8n 2.8: an activation's poll and one that emits; else every poll that
		// succeeds).
		const emitted = (outcome.items ?? []).length > 0;
		if (!failed && (history.saves === 'every poll' || firstOfActivation || emitted))
			saved = { watched: new Map(watched), joinFrom, toldAt };
	};

	/** The workflow edited and saved: n8n saves the static data as it deactivates it, then activates it. */
	const reactivate = (t: TriggerName | EventTrigger) => {
		harness.savedStaticData = JSON.parse(
			JSON.stringify(harness.workflow.staticData),
		) as IDataObject;
		saved = { watched: new Map(watched), joinFrom, toldAt };
		harness.setParameters(parameters(t, history.settings, history.scope, eventIds, picked));
		harness.restart();
		activating = true;
		trigger = t;
	};

	const startOver = () => {
		run += 1;
		activated = false;
		watched = new Map();
		toldAt = undefined;
		joinFrom = -Infinity;
	};

	// What exists before the trigger starts is history; then the activation.
	for (let i = 0; i < history.prepared.attendees; i++)
		change({}, () =>
			createAttendees(eventIds[i % eventIds.length], 1, i % 2 ? 'pending' : 'registered'),
		);
	for (let i = 0; i < history.prepared.orders; i++)
		change({}, () => {
			const o = sim.addOrder(eventIds[i % eventIds.length], {});
			orders.push(o.id);
			return [o.id];
		});
	store.advanceTime(MINUTE);
	await doPoll();

	for (const step of history.steps) {
		switch (step.kind) {
			case 'attendee':
				change(step, () =>
					createAttendees(eventIds[step.event % eventIds.length], step.count, step.status),
				);
				break;
			case 'update':
			case 'register':
			case 'checkIn':
			case 'removeAttendee':
			case 'offlineCheckIn': {
				const a = attendee(step.pick);
				if (!a) break;
				update(step, a, (now) => {
					const fields: Json = { updatedAt: now };
					if (step.kind === 'update') fields.city = `City ${step.pick}`;
					if (step.kind === 'register') {
						fields.registrationStatus = 'registered';
						fields.registeredAt = a.registeredAt ?? now;
					}
					if (step.kind === 'checkIn' || step.kind === 'offlineCheckIn') {
						const ago = step.kind === 'offlineCheckIn' ? step.scannedAgoMs : 0;
						const scan = new Date(Date.parse(now) - ago).toISOString();
						Object.assign(fields, {
							checkedInAt: scan,
							attendedAt: a.attendedAt ?? scan,
							checkInMethod: 'qr_code',
						});
					}
					if (step.kind === 'removeAttendee')
						Object.assign(fields, { removedAt: now, updatedAt: a.updatedAt });
					Object.assign(a, fields);
				});
				break;
			}
			case 'order':
				change(step, () => {
					const o = sim.addOrder(eventIds[step.event % eventIds.length], {});
					if (step.status !== 'pending_payment') setOrderStatus(store, o.id, step.status);
					orders.push(o.id);
					return [o.id];
				});
				break;
			case 'pay':
			case 'refund':
			case 'cancel': {
				const o = order(step.pick);
				if (!o) break;
				update(step, o, (now) => {
					if (step.kind === 'pay') {
						setOrderStatus(
							store,
							o.id,
							'paid',
							new Date(Date.parse(now) - step.backdateMs).toISOString(),
						);
						o.updatedAt = now;
					} else
						setOrderStatus(store, o.id, step.kind === 'refund' ? 'refunded' : 'cancelled', now);
				});
				break;
			}
			case 'bulk': {
				const eventId = eventIds[step.event % eventIds.length];
				// Records made one millisecond apart (an import); check-ins synced at one millisecond.
				change({}, () => {
					if (step.what === 'paidOrders')
						return Array.from({ length: step.count }, () => {
							store.advanceTime(1);
							const o = sim.addOrder(eventId, {});
							setOrderStatus(store, o.id, 'paid');
							orders.push(o.id);
							return o.id;
						});
					const ids = Array.from({ length: step.count }, () => {
						store.advanceTime(1);
						return createAttendees(eventId, 1, 'registered')[0];
					});
					if (step.what === 'attendees') return ids;
					store.advanceTime(1);
					const now = store.now();
					const scan =
						step.what === 'checkIns'
							? now
							: new Date(Date.parse(now) - step.scannedAgoMs).toISOString();
					for (const id of ids) {
						const a = store.attendees.get(id) as AttendeeRecord;
						Object.assign(a, { checkedInAt: scan, attendedAt: scan, updatedAt: now });
					}
					return ids;
				});
				break;
			}
			case 'tick':
				// n8n's clock is EventX's plus an offset: both move.
				store.advanceTime(step.ms);
				break;
			case 'eventxStep':
				store.advanceTime(step.ms);
				clock.advance(-step.ms);
				break;
			case 'n8nStep':
				clock.advance(step.ms);
				break;
			case 'poll':
				await doPoll(step);
				break;
			case 'restart':
				harness.restart();
				activating = true;
				watched = new Map(saved.watched);
				({ joinFrom, toldAt } = saved);
				break;
			case 'wipe':
				harness.savedStaticData = {};
				harness.restart();
				activating = true;
				wiped = true;
				break;
			case 'retrigger': {
				if (step.to === trigger) break;
				const back = trigger;
				if (step.polls === 0) {
					reactivate(step.to);
					reactivate(back);
					break;
				}
				reactivate(step.to);
				for (let i = 0; i < step.polls; i++) await doPoll();
				reactivate(back);
				break;
			}
			case 'pick':
				picked = [...new Set(step.events.map((i) => eventIds[i % eventIds.length]))];
				reactivate(trigger);
				break;
			case 'schedule': {
				const id = eventIds[step.event % eventIds.length];
				if (store.events.get(id)?.deletedAt) break;
				const start = store.nowMs() + step.startsInMs;
				rescheduleEvent(store, id, {
					startsAt: new Date(start).toISOString(),
					endsAt: new Date(start + step.hours * HOUR).toISOString(),
				});
				break;
			}
			case 'deleteEvent': {
				const id = eventIds[step.event % eventIds.length];
				if (!store.events.get(id)?.deletedAt) deleteEvent(store, id);
				break;
			}
			case 'notFound':
				// Taken by the next poll's reads of that event (not cleared with the poll's own faults).
				notFound.push({ eventId: eventIds[step.event % eventIds.length], times: step.times });
				break;
			case 'crowd': {
				if (!crowd) break;
				const start = store.nowMs();
				if (!crowd.atActivation && history.scope === 'running')
					for (const id of crowdIds)
						rescheduleEvent(store, id, {
							startsAt: new Date(start).toISOString(),
							endsAt: new Date(start + crowd.hours * HOUR).toISOString(),
						});
				if (!crowd.atActivation && history.scope === 'several') {
					picked = [...new Set([...picked, ...crowdIds])];
					reactivate(trigger);
				}
				const made: AttendeeRecord[] = [];
				change({}, () =>
					crowdIds.flatMap((id) => {
						const [a] = createAttendees(id, 1, 'registered');
						made.push(store.attendees.get(a) as AttendeeRecord);
						const o = sim.addOrder(id, {});
						setOrderStatus(store, o.id, 'paid');
						orders.push(o.id);
						return [a, o.id];
					}),
				);
				store.advanceTime(1);
				for (const a of made)
					update({}, a, (now) =>
						Object.assign(a, {
							updatedAt: now,
							checkedInAt: now,
							attendedAt: a.attendedAt ?? now,
							checkInMethod: 'qr_code',
						}),
					);
				break;
			}
		}
	}

	// Drained: time passes, faults and wrong clocks end, and the trigger polls until it has
	// nothing left (polls that emit nothing for 8 minutes: a burst of more than the 1,000 the next
	// read meets again waits up to the look-back and MAX_CLOCK_AHEAD_MS after it, 6 minutes).
	clock.resetSkew();
	dateless = false;
	// With a crowd, a poll reads a few events: the quiet polls go round every event once more.
	const readsPerPoll = crowd ? Math.floor(CROWD_BUDGET_MS / 2 / crowd.readMs) : Infinity;
	const rounds = Math.ceil(allIds.length / readsPerPoll);
	let quiet = 0;
	let drained = false;
	for (let i = 0; i < 400; i++) {
		store.advanceTime(2 * MINUTE);
		await doPoll();
		const last = polls[polls.length - 1];
		// (an event waiting to run again within half an hour: its backlog is owed once it runs)
		const soon = [...(last.waiting ?? [])].some(
			(id) => runningSince(store.events.get(id)!.event) <= store.nowMs() + 30 * MINUTE,
		);
		quiet = last.failed || last.emitted.length > 0 || soon ? 0 : quiet + 1;
		if (quiet >= 4 + rounds) {
			drained = true;
			break;
		}
	}
	return { polls, drained, deferred };
}

function runningSince(event: Json): number {
	return Date.parse(String(event.startsAt));
}

/** How many occurrences a log line says the trigger left out ("... 3 check-ins ... left out"). */
export function leftOutCount(line: string): number {
	const match = /: (\d+) record\(s\) whose \w+ is before \S+ read and left out/.exec(line);
	return match ? Number(match[1]) : 0;
}

/** The fields of a record the model reads. */
function view(r: Json & { id: string; eventId: string }, resource: 'attendee' | 'order') {
	return {
		id: r.id,
		eventId: r.eventId,
		resource,
		createdAt: r.createdAt as string,
		updatedAt: r.updatedAt as string,
		registeredAt: r.registeredAt as string | null,
		attendedAt: r.attendedAt as string | null,
		registrationStatus: r.registrationStatus as string | null,
		purchasedAt: r.purchasedAt as string | null,
		status: r.status as string | null,
	};
}

/**
 * n8n's clock while a history plays (`Date.now`): it moves with the history's ticks and steps,
 * and with the waits of slow answers (the simulator moves it instead of waiting); and the `Date`
 * of EventX's answers, server by server.
 */
export class ClientClock {
	private offset = 0;
	private waited = 0;
	private skews: Array<number | null> | undefined;
	private answer = 0;
	private restoreNow?: () => void;

	constructor(private readonly sim: () => Simulator) {}

	install(): void {
		// EventX's clock stands still but where a history moves it (n8n's is read from it).
		this.sim().store.freezeTime(T0);
		const spy = jest
			.spyOn(Date, 'now')
			.mockImplementation(() => this.sim().store.nowMs() + this.offset);
		this.restoreNow = () => spy.mockRestore();
		// Each answer's Date from the next server in turn (`dates`), else as the store sets it.
		let base: number | null = 0;
		const next = () => (this.skews ? this.skews[this.answer++ % this.skews.length] : base);
		Object.defineProperty(this.sim().store, 'dateSkewMs', {
			configurable: true,
			get: next,
			set: (value: number | null) => {
				base = value;
			},
		});
	}

	uninstall(): void {
		this.restoreNow?.();
	}

	reset(): void {
		this.offset = 0;
		this.waited = 0;
		this.skews = undefined;
		this.answer = 0;
	}

	resetSkew(): void {
		this.skews = undefined;
	}

	/** n8n's clock now. */
	n8nNow(): number {
		return this.sim().store.nowMs() + this.offset;
	}

	/** n8n's clock moves (EventX's moves with `store.advanceTime`). */
	advance(ms: number): void {
		this.offset += ms;
	}

	/** A slow answer's wait: n8n's clock moves on, EventX's frozen clock does not (yet). */
	async wait(ms: number): Promise<void> {
		this.offset += ms;
		this.waited += ms;
	}

	/** After a poll: the time its slow answers took, which EventX's clock now catches up on. */
	settle(): number {
		const waited = this.waited;
		this.offset -= waited;
		this.waited = 0;
		return waited;
	}

	dates(skews: Array<number | null> | undefined): void {
		this.skews = skews;
		this.answer = 0;
	}
}
