// The event timeline's moments (an event starting, its doors opening, its end), each with a lead
// time or a delay: which are due at a poll, which fire late, which are skipped, which moved. The
// rules are stated in docs/behaviour.md (Event triggers) and checked as properties by
// test/properties/eventTimeline.test.ts against a model of them.
import type { IDataObject } from 'n8n-workflow';

import { isKnownTimeZone, offsetAt, wallTimeToUtc } from '../helpers/timeZone';
import { newMomentState, type MomentState } from './state';
import { timeOf } from './time';

/** The time of an event a moment trigger waits for. */
export type MomentField = 'startsAt' | 'entryStartsAt' | 'endsAt';

const DAY_MS = 86_400_000;

/** Handled moments kept beyond the window, to tell a later reschedule (48 bytes each, 57 fired). */
export const MAX_REMEMBERED = 2_000;

/** How long a fired moment is remembered beyond the window, to tell a later reschedule. */
export const RESCHEDULE_MEMORY_MS = 30 * DAY_MS;

/** A moment is late when it fires this many poll intervals after it was due, or more... */
const LATE_INTERVALS = 1.5;

/** ... and this long: EventX's servers' clocks and n8n's schedule differ by seconds or minutes. */
export const LATE_AT_LEAST_MS = 5 * 60_000;

/**
 * How far the changes read reaches back before the last poll's present: an event moved, created
 * or published since that poll, stamped by a clock a few minutes off the `Date` EventX answered.
 */
export const CHANGES_LOOK_BACK_MS = 10 * 60_000;

export interface MomentRule {
	field: MomentField;
	/** Added to the event's time (negative for a lead time): minutes and hours, exact. */
	offsetMs: number;
	/** Whole days added on the calendar of the event's time zone (negative for a lead time). */
	offsetDays: number;
	/** A moment fired this much later than its time (or more) is late... */
	maxLatenessMs: number;
}

/** What the trigger remembers of an event's moment. */
export interface Handled {
	/** The due time last handled. */
	due: number;
	/** How: fired; skipped (counted in the log); or history (due before the trigger watched it). */
	kind: 'fired' | 'skipped' | 'history';
	/** The event's time of the moment last fired, if one did (at this due time or before). */
	lastFiredTime?: number;
}

const KINDS = { f: 'fired', s: 'skipped', h: 'history' } as const;

/** A moment fired (or skipped) at this poll. */
export interface DueMoment {
	event: IDataObject;
	eventId: string;
	/** The event's time the moment hangs on (its start, entry start or end). */
	time: number;
	due: number;
	late: boolean;
	lateByMs: number;
	/** The event's time of the moment last fired, when the event moved since. */
	previousTime?: number;
	/** Due before the activation, as Start From asked. */
	backfill: boolean;
}

/**
 * Handled moments as static data keeps them: `<id>.<due>.<kind>[.<lastFiredTime>]` (times in base 36, the
 * kind's initial), space-separated.
 */
export function decodeMoments(text: string): Map<string, Handled> {
	const moments = new Map<string, Handled>();
	for (const entry of text.split(' ')) {
		const [id, due, kind, lastFired] = entry.split('.');
		const d = parseInt(due, 36);
		const f = lastFired === undefined ? undefined : parseInt(lastFired, 36);
		if (!id || !Number.isFinite(d) || !(kind in KINDS)) continue;
		moments.set(decodeURIComponent(id), {
			due: d,
			kind: KINDS[kind as keyof typeof KINDS],
			...(f !== undefined && Number.isFinite(f) ? { lastFiredTime: f } : {}),
		});
	}
	return moments;
}

export function encodeMoments(moments: Map<string, Handled>): string {
	return [...moments]
		.sort((a, b) => a[1].due - b[1].due || (a[0] < b[0] ? -1 : 1))
		.map(([id, { due, kind, lastFiredTime }]) =>
			[
				encodeURIComponent(id),
				due.toString(36),
				kind[0],
				...(lastFiredTime === undefined ? [] : [lastFiredTime.toString(36)]),
			].join('.'),
		)
		.join(' ');
}

/** The event's time for the rule: Doors Opening falls back to the start when there is no entry window. */
export function momentTime(event: IDataObject, field: MomentField): number | undefined {
	const time = timeOf(event[field]);
	if (time === undefined && field === 'entryStartsAt') return timeOf(event.startsAt);
	return time;
}

/** An offset written as a zone (`+05:30`): no daylight saving, its days are 24 hours. */
const OFFSET_ZONE = /^[+-]\d{2}(?::?\d{2})?$/;

/**
 * When the moment of an event at `time` is due: whole days on the calendar of the event's time
 * zone (a day before 09:00 is 09:00 the day before, 23 or 25 hours earlier across a daylight-saving
 * change), then the minutes and hours exactly. An event without a zone the runtime knows counts
 * days of 24 hours.
 */
export function dueAt(time: number, timeZone: unknown, rule: MomentRule): number {
	let due = time;
	if (rule.offsetDays !== 0) {
		const zone =
			typeof timeZone === 'string' && !OFFSET_ZONE.test(timeZone) && isKnownTimeZone(timeZone)
				? timeZone
				: undefined;
		due = zone
			? wallTimeToUtc(time + offsetAt(zone, time) + rule.offsetDays * DAY_MS, zone)
			: time + rule.offsetDays * DAY_MS;
	}
	return due + rule.offsetMs;
}

/** The event's moment under the rule: its time and when it is due. */
export function momentOf(
	event: IDataObject,
	rule: MomentRule,
): { time: number; due: number } | undefined {
	const time = momentTime(event, rule.field);
	return time === undefined ? undefined : { time, due: dueAt(time, event.timezone, rule) };
}

/** The most a calendar day's moment may differ from days of 24 hours (a daylight-saving change). */
const CALENDAR_SLACK_MS = 3 * 3_600_000;

/**
 * The event times (the list's sort key) the moments from `due` on may hang on: the read goes
 * down to it. Doors Opening's entry times are read by the start, which is not before them.
 */
export function timeBound(due: number, rule: MomentRule): number {
	const days = rule.offsetDays * DAY_MS;
	return due - rule.offsetMs - days - (rule.offsetDays !== 0 ? CALENDAR_SLACK_MS : 0);
}

/** A moment's place in the poll's order: by due time, then by event ID. */
const firesBefore = (a: { due: number; id: string }, b: { due: number; id: string }) =>
	a.due < b.due || (a.due === b.due && a.id < b.id);

/**
 * The oldest due time a poll at `present` judges: Max Lateness back, and no later than the last
 * poll, the first moment left for later, or Start From while its catch-up is under way. Every
 * moment due from here to the present is read and judged, so that one not handled at the last
 * poll must have moved or appeared since.
 */
export function windowStart(state: MomentState, rule: MomentRule, present: number): number {
	let start = Math.min(present - rule.maxLatenessMs, state.checkedAt);
	if (state.firstHeld) start = Math.min(start, state.firstHeld.due);
	if (state.backfillUntil !== undefined) start = Math.min(start, state.startedAt);
	return start;
}

/** A poll's present: EventX's `date`, never before the last poll's (a clock stepped back). */
const presentAt = (state: MomentState, date: number) => Math.max(date, state.checkedAt);

/**
 * The horizon of a poll at EventX's `date`: the oldest due time it judges. The events are read
 * down to it (`timeBound`) and `planMoments` judges from it, both by this one function.
 */
export function horizonOf(state: MomentState, rule: MomentRule, date: number): number {
	return windowStart(state, rule, presentAt(state, date));
}

/** The horizon of the activation at EventX's present `now`: the moments due since are history. */
export function firstHorizonOf(rule: MomentRule, now: number, startFrom?: number): number {
	return horizonOf(newMomentState('', '', now, startFrom), rule, now);
}

/**
 * The state of a trigger activated at EventX's present `now`, over the events in scope: moments
 * already due are history (recorded, so that they are told apart from one moving there later).
 * With a Start From before now, the moments due since then are to catch up; with one after now,
 * the trigger starts there.
 */
export function startMoments(
	key: string,
	scope: string,
	events: IDataObject[],
	rule: MomentRule,
	now: number,
	startFrom?: number,
): MomentState {
	const state = newMomentState(key, scope, now, startFrom);
	const { startedAt } = state;
	const from = firstHorizonOf(rule, now, startFrom);
	const history = new Map<string, Handled>();
	for (const event of events) {
		const moment = momentOf(event, rule);
		if (!moment || typeof event.id !== 'string') continue;
		if (moment.due >= from && moment.due <= Math.min(startedAt, now))
			history.set(event.id, { due: moment.due, kind: 'history' });
	}
	return { ...state, moments: encodeMoments(history) };
}

export interface MomentPlan {
	due: DueMoment[];
	/** Older than Max Lateness: not fired, counted in the log. */
	skipped: DueMoment[];
	state: MomentState;
}

/** Whether an event is in the scope `scope` (`*`, or comma-separated IDs in lower case). */
const inScope = (scope: string, id: string) =>
	scope === '*' || scope.split(',').includes(id.toLowerCase());

/** What a moment poll judges by, and how each event's moment was handled (changed as it judges). */
interface MomentPoll {
	rule: MomentRule;
	state: MomentState;
	/** The events in scope now (`*`, or the picked IDs). */
	scope: string;
	memory: Map<string, Handled>;
	/** EventX's present, and the horizon: the oldest due time judged. */
	present: number;
	from: number;
	/** A moment that comes due between two polls is late this long after its due time (or more). */
	lateAfter: number;
	/** The events judged at this poll: each once. */
	judged: Set<string>;
}

/** A moment that may fire at this poll. */
interface Candidate extends DueMoment {
	id: string;
	/** Not skipped for Max Lateness: Start From back-fills it, or Max Records had left it for later. */
	exempt: boolean;
}

/**
 * An event's moment at this poll, judged once: in the window (`inWindow`: the events read), a
 * moment due from the horizon to the present; out of it (changed events only), one due before the
 * horizon. No candidate when it was handled at this due time (past the window, a moment that was
 * history when the trigger began is no different from one moved there: it is counted as skipped),
 * when it is history (due before the trigger started, Start From ahead, or before an event joining
 * the scope joined: it starts where the last poll stood), or when it is the moment last fired, met
 * again after a skip (nothing new happened to it).
 */
function judgeMoment(
	poll: MomentPoll,
	event: IDataObject,
	inWindow: boolean,
): Candidate | undefined {
	const { rule, state, memory, present, from, judged } = poll;
	const id = typeof event.id === 'string' ? event.id : undefined;
	const moment = momentOf(event, rule);
	if (id === undefined || !moment || judged.has(id)) return undefined;
	const { time, due } = moment;
	if (due > present || (inWindow ? due < from : due >= from)) return undefined;
	judged.add(id);
	const handled = memory.get(id);
	if (handled?.due === due && (inWindow || handled.kind !== 'history')) return undefined;
	const last = state.checkedAt;
	const started = present >= state.startedAt;
	const joining = poll.scope !== state.scope && !inScope(state.scope, id);
	if (!started || (due > last ? due <= state.startedAt : joining)) {
		memory.set(id, { ...handled, due, kind: 'history' });
		return undefined;
	}
	if (
		handled?.lastFiredTime !== undefined &&
		dueAt(handled.lastFiredTime, event.timezone, rule) === due
	) {
		memory.set(id, { ...handled, due, kind: 'fired' });
		return undefined;
	}
	return candidateOf(poll, event, id, time, due, handled);
}

/**
 * A moment to fire: late when it was due before the last poll (the trigger had not handled it
 * there), when Start From back-fills it, or when it comes due more than `lateAfter` ago.
 */
function candidateOf(
	poll: MomentPoll,
	event: IDataObject,
	id: string,
	time: number,
	due: number,
	handled: Handled | undefined,
): Candidate {
	const { state, present } = poll;
	const dueBefore = due <= state.checkedAt;
	const backfill =
		state.backfillUntil !== undefined && due > state.startedAt && due <= state.backfillUntil;
	const held =
		state.firstHeld !== undefined && dueBefore && !firesBefore({ due, id }, state.firstHeld);
	const lateByMs = present - due;
	return {
		event,
		eventId: id,
		id,
		time,
		due,
		lateByMs,
		late: dueBefore || backfill || lateByMs > poll.lateAfter,
		previousTime: handled?.lastFiredTime,
		backfill,
		exempt: backfill || held,
	};
}

/**
 * The candidates, oldest first: a late one more than Max Lateness after its time is skipped
 * (unless exempt); past `maxRecords` fired, the first left over is held for a later poll (not
 * remembered, so it is met again); the others fire.
 */
function fireOrSkip(
	poll: MomentPoll,
	candidates: Candidate[],
	maxRecords: number,
): { due: DueMoment[]; skipped: DueMoment[]; firstHeld?: { due: number; id: string } } {
	const { memory, rule } = poll;
	const due: DueMoment[] = [];
	const skipped: DueMoment[] = [];
	let firstHeld: { due: number; id: string } | undefined;
	for (const moment of candidates) {
		const { id, exempt, ...out } = moment;
		const handled = memory.get(id);
		if (out.late && !exempt && out.lateByMs > rule.maxLatenessMs) {
			skipped.push(out);
			memory.set(id, { ...handled, due: out.due, kind: 'skipped' });
		} else if (due.length >= maxRecords) {
			firstHeld ??= { due: out.due, id };
		} else {
			due.push(out);
			memory.set(id, { due: out.due, kind: 'fired', lastFiredTime: out.time });
		}
	}
	return { due, skipped, firstHeld };
}

/**
 * The state after a poll: its present, the gap since the last poll (none from the activation),
 * Start From's catch-up while a moment it back-fills is held; the memory is encoded by `forget`.
 */
function nextMomentState(poll: MomentPoll, firstHeld: { due: number; id: string } | undefined) {
	const { state, present } = poll;
	const last = state.checkedAt;
	const next: MomentState = {
		v: 2,
		key: state.key,
		checkedAt: present,
		...(state.activated ? {} : { gap: present > last ? present - last : state.gap }),
		startedAt: state.startedAt,
		...(state.backfillUntil !== undefined &&
		firstHeld !== undefined &&
		firstHeld.due > state.startedAt &&
		firstHeld.due <= state.backfillUntil
			? { backfillUntil: state.backfillUntil }
			: {}),
		...(firstHeld ? { firstHeld } : {}),
		scope: poll.scope,
		moments: '',
	};
	if (next.gap === undefined) delete next.gap;
	return next;
}

/**
 * Forgets what no poll can meet again: kept while due from `keepFrom` (the next horizon) on, and
 * fired moments (to tell a reschedule) a while beyond it, at most MAX_REMEMBERED of those.
 */
function forget(memory: Map<string, Handled>, keepFrom: number): void {
	const beyond: Array<[string, Handled]> = [];
	for (const [id, handled] of memory) {
		if (handled.due >= keepFrom) continue;
		memory.delete(id);
		if (handled.due >= keepFrom - RESCHEDULE_MEMORY_MS) beyond.push([id, handled]);
	}
	beyond.sort((a, b) => b[1].due - a[1].due);
	for (const [id, handled] of beyond.slice(0, MAX_REMEMBERED)) memory.set(id, handled);
}

/**
 * One poll of a moment trigger at EventX's present `date` (its `Date`; the last poll's present when
 * that is later), over `events` (every event in scope whose moment is due from the horizon,
 * `horizonOf`, on, or ahead) and `changed` (the events in scope changed since the last poll, less
 * the changes' look-back).
 *
 * - A moment comes due between the last poll and this one: it fires, late when more than one and a
 *   half poll intervals (and five minutes) after its time; before Start From it is history.
 * - A moment due before the last poll that the trigger has not handled at that due time (the event
 *   moved, appeared, was published, or Max Records left it for later) fires now, late.
 * - A late moment more than Max Lateness after its time is skipped (counted in the log), unless
 *   Start From back-fills it or Max Records had left it for later; each moment is judged once.
 * - An event joining the scope starts at the last poll: its moments due before are history.
 *
 * Oldest first, at most `maxRecords` fired; the rest come at the next polls. The state given is
 * not changed.
 */
export function planMoments(input: {
	events: IDataObject[];
	changed: IDataObject[];
	rule: MomentRule;
	state: MomentState;
	date: number;
	scope: string;
	maxRecords: number;
}): MomentPlan {
	const { rule, state, scope } = input;
	const memory = decodeMoments(state.moments);
	// Events that left the scope are forgotten.
	if (scope !== state.scope)
		for (const id of [...memory.keys()]) if (!inScope(state.scope, id)) memory.delete(id);
	const poll: MomentPoll = {
		rule,
		state,
		scope,
		memory,
		present: presentAt(state, input.date),
		from: horizonOf(state, rule, input.date),
		lateAfter:
			state.gap === undefined ? Infinity : Math.max(LATE_INTERVALS * state.gap, LATE_AT_LEAST_MS),
		judged: new Set(),
	};
	// The events read first (in the window), then the changed ones (each event judged once).
	const candidates = [
		...input.events.map((event) => judgeMoment(poll, event, true)),
		...input.changed.map((event) => judgeMoment(poll, event, false)),
	].filter((candidate) => candidate !== undefined);
	candidates.sort((a, b) => (firesBefore(a, b) ? -1 : firesBefore(b, a) ? 1 : 0));

	const { due, skipped, firstHeld } = fireOrSkip(poll, candidates, input.maxRecords);
	const next = nextMomentState(poll, firstHeld);
	forget(memory, windowStart(next, rule, poll.present));
	next.moments = encodeMoments(memory);
	return { due, skipped, state: next };
}
