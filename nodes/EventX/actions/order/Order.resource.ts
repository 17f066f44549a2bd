import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { get } from './get.operation';
import { getMany } from './getMany.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['order'] } },
	options: [
		{
			name: 'Get',
			value: 'get',
			description:
				"Get one order by ID. Needs the event and the order ID; returns the order's status, amount, buyer, items and payment times.",
			action: 'Get an order',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				"List an event's orders, optionally only those with given statuses, payment methods or buyers. Needs the event; returns one item per order, newest first.",
			action: 'Get many orders',
		},
	],
	default: 'getMany',
};

export const orderResource: Resource = {
	operationProperty,
	operations: { get, getMany },
};
