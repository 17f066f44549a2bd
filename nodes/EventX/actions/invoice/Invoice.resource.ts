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
				'Get the invoice details of an order. Needs the event and the order ID; returns the invoice number, dates, buyer, lines, subtotal and currency (for offline payments the due date and payment description).',
			action: 'Get the invoice of an order',
		},
		{
			name: 'Get for User',
			value: 'getForUser',
			description:
				"Get the invoice details of a user's ticket order. Needs the event and the user ID; returns the same invoice details as Get for Order.",
			action: 'Get the invoice of a user',
		},
	],
	default: 'getForOrder',
};

export const invoiceResource: Resource = {
	operationProperty,
	operations: { getForOrder, getForUser },
};
