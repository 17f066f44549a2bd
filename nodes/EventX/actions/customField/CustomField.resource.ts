import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { getMany } from './getMany.operation';
import { upsert } from './upsert.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['customField'] } },
	options: [
		{
			name: 'Create or Update',
			value: 'upsert',
			// The wording n8n asks of every upsert; the parameters say a question ID selects an update.
			description: 'Create a new record, or update the current one if it already exists (upsert)',
			action: 'Create or update custom fields',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				"List the questions of an event's question library (custom fields). Needs the event; returns one item per question with its ID, type, label and choices.",
			action: 'Get many custom fields',
		},
	],
	default: 'getMany',
};

export const customFieldResource: Resource = {
	operationProperty,
	operations: { getMany, upsert },
};
