// Which events a polling trigger watches: one, several picked, every running one (attendee and
// order triggers), or all of them (event triggers).
import type { IDataObject, INodeProperties, IPollFunctions } from 'n8n-workflow';

import { eventLocator } from '../helpers/eventLocator';
import { invalidField, listEntries, requireUuid } from '../helpers/validation';

export type Scope =
	| { mode: 'one'; eventIds: [string] }
	| { mode: 'several'; eventIds: string[] }
	| { mode: 'running' }
	| { mode: 'all' };

const timeOf = (value: unknown): number | undefined => {
	if (typeof value !== 'string') return undefined;
	const t = Date.parse(value);
	return Number.isNaN(t) ? undefined : t;
};

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
			displayOptions: { show: { trigger: recordTriggers } },
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
			displayOptions: { show: { trigger: eventTriggers } },
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
			displayOptions: { show: { trigger: recordTriggers, events: ['one'] } },
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
