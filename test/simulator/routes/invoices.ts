import { badRequest, notFound, ok, requireUuid, type Route } from '../http';
import type { Json, Store } from '../store';
import { eventName, requireEvent } from './events';
import { requireOrder, type OrderRecord } from './orders';

/** The invoice details of an order, built from the order, its event and ticket classes. */
export function invoiceOf(store: Store, order: OrderRecord): Json {
	const event = store.events.get(order.eventId)!.event;
	const organization = store.organizations.get(event.organizationId as string);
	const classes = store.ticketClasses.get(order.eventId) ?? [];
	const addOns = store.ticketClassAddOns.get(order.eventId) ?? [];
	const items = ((order.orderItems as Json[]) ?? []).map((item) => {
		const ticketClass = classes.find((c) => c.id === item.ticketClassId);
		const content = (ticketClass?.contentI18n ?? { name: { default: 'Ticket' } }) as Json;
		return {
			ticketName: String((content.name as Json | undefined)?.default ?? 'Ticket'),
			ticket: { contentI18n: content },
			price: String(item.unitPrice),
			qty: item.qty,
			codeName: '',
			discount: 0,
			addOns: ((item.addOns as Json[]) ?? []).map((a) => {
				const addOn = addOns.find((x) => x.id === a.ticketClassAddOnId);
				return {
					id: a.ticketClassAddOnId,
					contentI18n: addOn?.contentI18n ?? { name: { default: 'Add-on' } },
					price: String(addOn?.price ?? 0),
					qty: a.qty,
				};
			}),
		};
	});
	const invoiceDate = (order.purchasedAt ?? order.createdAt) as string;
	return {
		orderId: order.id,
		eventName: eventName(event),
		organizerName: organization?.name ?? null,
		eventDateTime: event.startsAt,
		orderItems: items,
		subTotal: order.amount,
		currency: order.currency,
		purchaserName: order.user.name,
		paymentMethod: order.paymentMethod,
		invoiceId: order.offlinePaymentInvoiceId ?? `INV-${order.id.slice(0, 8).toUpperCase()}`,
		invoiceDate,
		invoiceDueAt: order.offlinePaymentInvoiceDueAt ?? invoiceDate,
		invoiceBillingInformation: order.offlinePaymentBillingInformation ?? null,
		paymentDescription:
			order.paymentMethod === 'offline'
				? `Pay by bank transfer quoting ${String(order.offlinePaymentInvoiceId)}`
				: 'Paid online',
		eventTimezone: event.timezone,
		purchaseOrganization: null,
	};
}

export function invoiceRoutes(store: Store): Route[] {
	const base = '/public-api/v1/event/:eventId/invoice';
	const ordersOf = (eventId: string) =>
		[...store.orders.values()].filter((o) => o.eventId === eventId);
	return [
		{
			// The user's latest order of the event (EventX resolves the attendee's ticket and its
			// order; in the simulator an order's buyer is its user).
			method: 'POST',
			pattern: `${base}/details`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const b = (body ?? {}) as Json;
				if (Object.keys(b).some((k) => k !== 'userId'))
					throw badRequest('Unknown member(s) in body');
				const user = requireUuid(b.userId, 'userId');
				const order = ordersOf(params.eventId)
					.filter((o) => o.userId === user)
					.sort((x, y) => String(y.createdAt).localeCompare(String(x.createdAt)))[0];
				if (!order) throw notFound('Order of this user');
				return ok({ data: invoiceOf(store, order) });
			},
		},
		{
			method: 'GET',
			pattern: `${base}/:orderId`,
			handler: ({ params, userId }) =>
				ok({
					data: invoiceOf(store, requireOrder(store, userId, params.eventId, params.orderId)),
				}),
		},
	];
}
