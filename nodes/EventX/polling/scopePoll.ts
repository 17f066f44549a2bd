// Attendee and order triggers on several events (the picked ones, or every running one): one
// change cursor per event, the poll's cap and budget shared, the scope's state saved together.
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { MAX_SEEN, MAX_SEEN_IN_SCOPE, Seen } from './cursor';
import { logLeftOut, startCursor } from './cursorPoll';
import {
	boundMemories,
	latestOccurrence,
	pollSource,
	settledAt,
	showsWithin,
	type Occurrence,
	type PollLimits,
} from './engine';
import { toItems, type EventOccurrences } from './items';
import { readRunningEvents, runningSince, runningUntil } from './scope';
import type { PollSettings } from './settings';
import {
	cursorFrom,
	newCursor,
	savedCursor,
	savedScope,
	saveState,
	type PollState,
	type ScopeState,
	type StoredGuess,
} from './state';
import { iso } from './time';
import { pollSourceOf, type PollTrigger } from './triggers';

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

/** A guessed cursor as the poll holds it (`ScopeState.guesses`, where its times are text). */
interface Guess {
	at: number;
	since?: number;
	seen: Seen;
}

const guessOf = (stored: StoredGuess): Guess => ({
	at: Date.parse(stored.at),
	since: stored.since === undefined ? undefined : Date.parse(stored.since),
	seen: Seen.decode(stored.seen ?? ''),
});

const storedGuess = ({ at, since, seen }: Guess): StoredGuess => ({
	at: iso(at),
	...(since === undefined ? {} : { since: iso(since) }),
	...(seen.size > 0 ? { seen: seen.encode() } : {}),
});

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
	/** Events whose cursor starts at a guess of EventX's clock (`ScopeState.guesses`). */
	guesses: Record<string, Guess>;
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
 * The cursor of an event that has none, not read at its start: where the last poll stood (a
 * running event no earlier than it started), or at the first poll now (or Start From). A join
 * point guessed from n8n's clock, no `Date` heard, makes it a guess like the first poll's, moved
 * back once a `Date` tells how far n8n's clock runs ahead.
 */
function joinCursor(poll: ScopePoll, eventId: string): PollState {
	const { settings, inScope, joinFrom } = poll;
	const at =
		joinFrom === undefined
			? (settings.startFrom ?? presentSoFar(poll))
			: Math.max(joinFrom, inScope.since.get(eventId) ?? -Infinity);
	if (
		settings.scope.mode === 'running' &&
		poll.joinGuessed &&
		at === joinFrom &&
		inScope.listed === undefined
	)
		guessed(poll, eventId, at);
	return newCursor(settings.trigger.value, eventId, cursorFrom(at));
}

/**
 * The cursor of an event the poll has no time or records left for: it stays, or starts
 * (`joinCursor`) for the next poll. At the first poll of All Running Events, no `Date` heard, what
 * its records told of EventX's clock may lie far behind and n8n's clock may run either way: it
 * starts at a guess, kept until an answer tells EventX's clock.
 */
function deferredCursor(poll: ScopePoll, eventId: string, cursor?: PollState): PollState {
	const { settings, inScope } = poll;
	if (cursor) return cursor;
	if (
		poll.joinFrom === undefined &&
		settings.startFrom === undefined &&
		settings.scope.mode === 'running' &&
		inScope.listed === undefined
	) {
		const guess = Math.max(presentSoFar(poll), Date.now());
		guessed(poll, eventId, guess);
		return newCursor(settings.trigger.value, eventId, cursorFrom(guess));
	}
	return joinCursor(poll, eventId);
}

/** What one event's turn in a scope poll gives: its cursor after it, and what it emits. */
interface EventTurn {
	state: PollState;
	occurrences: Occurrence[];
	read: boolean;
	/** Its read left occurrences for a later poll. */
	pending?: boolean;
}

/**
 * One event's turn in a scope poll, with `left` records still to emit. Out of time or of records,
 * the cursor stays (or starts) for the next poll (`deferredCursor`). At the first poll the event
 * starts now (or at Start From) and emits nothing; an event joining later starts where the last
 * poll stood (`joinCursor`) and is read at once. An event answered 404 (deleted, or for a moment)
 * keeps its place.
 */
async function pollScopeEvent(
	poll: ScopePoll,
	eventId: string,
	cursor: PollState | undefined,
	left: number,
): Promise<EventTurn> {
	const { ctx, settings, limits, inScope } = poll;
	const { trigger } = settings;
	if (left <= 0 || Date.now() >= limits.softDeadline)
		return { state: deferredCursor(poll, eventId, cursor), occurrences: [], read: false };
	const source = {
		...pollSourceOf(trigger, eventId, settings.filters),
		until: inScope.ended.get(eventId),
	};
	try {
		if (!cursor && poll.joinFrom === undefined) {
			const start = await startCursor(ctx, source, limits, settings.startFrom, (told) => {
				if (told !== undefined) poll.presents.push(told);
			});
			return { state: newCursor(trigger.value, eventId, start), occurrences: [], read: true };
		}
		const polled = await pollSource(ctx, source, cursor ?? joinCursor(poll, eventId), {
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
		ctx.logger.warn(
			`EventX Polling Trigger: event ${eventId} was not found (deleted?); it is passed over in this poll and keeps its place`,
		);
		return { state: cursor ?? joinCursor(poll, eventId), occurrences: [], read: true };
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
	// (what the scope keeps of an event, beside its cursor, goes with it)
	const saved = (id: string) => bounded.states[id] !== undefined;
	const guesses = Object.entries(poll.guesses)
		.filter(([id]) => saved(id))
		.map(([id, guess]) => [id, storedGuess(guess)]);
	const pending = [...poll.pending].filter(saved);
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
		pending: pending.length > 0 ? pending : undefined,
		turn: poll.turn,
		readAt: Object.fromEntries(Object.entries(poll.readAt).filter(([id]) => saved(id))),
		events: bounded.states,
	});
}

/**
 * A cursor started at a guess (n8n's clock), once a `Date` tells that n8n's clock runs `ahead` of
 * EventX's: moved back to where it would have started by EventX's clock (not before its event
 * started running, as known when guessed: moved since, its cursor stays), what it handled
 * remembered; never forward (n8n's clock may have been stepped since).
 */
function fromGuess(cursor: PollState, guess: Guess, ahead: number): PollState {
	const at = Math.max(guess.at - ahead, guess.since ?? -Infinity);
	if (at >= Date.parse(cursor.at)) return cursor;
	const floor = Math.min(at, Date.parse(cursor.floor));
	// (what it emitted while its guess stood is read again: remembered, it does not come out twice)
	const seen = Seen.decode(cursor.seen);
	seen.merge(guess.seen);
	return newCursor(cursor.trigger, cursor.list, {
		at: iso(at),
		floor: iso(floor),
		seen: seen.encode(),
	});
}

/**
 * An event's saved cursor, at the poll's start: a guess stays one while no `Date` tells EventX's
 * clock (`ahead`), and is moved back by how far n8n's clock runs ahead once one does.
 */
function resumeCursor(
	poll: ScopePoll,
	saved: ScopeState | undefined,
	eventId: string,
	ahead: number | undefined,
): PollState | undefined {
	const cursor = savedCursor(saved?.events[eventId], poll.settings.trigger.value, eventId);
	const stored = saved?.guesses?.[eventId];
	if (!cursor || !stored) return cursor;
	const guess = guessOf(stored);
	if (ahead !== undefined) return fromGuess(cursor, guess, ahead);
	poll.guesses[eventId] = guess;
	return cursor;
}

/** An event's cursor starts at a guess, `at`: where and since when its event ran, as known then. */
function guessed(poll: ScopePoll, eventId: string, at: number): void {
	poll.guesses[eventId] = { at, since: poll.inScope.since.get(eventId), seen: new Seen() };
}

/**
 * Remembers what an event whose cursor is still a guess emitted (the guess, moved back once a
 * `Date` comes, reads it again); past the memory's size, the guess is given up, with a warning.
 */
function keepGuessSeen(poll: ScopePoll, eventId: string, occurrences: Occurrence[]): void {
	const guess = poll.guesses[eventId];
	if (!guess) return;
	for (const o of occurrences) guess.seen.add(o.id, o.stamp);
	if (guess.seen.size <= MAX_SEEN) return;
	delete poll.guesses[eventId];
	poll.ctx.logger.warn(
		`EventX Polling Trigger (${poll.settings.trigger.name}), event ${eventId}: more than ${MAX_SEEN.toLocaleString('en')} occurrences came out while no answer told EventX's clock; its cursor stays where n8n's clock put it`,
	);
}

/**
 * The order a scope poll reads its events in: read longest ago first (never read: first of all),
 * then the most lagging, so that each event gets its turn however far the others' cursors lag
 * (one held a minute behind its newest record lags without a backlog).
 */
function readOrder(eventIds: string[], saved: ScopeState | undefined): string[] {
	const readAt = (id: string) => saved?.readAt?.[id] ?? 0;
	const cursors = saved?.events ?? {};
	const lag = (id: string) => (cursors[id] ? Date.parse(cursors[id].at) : -Infinity);
	return [...eventIds].sort((a, b) => readAt(a) - readAt(b) || lag(a) - lag(b));
}

/**
 * Attendee and order events on several events (the picked ones, or every running one, looked up
 * at each poll): one cursor per event, the poll's cap and budget shared, the events read longest
 * ago first, then those whose cursor lags most (`pollScopeEvent`). An event that stops running is
 * read on for the lateness the trigger allows (a check-in synced up to 24 hours late) and the
 * look-back (`runningEvents`); one no longer picked is forgotten.
 */
export async function pollScope(
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
	for (const eventId of readOrder(inScope.eventIds, saved)) {
		const cursor = resumeCursor(poll, saved, eventId, ahead);
		const { state, occurrences, read, pending } = await pollScopeEvent(poll, eventId, cursor, left);
		events[eventId] = state;
		if (read ? pending : saved?.pending?.includes(eventId)) poll.pending.add(eventId);
		keepGuessSeen(poll, eventId, occurrences);
		if (read) poll.readAt[eventId] = poll.turn;
		else if (saved?.readAt?.[eventId] !== undefined) poll.readAt[eventId] = saved.readAt[eventId];
		left -= occurrences.length;
		if (occurrences.length > 0) found.push({ eventId, occurrences });
	}
	saveScope(poll, mode, events, savedCursors);
	return found.length > 0 ? [toItems(trigger, found)] : null;
}
