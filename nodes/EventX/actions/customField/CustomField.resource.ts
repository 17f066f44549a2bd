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
			// n8n's upsert wording (its lint rule), with what is created: one question per item.
			description:
				'Create a new question from each item, or update the current one if it already exists (upsert)',
			action: 'Create or update custom fields',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				'List the questions of an event (custom fields) with their type, label and choices',
			action: 'Get many custom fields',
		},
	],
	default: 'getMany',
};

export const customFieldResource: Resource = {
	operationProperty,
	operations: { getMany, upsert },
};
