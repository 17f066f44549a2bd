import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { ORDER_STATUSES, REGISTRATION_STATUSES } from '../helpers/enums';
import { invalidField } from '../helpers/validation';
import { tidyAttendee } from '../trigger/delivery';
import { isPollState, type PollState } from './cursor';
import {
	activate,
	latestOccurrence,
	LOOK_BACK_MS,
	pollSource,
	type Occurrence,
	type PollLimits,
} from './engine';
import { pollEventTrigger } from './eventPoll';
import { eventTrigger } from './eventTriggers';
import { readRunningEvents, readScope, runningSince, type Scope } from './scope';
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
		return {
			json: tidyAttendee(trigger.action, eventId, { email: record.invitationEmail, ...record }),
		};
	}
	return { json: { action: trigger.action, eventId, ...record } };
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

/**
 * Attendee and order events on several events (the picked ones, or every running one, looked up
 * at each poll): one cursor per event, the poll's cap and budget shared, the events whose cursor
 * lags most read first. The first poll starts every event now (or at Start From); an event
 * joining later starts where the last poll stood and is read at once; one leaving is forgotten;
 * one deleted meanwhile (404) is passed over and logged.
 */
async function pollScope(
	ctx: IPollFunctions,
	settings: PollSettings,
	limits: PollLimits,
): Promise<INodeExecutionData[][] | null> {
	const { trigger, scope, filters } = settings;
	const mode = scope.mode === 'running' ? 'running' : 'several';
	let eventIds: string[];
	let present: number | undefined;
	/** Running events: since when each runs (changes before are out of scope). */
	const since = new Map<string, number>();
	if (scope.mode === 'running') {
		const running = await readRunningEvents(ctx, limits.deadline);
		for (const event of running.events) {
			const t = runningSince(event);
			if (t !== undefined) since.set(String(event.id).toLowerCase(), t);
		}
		eventIds = [...since.keys()];
		present = running.present;
	} else {
		eventIds = scope.mode === 'several' ? scope.eventIds : [];
	}

	const manual = ctx.getMode() === 'manual';
	if (manual) {
		const found: EventOccurrences[] = [];
		for (const eventId of eventIds) {
			const latest = await latestOccurrence(ctx, pollSourceOf(trigger, eventId, filters), limits);
			if (latest) found.push({ eventId, occurrences: [latest] });
		}
		const newest = toItems(trigger, found).pop();
		return newest ? [[newest]] : null;
	}

	const staticData = ctx.getWorkflowStaticData('node');
	const saved = staticData.scopeState;
	const first = !isScopeState(saved, trigger.value, mode);
	const before = first ? {} : saved.events;
	const joinFrom = first ? undefined : Date.parse(saved.joinAt);
	const events: Record<string, PollState> = {};
	const found: EventOccurrences[] = [];
	let left = settings.maxRecords;

	const lag = (id: string) => (before[id] ? Date.parse(before[id].at) : -Infinity);
	for (const eventId of [...eventIds].sort((a, b) => lag(a) - lag(b))) {
		const source = pollSourceOf(trigger, eventId, filters);
		const kept = before[eventId];
		const known = isPollState(kept) && kept.trigger === trigger.value && kept.eventId === eventId;
		// Out of time or of records: the cursor stays for the next poll.
		if (known && (left <= 0 || Date.now() >= limits.softDeadline)) {
			events[eventId] = kept;
			continue;
		}
		try {
			if (!known && joinFrom === undefined) {
				// The first poll: each event starts now (or at Start From), nothing is emitted.
				const start =
					settings.startFrom !== undefined
						? cursorFrom(settings.startFrom)
						: await activate(ctx, source, limits);
				events[eventId] = { v: 2, trigger: trigger.value, eventId, ...start };
				continue;
			}
			// An event joining starts where the last poll stood (a running event no earlier than it
			// started running), and is read at once.
			const state: PollState = known
				? kept
				: {
						v: 2,
						trigger: trigger.value,
						eventId,
						...cursorFrom(Math.max(joinFrom!, since.get(eventId) ?? -Infinity)),
					};
			const polled = await pollSource(ctx, source, state, { ...limits, maxRecords: left });
			events[eventId] = polled.state;
			left -= polled.occurrences.length;
			if (polled.occurrences.length > 0) found.push({ eventId, occurrences: polled.occurrences });
		} catch (error) {
			// EventX's failures are NodeApiErrors already; anything else is wrapped as n8n asks.
			const failure =
				error instanceof NodeApiError
					? error
					: new NodeOperationError(ctx.getNode(), error as Error);
			if (failure instanceof NodeOperationError || failure.httpCode !== '404') throw failure;
			ctx.logger.warn(
				`EventX Polling Trigger: event ${eventId} was not found (deleted?); it is left out of this poll`,
			);
		}
	}

	const marks = Object.values(events).map((state) => Date.parse(state.at));
	const joinAt =
		present !== undefined
			? present - LOOK_BACK_MS
			: marks.length > 0
				? Math.max(...marks)
				: (joinFrom ?? Date.now() - LOOK_BACK_MS);
	const next: ScopeState = {
		v: 1,
		trigger: trigger.value,
		mode,
		joinAt: new Date(joinAt).toISOString(),
		events,
	};
	staticData.scopeState = JSON.parse(JSON.stringify(next)) as IDataObject;
	delete staticData.pollState;
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
		delete staticData.scopeState;
		return null;
	}

	const { occurrences, state } = await pollSource(this, source, saved, limits);
	staticData.pollState = JSON.parse(JSON.stringify(state)) as IDataObject;
	return occurrences.length > 0
		? [occurrences.map((occurrence) => toItem(trigger, eventId, occurrence.record))]
		: null;
}
