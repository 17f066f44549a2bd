import { byId } from '../../fixtures';
import type { Simulator } from '../../simulator/server';

/** A webhook operation's parameters on the simulator's first event. */
export function webhookContext(ctx: { sim: Simulator }) {
	const params = (operation: string, extra: Record<string, unknown> = {}) => ({
		resource: 'webhook',
		operation,
		eventId: byId(ctx.sim.seeded.eventIds[0]),
		...extra,
	});
	return { params };
}
