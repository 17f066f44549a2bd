import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { create } from './create.operation';
import { getMany } from './getMany.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['ticketClass'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description: 'Create a ticket class for an event: name, price, quantity and sale window',
			action: 'Create a ticket class',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: "List an event's ticket classes with price, quantity, sale window and add-ons",
			action: 'Get many ticket classes',
		},
	],
	default: 'getMany',
};

export const ticketClassResource: Resource = {
	operationProperty,
	operations: { create, getMany },
};
