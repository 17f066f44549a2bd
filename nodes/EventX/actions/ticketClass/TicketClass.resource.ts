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
			description:
				'Create a ticket class for an event. Needs the event, a name, the price, the quantity on sale and when the sale starts; returns the new ticket class with its ID.',
			action: 'Create a ticket class',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				"List an event's ticket classes. Needs the event; returns one item per ticket class with its ID, name, price, quantity, sale window and add-ons.",
			action: 'Get many ticket classes',
		},
	],
	default: 'getMany',
};

export const ticketClassResource: Resource = {
	operationProperty,
	operations: { create, getMany },
};
