import { byId } from '../../fixtures';
import type { Simulator } from '../../simulator/server';

/** The first event's ticket classes (General, free; VIP Pass, 50) and add-ons (10 each). */
export function ticketingContext(ctx: { sim: Simulator }) {
	const eventId = () => ctx.sim.seeded.eventIds[0];
	const params = (resource: string, operation: string, extra: Record<string, unknown> = {}) => ({
		resource,
		operation,
		eventId: byId(eventId()),
		...extra,
	});
	const ticketClass = (i: number) => String(ctx.sim.store.ticketClasses.get(eventId())![i].id);
	const addOn = (i = 0) => String(ctx.sim.store.ticketClassAddOns.get(eventId())![i].id);
	return { eventId, params, ticketClass, addOn };
}
