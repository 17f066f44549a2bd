// Histories of an EventX account's events as the event triggers meet them: events created, moved
// (earlier or later, past now, into and out of a lead time, back again), published, unpublished,
// edited, deleted, many due at one instant; polls on a schedule with n8n down in between, EventX
// servers whose Date differs, EventX's clock stepped; n8n's clock off EventX's with answers
// without a Date; the Events scope widened and narrowed; n8n restarting with or without the
// static data it saved. Times are in poll intervals from the clock when a step runs, so that
// whatever the interval the moments fall inside the history.
import fc from 'fast-check';

import type { Saves } from '../models/timeline';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Zones with daylight saving near the histories' start (New York's begins 2027-03-14) and without,
 * and a zone given as an offset (its days are 24 hours).
 */
export const ZONES = [
	'GMT',
	'America/New_York',
	'Europe/Berlin',
	'Asia/Kolkata',
	'Australia/Sydney',
	'+05:30',
] as const;

/** An event made by a history: where its moment falls, in poll intervals from the clock then. */
export interface EventSeed {
	/** Half poll intervals from now to the moment (negative: already past). */
	momentIn: number;
	/** And this many seconds more. */
	seconds: number;
	zone: (typeof ZONES)[number];
	/** How long it lasts, in hours. */
	hours: number;
	/** Its entry window opens this many minutes before its start; none when null. */
	entryBefore: number | null;
	published: boolean;
}

export type Step =
	/**
	 * The clock moves a poll interval (or a share of it: the first scheduled poll after the
	 * activation), and n8n polls; `noDate`: EventX's answers carry no `Date` (histories with `clocks`).
	 */
	| { kind: 'poll'; share: number; jitterMs: number; skewMs: number; noDate: boolean }
	/** n8n is down: the clock moves this many poll intervals without a poll. */
	| { kind: 'down'; intervals: number }
	| { kind: 'create'; event: EventSeed }
	/** Many events due at one instant. */
	| { kind: 'crowd'; count: number; event: EventSeed }
	/** An event (by its place among those made, modulo) moved so that its moment is `momentIn` half intervals from now. */
	| { kind: 'move'; which: number; momentIn: number; seconds: number }
	/** An event moved back to the times it was made with. */
	| { kind: 'moveBack'; which: number }
	| { kind: 'publish'; which: number; published: boolean }
	/** Its details changed, not its times. */
	| { kind: 'edit'; which: number }
	| { kind: 'delete'; which: number }
	/** The Events scope edited: every event, or the picked ones (a mask over those made). */
	| { kind: 'scope'; all: boolean; mask: number }
	/** n8n restarts, keeping the static data it saved or having lost it. */
	| { kind: 'restart'; keep: boolean }
	/** EventX's clock is stepped, the service's and the records' alike. */
	| { kind: 'clock'; stepMs: number };

export interface TimelineSettings {
	trigger:
		| 'eventStarting'
		| 'doorsOpening'
		| 'eventEnded'
		| 'newEvent'
		| 'eventUpdated'
		| 'eventPublished';
	when: 'at' | 'before' | 'after';
	amount: number;
	unit: 'minutes' | 'hours' | 'days';
	/** Options > Max Lateness (Hours); its default when undefined. */
	maxLatenessHours?: number;
	maxRecords?: number;
	includeUnpublished?: boolean;
	/** Start From: poll intervals from the activation, written in UTC or without an offset. */
	startFrom?: { intervals: number; form: 'utc' | 'local' };
	/** The workflow's Settings > Timezone (a zone name). */
	workflowZone: (typeof ZONES)[number];
}

export interface TimelineHistory {
	/** n8n's poll interval. */
	interval: number;
	saves: Saves;
	settings: TimelineSettings;
	/** The events before the activation. */
	events: EventSeed[];
	/** The scope at the activation: every event, or a mask over the first events. */
	scope: { all: boolean; mask: number };
	/**
	 * n8n's clock this far from EventX's (steady), and polls whose answers carry no `Date` (an
	 * activation's always do): every Date then true and the clock on whole seconds, EventX's clock
	 * never stepped, so that without a `Date` the trigger's present is EventX's clock exactly.
	 */
	clocks?: { n8nOffsetMs: number };
	steps: Step[];
}

const eventSeed = (reach: number): fc.Arbitrary<EventSeed> =>
	fc.record({
		momentIn: fc.integer({ min: -reach, max: 2 * reach }),
		seconds: fc.integer({ min: 0, max: 59 }),
		zone: fc.constantFrom(...ZONES),
		hours: fc.integer({ min: 1, max: 30 }),
		entryBefore: fc.option(fc.integer({ min: 0, max: 120 }), { freq: 2 }),
		// Mostly published (shrinks towards it).
		published: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, fc.constant(false)),
	});

const which = fc.nat({ max: 40 });

const step = (reach: number): fc.Arbitrary<Step> =>
	fc.oneof(
		{
			weight: 12,
			arbitrary: fc.record({
				kind: fc.constant('poll' as const),
				share: fc.oneof({ weight: 6, arbitrary: fc.constant(1) }, fc.constantFrom(0.1, 0.5)),
				jitterMs: fc.integer({ min: -3_000, max: 3_000 }),
				skewMs: fc.oneof(
					{ weight: 6, arbitrary: fc.constant(0) },
					fc.integer({ min: -3 * MINUTE, max: 3 * MINUTE }),
				),
				noDate: fc.oneof({ weight: 2, arbitrary: fc.constant(false) }, fc.constant(true)),
			}),
		},
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant('down' as const),
				intervals: fc.integer({ min: 2, max: 40 }),
			}),
		},
		{
			weight: 3,
			arbitrary: fc.record({ kind: fc.constant('create' as const), event: eventSeed(reach) }),
		},
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant('crowd' as const),
				count: fc.integer({ min: 2, max: 5 }),
				event: eventSeed(reach),
			}),
		},
		{
			weight: 3,
			arbitrary: fc.record({
				kind: fc.constant('move' as const),
				which,
				momentIn: fc.integer({ min: -2 * reach, max: 2 * reach }),
				seconds: fc.integer({ min: 0, max: 59 }),
			}),
		},
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('moveBack' as const), which }) },
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant('publish' as const),
				which,
				published: fc.boolean(),
			}),
		},
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), which }) },
		{ weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), which }) },
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant('scope' as const),
				all: fc.boolean(),
				mask: fc.nat(),
			}),
		},
		{
			weight: 1,
			arbitrary: fc.record({ kind: fc.constant('restart' as const), keep: fc.boolean() }),
		},
		{
			weight: 1,
			arbitrary: fc.record({
				kind: fc.constant('clock' as const),
				stepMs: fc.integer({ min: -2 * HOUR, max: 2 * HOUR }),
			}),
		},
	);

/** Lead times and delays: a few of each unit (days across daylight saving, a part of a day). */
const RULES = [
	...[0, 1, 5, 30, 90].map((amount) => ({ unit: 'minutes' as const, amount })),
	...[0, 1, 2, 6, 25].map((amount) => ({ unit: 'hours' as const, amount })),
	...[0, 1, 2, 1.5].map((amount) => ({ unit: 'days' as const, amount })),
].map(({ unit, amount }) => ({ unit: fc.constant(unit), amount: fc.constant(amount) }));

const momentTriggers = ['eventStarting', 'doorsOpening', 'eventEnded'] as const;
const changeTriggers = ['newEvent', 'eventUpdated', 'eventPublished'] as const;

/** Histories for the moment triggers (`moments`) or the change triggers. */
export function timelineHistory(kind: 'moments' | 'changes'): fc.Arbitrary<TimelineHistory> {
	// Poll intervals of a minute to a day; lead times and delays of minutes to days.
	return fc
		.constantFrom(MINUTE, 10 * MINUTE, HOUR, DAY)
		.chain((interval) => {
			const reach = 8;
			return fc.constantFrom(...RULES).chain((rule) =>
				fc.record({
					interval: fc.constant(interval),
					saves: fc.constantFrom<Saves>('every poll', 'when it fires'),
					settings: fc.record({
						trigger: fc.constantFrom(...(kind === 'moments' ? momentTriggers : changeTriggers)),
						when: fc.constantFrom('at' as const, 'before' as const, 'after' as const),
						...rule,
						maxLatenessHours: fc.option(fc.constantFrom(0, 1, 6, 24, 48), { nil: undefined }),
						maxRecords: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 2 }),
						includeUnpublished: fc.option(fc.boolean(), { nil: undefined }),
						startFrom: fc.option(
							fc.record({
								intervals: fc.integer({ min: -12, max: 6 }),
								form: fc.constantFrom('utc' as const, 'local' as const),
							}),
							{ nil: undefined, freq: 3 },
						),
						workflowZone: fc.constantFrom(...ZONES.filter((zone) => zone.includes('/'))),
					}),
					events: fc.array(eventSeed(reach), { maxLength: 8 }),
					scope: fc.record({ all: fc.boolean().map((b) => !b), mask: fc.nat() }),
					clocks: fc.option(
						fc.record({
							n8nOffsetMs: fc.constantFrom(-2 * HOUR, -5 * MINUTE, 0, 5 * MINUTE, 2 * HOUR),
						}),
						{ nil: undefined, freq: 4 },
					),
					steps: fc.array(step(reach), { minLength: 1, maxLength: 40 }),
				}),
			);
		})
		.map(withClocks);
}

/** A history's steps as its `clocks` allow (see `TimelineHistory.clocks`). */
function withClocks(history: TimelineHistory): TimelineHistory {
	const steps = history.steps.flatMap((step): Step[] => {
		if (step.kind === 'clock') return history.clocks ? [] : [step];
		if (step.kind !== 'poll') return [step];
		if (!history.clocks) return [{ ...step, noDate: false }];
		return [{ ...step, skewMs: 0, jitterMs: Math.round(step.jitterMs / 1000) * 1000 }];
	});
	return { ...history, steps };
}

export const TIMES = { MINUTE, HOUR, DAY };
