// The reference model of the attendee and order polling triggers: from what EventX held at each
// poll (the records its lists showed, with when each version became visible, and the events in
// scope) to what the trigger must, may and must not emit. A plain function of the history,
// written from docs/behaviour.md ("Polling trigger"), not from the node's code:
//
// - An occurrence is a record's change the trigger waits for, known by the record's ID and the
//   occurrence's stamp (New Attendee: `createdAt`; Attendee Updated: `updatedAt`, once it moved
//   past `createdAt`; Registered: `registeredAt`; Checked In: `attendedAt`; New Order:
//   `createdAt`; Order Paid: `purchasedAt` of an order in a paid status).
// - A run of the trigger starts at its activation (or when it starts over: another trigger, the
//   static data lost, another Events mode) and emits nothing then: what its lists showed of the
//   events in scope then is history, never emitted in that run.
// - Exactly once: in one run nothing is emitted twice; an item is an occurrence the lists showed at
//   that poll, of an event in scope then, no older than where that event's cursor started (an event
//   joining starts where the last poll stood); a poll's items come out oldest first.
// - Due: an occurrence the lists showed at a poll of the run after its activation, while its event
//   was in scope, that is not history, whose version became visible within the look-back (a
//   minute) of EventX's clock, whose stamp is no older than that less the trigger's lateness (a
//   check-in synced up to 24 hours after its scan), nor than where its event's cursor started, nor
//   (All Running Events) newer than the event's end as a poll that showed it knew it (an event moved
//   to end later does not bring back what was left out), whose record never showed, at a poll, a
//   version stamped too late to be read (a clock behind); and that the lists still show at the end of
//   the history, of an event still watched (picked, not deleted). In the last run, drained at the
//   end of the history, every due occurrence is emitted.
// - Left out on purpose: an occurrence the trigger reads (its read stamp within the look-back) but
//   that is not due by its stamp must be counted in a log line if it is not emitted.
import type { PollTriggerName } from '../../../nodes/EventX/polling/triggers';

/** The fields of a record the model looks at, as EventX's list showed them. */
export interface RecordView {
	id: string;
	eventId: string;
	resource: 'attendee' | 'order';
	createdAt?: string | null;
	updatedAt?: string | null;
	registeredAt?: string | null;
	attendedAt?: string | null;
	registrationStatus?: string | null;
	purchasedAt?: string | null;
	status?: string | null;
	/** EventX's clock when this version became visible in the lists. */
	visibleAt: number;
	/** The furthest EventX's clock had been by then (a clock stepped back does not lower it). */
	high: number;
}

export type TriggerName = PollTriggerName;

export interface TriggerSettings {
	trigger: TriggerName;
	/** Options > Registration Status (attendee triggers). */
	registrationStatus?: string[];
}

/** An event in scope at a poll. */
export interface InScope {
	/** Which stay in scope of the event (an event picked again, or joining again, starts another). */
	stay: number;
	/** Its occurrences are due from this stamp on (the run's start, or when it joined). */
	from: number;
	/** An event joining: nothing stamped before this may come out (where the last poll stood). */
	notBefore?: number;
	/** All Running Events: the event's end; what it stamps later is not due (it may come out). */
	until?: number;
	/** An event that ended: the trigger reads it only while what it stamped before its end may wait. */
	ended?: boolean;
	/**
	 * An event in scope from the activation that the activation could not read (404): where its
	 * cursor starts is the node's guess; nothing is owed before the first poll that reads it.
	 */
	unread?: boolean;
	/**
	 * All Running Events: an event that joined while no answer of the run had told EventX's clock
	 * (its cursor starts at the node's guess, n8n's clock, unless a record told EventX's clock), and
	 * where it joined as known then; nothing is owed until a `Date` tells EventX's clock.
	 */
	guessedJoin?: number;
	/**
	 * All Running Events: an event an activation without a `Date` had no time for, and n8n's clock
	 * then (its cursor's start, a guess); once a `Date` tells how far n8n's clock runs ahead, it
	 * moves back by as much, never forward.
	 */
	guessedAt?: number;
}

/** What a poll saw and did. */
export interface PollView {
	/** Which run of the trigger the poll belongs to; a new run starts with an activation. */
	run: number;
	activation: boolean;
	/** The poll threw: it emitted nothing and committed nothing. */
	failed: boolean;
	settings: TriggerSettings;
	/** EventX's clock during the poll. */
	at: number;
	/** The events in scope whose lists the poll read. */
	scope: Map<string, InScope>;
	/** The records the lists showed (every event's). */
	visible: RecordView[];
	/** The items, in the order emitted. */
	emitted: Array<{ id: string; eventId: string; json: Record<string, unknown> }>;
	/** How many occurrences the node's log lines of this poll say it left out. */
	leftOutLogged: number;
	/** How far ahead of EventX's clock the `Date` of this poll's answers ran at most (0: none). */
	dateAhead: number;
	/** After this poll, events no longer watched (unpicked or deleted): their backlog is not due. */
	dropped: Set<string>;
	/**
	 * After this poll, events watched but not running, not started (moved later, or EventX's clock
	 * stepped back): their cursors wait, and their backlog is owed once they run again.
	 */
	waiting?: Set<string>;
	/**
	 * An activation answered without a `Date` (All Running Events): the events it had no time to
	 * read. Their cursors start at a guess, n8n's clock, moved back once a `Date` tells how far it
	 * runs ahead; n8n's clock behind, or stepped forward meanwhile, what the activation showed of
	 * them may come out (more, never less).
	 */
	guessed?: Set<string>;
	/**
	 * An activation: the events it had no time to read. Their cursors start where its answers' `Date`
	 * put EventX's clock: a server whose clock runs behind (`dateBehind`), what the activation showed
	 * of them from there on may come out (more, never less).
	 */
	deferred?: Set<string>;
	/** How far behind EventX's clock the `Date` of this poll's answers ran at most (0: none). */
	dateBehind?: number;
	/** A read of the poll took much of its budget: events it had no time for start at its clock. */
	slow: boolean;
}

/** The look-back: a version visible later than this after EventX's clock passed its stamp is late. */
export const LOOK_BACK_MS = 60_000;
/** Attendee Checked In: a scan synced up to this long after it still counts. */
export const OFFLINE_SYNC_MS = 86_400_000;

const PAID = ['paid', 'completed', 'refunding', 'refunded'];

const time = (value: unknown): number | undefined => {
	if (typeof value !== 'string') return undefined;
	const t = Date.parse(value);
	return Number.isNaN(t) ? undefined : t;
};

const inStatuses = (value: unknown, statuses: string[] | undefined) =>
	!statuses || statuses.length === 0 || statuses.includes(String(value));

/** A record's occurrence for a trigger: its stamp and the stamp its list is read by; none when it shows none. */
export function occurrenceOf(
	settings: TriggerSettings,
	r: Omit<RecordView, 'id' | 'eventId' | 'visibleAt' | 'high'>,
): { stamp: number; read: number } | undefined {
	const { trigger } = settings;
	const attendee = trigger.startsWith('attendee') || trigger === 'newAttendee';
	if (attendee !== (r.resource === 'attendee')) return undefined;
	if (attendee && !inStatuses(r.registrationStatus, settings.registrationStatus)) return undefined;
	const of = (
		stampKey: 'createdAt' | 'updatedAt' | 'registeredAt' | 'attendedAt' | 'purchasedAt',
		readKey: 'createdAt' | 'updatedAt' | 'purchasedAt',
	) => {
		const stamp = time(r[stampKey]);
		const read = time(r[readKey]);
		return stamp === undefined || read === undefined ? undefined : { stamp, read };
	};
	switch (trigger) {
		case 'newAttendee':
			return of('createdAt', 'createdAt');
		case 'attendeeUpdated':
			return r.updatedAt !== r.createdAt ? of('updatedAt', 'updatedAt') : undefined;
		case 'attendeeRegistered':
			return of('registeredAt', 'updatedAt');
		case 'attendeeCheckedIn':
			return of('attendedAt', 'updatedAt');
		case 'newOrder':
			return of('createdAt', 'createdAt');
		case 'orderPaid':
			return PAID.includes(String(r.status)) ? of('purchasedAt', 'purchasedAt') : undefined;
	}
}

/** The stamp an emitted item carries for its trigger (its occurrence's stamp). */
export function stampKeyOf(trigger: TriggerName): string {
	return {
		newAttendee: 'createdAt',
		attendeeUpdated: 'updatedAt',
		attendeeRegistered: 'registeredAt',
		attendeeCheckedIn: 'attendedAt',
		newOrder: 'createdAt',
		orderPaid: 'purchasedAt',
	}[trigger];
}

const keyOf = (id: string, stamp: number) => `${id}@${new Date(stamp).toISOString()}`;

interface Seen {
	key: string;
	id: string;
	eventId: string;
	stamp: number;
	/** The read stamp of the latest version that showed it, and EventX's clock when that showed. */
	read: number;
	readHigh: number;
	/** EventX's clock (at its furthest) when the version that first showed it became visible. */
	high: number;
	/** EventX's clock when it became visible. */
	visibleAt: number;
	/** Polls of the run after its activation that showed it while its event was in scope. */
	polls: number[];
	/** The read stamp its record had at each of those polls, and EventX's clock when that version showed. */
	readAt: number[];
	readHighAt: number[];
}

export interface Verdict {
	/** What the node did that the model forbids, or did not do that it requires: empty when right. */
	violations: string[];
	/** Due occurrences of the last run (what the history made the trigger owe). */
	due: number;
	/** Occurrences left out on purpose in the last run (which a log line must count). */
	leftOut: number;
}

/**
 * Checks what the node emitted and logged against the model. `lastRunDrained`: the history ended
 * with polls until the trigger had nothing left, so every due occurrence of the last run is owed.
 */
export function judge(polls: PollView[], lastRunDrained = true): Verdict {
	const violations: string[] = [];
	const lastRun = polls.length > 0 ? polls[polls.length - 1].run : 0;
	let due = 0;
	let leftOut = 0;
	for (const run of new Set(polls.map((p) => p.run))) {
		const inRun = polls.filter((p) => p.run === run);
		const { settings } = inRun[0];
		const lateness = settings.trigger === 'attendeeCheckedIn' ? OFFLINE_SYNC_MS : 0;
		// History: what the activation's lists showed of its events in scope; but an occurrence
		// stamped after its record's read stamp (a scanner's clock ahead, a change stamped by a clock
		// behind), or after the activation's clock when a slow read left events without time (those
		// start at its clock), was not where the trigger started reading, and may come out.
		const history = new Set<string>();
		const anomalies = new Set<string>();
		const activation = inRun.find((p) => p.activation && !p.failed);
		// (an event the activation had no time for starts where its answers' `Date` put EventX's
		// clock, behind it when a server's clock is)
		const startedBehind = (r: RecordView, stamp: number) =>
			activation!.deferred?.has(r.eventId) === true &&
			stamp >= activation!.at + (activation!.dateBehind ?? 0) - 1000;
		for (const r of activation?.visible ?? []) {
			const o = occurrenceOf(settings, r);
			if (!o || !activation!.scope.has(r.eventId)) continue;
			// (an event whose cursor starts at a guess: what the activation showed may come out, or not)
			if (activation!.guessed?.has(r.eventId) || startedBehind(r, o.stamp))
				anomalies.add(keyOf(r.id, o.stamp));
			else if (o.stamp <= o.read && !(activation!.slow && o.stamp >= activation!.at - 1000))
				history.add(keyOf(r.id, o.stamp));
		}
		for (const r of activation?.visible ?? []) {
			const o = occurrenceOf(settings, r);
			// (a `Date` is whole seconds: an event started at the activation's starts up to a second early)
			if (o && (o.stamp > o.read || (activation!.slow && o.stamp >= activation!.at - 1000)))
				anomalies.add(keyOf(r.id, o.stamp));
		}
		const seen = new Map<string, Seen>();
		// Where each was emitted: the poll, and the event's stay in scope (an event picked again
		// starts where the last poll stood less the look-back: what it changed in that minute may
		// come out again).
		const emittedAt = new Map<string, { index: number; stay: number }>();
		for (const [index, poll] of inRun.entries()) {
			const visibleNow = new Map<string, RecordView>();
			for (const r of poll.visible) {
				const o = occurrenceOf(settings, r);
				if (!o) continue;
				const key = keyOf(r.id, o.stamp);
				visibleNow.set(key, r);
				if (poll.failed || poll.activation || !poll.scope.has(r.eventId)) continue;
				const s = seen.get(key) ?? {
					key,
					id: r.id,
					eventId: r.eventId,
					stamp: o.stamp,
					read: o.read,
					readHigh: r.high,
					high: r.high,
					visibleAt: r.visibleAt,
					polls: [],
					readAt: [],
					readHighAt: [],
				};
				s.high = Math.min(s.high, r.high);
				s.visibleAt = Math.min(s.visibleAt, r.visibleAt);
				// The record as the trigger finds it now: by its latest read stamp.
				s.read = o.read;
				s.readHigh = r.high;
				s.polls.push(index);
				s.readAt.push(o.read);
				s.readHighAt.push(r.high);
				seen.set(key, s);
			}
			let previous = -Infinity;
			for (const item of poll.emitted) {
				const stamp = time(item.json[stampKeyOf(settings.trigger)]);
				const where = `run ${run}, poll ${index}: ${item.id}`;
				if (stamp === undefined) {
					violations.push(`${where} carries no ${stampKeyOf(settings.trigger)}`);
					continue;
				}
				const key = keyOf(item.id, stamp);
				const scope = poll.scope.get(item.eventId);
				if (!visibleNow.has(key))
					violations.push(
						`${where} (${new Date(stamp).toISOString()}) is no occurrence the lists showed`,
					);
				else if (visibleNow.get(key)!.eventId !== item.eventId)
					violations.push(`${where} carries eventId ${item.eventId}`);
				// (an event that left and joined again is judged as joining)
				if (history.has(key) && scope?.notBefore === undefined)
					violations.push(`${where} is history (shown at the activation)`);
				if (poll.activation) violations.push(`${where} emitted by an activation`);
				if (!scope) violations.push(`${where} of event ${item.eventId}, not in scope`);
				else if (scope.notBefore !== undefined && stamp < scope.notBefore)
					violations.push(
						`${where} stamped ${new Date(stamp).toISOString()}, before its event joined (${new Date(scope.notBefore).toISOString()})`,
					);
				const before = emittedAt.get(key);
				if (before && before.stay === scope?.stay)
					violations.push(`${where} emitted twice (polls ${before.index} and ${index})`);
				if (scope) emittedAt.set(key, { index, stay: scope.stay });
				if (stamp < previous) violations.push(`${where} comes after a newer item of its poll`);
				previous = stamp;
			}
		}
		if (run !== lastRun || !lastRunDrained) continue;
		// The last run: each due occurrence still shown at its end emitted (one removed or changed
		// again before a poll could emit it, past the poll's cap, may not be); each left out counted
		// in a log line.
		const end = [...inRun].reverse().find((p) => !p.failed);
		const atEnd = new Set<string>();
		for (const r of end?.visible ?? []) {
			const o = occurrenceOf(settings, r);
			if (o) atEnd.add(keyOf(r.id, o.stamp));
		}
		const dropped = end?.dropped ?? new Set<string>();
		let owedLogs = 0;
		for (const s of seen.values()) {
			if (history.has(s.key) || anomalies.has(s.key) || emittedAt.has(s.key)) continue;
			if (!atEnd.has(s.key) || dropped.has(s.eventId) || end?.waiting?.has(s.eventId)) continue;
			const read = s.read >= s.readHigh - LOOK_BACK_MS;
			// Its record showed, at a poll, a version stamped too late to be read (by a clock behind):
			// the watermark may pass the occurrence meanwhile, and once the record is readable again
			// the occurrence is older than where the trigger reads (Registered, Checked In: stamped
			// by another field than the one the list is read by).
			const hidden = s.readAt.some((at, k) => at < s.readHighAt[k] - LOOK_BACK_MS);
			const prompt = s.stamp >= s.high - LOOK_BACK_MS - lateness;
			// Within its event's cursor (from where it started) at a poll that showed it, and stamped
			// by the event's end as each of them knew it: a poll that read it after its event's end as
			// then known left it out, and an event moved later afterwards does not bring it back (the
			// cursor has passed it); an event moved to end earlier leaves out what it stamped after.
			// (in its event's last stay in scope: one unpicked with a backlog and picked again starts
			// where the last poll stood, its backlog from before forgotten)
			const lastStay = end?.scope.get(s.eventId)?.stay;
			const covered =
				s.polls.every((i) => s.stamp <= (inRun[i].scope.get(s.eventId)!.until ?? Infinity)) &&
				s.polls.some((i) => {
					if (inRun[i].scope.get(s.eventId)!.stay !== lastStay) return false;
					const scope = inRun[i].scope.get(s.eventId)!;
					// (its record read where the cursor starts: a cursor reads by the list's stamp)
					return s.stamp >= scope.from && s.read >= scope.from;
				});
			// Shown after a poll answered by a server whose clock ran ahead: a change that commits late
			// may be left behind the watermark (the promise holds for changes committed promptly).
			const overtaken = inRun.some(
				(p) => !p.failed && p.dateAhead > 0 && p.at >= s.read && p.at < s.visibleAt,
			);
			if (read && prompt && covered && !overtaken && !hidden) {
				due += 1;
				violations.push(
					`run ${run}: ${s.key} (event ${s.eventId}, read ${new Date(s.read).toISOString()}, shown at polls ${s.polls.join(', ')}) was never emitted`,
				);
				continue;
			}
			// Read where its event's cursor reads at a poll (its record's read stamp then from where the
			// cursor started; an event that ended may no longer be read), and stamped older than it
			// reaches: left out.
			const readThere = s.polls.some((i, k) => {
				const scope = inRun[i].scope.get(s.eventId)!;
				return !scope.ended && s.readAt[k] >= scope.from && (!prompt || s.stamp < scope.from);
			});
			if (read && readThere) owedLogs += 1;
		}
		for (const s of seen.values()) if (!history.has(s.key) && emittedAt.has(s.key)) due += 1;
		leftOut = owedLogs;
		const logged = inRun.reduce((n, p) => n + p.leftOutLogged, 0);
		if (logged < owedLogs)
			violations.push(
				`run ${run}: ${owedLogs} occurrence(s) read and left out, but the log counts ${logged}`,
			);
	}
	return { violations, due, leftOut };
}
