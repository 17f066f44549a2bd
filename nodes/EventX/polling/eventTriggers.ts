// The event triggers of the EventX Polling Trigger: changes of the event list (New Event, Event
// Updated, Event Published) and moments of each event's timeline (Event Starting, Doors Opening,
// Event Ended), with their parameters and the items they emit.
import type { IDataObject, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { simplifyEvent } from '../helpers/simplify';
import { API_PREFIX } from '../transport';
import type { PollSource } from './engine';
import type { MomentField } from './moments';
import { timeOf } from './time';

export type EventTriggerName =
	| 'newEvent'
	| 'eventUpdated'
	| 'eventPublished'
	| 'eventStarting'
	| 'doorsOpening'
	| 'eventEnded';

interface EventTriggerBase {
	value: EventTriggerName;
	name: string;
	description: string;
	/** The item's `action`. */
	action: string;
}

/** A change of the event list, found by the polling engine like an attendee's. */
export interface EventChangeTrigger extends EventTriggerBase {
	kind: 'change';
	/** The list's sort key that moves with the change. */
	readKey: 'createdAt' | 'updatedAt';
	/** The time of the change itself. */
	eventKey: 'createdAt' | 'updatedAt' | 'publishedAt';
	matches: (event: IDataObject) => boolean;
}

/** A moment of each event's timeline: its time, with a lead time or a delay. */
export interface EventMomentTrigger extends EventTriggerBase {
	kind: 'moment';
	field: MomentField;
}

export type EventTrigger = EventChangeTrigger | EventMomentTrigger;

export const EVENT_TRIGGERS: EventTrigger[] = [
	{
		kind: 'change',
		value: 'newEvent',
		name: 'New Event',
		description: 'An event is created in one of your organizations',
		action: 'event-create',
		readKey: 'createdAt',
		eventKey: 'createdAt',
		matches: () => true,
	},
	{
		kind: 'change',
		value: 'eventUpdated',
		name: 'Event Updated',
		description:
			'An event changes: its details, times, publication or extension data (new events are not reported here)',
		action: 'event-update',
		readKey: 'updatedAt',
		eventKey: 'updatedAt',
		matches: (event) => event.updatedAt !== event.createdAt,
	},
	{
		kind: 'change',
		value: 'eventPublished',
		name: 'Event Published',
		description: 'An event is published (again, after being unpublished: once more)',
		action: 'event-publish',
		readKey: 'updatedAt',
		eventKey: 'publishedAt',
		matches: (event) => event.isPublished === true,
	},
	{
		kind: 'moment',
		value: 'eventStarting',
		name: 'Event Starting',
		description: 'An event starts, or is about to (Lead Time) or has just (Delay)',
		action: 'event-starting',
		field: 'startsAt',
	},
	{
		kind: 'moment',
		value: 'doorsOpening',
		name: 'Doors Opening',
		description:
			"An event's entry window opens (its start, when it has none), with a lead time or delay",
		action: 'event-doors-opening',
		field: 'entryStartsAt',
	},
	{
		kind: 'moment',
		value: 'eventEnded',
		name: 'Event Ended',
		description: 'An event ends, or is about to (Lead Time) or did a while ago (Delay)',
		action: 'event-ended',
		field: 'endsAt',
	},
];

export const EVENT_TRIGGER_OPTIONS: INodePropertyOptions[] = EVENT_TRIGGERS.map((t) => ({
	name: t.name,
	value: t.value,
	description: t.description,
}));

export function eventTrigger(value: unknown): EventTrigger | undefined {
	return EVENT_TRIGGERS.find((t) => t.value === value);
}

const values = (kind?: EventTrigger['kind']) =>
	EVENT_TRIGGERS.filter((t) => !kind || t.kind === kind).map((t) => t.value);

export const MOMENT_TRIGGERS = values('moment');
export const CHANGE_TRIGGERS = values('change');

export const TIME_UNITS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;
export type TimeUnit = keyof typeof TIME_UNITS;

/** Max Lateness, in hours, unless the user sets another. */
export const DEFAULT_MAX_LATENESS_HOURS = 24;

const timeUnitOptions: INodePropertyOptions[] = [
	{ name: 'Days', value: 'days' },
	{ name: 'Hours', value: 'hours' },
	{ name: 'Minutes', value: 'minutes' },
];

/** The moment triggers' When, Lead Time or Delay and its unit (shown for those triggers only). */
export function momentProperties(): INodeProperties[] {
	const moments = { show: { resource: MOMENT_TRIGGERS } };
	return [
		{
			displayName: 'When',
			name: 'when',
			type: 'options',
			displayOptions: moments,
			options: [
				{
					name: 'After (Delay)',
					value: 'after',
					description: 'A while after the time, e.g. 1 hour after the event ends',
				},
				{ name: 'At the Time', value: 'at', description: 'At the time itself' },
				{
					name: 'Before (Lead Time)',
					value: 'before',
					description: 'A while before the time, e.g. 1 day before the event starts',
				},
			],
			default: 'at',
		},
		{
			displayName: 'Lead Time',
			name: 'leadTime',
			type: 'number',
			typeOptions: { minValue: 0 },
			displayOptions: { show: { resource: MOMENT_TRIGGERS, when: ['before'] } },
			default: 1,
			description: 'How long before the time to fire, in the unit below',
		},
		{
			displayName: 'Delay',
			name: 'delay',
			type: 'number',
			typeOptions: { minValue: 0 },
			displayOptions: { show: { resource: MOMENT_TRIGGERS, when: ['after'] } },
			default: 1,
			description: 'How long after the time to fire, in the unit below',
		},
		{
			displayName: 'Unit',
			name: 'timeUnit',
			type: 'options',
			displayOptions: { show: { resource: MOMENT_TRIGGERS, when: ['before', 'after'] } },
			options: timeUnitOptions,
			default: 'hours',
		},
	];
}

/** The options of the event triggers (in the trigger's one Options collection). */
export function eventTriggerOptions(): INodeProperties[] {
	return [
		{
			displayName: 'Include Unpublished Events',
			name: 'includeUnpublished',
			type: 'boolean',
			default: true,
			description: 'Whether events that are not published (drafts) count too',
			displayOptions: { show: { '/resource': ['newEvent', 'eventUpdated'] } },
		},
		{
			displayName: 'Include Unpublished Events',
			name: 'includeUnpublished',
			type: 'boolean',
			default: false,
			description:
				'Whether events that are not published (drafts) count too. Deleted events never fire: EventX no longer lists them.',
			displayOptions: { show: { '/resource': MOMENT_TRIGGERS } },
		},
		{
			displayName: 'Max Lateness (Hours)',
			name: 'maxLatenessHours',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: DEFAULT_MAX_LATENESS_HOURS,
			description:
				"A moment that passed while n8n was down fires at the next poll, marked late, unless it is older than this; then it is skipped and counted in n8n's log",
			displayOptions: { show: { '/resource': MOMENT_TRIGGERS } },
		},
	];
}

/**
 * The moment's offset from the event's time: negative for a lead time, positive for a delay. Whole
 * days are counted on the calendar of the event's time zone; the rest (hours, minutes, a part of
 * a day) exactly.
 */
export function offsetOf(
	when: string,
	amount: number,
	unit: TimeUnit,
): { offsetMs: number; offsetDays: number } {
	if (when === 'at') return { offsetMs: 0, offsetDays: 0 };
	const sign = when === 'before' ? -1 : 1;
	const days = unit === 'days' ? Math.trunc(amount) : 0;
	const ms = Math.round((amount - days) * TIME_UNITS[unit]);
	// `|| 0`: no negative zero in the trigger's key.
	return { offsetMs: sign * ms || 0, offsetDays: sign * days || 0 };
}

/** An event as the event triggers emit it: simplified (as Event > Get), with the trigger's action. */
export function eventItemJson(action: string, event: IDataObject): IDataObject {
	return { action, eventId: event.id, ...simplifyEvent(event) };
}

/** What an event trigger watches: all events or the picked ones, drafts or not. */
export interface EventScope {
	/** The picked events (lower case), or undefined for every event of the account. */
	eventIds?: Set<string>;
	includeUnpublished: boolean;
}

/** The event list as the event triggers read it: drafts left out EventX-side unless included. */
export function eventListRequest(scope: EventScope) {
	return {
		method: 'GET' as const,
		path: `${API_PREFIX}/event`,
		qs: scope.includeUnpublished ? {} : { filter: JSON.stringify({ isPublished: true }) },
	};
}

/** Whether an event read is one the trigger watches (the picked events are kept here: the list has no ID filter). */
export function inEventScope(event: IDataObject, scope: EventScope): boolean {
	if (typeof event.id !== 'string') return false;
	if (!scope.includeUnpublished && event.isPublished !== true) return false;
	return !scope.eventIds || scope.eventIds.has(event.id.toLowerCase());
}

/**
 * How much older than its event's `updatedAt` a publication may be when the trigger first reads
 * it and still come out: an event edited after it was published, before a poll read it (while Max
 * Records Per Poll held it back, or n8n was down). Publications are remembered that long.
 */
export const PUBLISHED_LATENESS_MS = 24 * 3_600_000;

/**
 * The polling engine's view of a change trigger: the event list read newest first by `readKey`
 * (it has no "after" filter), each event's occurrence stamped by `eventKey`. Event Published is
 * read by `updatedAt` (publishing moves it) and stamped by `publishedAt`: a later update of a
 * published event does not fire again (the publication is remembered, or older than the look-back
 * of PUBLISHED_LATENESS_MS).
 */
export function eventChangeSource(trigger: EventChangeTrigger, scope: EventScope): PollSource {
	return {
		request: eventListRequest(scope),
		readKey: trigger.readKey,
		maxShowDelayMs: trigger.eventKey === 'publishedAt' ? PUBLISHED_LATENESS_MS : 0,
		occurrence: (event) =>
			inEventScope(event, scope) && trigger.matches(event)
				? timeOf(event[trigger.eventKey])
				: undefined,
	};
}
