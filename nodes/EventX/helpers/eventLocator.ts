import type { IExecuteFunctions, ILoadOptionsFunctions, INodeProperties } from 'n8n-workflow';

import { sameForAllItems } from './parameters';
import { isUuid, UUID_PATTERN, requireUuid } from './validation';

/** The event an operation works on: picked from a searchable list, or given by ID. */
/** Bare: the operation applies its display options (updateDisplayOptions). */
export function eventLocator(name = 'eventId'): INodeProperties {
	return {
		displayName: 'Event',
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The event to work on',
		builderHint: {
			propertyHint:
				"Mode id takes the event's UUID (e.g. from Event Get Many), never its name; mode list is for the editor",
		},
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: 'Select an event...',
				typeOptions: { searchListMethod: 'searchEvents', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 95b71478-c7dd-4bbd-b65b-244a63d3e689',
				validation: [
					{
						type: 'regex',
						properties: { regex: UUID_PATTERN, errorMessage: 'Not a valid event ID (a UUID)' },
					},
				],
			},
		],
	};
}

/** The event's ID, a UUID in lower case (EventX's spelling: the batched writes group by it). */
export function readEventId(ctx: IExecuteFunctions, itemIndex: number, name = 'eventId'): string {
	return sameForAllItems(ctx, [name], itemIndex, (index) => {
		const value = ctx.getNodeParameter(name, index, undefined, { extractValue: true });
		return requireUuid(ctx, value, 'Event', index).toLowerCase();
	});
}

/** The event chosen in the node while the editor loads a dropdown (picked or by ID), or undefined. */
export function chosenEventId(ctx: ILoadOptionsFunctions): string | undefined {
	const value = ctx.getCurrentNodeParameter('eventId', { extractValue: true }) as unknown;
	return typeof value === 'string' && isUuid(value.trim()) ? value.trim() : undefined;
}
