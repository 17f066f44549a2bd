import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { getForOrder } from './getForOrder.operation';
import { getForUser } from './getForUser.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['invoice'] } },
	options: [
		{
			name: 'Get for Order',
			value: 'getForOrder',
			description:
				"Get an order's invoice details: number, dates, buyer, lines, subtotal and currency",
			action: 'Get the invoice of an order',
		},
		{
			name: 'Get for User',
			value: 'getForUser',
			description:
				"Get the invoice details of a user's ticket order, as Get for Order returns them",
			action: 'Get the invoice of a user',
		},
	],
	default: 'getForOrder',
};

export const invoiceResource: Resource = {
	operationProperty,
	operations: { getForOrder, getForUser },
};
