import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { getMany } from './getMany.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['attendeeTag'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description: "List the tags an event's attendees can carry (e.g. VIP), with their IDs",
			action: 'Get many attendee tags',
		},
	],
	default: 'getMany',
};

export const attendeeTagResource: Resource = { operationProperty, operations: { getMany } };
