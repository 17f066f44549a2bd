// The event timeline as docs/behaviour.md (Event triggers) states it, written plainly: from the
// polls as they happened (EventX's Date, the account's events then, the scope picked, restarts of
// n8n), what each poll of a moment trigger must fire and skip, and which changes a change trigger
// must bring. No reads, pages, encodings or bounds: every event is seen as it was at each poll,
// and days are counted by Luxon (n8n's date library), not by the node's own arithmetic.
import { DateTime } from 'luxon';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An event as EventX held it at one instant (times in milliseconds). */
export interface EventView {
	id: string;
	name: string;
	startsAt: number;
	endsAt: number;
	entryStartsAt: number | null;
	timezone: string;
	isPublished: boolean;
	createdAt: number;
	updatedAt: number;
	publishedAt: number | null;
}

/** The scope of a poll: every event, or the picked IDs. */
export type ScopeView = 'all' | string[];

/** One poll as it happened. */
export interface PollRecord {
	/** The `Date` of EventX's first answer (whole seconds). */
	date: number;
	/** Every live event of the account at the poll. */
	events: EventView[];
	scope: ScopeView;
	/**
	 * Just before: n8n restarted, keeping the static data it had saved (its first poll's state is
	 * saved whatever it finds) or having lost it; or the workflow was edited and runs again from
	 * the static data saved.
	 */
	restart?: 'keep' | 'lose' | 'edited';
}

/** When n8n writes a poll's state: after every poll (2.41), or after polls that emit (2.8). */
export type Saves = 'every poll' | 'when it fires';

const inScope = (scope: ScopeView, id: string) => scope === 'all' || scope.includes(id);

// ---------------------------------------------------------------------------------------------
// Moments

export interface MomentSettings {
	field: 'startsAt' | 'entryStartsAt' | 'endsAt';
	when: 'at' | 'before' | 'after';
	amount: number;
	unit: 'minutes' | 'hours' | 'days';
	maxLatenessHours: number;
	maxRecords: number;
	includeUnpublished: boolean;
	/** Start From, as an instant. */
	startFrom?: number;
}

export interface ExpectedMoment {
	id: string;
	/** The event's time the moment hangs on, and when it is due. */
	time: number;
	due: number;
	late: boolean;
	lateByMinutes: number;
	backfill: boolean;
	/** The time of the moment that last fired, when the event moved since. */
	previousTime?: number;
}

export interface ExpectedMomentPoll {
	fired: ExpectedMoment[];
	/** Skipped, older than Max Lateness: counted in the log. */
	skipped: Array<{ id: string; due: number }>;
}

/** The moment's time of an event: Doors Opening falls back to the start. */
const timeOf = (event: EventView, field: MomentSettings['field']) =>
	field === 'entryStartsAt' ? (event.entryStartsAt ?? event.startsAt) : event[field];

/**
 * When a moment of an event at `time` is due: a lead time before (or a delay after) it; days on
 * the calendar of the event's time zone (Luxon keeps the wall-clock time), minutes and hours exact.
 */
export function dueAt(time: number, timezone: string, settings: MomentSettings): number {
	if (settings.when === 'at') return time;
	const sign = settings.when === 'before' ? -1 : 1;
	if (settings.unit !== 'days') {
		const unit = settings.unit === 'minutes' ? MINUTE : HOUR;
		return time + sign * Math.round(settings.amount * unit);
	}
	const days = Math.trunc(settings.amount);
	const rest = Math.round((settings.amount - days) * 24 * HOUR);
	const local = DateTime.fromMillis(time, { zone: timezone });
	const shifted = local.isValid
		? local.plus({ days: sign * days }).toMillis()
		: time + sign * days * 24 * HOUR;
	return shifted + sign * rest;
}

export const dueOf = (event: EventView, settings: MomentSettings) =>
	dueAt(timeOf(event, settings.field), event.timezone, settings);

interface Handled {
	due: number;
	kind: 'fired' | 'skipped' | 'history';
	fired?: number;
}

/** What the trigger knows after a poll. */
interface MomentMemory {
	/** EventX's present at that poll. */
	present: number;
	/** The poll before it was the activation. */
	justActivated: boolean;
	gap?: number;
	floor: number;
	backfillUntil?: number;
	hold?: { due: number; id: string };
	scope: ScopeView;
	handled: Map<string, Handled>;
}

const order = (a: { due: number; id: string }, b: { due: number; id: string }) =>
	a.due - b.due || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * What each poll of a moment trigger must fire and skip (the first poll, an activation, fires
 * nothing). The rules of docs/behaviour.md, each where it applies.
 */
export function expectedMoments(
	settings: MomentSettings,
	polls: PollRecord[],
	saves: Saves,
): ExpectedMomentPoll[] {
	const maxLateness = settings.maxLatenessHours * HOUR;
	const visible = (poll: PollRecord) =>
		poll.events.filter(
			(e) => inScope(poll.scope, e.id) && (settings.includeUnpublished || e.isPublished),
		);
	/** The oldest due time a poll judges: Max Lateness back, the last poll, what was left, Start From's catch-up. */
	const windowOf = (memory: MomentMemory, present: number) =>
		Math.min(
			present - maxLateness,
			memory.present,
			memory.hold?.due ?? Infinity,
			memory.backfillUntil !== undefined ? memory.floor : Infinity,
		);

	let memory: MomentMemory | undefined;
	let saved: MomentMemory | undefined;
	const copy = (m: MomentMemory): MomentMemory => ({ ...m, handled: new Map(m.handled) });
	const out: ExpectedMomentPoll[] = [];

	for (const poll of polls) {
		if (poll.restart === 'lose') memory = saved = undefined;
		if (poll.restart === 'keep' || poll.restart === 'edited') memory = saved && copy(saved);

		if (!memory) {
			// The activation: the trigger starts now (or at Start From); what is due is history.
			const present = poll.date;
			const floor = settings.startFrom ?? present;
			memory = {
				present,
				justActivated: true,
				floor,
				backfillUntil: floor < present ? present : undefined,
				scope: poll.scope,
				handled: new Map(),
			};
			const from = windowOf(memory, present);
			for (const event of visible(poll)) {
				const due = dueOf(event, settings);
				if (due >= from && due <= Math.min(floor, present))
					memory.handled.set(event.id, { due, kind: 'history' });
			}
			saved = copy(memory);
			out.push({ fired: [], skipped: [] });
			continue;
		}

		const last = memory.present;
		// EventX's present never goes back: a Date behind the last poll's is read as that poll's.
		const present = Math.max(poll.date, last);
		const from = windowOf(memory, present);
		const handled = new Map(memory.handled);
		const scopeChanged = JSON.stringify(poll.scope) !== JSON.stringify(memory.scope);
		const joining = (id: string) => scopeChanged && !inScope(memory!.scope, id);
		if (scopeChanged) for (const id of [...handled.keys()]) if (joining(id)) handled.delete(id);
		const started = present >= memory.floor;
		const lateAfter = memory.gap === undefined ? Infinity : Math.max(1.5 * memory.gap, 5 * MINUTE);

		const candidates: Array<ExpectedMoment & { exempt: boolean }> = [];
		for (const event of visible(poll)) {
			const due = dueOf(event, settings);
			// Judged: each moment due from the window on; older ones only of events changed since
			// the last poll (less ten minutes).
			const inWindow = due >= from;
			const changed = event.updatedAt >= last - 10 * MINUTE;
			if (due > present || (!inWindow && !changed)) continue;
			const before = handled.get(event.id);
			if (before?.due === due && (inWindow || before.kind !== 'history')) continue;
			const time = timeOf(event, settings.field);
			if (!started || (due > last ? due <= memory.floor : joining(event.id))) {
				// Before the trigger started, or before the event joined the scope: history.
				handled.set(event.id, { ...before, due, kind: 'history' });
				continue;
			}
			if (before?.fired !== undefined && dueAt(before.fired, event.timezone, settings) === due) {
				// The moment that last fired, met again: nothing new.
				handled.set(event.id, { ...before, due, kind: 'fired' });
				continue;
			}
			const dueBefore = due <= last;
			const backfill =
				memory.backfillUntil !== undefined && due > memory.floor && due <= memory.backfillUntil;
			const held =
				memory.hold !== undefined && dueBefore && order({ due, id: event.id }, memory.hold) >= 0;
			const lateBy = present - due;
			candidates.push({
				id: event.id,
				time,
				due,
				late: dueBefore || backfill || lateBy > lateAfter,
				lateByMinutes: Math.max(0, Math.floor(lateBy / MINUTE)),
				backfill,
				previousTime: before?.fired,
				exempt: backfill || held,
			});
		}
		candidates.sort(order);

		const fired: ExpectedMoment[] = [];
		const skipped: Array<{ id: string; due: number }> = [];
		let hold: { due: number; id: string } | undefined;
		for (const { exempt, ...moment } of candidates) {
			const before = handled.get(moment.id);
			if (moment.late && !exempt && present - moment.due > maxLateness) {
				skipped.push({ id: moment.id, due: moment.due });
				handled.set(moment.id, { ...before, due: moment.due, kind: 'skipped' });
			} else if (fired.length >= settings.maxRecords) {
				hold ??= { due: moment.due, id: moment.id };
			} else {
				fired.push(moment);
				handled.set(moment.id, { due: moment.due, kind: 'fired', fired: moment.time });
			}
		}
		out.push({ fired, skipped });

		memory = {
			present,
			justActivated: false,
			gap: memory.justActivated ? undefined : present > last ? present - last : memory.gap,
			floor: memory.floor,
			backfillUntil:
				memory.backfillUntil !== undefined &&
				hold !== undefined &&
				hold.due > memory.floor &&
				hold.due <= memory.backfillUntil
					? memory.backfillUntil
					: undefined,
			hold,
			scope: poll.scope,
			handled,
		};
		// A handled moment is remembered 30 days past the window (docs: Reschedule).
		const forgetBefore = windowOf(memory, present) - 30 * 24 * HOUR;
		for (const [id, h] of handled) if (h.due < forgetBefore) handled.delete(id);
		if (saves === 'every poll' || fired.length > 0 || poll.restart === 'keep') saved = copy(memory);
	}
	return out;
}

// ---------------------------------------------------------------------------------------------
// Changes

export interface ChangeSettings {
	trigger: 'newEvent' | 'eventUpdated' | 'eventPublished';
	/** Drafts count (New Event and Event Updated; Event Published reads published events only). */
	includeUnpublished: boolean;
	startFrom?: number;
}

/** A change: an event, and the stamp of the change (created, updated, published). */
export interface Change {
	id: string;
	stamp: number;
}

/** A change as it came out: with the stamp the event list was read by (created or updated). */
export interface Emitted extends Change {
	read: number;
}

/** What a change trigger must bring: checked against what it emitted, poll by poll. */
export interface ExpectedChanges {
	/** The change an item stands for. */
	changeOf: (item: Record<string, unknown>) => Emitted;
	check: (emitted: Emitted[][], maxRecords: number) => void;
}

/** How far behind EventX's `Date` the trigger's watermark stays (the look-back). */
const LOOK_BACK = MINUTE;

/** How much older than its event's update a publication may be when first read (a day). */
const PUBLICATION_LATENESS = 24 * HOUR;

/**
 * The change triggers' promise (docs/behaviour.md, How it keeps its place): each change comes out
 * once, oldest first, at most Max Records a poll (events read at one millisecond together); the
 * changes the first poll finds are history
 * (Start From: those since then come out). Its documented limit: a change stamped, or read (the
 * event list is read by creation or update), more than a minute before the `Date` of an answer the
 * trigger already read, or before Start From (a clock stepped back, a server whose `Date` ran
 * ahead) is not seen, nor a publication first read more than a day after it (its
 * event edited meanwhile). Polling sees what exists: a change that a later one replaced before the
 * trigger read it, or that Max Records held back until it was replaced, may not come out.
 */
export function expectedChanges(
	settings: ChangeSettings,
	polls: PollRecord[],
	saves: Saves,
): ExpectedChanges {
	const stampOf = (event: {
		createdAt: unknown;
		updatedAt: unknown;
		publishedAt: unknown;
		isPublished: unknown;
	}): number | undefined => {
		const time = (value: unknown) =>
			typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : undefined;
		if (settings.trigger === 'newEvent') return time(event.createdAt);
		if (settings.trigger === 'eventUpdated')
			return time(event.updatedAt) === time(event.createdAt) ? undefined : time(event.updatedAt);
		return event.isPublished === true ? time(event.publishedAt) : undefined;
	};
	const key = (change: Change) => `${change.id}@${change.stamp}`;
	/** The changes a poll can see: the current one of each event in scope. */
	const seen = (poll: PollRecord): Map<string, Emitted> => {
		const changes = new Map<string, Emitted>();
		for (const event of poll.events) {
			if (!inScope(poll.scope, event.id)) continue;
			if (!(settings.includeUnpublished || event.isPublished)) continue;
			const stamp = stampOf(event);
			const read = settings.trigger === 'newEvent' ? event.createdAt : event.updatedAt;
			if (stamp !== undefined) changes.set(event.id, { id: event.id, stamp, read });
		}
		return changes;
	};

	return {
		changeOf: (item) => ({
			id: String(item.eventId),
			stamp: stampOf(item as Parameters<typeof stampOf>[0]) ?? NaN,
			read: Date.parse(String(settings.trigger === 'newEvent' ? item.createdAt : item.updatedAt)),
		}),
		check(emitted, maxRecords) {
			// Per poll: what it may emit, what it must (now or later), and what it emitted.
			interface Epoch {
				/** Changes remembered by the activation (never to come out). */
				known: Set<string>;
				watermark: number;
				/** Changes ever seen, by key. */
				everSeen: Set<string>;
			}
			let epoch: Epoch | undefined;
			let saved: Epoch | undefined;
			const copy = (e: Epoch): Epoch => ({
				known: new Set(e.known),
				watermark: e.watermark,
				everSeen: new Set(e.everSeen),
			});
			const out = new Set<string>();
			/** Changes owed: to come out unless replaced first. */
			const owed = new Map<string, Change>();
			polls.forEach((poll, i) => {
				if (poll.restart === 'lose') {
					// The trigger starts over (Start From again, if set): a life of its own.
					epoch = saved = undefined;
					owed.clear();
					out.clear();
				}
				if (poll.restart === 'keep' || poll.restart === 'edited') epoch = saved && copy(saved);
				const visible = seen(poll);
				const now = emitted[i];
				if (!epoch) {
					expect(now).toEqual([]);
					const watermark = settings.startFrom ?? poll.date - LOOK_BACK;
					epoch = {
						known: new Set(
							settings.startFrom === undefined
								? [...visible.values()].filter((c) => c.stamp >= watermark).map(key)
								: [],
						),
						watermark,
						everSeen: new Set(
							settings.startFrom === undefined ? [...visible.values()].map(key) : [],
						),
					};
					saved = copy(epoch);
					return;
				}
				// Owed from now: each change first seen at this poll, stamped at or after the watermark.
				for (const change of visible.values()) {
					const k = key(change);
					const fresh = change.stamp >= epoch.watermark && change.read >= epoch.watermark;
					if (!epoch.everSeen.has(k) && fresh && !out.has(k)) owed.set(k, change);
					epoch.everSeen.add(k);
				}
				// What came out: seen now, never before, not history; oldest first, at most the cap (the
				// event list has no order among events read at one millisecond: those come out together).
				const beyond = now.slice(maxRecords).filter((c) => c.read !== now[maxRecords - 1].read);
				expect(beyond).toEqual([]);
				const sorted = [...now].sort((a, b) => a.stamp - b.stamp || (a.id < b.id ? -1 : 1));
				expect(now).toEqual(sorted);
				for (const { id, stamp } of now) {
					const change = { id, stamp };
					const k = key(change);
					const current = visible.get(change.id);
					expect({ change, now: current && { id: current.id, stamp: current.stamp } }).toEqual({
						change,
						now: change,
					});
					expect({ change, twice: out.has(k) }).toEqual({ change, twice: false });
					expect({ change, known: epoch.known.has(k) }).toEqual({ change, known: false });
					out.add(k);
					owed.delete(k);
				}
				// Owed changes replaced (or gone) before they came out: polling sees what exists.
				for (const [k, change] of owed)
					if (visible.get(change.id)?.stamp !== change.stamp) owed.delete(k);
				epoch.watermark = Math.max(epoch.watermark, poll.date - LOOK_BACK);
				// A publication read (by its event's update) more than a day after it is history.
				if (settings.trigger === 'eventPublished')
					for (const [k, change] of owed)
						if (change.stamp < epoch.watermark - PUBLICATION_LATENESS) owed.delete(k);
				if (saves === 'every poll' || now.length > 0 || poll.restart === 'keep')
					saved = copy(epoch);
			});
			// After the last polls, nothing is owed.
			expect([...owed.values()]).toEqual([]);
		},
	};
}
