import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ORDER_STATUSES, REGISTRATION_STATUSES } from '../helpers/enums';
import { invalidField } from '../helpers/validation';
import { MAX_SEEN, MAX_SEEN_IN_SCOPE, Seen } from './cursor';
import { logLeftOut, pollCursor, startCursor } from './cursorPoll';
import {
	boundMemories,
	latestOccurrence,
	pollSource,
	settledAt,
	showsWithin,
	type Occurrence,
	type PollLimits,
} from './engine';
import { pollEventTrigger } from './eventPoll';
import { eventTrigger } from './eventTriggers';
import { readRunningEvents, readScope, runningSince, runningUntil, type Scope } from './scope';
import { limitsOf, readMaxRecords, readStartFrom } from './settings';
import {
	cursorFrom,
	newCursor,
	savedCursor,
	savedScope,
	saveState,
	type PollState,
	type ScopeState,
} from './state';
import { iso } from './time';
import { pollSourceOf, pollTrigger, type PollFilters, type PollTrigger } from './triggers';

export { DEFAULT_MAX_RECORDS, FALLBACK_BUDGET_MS } from './settings';

/** A poll's settings, read once. */
export interface PollSettings {
	trigger: PollTrigger;
	scope: Scope;
	filters: PollFilters;
	maxRecords: number;
	/** Start From: where the first activation starts instead of now (epoch ms). */
	startFrom?: number;
}

/**
 * A list of statuses as the Options hold it: the editor's array, or text from an expression
 * (`"registered"`, `"registered, pending"`, or a JSON array).
 */
function statuses(value: unknown): string[] | undefined {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	if (text.startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(text);
			if (Array.isArray(parsed)) return statuses(parsed);
		} catch {
			// Read as a comma-separated list below.
		}
	}
	return text
		.split(',')
		.map((v) => v.trim())
		.filter(Boolean);
}

/** A status filter's values, each one EventX knows: a misspelt one would silently match nothing. */
function statusFilter(
	ctx: IPollFunctions,
	value: unknown,
	field: string,
	known: readonly string[],
): string[] | undefined {
	return statuses(value)?.map((status) => {
		// Case aside ("Registered" is EventX's registered).
		const match = known.find((k) => k === status.toLowerCase());
		if (match === undefined)
			throw invalidField(
				ctx,
				field,
				`${JSON.stringify(status)} is not a status EventX knows (${known.join(', ')})`,
				0,
			);
		return match;
	});
}

/** The poll's settings from the node's parameters; bad ones fail before any request. */
export function readPollSettings(ctx: IPollFunctions): PollSettings {
	const value = ctx.getNodeParameter('resource', 'newAttendee');
	const trigger = pollTrigger(value);
	if (!trigger)
		throw invalidField(ctx, 'Trigger On', `unknown trigger ${JSON.stringify(value)}`, 0);
	const scope = readScope(ctx, false);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		trigger,
		scope,
		filters: {
			// Each read by the events that show it (a value left from another event is not used).
			registrationStatus:
				trigger.resource === 'attendee'
					? statusFilter(
							ctx,
							options.registrationStatus,
							'Options > Registration Status',
							REGISTRATION_STATUSES,
						)
					: undefined,
			orderStatus:
				trigger.value === 'newOrder'
					? statusFilter(ctx, options.orderStatus, 'Options > Order Status', ORDER_STATUSES)
					: undefined,
		},
		maxRecords: readMaxRecords(ctx, options),
		startFrom: readStartFrom(ctx, options),
	};
}

/**
 * The keys an item puts before EventX's record: `action`, `eventId` and, for an attendee, `email`
 * as EventX Trigger's deliveries name the invitation email. A key the record has keeps its place
 * here and takes the record's value.
 */
const itemHead = (trigger: PollTrigger, eventId: string, record: IDataObject): IDataObject =>
	trigger.resource === 'attendee'
		? { action: trigger.action, eventId, email: record.invitationEmail }
		: { action: trigger.action, eventId };

/**
 * The item the workflow receives: the tidy attendee of EventX Trigger (EventX's API names its keys
 * as the tidy attendee does), or the order as EventX returns it, with `itemHead` first.
 */
export function toItem(
	trigger: PollTrigger,
	eventId: string,
	record: IDataObject,
): INodeExecutionData {
	return { json: { ...itemHead(trigger, eventId, record), ...record } };
}

/** Whether a record's keys are `keys`, in that order. */
function hasKeys(record: IDataObject, keys: string[]): boolean {
	let i = 0;
	for (const key in record) if (key !== keys[i++]) return false;
	return i === keys.length;
}

/**
 * `toItem` for the records of one poll. An object literal over a record adds its keys one by one,
 * its store growing several times on the way (1.9 KB allocated for an attendee's item of 0.6 KB):
 * a catch-up of 100,000 attendees allocated 190 MB, which set its peak memory. The records of a
 * list share their keys, in one order, so the item of a record with the keys of the last one built
 * is a copy of that item (one allocation) given this record's values.
 */
export function itemMaker(
	trigger: PollTrigger,
): (eventId: string, record: IDataObject) => INodeExecutionData {
	let model: IDataObject | undefined;
	let keys: string[] = [];
	return (eventId, record) => {
		if (model === undefined || !hasKeys(record, keys)) {
			const item = toItem(trigger, eventId, record);
			model = item.json;
			keys = Object.keys(record);
			return item;
		}
		const json = Object.assign({ ...model }, itemHead(trigger, eventId, record));
		for (const key in record) json[key] = record[key];
		return { json };
	};
}

/** One event's occurrences on a poll, with its event. */
interface EventOccurrences {
	eventId: string;
	occurrences: Occurrence[];
}

const toItems = (trigger: PollTrigger, found: EventOccurrences[]) => {
	const item = itemMaker(trigger);
	return found
		.flatMap(({ eventId, occurrences }) => occurrences.map((o) => ({ eventId, o })))
		.sort((a, b) => a.o.stamp - b.o.stamp || (a.o.id < b.o.id ? -1 : 1))
		.map(({ eventId, o }) => item(eventId, o.record));
};

/** The events a scope poll reads, and what it knows of each. */
interface InScope {
	eventIds: string[];
	/** Running events: since when each runs (changes before are out of scope). */
	since: Map<string, number>;
	/** Events that stopped running: until when they ran (changes after are out of scope). */
	ended: Map<string, number>;
	/**
	 * Events not running whose cursors are kept, read or not: those that stopped running less than
	 * a day ago, and those that have not started (moved later, or EventX's clock stepped back).
	 */
	kept: Set<string>;
	/** EventX's present as the running events' list told it (its `Date`). */
	listed?: number;
	/**
	 * Where an event joining starts: the last poll's `joinAt`; one guessed from n8n's clock, once a
	 * `Date` tells how far n8n's clock runs ahead, moved back by as much.
	 */
	joinFrom?: number;
}

/**
 * The events of All Running Events: those running at EventX's present, and those that stopped
 * running less than the lateness the trigger allows and the look-back ago, read on from where
 * they stand, or joining if they ran since the last poll (while n8n was down, or a poll it did not
 * save), or as long as their cursor has not passed their end (a backlog left for lack of time).
 */
async function runningEvents(
	ctx: IPollFunctions,
	trigger: PollTrigger,
	limits: PollLimits,
	savedCursors: Record<string, PollState>,
	saved: ScopeState | undefined,
): Promise<InScope> {
	const inScope: InScope = { eventIds: [], since: new Map(), ended: new Map(), kept: new Set() };
	const grace = showsWithin(trigger.maxShowDelayMs);
	const running = await readRunningEvents(ctx, limits.deadline, grace);
	// (a join point guessed from n8n's clock, once a `Date` tells how far n8n's clock runs ahead:
	// moved back by as much, never forward, as the first poll's guessed cursors are)
	const savedJoin = saved ? Date.parse(saved.joinAt) : undefined;
	const joinFrom =
		saved?.joinGuessed === true && running.date !== undefined
			? Math.min(savedJoin!, savedJoin! - (Date.now() - running.date))
			: savedJoin;
	inScope.joinFrom = joinFrom;
	// (no answer has told EventX's clock since the activation, nor does this one: an event that
	// ended by n8n's clock may have run since the last poll, or run still; it joins at the guess)
	const endedJoinFrom =
		saved?.joinGuessed === true && running.date === undefined ? -Infinity : joinFrom;
	for (const event of running.events) {
		const t = runningSince(event);
		if (t !== undefined) inScope.since.set(String(event.id).toLowerCase(), t);
	}
	inScope.eventIds = [...inScope.since.keys()];
	for (const event of running.upcoming) inScope.kept.add(String(event.id).toLowerCase());
	for (const event of running.ended) {
		const id = String(event.id).toLowerCase();
		inScope.kept.add(id);
		const start = runningSince(event);
		const until = runningUntil(event)!;
		if (inScope.since.has(id) || start === undefined) continue;
		const cursor = savedCursors[id];
		// (a backlog left by its last read may hold occurrences from before its end, whatever its
		// cursor: a registration whose record changed after the end, read by that change)
		const readOn =
			cursor !== undefined &&
			(until + grace >= running.present ||
				Date.parse(cursor.at) <= until ||
				saved?.pending?.includes(id) === true);
		if (readOn || (endedJoinFrom !== undefined && until >= endedJoinFrom)) {
			inScope.since.set(id, start);
			inScope.ended.set(id, until);
			inScope.eventIds.push(id);
		}
	}
	// (where events joining start: EventX's clock, not n8n's, which may run ahead)
	inScope.listed = running.date;
	return inScope;
}

/** "Fetch Test Event" on several events: the most recent occurrence among them. */
async function sampleScope(
	ctx: IPollFunctions,
	settings: PollSettings,
	eventIds: string[],
	limits: PollLimits,
): Promise<INodeExecutionData[][] | null> {
	const { trigger, filters } = settings;
	const found: EventOccurrences[] = [];
	for (const eventId of eventIds) {
		const latest = await latestOccurrence(ctx, pollSourceOf(trigger, eventId, filters), limits);
		if (latest) found.push({ eventId, occurrences: [latest] });
	}
	const newest = toItems(trigger, found).pop();
	return newest ? [[newest]] : null;
}

/** What one scope poll shares among its events. */
interface ScopePoll {
	ctx: IPollFunctions;
	settings: PollSettings;
	limits: PollLimits;
	inScope: InScope;
	/** Where an event joining starts (the last poll's `joinAt`); none at the first poll. */
	joinFrom?: number;
	/** `joinFrom` is n8n's clock, no answer having told EventX's (`ScopeState.joinGuessed`). */
	joinGuessed: boolean;
	/** EventX's present as this poll's reads told it. */
	presents: number[];
	/** Events whose cursor starts at a guess of EventX's clock, and that time (`ScopeState.guesses`). */
	guesses: Record<string, number>;
	/** What each of those emitted while its guess stood (`ScopeState.guessSeen`). */
	guessSeen: Record<string, Seen>;
	/** When each of those started running as known when guessed (`ScopeState.guessSince`). */
	guessSince: Record<string, number>;
	/** n8n's clock when the poll started: a join point guessed from it stands there, as a `Date` would. */
	startedAt: number;
	/** This poll's turn, and the turn each event was last read at (`ScopeState.readAt`). */
	turn: number;
	readAt: Record<string, number>;
	/** Events whose last read left occurrences for a later poll (`ScopeState.pending`). */
	pending: Set<string>;
}

/** EventX's present as the scope poll's reads told it so far (n8n's clock before any told it). */
const presentSoFar = (poll: ScopePoll) =>
	poll.presents.length > 0 ? Math.max(...poll.presents) : Date.now();

/**
 * One event's turn in a scope poll, with `left` records still to emit: its cursor after it and
 * what it emits. Out of time or of records, the cursor stays (or starts) for the next poll. At the
 * first poll the event starts now (or at Start From) and emits nothing; an event joining later
 * starts where the last poll stood (a running event no earlier than it started) and is read at
 * once. An event answered 404 (deleted, or for a moment) keeps its place.
 */
async function pollScopeEvent(
	poll: ScopePoll,
	eventId: string,
	cursor: PollState | undefined,
	left: number,
): Promise<{ state: PollState; occurrences: Occurrence[]; read: boolean; pending?: boolean }> {
	const { ctx, settings, limits, inScope, joinFrom } = poll;
	const { trigger } = settings;
	const source = {
		...pollSourceOf(trigger, eventId, settings.filters),
		until: inScope.ended.get(eventId),
	};
	const startAt = () =>
		joinFrom === undefined
			? (settings.startFrom ?? presentSoFar(poll))
			: Math.max(joinFrom, inScope.since.get(eventId) ?? -Infinity);
	const fresh = () => {
		const at = startAt();
		// (joining at a point guessed from n8n's clock, no `Date` heard: a guess like the first
		// poll's, moved back once a `Date` tells how far n8n's clock runs ahead)
		if (
			settings.scope.mode === 'running' &&
			poll.joinGuessed &&
			at === joinFrom &&
			inScope.listed === undefined
		)
			guessed(poll, eventId, at);
		return newCursor(trigger.value, eventId, cursorFrom(at));
	};
	if (left <= 0 || Date.now() >= limits.softDeadline) {
		if (cursor) return { state: cursor, occurrences: [], read: false };
		// (the first poll of All Running Events, no `Date` heard: what its records told of EventX's
		// clock may lie far behind, n8n's clock may run either way; a guess, kept until one tells it)
		if (
			joinFrom === undefined &&
			settings.startFrom === undefined &&
			settings.scope.mode === 'running' &&
			inScope.listed === undefined
		) {
			const guess = Math.max(presentSoFar(poll), Date.now());
			guessed(poll, eventId, guess);
			return {
				state: newCursor(trigger.value, eventId, cursorFrom(guess)),
				occurrences: [],
				read: false,
			};
		}
		return { state: fresh(), occurrences: [], read: false };
	}
	try {
		if (!cursor && joinFrom === undefined) {
			const start = await startCursor(ctx, source, limits, settings.startFrom, (told) => {
				if (told !== undefined) poll.presents.push(told);
			});
			return { state: newCursor(trigger.value, eventId, start), occurrences: [], read: true };
		}
		const polled = await pollSource(ctx, source, cursor ?? fresh(), {
			...limits,
			maxRecords: left,
		});
		logLeftOut(ctx, { name: trigger.name, eventKey: trigger.eventKey, eventId }, polled);
		if (polled.present !== undefined) poll.presents.push(polled.present);
		return {
			state: polled.state,
			occurrences: polled.occurrences,
			read: true,
			pending: polled.pending,
		};
	} catch (error) {
		// EventX's failures are NodeApiErrors already; anything else is wrapped as n8n asks.
		const failure =
			error instanceof NodeApiError ? error : new NodeOperationError(ctx.getNode(), error as Error);
		if (failure instanceof NodeOperationError || failure.httpCode !== '404') throw failure;
		const state = cursor ?? fresh();
		ctx.logger.warn(
			`EventX Polling Trigger: event ${eventId} was not found (deleted?); it is passed over in this poll and keeps its place`,
		);
		return { state, occurrences: [], read: true };
	}
}

/**
 * Saves where the scope stands: each event's cursor, those of events that stopped running less
 * than a day ago or have not started (moved later, or EventX's clock stepped back: run again, one
 * goes on from there, its backlog with it), all their memories bounded
 * together (a check-in trigger remembers a day of check-ins per event), and where an event
 * joining at the next poll starts: EventX's present less the look-back, never back (without a
 * read this poll, where it stood).
 */
function saveScope(
	poll: ScopePoll,
	mode: ScopeState['mode'],
	events: Record<string, PollState>,
	savedCursors: Record<string, PollState>,
): void {
	const { ctx, settings, joinFrom, presents } = poll;
	const { trigger } = settings;
	for (const id of poll.inScope.kept)
		if (!events[id] && savedCursors[id]) events[id] = savedCursors[id];
	const bounded = boundMemories(events, MAX_SEEN_IN_SCOPE);
	for (const [eventId, floor] of Object.entries(bounded.floors))
		ctx.logger.warn(
			`EventX Polling Trigger (${trigger.name}), event ${eventId}: its events together have more occurrences than the ${MAX_SEEN_IN_SCOPE.toLocaleString('en')} they remember; one whose ${trigger.eventKey} is before ${iso(floor)} and that shows from now on is left out`,
		);
	const guessed = Object.keys(poll.guesses).filter((id) => bounded.states[id] !== undefined);
	const guesses = guessed.map((id) => [id, iso(poll.guesses[id])]);
	const guessSeen = guessed
		.filter((id) => (poll.guessSeen[id]?.size ?? 0) > 0)
		.map((id) => [id, poll.guessSeen[id].encode()]);
	const guessSince = guessed
		.filter((id) => poll.guessSince[id] !== undefined)
		.map((id) => [id, iso(poll.guessSince[id])]);
	const pending = [...poll.pending].filter((id) => bounded.states[id] !== undefined);
	// (never back from where EventX's clock put it; a guess from n8n's clock gives way to it)
	const told = presents.length > 0;
	const joinAt = told
		? Math.max(
				poll.joinGuessed ? -Infinity : (joinFrom ?? -Infinity),
				settledAt(presentSoFar(poll)),
			)
		: (joinFrom ?? settledAt(poll.startedAt));
	saveState(ctx.getWorkflowStaticData('node'), 'scopeState', {
		v: 1,
		trigger: trigger.value,
		mode,
		joinAt: iso(joinAt),
		joinGuessed: !told && (joinFrom === undefined || poll.joinGuessed) ? true : undefined,
		guesses: guesses.length > 0 ? Object.fromEntries(guesses) : undefined,
		guessSeen: guessSeen.length > 0 ? Object.fromEntries(guessSeen) : undefined,
		guessSince: guessSince.length > 0 ? Object.fromEntries(guessSince) : undefined,
		pending: pending.length > 0 ? pending : undefined,
		turn: poll.turn,
		readAt: Object.fromEntries(
			Object.entries(poll.readAt).filter(([id]) => bounded.states[id] !== undefined),
		),
		events: bounded.states,
	});
}

/**
 * A cursor started at `guess` (n8n's clock), once a `Date` tells that n8n's clock runs `ahead` of
 * EventX's: moved back to where it would have started by EventX's clock (not before its event
 * started running, as known when guessed: moved since, its cursor stays), what it handled
 * remembered; never forward (n8n's clock may have been stepped since).
 */
function fromGuess(
	cursor: PollState,
	guess: number,
	ahead: number,
	emitted: Seen,
	since = -Infinity,
): PollState {
	const at = Math.max(guess - ahead, since);
	if (at >= Date.parse(cursor.at)) return cursor;
	const floor = Math.min(at, Date.parse(cursor.floor));
	// (what it emitted while its guess stood is read again: remembered, it does not come out twice)
	const seen = Seen.decode(cursor.seen);
	seen.merge(emitted);
	return newCursor(cursor.trigger, cursor.eventId, {
		at: iso(at),
		floor: iso(floor),
		seen: seen.encode(),
	});
}

/** An event's cursor starts at a guess, `at`: where and since when its event ran, as known then. */
function guessed(poll: ScopePoll, eventId: string, at: number): void {
	poll.guesses[eventId] = at;
	const since = poll.inScope.since.get(eventId);
	if (since !== undefined) poll.guessSince[eventId] = since;
}

/**
 * Remembers what an event whose cursor is still a guess emitted (the guess, moved back once a
 * `Date` comes, reads it again); past the memory's size, the guess is given up, with a warning.
 */
function keepGuessSeen(
	poll: ScopePoll,
	eventId: string,
	guessSeen: Seen,
	occurrences: Occurrence[],
): void {
	for (const o of occurrences) guessSeen.add(o.id, o.stamp);
	if (guessSeen.size <= MAX_SEEN) {
		poll.guessSeen[eventId] = guessSeen;
		return;
	}
	delete poll.guesses[eventId];
	poll.ctx.logger.warn(
		`EventX Polling Trigger (${poll.settings.trigger.name}), event ${eventId}: more than ${MAX_SEEN.toLocaleString('en')} occurrences came out while no answer told EventX's clock; its cursor stays where n8n's clock put it`,
	);
}

/**
 * Attendee and order events on several events (the picked ones, or every running one, looked up
 * at each poll): one cursor per event, the poll's cap and budget shared, the events read longest
 * ago first, then those whose cursor lags most (`pollScopeEvent`). An event that stops running is
 * read on for the lateness the trigger allows (a check-in synced up to 24 hours late) and the
 * look-back (`runningEvents`); one no longer picked is forgotten.
 */
async function pollScope(
	ctx: IPollFunctions,
	settings: PollSettings,
	limits: PollLimits,
): Promise<INodeExecutionData[][] | null> {
	const { trigger, scope } = settings;
	const startedAt = Date.now();
	const mode = scope.mode === 'running' ? 'running' : 'several';
	const manual = ctx.getMode() === 'manual';
	const saved = manual
		? undefined
		: savedScope(ctx.getWorkflowStaticData('node'), trigger.value, mode);
	const savedCursors = saved?.events ?? {};
	const savedJoin = saved ? Date.parse(saved.joinAt) : undefined;
	const inScope: InScope =
		scope.mode === 'running'
			? await runningEvents(ctx, trigger, limits, savedCursors, saved)
			: {
					eventIds: scope.mode === 'several' ? scope.eventIds : [],
					since: new Map(),
					ended: new Map(),
					kept: new Set(),
				};
	if (manual) return await sampleScope(ctx, settings, inScope.eventIds, limits);

	const poll: ScopePoll = {
		ctx,
		settings,
		limits,
		inScope,
		joinFrom: scope.mode === 'running' ? inScope.joinFrom : savedJoin,
		joinGuessed: saved?.joinGuessed === true,
		presents: inScope.listed === undefined ? [] : [inScope.listed],
		guesses: {},
		guessSeen: {},
		guessSince: {},
		startedAt,
		turn: (saved?.turn ?? 0) + 1,
		readAt: {},
		pending: new Set(),
	};
	// How far n8n's clock runs ahead of EventX's (behind: less than 0), once a `Date` tells it:
	// cursors guessed from n8n's clock move back by as much.
	const ahead = inScope.listed === undefined ? undefined : Date.now() - inScope.listed;
	const events: Record<string, PollState> = {};
	const found: EventOccurrences[] = [];
	let left = settings.maxRecords;
	// Read longest ago first (never read: first of all), then the most lagging: each event gets its
	// turn however far the others' cursors lag (one held a minute behind its newest record lags
	// without a backlog).
	const readAt = (id: string) => saved?.readAt?.[id] ?? 0;
	const lag = (id: string) => (savedCursors[id] ? Date.parse(savedCursors[id].at) : -Infinity);
	const order = [...inScope.eventIds].sort((a, b) => readAt(a) - readAt(b) || lag(a) - lag(b));
	for (const eventId of order) {
		let cursor = savedCursor(savedCursors[eventId], trigger.value, eventId);
		const guess = saved?.guesses?.[eventId];
		const guessSeen = Seen.decode(saved?.guessSeen?.[eventId] ?? '');
		const since = saved?.guessSince?.[eventId];
		if (cursor && guess !== undefined) {
			if (ahead === undefined) {
				poll.guesses[eventId] = Date.parse(guess);
				if (since !== undefined) poll.guessSince[eventId] = Date.parse(since);
			} else
				cursor = fromGuess(
					cursor,
					Date.parse(guess),
					ahead,
					guessSeen,
					since === undefined ? undefined : Date.parse(since),
				);
		}
		const { state, occurrences, read, pending } = await pollScopeEvent(poll, eventId, cursor, left);
		events[eventId] = state;
		if (read ? pending : saved?.pending?.includes(eventId)) poll.pending.add(eventId);
		if (poll.guesses[eventId] !== undefined) keepGuessSeen(poll, eventId, guessSeen, occurrences);
		if (read) poll.readAt[eventId] = poll.turn;
		else if (saved?.readAt?.[eventId] !== undefined) poll.readAt[eventId] = saved.readAt[eventId];
		left -= occurrences.length;
		if (occurrences.length > 0) found.push({ eventId, occurrences });
	}
	saveScope(poll, mode, events, savedCursors);
	return found.length > 0 ? [toItems(trigger, found)] : null;
}

/**
 * One poll. Event triggers go to their own poll (`eventPoll.ts`); attendee and order events on
 * several events to `pollScope`. On one event, the first poll (or the first after the trigger or
 * the event changed) records where the list stands (or starts at Start From) and emits nothing.
 * Later ones emit each occurrence since once, oldest first, at most `maxRecords`; the state is
 * written only once everything went well, so a poll that fails leaves the static data as it was
 * and the next one repeats the same window. "Fetch Test Event" shows the most recent occurrence
 * and touches nothing.
 */
export async function pollEventX(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (eventTrigger(this.getNodeParameter('resource', 'newAttendee')))
		return await pollEventTrigger(this);
	const settings = readPollSettings(this);
	const { trigger, scope, filters, maxRecords } = settings;
	const limits = limitsOf(this, maxRecords);
	if (scope.mode !== 'one') return await pollScope(this, settings, limits);

	const [eventId] = scope.eventIds;
	const occurrences = await pollCursor(
		this,
		{
			trigger: trigger.value,
			eventId,
			source: pollSourceOf(trigger, eventId, filters),
			label: { name: trigger.name, eventKey: trigger.eventKey, eventId },
		},
		limits,
		settings.startFrom,
	);
	const item = itemMaker(trigger);
	return occurrences.length > 0
		? [occurrences.map((occurrence) => item(eventId, occurrence.record))]
		: null;
}
