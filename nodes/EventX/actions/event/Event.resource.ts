import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { create } from './create.operation';
import { deleteEvent } from './delete.operation';
import { get } from './get.operation';
import { getAsICalendar } from './getAsICalendar.operation';
import { getMany } from './getMany.operation';
import { mergeExtensionData } from './mergeExtensionData.operation';
import { update } from './update.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['event'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description:
				'Create an event in an organization. Needs the organization, name, format, start, end, timezone and expected size; returns the new event.',
			action: 'Create an event',
		},
		{
			name: 'Delete',
			value: 'delete',
			description:
				"Delete an event (soft delete): it leaves EventX's lists and this API, with its attendees, orders and webhooks. Needs the event; returns its ID.",
			action: 'Delete an event',
		},
		{
			name: 'Get',
			value: 'get',
			description:
				'Get one event by ID. Needs the event; returns its name, dates, timezone, format and settings.',
			action: 'Get an event',
		},
		{
			name: 'Get as iCalendar',
			value: 'getAsICalendar',
			description:
				'Make an iCalendar (.ics) file of an event, for calendar apps (Add to Calendar links, invitations, feeds). Needs the event; returns the file, one per item or one for all items.',
			action: 'Get an event as a calendar file',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				'List the events you host or manage, optionally filtered. Needs nothing; returns one item per event with its ID, name and dates.',
			action: 'Get many events',
		},
		{
			name: 'Merge Extension Data',
			value: 'mergeExtensionData',
			description:
				"Set keys of an event's extension data (custom key-value data), keeping the keys not given. Needs the event and the keys with their values; returns the updated event.",
			action: 'Merge extension data into an event',
		},
		{
			name: 'Update',
			value: 'update',
			description:
				"Change an event's name, description, dates or settings. Needs the event and the fields to change; returns the updated event.",
			action: 'Update an event',
		},
	],
	default: 'getMany',
};

export const eventResource: Resource = {
	operationProperty,
	operations: {
		create,
		delete: deleteEvent,
		get,
		getAsICalendar,
		getMany,
		mergeExtensionData,
		update,
	},
};
