import { randomUUID } from 'node:crypto';

import { byId } from '../../fixtures';
import type { Simulator } from '../../simulator/server';

/** A webhook operation's parameters on the simulator's first event, and stored webhooks to work on. */
export function webhookContext(ctx: { sim: Simulator }) {
	const params = (operation: string, extra: Record<string, unknown> = {}) => ({
		resource: 'webhook',
		operation,
		eventId: byId(ctx.sim.seeded.eventIds[0]),
		...extra,
	});
	/** A webhook stored in the simulator as if created earlier; its ID. */
	const addHook = (
		eventId: string,
		url = 'https://example.com/a',
		actions: string[] = ['attendee-create'],
	) => {
		const id = randomUUID();
		ctx.sim.store.webhooks.set(id, { id, eventId, url, actions });
		return id;
	};
	return { params, addHook };
}
