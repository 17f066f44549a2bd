// Which events a polling trigger watches: one, several picked, every running one (attendee and
// order triggers), or all of them (event triggers).
import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { eventLocator } from '../helpers/eventLocator';
import { invalidField, listEntries, requireUuid } from '../helpers/validation';
import { API_PREFIX, eventxRanges, MAX_PAGE_SIZE, type EventXContext } from '../transport';
import { timeOf } from './time';

export type Scope =
	| { mode: 'one'; eventIds: [string] }
	| { mode: 'several'; eventIds: string[] }
	| { mode: 'running' }
	| { mode: 'all' };

/**
 * Whether the event runs at `now`: its entry window (open from its start and until its end where
 * it gives no bound) or its run time includes now.
 */
export function isRunning(event: IDataObject, now: number): boolean {
	const startsAt = timeOf(event.startsAt);
	const endsAt = timeOf(event.endsAt);
	if (startsAt === undefined || endsAt === undefined) return false;
	const entryStartsAt = timeOf(event.entryStartsAt) ?? startsAt;
	const entryEndsAt = timeOf(event.entryEndsAt) ?? endsAt;
	return (startsAt <= now && now <= endsAt) || (entryStartsAt <= now && now <= entryEndsAt);
}

/** Since when the event runs: its entry window's opening or its start, whichever is first. */
export function runningSince(event: IDataObject): number | undefined {
	const startsAt = timeOf(event.startsAt);
	if (startsAt === undefined) return undefined;
	return Math.min(startsAt, timeOf(event.entryStartsAt) ?? startsAt);
}

/** Until when the event runs: its end or its entry window's close, whichever is last. */
export function runningUntil(event: IDataObject): number | undefined {
	const endsAt = timeOf(event.endsAt);
	if (endsAt === undefined) return undefined;
	return Math.max(endsAt, timeOf(event.entryEndsAt) ?? endsAt);
}

/**
 * The Events parameter: for `recordTriggers` (attendees, orders) One Event, Several Events or All
 * Running Events; for `eventTriggers` All Events or Several Events. With the event picker and the
 * several-events picker.
 */
export function scopeProperties(
	recordTriggers: string[],
	eventTriggers: string[],
): INodeProperties[] {
	return [
		{
			displayName: 'Events',
			name: 'events',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: recordTriggers } },
			options: [
				{
					name: 'All Running Events',
					value: 'running',
					description:
						'Every event whose entry window or run time includes now, looked up at each poll: new events join by themselves',
				},
				{ name: 'One Event', value: 'one', description: 'The event picked below' },
				{ name: 'Several Events', value: 'several', description: 'The events picked below' },
			],
			default: 'one',
		},
		{
			displayName: 'Events',
			name: 'events',
			type: 'options',
			noDataExpression: true,
			displayOptions: { show: { resource: eventTriggers } },
			options: [
				{
					name: 'All Events',
					value: 'all',
					description: 'Every event you host or manage, new ones included',
				},
				{ name: 'Several Events', value: 'several', description: 'The events picked below' },
			],
			default: 'all',
		},
		{
			...eventLocator(),
			description: 'The event whose attendees or orders to watch',
			displayOptions: { show: { resource: recordTriggers, events: ['one'] } },
		},
		{
			displayName: 'Event Names or IDs',
			name: 'eventIds',
			type: 'multiOptions',
			typeOptions: { loadOptionsMethod: 'getEvents' },
			displayOptions: { show: { events: ['several'] } },
			default: [],
			required: true,
			description:
				'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			hint: 'The events to watch; by expression, a list of IDs or IDs separated by commas',
		},
	];
}

/** The scope as the node's parameters give it; bad IDs fail before any request. */
export function readScope(ctx: IPollFunctions, eventTriggerChosen: boolean): Scope {
	const mode = ctx.getNodeParameter('events', eventTriggerChosen ? 'all' : 'one') as string;
	if (mode === 'running' && !eventTriggerChosen) return { mode: 'running' };
	if (mode === 'all' && eventTriggerChosen) return { mode: 'all' };
	if (mode === 'several') {
		const ids = listEntries(ctx.getNodeParameter('eventIds', []));
		if (ids.length === 0)
			throw invalidField(ctx, 'Event Names or IDs', 'pick at least one event', 0);
		const eventIds = [
			...new Set(ids.map((id) => requireUuid(ctx, id, 'Event Names or IDs', 0).toLowerCase())),
		];
		return { mode: 'several', eventIds };
	}
	if (mode !== 'one' || eventTriggerChosen)
		throw invalidField(ctx, 'Events', `unknown choice ${JSON.stringify(mode)}`, 0);
	const eventId = requireUuid(
		ctx,
		ctx.getNodeParameter('eventId', undefined, { extractValue: true }),
		'Event',
		0,
	).toLowerCase();
	return { mode: 'one', eventIds: [eventId] };
}

/**
 * How long after its end an event's entry window may still be open and the event still found:
 * the running events are read by their end, newest first, down to this far before now.
 */
export const ENTRY_AFTER_END_MS = 86_400_000;

/**
 * The events running at EventX's present (its `Date` header, `date`, else n8n's clock), those that
 * stopped running less than `after` (at least a day) ago, and those that have not started (or
 * not yet ended, between their entry window and their run time): the event list sorted by end,
 * latest first, read down to that far before now: a first page of 100 (most polls need no more),
 * then ranges of up to 20,000 events.
 */
export async function readRunningEvents(
	ctx: EventXContext,
	deadline: number,
	after = 0,
): Promise<{
	events: IDataObject[];
	ended: IDataObject[];
	upcoming: IDataObject[];
	present: number;
	date?: number;
}> {
	const read: IDataObject[] = [];
	let present: number | undefined;
	let date: number | undefined;
	const reach = Math.max(ENTRY_AFTER_END_MS, after);
	await eventxRanges.call(
		ctx,
		{ method: 'GET', path: `${API_PREFIX}/event`, qs: { sort: '-endsAt' }, deadline },
		{
			pageSize: MAX_PAGE_SIZE,
			rows: (sent) => (sent === 0 ? MAX_PAGE_SIZE : Infinity),
			take: (answer) => {
				date ??= answer.date;
				present ??= answer.date ?? Date.now();
				read.push(...answer.fresh);
				const last = timeOf(answer.rows.at(-1)?.endsAt);
				return last === undefined || last >= present - reach;
			},
		},
	);
	const now = present ?? Date.now();
	const ended = (event: IDataObject) => {
		const until = runningUntil(event);
		return until !== undefined && until < now && until >= now - reach;
	};
	const upcoming = (event: IDataObject) =>
		!isRunning(event, now) && (runningUntil(event) ?? -Infinity) >= now;
	return {
		events: read.filter((event) => isRunning(event, now)),
		ended: read.filter(ended),
		upcoming: read.filter(upcoming),
		present: now,
		date,
	};
}
