import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ORDER_STATUSES, REGISTRATION_STATUSES } from '../helpers/enums';
import { invalidField } from '../helpers/validation';
import { isPollState, MAX_SEEN, MAX_SEEN_IN_SCOPE, type PollState } from './cursor';
import {
	activate,
	boundMemories,
	latestOccurrence,
	LOOK_BACK_MS,
	pollSource,
	type Occurrence,
	type PollLimits,
	type Polled,
} from './engine';
import { pollEventTrigger } from './eventPoll';
import { eventTrigger } from './eventTriggers';
import { readRunningEvents, readScope, runningSince, runningUntil, type Scope } from './scope';
import { cursorFrom, limitsOf, readMaxRecords, readStartFrom } from './settings';
import { pollSourceOf, pollTrigger, type PollFilters, type PollTrigger } from './triggers';

export type { PollState } from './cursor';
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

/** The item the workflow receives: the tidy attendee of EventX Trigger, or the order as EventX returns it. */
export function toItem(
	trigger: PollTrigger,
	eventId: string,
	record: IDataObject,
): INodeExecutionData {
	if (trigger.resource === 'attendee') {
		// `email` as EventX Trigger's deliveries name the invitation email, unless the record has one.
		// EventX's API names its keys as the tidy attendee does: one object literal, built once (the
		// tidy attendee, built key by key, is a dictionary twice the size, and a catch-up makes
		// 100,000 of them).
		return { json: { action: trigger.action, eventId, email: record.invitationEmail, ...record } };
	}
	return { json: { action: trigger.action, eventId, ...record } };
}

const iso = (t: number) => new Date(t).toISOString();

/**
 * What a poll left out on purpose, counted in n8n's log. Records read again after a later change
 * are most of those stamped before the horizon (debug); a memory too full to cover the lateness
 * the trigger allows is a warning.
 */
function logLeftOut(ctx: IPollFunctions, trigger: PollTrigger, eventId: string, polled: Polled) {
	const where = `EventX Polling Trigger (${trigger.name}), event ${eventId}`;
	if (polled.leftOut)
		ctx.logger.debug(
			`${where}: ${polled.leftOut.count} record(s) whose ${trigger.eventKey} is before ${iso(polled.leftOut.before)} read and left out: emitted before and changed since, or older than what the trigger reads (its start, the lateness it allows, what it remembers)`,
		);
	if (polled.afterEnd)
		ctx.logger.debug(
			`${where}: ${polled.afterEnd} record(s) whose ${trigger.eventKey} is after the event stopped running read and left out`,
		);
	const forgot = polled.forgot;
	if (forgot?.floor !== undefined)
		ctx.logger.warn(
			`${where}: more occurrences than the ${MAX_SEEN.toLocaleString('en')} it remembers; one whose ${trigger.eventKey} is before ${iso(forgot.floor)} and that shows from now on is left out`,
		);
	if (forgot && forgot.ahead > 0)
		ctx.logger.warn(
			`${where}: more occurrences than the ${MAX_SEEN.toLocaleString('en')} it remembers; ${forgot.ahead} emitted ones were forgotten and come out again if their record changes`,
		);
}

/**
 * Where the trigger stands on several events, JSON in static data (`scopeState`): one cursor per
 * event in scope, and where an event joining starts (`joinAt`): EventX's present at the last poll
 * less the look-back, as the running events' list told it, or the furthest watermark an event
 * reached.
 */
interface ScopeState {
	v: 1;
	trigger: string;
	mode: 'several' | 'running';
	joinAt: string;
	events: Record<string, PollState>;
}

function isScopeState(value: unknown, trigger: string, mode: string): value is ScopeState {
	const s = value as ScopeState | undefined;
	return (
		!!s &&
		s.v === 1 &&
		s.trigger === trigger &&
		s.mode === mode &&
		!Number.isNaN(Date.parse(s.joinAt)) &&
		typeof s.events === 'object' &&
		s.events !== null
	);
}

/** One event's occurrences on a poll, with its event. */
interface EventOccurrences {
	eventId: string;
	occurrences: Occurrence[];
}

const toItems = (trigger: PollTrigger, found: EventOccurrences[]) =>
	found
		.flatMap(({ eventId, occurrences }) => occurrences.map((o) => ({ eventId, o })))
		.sort((a, b) => a.o.stamp - b.o.stamp || (a.o.id < b.o.id ? -1 : 1))
		.map(({ eventId, o }) => toItem(trigger, eventId, o.record));

/** The states of other triggers in static data: whichever trigger polls, the others' are stale. */
const STATE_KEYS = ['pollState', 'scopeState', 'momentState'] as const;

/** Keeps only `kept` of the triggers' states: another trigger chosen meanwhile starts it over. */
function keepOnly(staticData: IDataObject, kept: (typeof STATE_KEYS)[number]): void {
	for (const key of STATE_KEYS) if (key !== kept) delete staticData[key];
}

/**
 * Attendee and order events on several events (the picked ones, or every running one, looked up
 * at each poll): one cursor per event, the poll's cap and budget shared, the events whose cursor
 * lags most read first. The first poll starts every event now (or at Start From); an event
 * joining later starts where the last poll stood and is read at once; an event left for lack of
 * time or records, or answered 404 (deleted, or for a moment), keeps its cursor for the next poll
 * (one that has none yet gets one where it would have started). An event that stops running is
 * read on for the lateness the trigger allows (a check-in synced up to 24 hours late) and the
 * look-back; one no longer picked is forgotten.
 */
async function pollScope(
	ctx: IPollFunctions,
	settings: PollSettings,
	limits: PollLimits,
): Promise<INodeExecutionData[][] | null> {
	const { trigger, scope, filters } = settings;
	const mode = scope.mode === 'running' ? 'running' : 'several';
	const staticData = ctx.getWorkflowStaticData('node');
	const saved = staticData.scopeState;
	const manual = ctx.getMode() === 'manual';
	// Another trigger's state beside it: that trigger ran since (this poll deletes the others).
	const first =
		manual ||
		!isScopeState(saved, trigger.value, mode) ||
		staticData.pollState !== undefined ||
		staticData.momentState !== undefined;
	const before = first ? {} : saved.events;
	const joinFrom = first ? undefined : Date.parse(saved.joinAt);
	let eventIds: string[];
	let listed: number | undefined;
	/** Running events: since when each runs (changes before are out of scope). */
	const since = new Map<string, number>();
	/** Events that stopped running: until when they ran (changes after are out of scope). */
	const ended = new Map<string, number>();
	/** Events that stopped running less than a day ago: their cursors are kept, read or not. */
	const recent = new Set<string>();
	if (scope.mode === 'running') {
		const grace = LOOK_BACK_MS + trigger.lateness;
		const running = await readRunningEvents(ctx, limits.deadline, grace);
		for (const event of running.events) {
			const t = runningSince(event);
			if (t !== undefined) since.set(String(event.id).toLowerCase(), t);
		}
		eventIds = [...since.keys()];
		// Events that stopped running less than the grace ago: read on from where they stand, or
		// joining if they ran since the last poll (while n8n was down, or a poll it did not save).
		for (const event of running.ended) {
			const id = String(event.id).toLowerCase();
			recent.add(id);
			const start = runningSince(event);
			const until = runningUntil(event)!;
			if (since.has(id) || start === undefined) continue;
			// (or as long as its cursor has not passed its end: a backlog left for lack of time)
			const kept = before[id];
			const readOn =
				kept !== undefined && (until + grace >= running.present || Date.parse(kept.at) <= until);
			if (readOn || (joinFrom !== undefined && until >= joinFrom)) {
				since.set(id, start);
				ended.set(id, until);
				eventIds.push(id);
			}
		}
		// (where events joining start: EventX's clock, not n8n's, which may run ahead)
		listed = running.date;
	} else {
		eventIds = scope.mode === 'several' ? scope.eventIds : [];
	}

	if (manual) {
		const found: EventOccurrences[] = [];
		for (const eventId of eventIds) {
			const latest = await latestOccurrence(ctx, pollSourceOf(trigger, eventId, filters), limits);
			if (latest) found.push({ eventId, occurrences: [latest] });
		}
		const newest = toItems(trigger, found).pop();
		return newest ? [[newest]] : null;
	}

	const events: Record<string, PollState> = {};
	const found: EventOccurrences[] = [];
	/** EventX's present as this poll's reads told it. */
	const presents: number[] = listed === undefined ? [] : [listed];
	const present = () => (presents.length > 0 ? Math.max(...presents) : Date.now());
	let left = settings.maxRecords;

	const lag = (id: string) => (before[id] ? Date.parse(before[id].at) : -Infinity);
	for (const eventId of [...eventIds].sort((a, b) => lag(a) - lag(b))) {
		const source = { ...pollSourceOf(trigger, eventId, filters), until: ended.get(eventId) };
		const kept = before[eventId];
		const known = isPollState(kept) && kept.trigger === trigger.value && kept.eventId === eventId;
		// Where an event without a cursor starts: the first poll's start (Start From, or EventX's
		// clock), or where the last poll stood (a running event no earlier than it started).
		const startAt = () =>
			joinFrom === undefined
				? (settings.startFrom ?? present())
				: Math.max(joinFrom, since.get(eventId) ?? -Infinity);
		const fresh = (): PollState => ({
			v: 2,
			trigger: trigger.value,
			eventId,
			...cursorFrom(startAt()),
		});
		// Out of time or of records: the cursor stays (or starts) for the next poll.
		if (left <= 0 || Date.now() >= limits.softDeadline) {
			events[eventId] = known ? kept : fresh();
			continue;
		}
		try {
			if (!known && joinFrom === undefined) {
				// The first poll: each event starts now (or at Start From), nothing is emitted.
				const start =
					settings.startFrom !== undefined
						? cursorFrom(settings.startFrom)
						: await activate(ctx, source, limits, (told) => {
								if (told !== undefined) presents.push(told);
							});
				events[eventId] = { v: 2, trigger: trigger.value, eventId, ...start };
				continue;
			}
			// An event joining is read at once.
			const polled = await pollSource(ctx, source, known ? kept : fresh(), {
				...limits,
				maxRecords: left,
			});
			logLeftOut(ctx, trigger, eventId, polled);
			events[eventId] = polled.state;
			if (polled.present !== undefined) presents.push(polled.present);
			left -= polled.occurrences.length;
			if (polled.occurrences.length > 0) found.push({ eventId, occurrences: polled.occurrences });
		} catch (error) {
			// EventX's failures are NodeApiErrors already; anything else is wrapped as n8n asks.
			const failure =
				error instanceof NodeApiError
					? error
					: new NodeOperationError(ctx.getNode(), error as Error);
			if (failure instanceof NodeOperationError || failure.httpCode !== '404') throw failure;
			events[eventId] = known ? kept : fresh();
			ctx.logger.warn(
				`EventX Polling Trigger: event ${eventId} was not found (deleted?); it is passed over in this poll and keeps its place`,
			);
		}
	}

	// An event that stopped running keeps its cursor for a day (moved to run again, it goes on
	// from there).
	for (const id of recent) if (!events[id] && before[id]) events[id] = before[id];
	// The memories of all events together stay bounded (a check-in trigger remembers a day of
	// check-ins per event).
	const bounded = boundMemories(events, MAX_SEEN_IN_SCOPE);
	for (const [eventId, floor] of Object.entries(bounded.floors))
		ctx.logger.warn(
			`EventX Polling Trigger (${trigger.name}), event ${eventId}: its events together have more occurrences than the ${MAX_SEEN_IN_SCOPE.toLocaleString('en')} they remember; one whose ${trigger.eventKey} is before ${iso(floor)} and that shows from now on is left out`,
		);
	// Where an event joining at the next poll starts: EventX's present less the look-back, never
	// back (without a read this poll, where it stood).
	const joinAt =
		presents.length > 0
			? Math.max(joinFrom ?? -Infinity, present() - LOOK_BACK_MS)
			: (joinFrom ?? Date.now() - LOOK_BACK_MS);
	const next: ScopeState = {
		v: 1,
		trigger: trigger.value,
		mode,
		joinAt: iso(joinAt),
		events: bounded.states,
	};
	staticData.scopeState = JSON.parse(JSON.stringify(next)) as IDataObject;
	keepOnly(staticData, 'scopeState');
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
	const source = pollSourceOf(trigger, eventId, filters);
	if (this.getMode() === 'manual') {
		const latest = await latestOccurrence(this, source, limits);
		return latest ? [[toItem(trigger, eventId, latest.record)]] : null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const saved = staticData.pollState;
	if (!isPollState(saved) || saved.trigger !== trigger.value || saved.eventId !== eventId) {
		const start =
			settings.startFrom !== undefined
				? cursorFrom(settings.startFrom)
				: await activate(this, source, limits);
		const state: PollState = { v: 2, trigger: trigger.value, eventId, ...start };
		staticData.pollState = state as unknown as IDataObject;
		keepOnly(staticData, 'pollState');
		return null;
	}

	const polled = await pollSource(this, source, saved, limits);
	logLeftOut(this, trigger, eventId, polled);
	const { occurrences, state } = polled;
	staticData.pollState = JSON.parse(JSON.stringify(state)) as IDataObject;
	return occurrences.length > 0
		? [occurrences.map((occurrence) => toItem(trigger, eventId, occurrence.record))]
		: null;
}
