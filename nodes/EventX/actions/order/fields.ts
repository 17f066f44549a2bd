import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, recordLocator } from '../../helpers/locators';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { readSimplify, simplifyProperty } from '../../helpers/simplify';
import { modelFilled } from '../../helpers/tool';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

/** The order picked from the event's orders, or given by ID. */
export const orderLocator = (): INodeProperties =>
	recordLocator({
		name: 'orderId',
		label: 'Order',
		searchListMethod: 'searchOrders',
		searchable: true,
		placeholder: 'Search by reference, name or email...',
		description:
			"The order to work on. Type an order reference or a buyer's name or email to search the event.",
	});

/** What a model is told to give as the order on the EventX Tool. */
export const ORDER_ID_FOR_MODEL = "The order's ID (a UUID), e.g. the ID an order list returned";

export function readOrderId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'orderId', 'Order ID', itemIndex);
}

/** Simplify for orders: what a sheet or CRM row of an order holds. */
export const orderSimplifyProperty = (): INodeProperties =>
	simplifyProperty(
		"Whether to return a simplified version of the response instead of the raw data: the order's reference, status, amount, payment, buyer, ticket count and times, without its items, billing details and UTM parameters",
	);

/** An order as Simplify returns it: one flat row; the ticket count sums the items' quantities. */
export function simplifyOrder(order: IDataObject): IDataObject {
	const user = (order.user ?? {}) as IDataObject;
	const items = Array.isArray(order.orderItems) ? (order.orderItems as IDataObject[]) : [];
	return {
		id: order.id,
		txRef: order.txRef,
		status: order.status,
		amount: order.amount,
		currency: order.currency,
		tax: order.tax,
		paymentMethod: order.paymentMethod,
		offlinePaymentApprovalStatus: order.offlinePaymentApprovalStatus,
		userId: order.userId,
		buyerName: user.name,
		buyerEmail: user.email,
		ticketCount: items.reduce((sum, item) => sum + (Number(item.qty) || 0), 0),
		purchasedAt: order.purchasedAt,
		cancelledAt: order.cancelledAt,
		createdAt: order.createdAt,
		updatedAt: order.updatedAt,
	};
}

/** The event and the order picked: what every operation on one order shows first. */
export const orderProperties = (): INodeProperties[] => [
	eventLocator(),
	...modelFilled(orderLocator(), ORDER_ID_FOR_MODEL),
];

/**
 * An operation that reads one record of an order (the order, its invoice): one GET per item of
 * `/event/{eventId}/<path(orderId)>`, simplified when Simplify is on.
 */
export function orderRecordOperation(
	description: INodeProperties[],
	path: (orderId: string) => string,
	simplify: (record: IDataObject) => IDataObject,
): ItemOperation<{ eventId: string; orderId: string; simplify: boolean }> {
	return {
		description,
		prepare(this: IExecuteFunctions, itemIndex) {
			return {
				eventId: readEventId(this, itemIndex),
				orderId: readOrderId(this, itemIndex),
				simplify: readSimplify(this, itemIndex),
			};
		},
		async execute(this: IExecuteFunctions, plan, itemIndex) {
			const record = await eventxData.call(this, {
				method: 'GET',
				path: `${API_PREFIX}/event/${plan.eventId}/${path(plan.orderId)}`,
				itemIndex,
			});
			return plan.simplify ? simplify(record) : record;
		},
	};
}
