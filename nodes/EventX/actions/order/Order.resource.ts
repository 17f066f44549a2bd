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
			description: 'Get one order by ID: status, amount, buyer, items and payment times',
			action: 'Get an order',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				"List an event's orders, newest first, optionally by status, payment method or buyer",
			action: 'Get many orders',
		},
	],
	default: 'getMany',
};

export const orderResource: Resource = {
	operationProperty,
	operations: { get, getMany },
};
