import type { INodeParameters } from 'n8n-workflow';

import { byId } from '../../fixtures';
import { orderJson, type OrderRecord } from '../../simulator/routes/orders';
import type { Simulator } from '../../simulator/server';

/**
 * The order tests' view of the file's simulator: its first event, that event's seeded orders
 * (12: see seedOrders), and an operation's parameters on that event.
 */
export function orderContext(ctx: { sim: Simulator }) {
	const event = (i = 0) => ctx.sim.seeded.eventIds[i];
	const ordersOf = (eventId = event()): OrderRecord[] =>
		[...ctx.sim.store.orders.values()].filter((o) => o.eventId === eventId);
	/** The event's orders as EventX answers them, newest first (EventX's default order). */
	const newestFirst = (eventId = event()) =>
		ordersOf(eventId)
			.sort((a, b) => String(b.createdAt).localeCompare(String(a.createdAt)))
			.map(orderJson);
	const params = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'order',
		operation,
		eventId: byId(event()),
		...extra,
	});
	return { event, ordersOf, newestFirst, params };
}
