import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { create } from './create.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
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
			description: 'Create an event in an organization',
			action: 'Create an event',
		},
		{ name: 'Get', value: 'get', description: 'Get an event', action: 'Get an event' },
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'Get events you host or manage',
			action: 'Get many events',
		},
		{ name: 'Update', value: 'update', description: 'Update an event', action: 'Update an event' },
	],
	default: 'getMany',
};

export const eventResource: Resource = {
	operationProperty,
	operations: { create, get, getMany, update },
};
