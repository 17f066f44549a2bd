import { randomUUID } from 'node:crypto';

import {
	OFFLINE_PAYMENT_APPROVAL_STATUSES,
	ORDER_PAYMENT_METHODS,
	ORDER_SORT_KEYS,
	ORDER_STATUSES,
} from '../../../nodes/EventX/helpers/enums';
import {
	badRequest,
	jsonParam,
	notFound,
	ok,
	requireUuid,
	type RequestContext,
	type Route,
} from '../http';
import { paginate, sortItems } from '../paging';
import type { Json, Store } from '../store';
import { requireEvent } from './events';

export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as the API answers it, plus the event it belongs to (not answered). */
export type OrderRecord = Json & {
	id: string;
	eventId: string;
	status: OrderStatus;
	user: { id: string; email: string; name: string };
};

/** What a test may set on a new order; everything else gets a plausible default. */
export type OrderFields = Json & {
	id?: string;
	status?: OrderStatus;
	createdAt?: string;
	paymentMethod?: string | null;
	user?: Partial<OrderRecord['user']>;
};

/** Statuses whose order has been paid for (they carry a `purchasedAt`). */
const PAID_STATUSES: readonly string[] = ['paid', 'completed', 'refunding', 'refunded'];

/** A new order of an event; not stored (see addOrder). */
export function newOrder(eventId: string, fields: OrderFields = {}): OrderRecord {
	const createdAt = fields.createdAt ?? new Date().toISOString();
	const id = fields.id ?? randomUUID();
	const userId = fields.user?.id ?? (fields.userId as string | undefined) ?? randomUUID();
	const status = fields.status ?? 'pending_payment';
	const paymentMethod = fields.paymentMethod === undefined ? 'online' : fields.paymentMethod;
	const offline = paymentMethod === 'offline';
	const { user, ...rest } = fields;
	return {
		id,
		stripeAccountId: null,
		userId,
		currency: 'USD',
		amount: '50.00',
		status,
		txRef: `EVX-${id.slice(0, 8).toUpperCase()}`,
		orderUtmParams: {},
		promoCodeSnapshot: null,
		orderItems: [],
		paymentMethod,
		paymentBillingInformation: null,
		offlinePaymentInvoiceId: offline ? `INV-${id.slice(0, 6).toUpperCase()}` : null,
		offlinePaymentBillingInformation: null,
		offlinePaymentInvoiceDueAt: offline
			? new Date(Date.parse(createdAt) + 14 * 86_400_000).toISOString()
			: null,
		offlinePaymentApprovalStatus: offline
			? PAID_STATUSES.includes(status)
				? 'approved'
				: status === 'cancelled'
					? 'cancelled'
					: 'pending'
			: null,
		tax: null,
		isTaxInclusive: false,
		orderSummaryEmailSentAt: PAID_STATUSES.includes(status) ? createdAt : null,
		purchasedAt: PAID_STATUSES.includes(status) ? createdAt : null,
		cancelledAt: status === 'cancelled' ? createdAt : null,
		createdAt,
		updatedAt: createdAt,
		...rest,
		eventId,
		user: {
			id: userId,
			email: user?.email ?? `buyer.${id.slice(0, 8)}@example.com`,
			name: user?.name ?? 'Demo Buyer',
		},
	};
}

/** Stores a new order for an event (tests and the control route use it) and returns it. */
export function addOrder(store: Store, eventId: string, fields: OrderFields = {}): OrderRecord {
	// Created at the simulator's clock (which tests move) unless the fields say otherwise.
	const order = newOrder(eventId, { ...fields, createdAt: fields.createdAt ?? store.now() });
	for (const item of order.orderItems as Json[]) item.orderId = order.id;
	store.orders.set(order.id, order);
	store.recordChange('order-create', eventId, order.id, orderStamps(order));
	return order;
}

/** What the history keeps of an order after a change. */
function orderStamps(order: OrderRecord): Json {
	const { status, createdAt, updatedAt, purchasedAt, cancelledAt } = order;
	return { status, createdAt, updatedAt, purchasedAt, cancelledAt };
}

/**
 * Moves an order to a status as EventX's checkout and back office would: `updatedAt` is now,
 * a first payment sets `purchasedAt` (and approves an offline order), a cancellation
 * `cancelledAt`. Returns the order.
 */
export function setOrderStatus(
	store: Store,
	orderId: string,
	status: string,
	at = store.now(),
): OrderRecord {
	const order = store.orders.get(orderId);
	if (!order) throw notFound('Order');
	if (!(ORDER_STATUSES as readonly string[]).includes(status))
		throw badRequest(`"status" must be one of ${ORDER_STATUSES.join(', ')}`);
	order.status = status as OrderStatus;
	order.updatedAt = at;
	if (PAID_STATUSES.includes(status) && !order.purchasedAt) {
		order.purchasedAt = at;
		if (order.paymentMethod === 'offline') order.offlinePaymentApprovalStatus = 'approved';
	}
	if (status === 'cancelled') {
		order.cancelledAt = at;
		if (order.paymentMethod === 'offline') order.offlinePaymentApprovalStatus = 'cancelled';
	}
	store.recordChange('order-status', String(order.eventId), order.id, orderStamps(order));
	return order;
}

/** The order of a visible event, or the 404 EventX answers (an order of another event too). */
export function requireOrder(
	store: Store,
	userId: string,
	eventId: string,
	orderId: string,
): OrderRecord {
	requireEvent(store, userId, eventId);
	requireUuid(orderId, 'orderId');
	const order = store.orders.get(orderId);
	if (!order || order.eventId !== eventId) throw notFound('Order');
	return order;
}

export function orderJson(order: OrderRecord): Json {
	const json: Json = { ...order, user: { ...order.user } };
	delete json.eventId;
	return json;
}

const BUYERS = ['Ada Lovelace', 'Grace Hopper', 'Alan Turing', 'Margaret Hamilton', 'Ken Thompson'];
const SEED_STATUSES: OrderStatus[] = ['paid', 'completed', 'pending_payment', 'paid', 'cancelled'];

/** Orders seeded per hosted event. */
export const SEED_ORDERS = 12;

/**
 * Demo orders for each event: one ticket each, for the event's seeded attendees in turn, created
 * one hour apart from 2026-01-02 (so that the newest is last seeded); a cycle of statuses
 * (paid, completed, pending payment, paid, cancelled), every third order paid offline. The newest
 * (what the Polling Trigger's "Fetch Test Event" shows for Order Paid) is a paid order as a buyer
 * makes one: two VIP passes with a dinner each, paid online.
 */
export function seedOrders(
	store: Store,
	eventIds: string[],
	attendeeIds: Record<string, string[]>,
) {
	eventIds.forEach((eventId, e) => {
		const [ticketClass, vip] = store.ticketClasses.get(eventId) ?? [];
		const dinner = (store.ticketClassAddOns.get(eventId) ?? [])[1];
		for (let i = 0; i < SEED_ORDERS; i++) {
			const name = BUYERS[i % BUYERS.length];
			const createdAt = new Date(Date.UTC(2026, 0, 2) + i * 3600_000).toISOString();
			const fields = {
				txRef: `EVX-${e}-${String(i).padStart(3, '0')}`,
				createdAt,
				user: {
					name,
					email: `${name.split(' ')[0].toLowerCase()}.${i}@example.com`,
				},
			};
			const attendee = attendeeIds[eventId]?.[i] ?? null;
			if (i === SEED_ORDERS - 1 && vip && dinner) {
				const [unit, extra, qty] = [Number(vip.price), Number(dinner.price), 2];
				addOrder(store, eventId, {
					...fields,
					status: 'paid',
					paymentMethod: 'online',
					amount: ((unit + extra) * qty).toFixed(2),
					currency: 'USD',
					orderItems: [
						{
							ticketClassId: vip.id,
							unitPrice: unit.toFixed(2),
							qty,
							regFormDataSnapshot: {},
							addOns: [{ ticketClassAddOnId: dinner.id, snapshot: {}, qty }],
							associatedAttendeeId: attendee,
						},
					],
				});
				continue;
			}
			const price = ticketClass ? String(ticketClass.price ?? 0) : '0';
			addOrder(store, eventId, {
				...fields,
				status: SEED_STATUSES[i % SEED_STATUSES.length],
				paymentMethod: i % 3 === 2 ? 'offline' : 'online',
				amount: `${price}.00`,
				currency: 'USD',
				orderItems: [
					{
						ticketClassId: ticketClass?.id ?? null,
						unitPrice: `${price}.00`,
						qty: 1,
						regFormDataSnapshot: {},
						addOns: [],
						associatedAttendeeId: attendee,
					},
				],
			});
		}
	});
}

const FILTER_ENUMS: Record<string, readonly string[]> = {
	status: ORDER_STATUSES,
	paymentMethod: ORDER_PAYMENT_METHODS,
	offlinePaymentApprovalStatus: OFFLINE_PAYMENT_APPROVAL_STATUSES,
};

/** The order filter as the OpenAPI declares it (additionalProperties: false). */
function validateFilter(value: unknown): Json {
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest('"filter" must be an object');
	const f = value as Json;
	const known = ['orderIds', 'emails', 'q', ...Object.keys(FILTER_ENUMS)];
	const unknown = Object.keys(f).filter((k) => !known.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown filter member(s): ${unknown.join(', ')}`);
	const array = (name: string) => {
		if (!Array.isArray(f[name])) throw badRequest(`"filter.${name}" must be an array`);
		return f[name] as unknown[];
	};
	if (f.orderIds !== undefined)
		for (const id of array('orderIds')) requireUuid(id, 'filter.orderIds');
	for (const [name, allowed] of Object.entries(FILTER_ENUMS)) {
		if (f[name] === undefined) continue;
		for (const v of array(name))
			if (typeof v !== 'string' || !allowed.includes(v))
				throw badRequest(`"filter.${name}" values must be among ${allowed.join(', ')}`, {
					[name]: v,
				});
	}
	if (f.emails !== undefined)
		for (const v of array('emails'))
			if (v !== null && typeof v !== 'string')
				throw badRequest('"filter.emails" must hold strings');
	if (f.q !== undefined && typeof f.q !== 'string') throw badRequest('"filter.q" must be a string');
	return f;
}

/** The filter from the query (JSON text) or the body's `filter`, never both. */
function readFilter(ctx: RequestContext): Json {
	const fromQuery = ctx.query.get('filter');
	const fromBody = (ctx.body as Json | undefined)?.filter;
	if (fromQuery !== null && fromBody !== undefined)
		throw badRequest('Provide "filter" either in the query or in the body, not both');
	if (fromBody !== undefined) return validateFilter(fromBody);
	return fromQuery !== null ? validateFilter(jsonParam(ctx.query, 'filter')) : {};
}

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v);

function matches(order: OrderRecord, f: Json): boolean {
	const inList = (name: string, value: unknown) =>
		f[name] === undefined || (f[name] as unknown[]).includes(value);
	if (!inList('orderIds', order.id)) return false;
	if (!inList('status', order.status)) return false;
	if (!inList('paymentMethod', order.paymentMethod)) return false;
	if (!inList('offlinePaymentApprovalStatus', order.offlinePaymentApprovalStatus)) return false;
	// Purchaser emails: compared without case, as addresses are.
	if (
		f.emails !== undefined &&
		!(f.emails as unknown[]).map(lower).includes(lower(order.user.email))
	)
		return false;
	if (typeof f.q === 'string' && f.q !== '') {
		// "Order reference and purchaser fields": txRef, ID, name and email, contains, without case.
		const needle = f.q.toLowerCase();
		const fields = [order.txRef, order.id, order.user.name, order.user.email];
		if (!fields.some((v) => typeof v === 'string' && v.toLowerCase().includes(needle)))
			return false;
	}
	return true;
}

const sortValue = (order: OrderRecord, key: string) =>
	key === 'userName' ? order.user.name : key === 'userEmail' ? order.user.email : order[key];

export function orderRoutes(store: Store): Route[] {
	const base = '/public-api/v1/event/:eventId/order';
	return [
		{
			method: 'GET',
			pattern: `${base}/:orderId`,
			handler: ({ params, userId }) =>
				ok({ data: orderJson(requireOrder(store, userId, params.eventId, params.orderId)) }),
		},
		{
			method: 'GET',
			pattern: base,
			handler: (ctx) => {
				requireEvent(store, ctx.userId, ctx.params.eventId);
				const filter = readFilter(ctx);
				const orders = [...store.orders.values()].filter(
					(o) => o.eventId === ctx.params.eventId && store.visible(o.id) && matches(o, filter),
				);
				const sorted = sortItems(
					orders,
					ctx.query.get('sort'),
					ORDER_SORT_KEYS,
					'-createdAt',
					sortValue,
				);
				const page = paginate(sorted, ctx.query, ctx.quirk);
				return ok({ dataList: page.dataList.map(orderJson), pagination: page.pagination });
			},
		},
	];
}
