// The event timeline's moments (an event starting, its doors opening, its end), each with a lead
// time or a delay: which are due at a poll, which fire late, which are too late, which moved.
import type { IDataObject } from 'n8n-workflow';

/** The time of an event a moment trigger waits for. */
export type MomentField = 'startsAt' | 'entryStartsAt' | 'endsAt';

/** Fired moments the state keeps at most (about 40 bytes each in static data). */
export const MAX_FIRED = 2_000;

/** How long a fired moment is remembered beyond Max Lateness, to tell a later reschedule. */
export const RESCHEDULE_MEMORY_MS = 30 * 86_400_000;

/** A moment is late when it fires this many poll intervals after it was due, or more. */
const LATE_INTERVALS = 1.5;

export interface MomentRule {
	field: MomentField;
	/** Added to the event's time: negative for a lead time, positive for a delay. */
	offsetMs: number;
	/** Moments due longer ago than this are skipped (counted in the log), not fired. */
	maxLatenessMs: number;
}

/**
 * Where a moment trigger stands, JSON in the node's static data.
 * - `checkedAt`: EventX's present at the last poll; `gap`: the time between the last two polls.
 * - `floor`: moments due at or before it are history (the activation, or Start From).
 * - `backfillUntil`: Start From's catch-up is under way up to this time (its moments are exempt
 *   from Max Lateness).
 * - `hold`: the earliest moment left for a later poll by Max Records Per Poll.
 * - `fired`: per event, the due time and the event's time of the moment last fired (or skipped).
 */
export interface MomentState {
	v: 1;
	key: string;
	checkedAt: number;
	gap?: number;
	floor: number;
	backfillUntil?: number;
	hold?: number;
	fired: string;
}

export interface Fired {
	due: number;
	time: number;
}

/** A moment due at this poll. */
export interface DueMoment {
	event: IDataObject;
	eventId: string;
	/** The event's time the moment hangs on (its start, entry start or end). */
	time: number;
	due: number;
	/**
	 * Fired more than 1.5 poll intervals after it was due (n8n was down, the event appeared or
	 * moved late), or back-filled by Start From.
	 */
	late: boolean;
	lateByMs: number;
	/** The moment this one replaces, when the event's time moved after it fired. */
	previous?: Fired;
	/** Due before the trigger was activated, as Start From asked. */
	backfill: boolean;
}

export function isMomentState(value: unknown): value is MomentState {
	const s = value as MomentState | undefined;
	return (
		!!s &&
		s.v === 1 &&
		typeof s.key === 'string' &&
		Number.isFinite(s.checkedAt) &&
		Number.isFinite(s.floor) &&
		typeof s.fired === 'string'
	);
}

/** Fired moments as static data keeps them: `<id>.<due>.<time>` (base 36), space-separated. */
export function decodeFired(text: string): Map<string, Fired> {
	const fired = new Map<string, Fired>();
	for (const entry of text.split(' ')) {
		const [id, due, time] = entry.split('.');
		if (!id || due === undefined || time === undefined) continue;
		const d = parseInt(due, 36);
		const t = parseInt(time, 36);
		if (Number.isFinite(d) && Number.isFinite(t))
			fired.set(decodeURIComponent(id), { due: d, time: t });
	}
	return fired;
}

export function encodeFired(fired: Map<string, Fired>): string {
	return [...fired]
		.sort((a, b) => a[1].due - b[1].due)
		.map(
			([id, { due, time }]) => `${encodeURIComponent(id)}.${due.toString(36)}.${time.toString(36)}`,
		)
		.join(' ');
}

const timeOf = (value: unknown): number | undefined => {
	if (typeof value !== 'string') return undefined;
	const t = Date.parse(value);
	return Number.isNaN(t) ? undefined : t;
};

/** The event's time for the rule: Doors Opening falls back to the start when there is no entry window. */
export function momentTime(event: IDataObject, field: MomentField): number | undefined {
	const time = timeOf(event[field]);
	if (time === undefined && field === 'entryStartsAt') return timeOf(event.startsAt);
	return time;
}

/** The state of a trigger activated at `now`: moments due from now on (or from `startFrom`). */
export function startMoments(key: string, now: number, startFrom?: number): MomentState {
	if (startFrom !== undefined && startFrom < now)
		return { v: 1, key, checkedAt: startFrom, floor: startFrom, backfillUntil: now, fired: '' };
	return { v: 1, key, checkedAt: now, floor: now, fired: '' };
}

export interface MomentPlan {
	due: DueMoment[];
	/** Due longer ago than Max Lateness: not fired, counted in the log. */
	skipped: DueMoment[];
	state: MomentState;
}

/**
 * One poll of a moment trigger at EventX's present `now`, over every event in scope: the moments
 * due since the last poll (or left for later), oldest first and at most `maxRecords`, each once
 * per event and due time; a moment whose event moved after it fired fires again, for the new time.
 * The state given is not changed.
 */
export function planMoments(
	events: IDataObject[],
	rule: MomentRule,
	state: MomentState,
	now: number,
	maxRecords: number,
): MomentPlan {
	const fired = decodeFired(state.fired);
	const gapNow = Math.max(0, now - state.checkedAt);
	// A poll interval is what the polls before took, unless this poll came after a longer pause.
	const interval = Math.min(state.gap ?? gapNow, gapNow);
	const backfill = state.backfillUntil;
	let horizon =
		backfill !== undefined
			? state.floor
			: Math.max(state.floor, state.checkedAt - rule.maxLatenessMs);
	if (state.hold !== undefined) horizon = Math.min(horizon, state.hold);

	const candidates: DueMoment[] = [];
	for (const event of events) {
		const eventId = typeof event.id === 'string' ? event.id : undefined;
		const time = eventId === undefined ? undefined : momentTime(event, rule.field);
		if (eventId === undefined || time === undefined) continue;
		const due = time + rule.offsetMs;
		const previous = fired.get(eventId);
		if (due > now || previous?.due === due) continue;
		// Never fired and due before the horizon: history (before activation, or long handled).
		if (!previous && due <= horizon) continue;
		const lateByMs = now - due;
		const isBackfill = backfill !== undefined && due <= backfill && due > state.floor;
		candidates.push({
			event,
			eventId,
			time,
			due,
			lateByMs,
			late: isBackfill || lateByMs > LATE_INTERVALS * interval,
			previous,
			backfill: isBackfill,
		});
	}
	candidates.sort((a, b) => a.due - b.due || (a.eventId < b.eventId ? -1 : 1));

	const due: DueMoment[] = [];
	const skipped: DueMoment[] = [];
	let cut: DueMoment | undefined;
	for (const moment of candidates) {
		if (!moment.backfill && moment.lateByMs > rule.maxLatenessMs) {
			skipped.push(moment);
			fired.set(moment.eventId, { due: moment.due, time: moment.time });
			continue;
		}
		if (due.length >= maxRecords) {
			cut = moment;
			break;
		}
		due.push(moment);
		fired.set(moment.eventId, { due: moment.due, time: moment.time });
	}

	// Forget what no poll can meet again; bounded, oldest first (the floor rises past what is dropped).
	let floor = state.floor;
	const keepFrom = Math.min(now - rule.maxLatenessMs - RESCHEDULE_MEMORY_MS, horizon);
	for (const [id, entry] of fired) if (entry.due < keepFrom) fired.delete(id);
	if (fired.size > MAX_FIRED) {
		const byDue = [...fired].sort((a, b) => a[1].due - b[1].due);
		for (const [id, entry] of byDue.slice(0, fired.size - MAX_FIRED)) {
			fired.delete(id);
			floor = Math.max(floor, entry.due);
		}
	}
	const backfillDone = backfill === undefined || !cut || !cut.backfill;
	return {
		due,
		skipped,
		state: {
			v: 1,
			key: state.key,
			checkedAt: Math.max(now, state.checkedAt),
			gap: backfill !== undefined ? state.gap : gapNow,
			floor,
			...(backfillDone ? {} : { backfillUntil: backfill }),
			...(cut ? { hold: Math.max(floor, cut.due - 1) } : {}),
			fired: encodeFired(fired),
		},
	};
}
