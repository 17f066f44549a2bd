// The polling trigger's three states in the node's static data, and their lifecycle:
// - `pollState`, a change cursor: one event's attendees or orders, or the event list (`PollState`);
// - `scopeState`: a change cursor per event of Several or All Running Events (`ScopeState`);
// - `momentState`: the event timeline's moments (`MomentState`).
// Each is created by the first poll of its trigger (or once the trigger, its events or its rule
// changed), and written only by a poll that went well. Whichever is written deletes the others: a
// trigger changed and changed back starts over rather than resume a state days old.
// The keys of each are a stored format (n8n keeps the static data of active workflows): renamed,
// every trigger starts over.
import type { IDataObject } from 'n8n-workflow';

import { iso } from './time';

/**
 * Where a change cursor stands (`pollState`, and each event's in `scopeState`).
 * - `trigger`, `list`: what the cursor reads; another starts it over. `list` is the ID of the
 *   event whose attendees or orders are read, or for the event triggers the event list read: `*`
 *   (every event) or `published`.
 * - `at` (with `id`): the watermark on the read stamp. Records read at an earlier stamp are handled;
 *   with `id` (lists sorted by ID within a stamp), records at exactly `at` with a smaller ID too.
 * - `floor`: the cursor's horizon: occurrences stamped before it are history (the activation; for
 *   events whose stamp may be older than the read stamp, also the late window the memory still
 *   covers).
 * - `depth` (with `deep`): how many rows of the newest-first list stood above the watermark at the
 *   last poll, where the next one starts reading; `deep` when the watermark lay further down.
 * - `seen`: the occurrences handled at or after the floor (or the watermark), compact (`Seen`).
 * - `count`: the newest-first list's `totalCount` when `depth` was measured; how much it grew by
 *   the next poll hints how far down the watermark then lies (a hint only, never trusted).
 */
export interface PollState {
	v: 2;
	trigger: string;
	list: string;
	at: string;
	id?: string;
	floor: string;
	depth?: number;
	deep?: boolean;
	seen: string;
	count?: number;
}

/** Where a cursor starts, whatever it reads: the activation's finding, or a time. */
export type CursorStart = Omit<PollState, 'v' | 'trigger' | 'list'>;

/** Whether static data holds a cursor of this format (any other starts the trigger over). */
export function isPollState(value: unknown): value is PollState {
	const s = value as PollState | undefined;
	return (
		!!s &&
		s.v === 2 &&
		typeof s.at === 'string' &&
		typeof s.floor === 'string' &&
		typeof s.seen === 'string' &&
		!Number.isNaN(Date.parse(s.at)) &&
		!Number.isNaN(Date.parse(s.floor))
	);
}

/** The cursor saved for this trigger on this list, or none: the trigger starts over. */
export function savedCursor(value: unknown, trigger: string, list: string): PollState | undefined {
	return isPollState(value) && value.trigger === trigger && value.list === list ? value : undefined;
}

/** A cursor that starts at `time` (Start From, or an event joining the scope): nothing handled yet. */
export function cursorFrom(time: number): CursorStart {
	return { at: iso(time), floor: iso(time), seen: '' };
}

/** A new cursor of `trigger` on `list` (an event's ID, or the event list), from where it starts. */
export function newCursor(trigger: string, list: string, start: CursorStart): PollState {
	return { v: 2, trigger, list, ...start };
}

/**
 * Where the trigger stands on several events (`scopeState`): one cursor per event in scope, and
 * where an event joining starts (`joinAt`): EventX's present at the last poll less the look-back,
 * as the running events' list told it, or the furthest watermark an event reached.
 */
export interface ScopeState {
	v: 1;
	trigger: string;
	mode: 'several' | 'running';
	joinAt: string;
	/**
	 * `joinAt` is n8n's clock less the look-back: no answer of the polls so far told EventX's clock
	 * (no `Date`, no record), and n8n's clock may run ahead.
	 */
	joinGuessed?: boolean;
	/**
	 * Events whose cursor starts at a guess of EventX's clock (n8n's clock: the first poll had no
	 * time for them, or they joined at a guessed join point, and no answer told EventX's clock).
	 * Once a `Date` tells it, each cursor moves back by how far n8n's clock runs ahead of it.
	 */
	guesses?: Record<string, StoredGuess>;
	/**
	 * Events whose last read left occurrences for a later poll (its cap reached, or out of time):
	 * one that stopped running is read on until its backlog is out.
	 */
	pending?: string[];
	/**
	 * How many polls of the scope were saved, and the one at which each event was last read: a
	 * poll reads the events read longest ago first, so that, with time for a few reads, each gets
	 * its turn.
	 */
	turn?: number;
	readAt?: Record<string, number>;
	events: Record<string, PollState>;
}

/**
 * A guessed cursor's record: the guess (`at`); when its event started running, as known then
 * (`since`: the cursor moves back no earlier); what it emitted while the guess stood (`seen`, a
 * `Seen` encoded: moved back, the cursor reads it again without letting it out twice).
 */
export interface StoredGuess {
	at: string;
	since?: string;
	seen?: string;
}

/** The scope state saved for this trigger and mode, or none: the trigger starts over. */
export function savedScope(
	staticData: IDataObject,
	trigger: string,
	mode: ScopeState['mode'],
): ScopeState | undefined {
	const s = staticData.scopeState as ScopeState | undefined;
	// Another trigger's state beside it: that trigger ran since.
	if (staticData.pollState !== undefined || staticData.momentState !== undefined) return undefined;
	return !!s &&
		s.v === 1 &&
		s.trigger === trigger &&
		s.mode === mode &&
		!Number.isNaN(Date.parse(s.joinAt)) &&
		typeof s.events === 'object' &&
		s.events !== null
		? s
		: undefined;
}

/**
 * Where a moment trigger stands (`momentState`).
 * - `key`: the trigger, its offset and whether drafts count; another starts it over.
 * - `checkedAt`: EventX's present at the last poll (never earlier than the poll before's).
 * - `gap`: the time between the last two polls, once two polls have followed the activation (the
 *   gap from the activation to the first scheduled poll is no poll interval); `activated`: the
 *   last poll was the activation.
 * - `startedAt`: when the trigger started (the activation, or Start From): moments due before it
 *   are history (the moments' horizon, the oldest due time a poll judges, is `horizonOf` in
 *   moments.ts); `backfillUntil`: Start From's catch-up of the moments due before the activation
 *   is under way up to this time.
 * - `firstHeld`: the first moment Max Records Per Poll left for a later poll (by due time and event ID):
 *   from it on, moments due before the last poll are not late-skipped.
 * - `scope`: the events in scope at the last poll (`*`, or the picked IDs).
 * - `moments`: per event, the due time last handled (fired, skipped, or history) and the event's
 *   time of the moment last fired (`decodeMoments` in moments.ts).
 * - `ahead`: how far n8n's clock ran ahead of EventX's `Date` at the last answer that had one
 *   (behind: less than 0); an answer without a `Date` puts EventX's present at n8n's clock less it.
 */
export interface MomentState {
	v: 2;
	key: string;
	checkedAt: number;
	gap?: number;
	activated?: boolean;
	startedAt: number;
	backfillUntil?: number;
	firstHeld?: { due: number; id: string };
	scope: string;
	moments: string;
	ahead?: number;
}

export function isMomentState(value: unknown): value is MomentState {
	const s = value as MomentState | undefined;
	return (
		!!s &&
		s.v === 2 &&
		typeof s.key === 'string' &&
		Number.isFinite(s.checkedAt) &&
		Number.isFinite(s.startedAt) &&
		typeof s.scope === 'string' &&
		typeof s.moments === 'string'
	);
}

/**
 * The moment state of a trigger activated at EventX's present `now` (with a Start From before
 * it, the moments due since are to catch up), before its events are read.
 */
export function newMomentState(
	key: string,
	scope: string,
	now: number,
	startFrom?: number,
): MomentState {
	const startedAt = startFrom ?? now;
	return {
		v: 2,
		key,
		checkedAt: now,
		activated: true,
		startedAt,
		...(startedAt < now ? { backfillUntil: now } : {}),
		scope,
		moments: '',
	};
}

/** The states static data may hold, one per kind of trigger. */
export interface States {
	pollState: PollState;
	scopeState: ScopeState;
	momentState: MomentState;
}

const STATE_KEYS: Array<keyof States> = ['pollState', 'scopeState', 'momentState'];

/**
 * Writes a state at the end of a poll that went well (as JSON: what static data keeps) and
 * deletes the others: whichever trigger polls, the others' states are stale.
 */
export function saveState<K extends keyof States>(
	staticData: IDataObject,
	key: K,
	state: States[K],
): void {
	staticData[key] = JSON.parse(JSON.stringify(state)) as IDataObject;
	for (const other of STATE_KEYS) if (other !== key) delete staticData[other];
}
