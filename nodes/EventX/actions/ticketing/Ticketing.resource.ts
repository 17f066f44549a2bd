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
			description:
				'Place a ticket order as a purchaser would; a paid order starts a payment. Needs the event, the purchaser email and the tickets; returns the order ID, status and payment secret.',
			action: 'Create a ticket order',
		},
		{
			name: 'Get Order Status',
			value: 'getOrderStatus',
			description:
				"Get the status of an order (initialized, pending payment, paid, ...). Needs the event and the order ID; returns the order's ID and status.",
			action: 'Get the status of an order',
		},
		{
			name: 'Get Payment Configuration',
			value: 'getPaymentConfiguration',
			description:
				"Get how the event takes payments. Needs the event; returns whether Stripe and offline payment are on, and the offline payment's terms.",
			action: 'Get the payment configuration of an event',
		},
		{
			name: 'Get Quotation',
			value: 'getQuotation',
			description:
				'Price tickets without ordering them, promo code included. Needs the event and the tickets; returns the total and each line.',
			action: 'Get a quotation for tickets',
		},
	],
	default: 'getQuotation',
};

export const ticketingResource: Resource = {
	operationProperty,
	operations: { createOrder, getOrderStatus, getPaymentConfiguration, getQuotation },
};
