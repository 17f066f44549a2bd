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
			description: 'Create an event in an organization; returns the new event with its ID',
			action: 'Create an event',
		},
		{
			name: 'Delete',
			value: 'delete',
			description:
				"Delete an event: it leaves EventX's lists with its attendees, orders and webhooks",
			action: 'Delete an event',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get one event by ID: name, dates, timezone, format and settings',
			action: 'Get an event',
		},
		{
			name: 'Get as iCalendar',
			value: 'getAsICalendar',
			description:
				'Make an .ics calendar file of an event (Add to Calendar links); one per item or one for all',
			action: 'Get an event as a calendar file',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'List the events you host or manage, optionally filtered',
			action: 'Get many events',
		},
		{
			name: 'Merge Extension Data',
			value: 'mergeExtensionData',
			description:
				"Set keys of an event's extension data, keeping the keys not given; returns the event",
			action: 'Merge extension data into an event',
		},
		{
			name: 'Update',
			value: 'update',
			description:
				"Change an event's name, description, dates or settings; returns the updated event",
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
