import type { IDataObject } from 'n8n-workflow';

import type {
	OFFLINE_PAYMENT_APPROVAL_STATUSES,
	ORDER_PAYMENT_METHODS,
	ORDER_STATUSES,
} from './enums';
import { API_PREFIX, eventxPaginate, type EventXContext } from '../transport';

/** The order list's filter, member for member as the OpenAPI declares it. */
export interface OrderFilter {
	orderIds?: string[];
	status?: Array<(typeof ORDER_STATUSES)[number]>;
	paymentMethod?: Array<(typeof ORDER_PAYMENT_METHODS)[number]>;
	offlinePaymentApprovalStatus?: Array<(typeof OFFLINE_PAYMENT_APPROVAL_STATUSES)[number]>;
	emails?: string[];
	q?: string;
}

export interface OrderListQuery {
	filter?: OrderFilter;
	/** EventX's sort: comma-separated keys of ORDER_SORT_KEYS, "-" for descending. */
	sort?: string;
}

/** The query string of `GET /event/{eventId}/order`: the filter as JSON text (GET bodies are dropped). */
export function orderListQs({ filter, sort }: OrderListQuery): IDataObject {
	const qs: IDataObject = {};
	if (filter && Object.keys(filter).length > 0) qs.filter = JSON.stringify(filter);
	if (sort) qs.sort = sort;
	return qs;
}

/**
 * An event's orders, read with page ranges (Order > Get Many and the polling trigger): all of
 * them, or the first `limit` in the order asked for (EventX's default: newest first).
 */
export async function listOrders(
	this: EventXContext,
	eventId: string,
	query: OrderListQuery,
	limit?: number,
	itemIndex?: number,
): Promise<IDataObject[]> {
	return await eventxPaginate.call(
		this,
		{
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/order`,
			qs: orderListQs(query),
			itemIndex,
		},
		limit,
	);
}
