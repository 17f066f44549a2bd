import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { createOrder } from './createOrder.operation';
import { getOrderStatus } from './getOrderStatus.operation';
import { getPaymentConfiguration } from './getPaymentConfiguration.operation';
import { getQuotation } from './getQuotation.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['ticketing'] } },
	options: [
		{
			name: 'Create Order',
			value: 'createOrder',
			description: 'Place a ticket order as a purchaser would; a paid order starts a payment',
			action: 'Create a ticket order',
		},
		{
			name: 'Get Order Status',
			value: 'getOrderStatus',
			description: 'Get the status of an order, e.g. pending payment, paid or cancelled',
			action: 'Get the status of an order',
		},
		{
			name: 'Get Payment Configuration',
			value: 'getPaymentConfiguration',
			description: 'Get how the event takes payments: Stripe, offline payment and its terms',
			action: 'Get the payment configuration of an event',
		},
		{
			name: 'Get Quotation',
			value: 'getQuotation',
			description: 'Price tickets without ordering them, promo code included',
			action: 'Get a quotation for tickets',
		},
	],
	default: 'getQuotation',
};

export const ticketingResource: Resource = {
	operationProperty,
	operations: { createOrder, getOrderStatus, getPaymentConfiguration, getQuotation },
};
