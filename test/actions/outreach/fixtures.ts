import { randomUUID } from 'node:crypto';

import type { Simulator } from '../../simulator/server';

import { byId } from '../../fixtures';

export { byId };

/** Live attendees of an event, written straight into the simulator's store. */
export function addAttendees(sim: Simulator, eventId: string, count: number): string[] {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const id = randomUUID();
		sim.store.attendees.set(id, {
			id,
			eventId,
			firstName: `Guest ${i}`,
			lastName: 'Test',
			email: `guest${i}@example.com`,
		});
		ids.push(id);
	}
	return ids;
}

/** How many times each attendee appears in the outbox (for one channel). */
export function outboxCounts(sim: Simulator, channel?: string): Map<string, number> {
	const counts = new Map<string, number>();
	for (const entry of sim.store.outbox) {
		if (channel && entry.channel !== channel) continue;
		for (const id of entry.attendeeIds) counts.set(id, (counts.get(id) ?? 0) + 1);
	}
	return counts;
}

export const CONFIRMATION_EMAIL_PATH = /\/outreach\/email-template\/confirmation-email\/send$/;

/** An outreach operation's parameters on the simulator's first event. */
export function outreachContext(ctx: { sim: Simulator }) {
	const send = (operation: string, extra: Record<string, unknown> = {}) => ({
		resource: 'outreach',
		operation,
		eventId: byId(ctx.sim.seeded.eventIds[0]),
		...extra,
	});
	/** Nothing at all reached the simulator: not even the token exchange. */
	function expectNothingSent() {
		expect(ctx.sim.requests).toHaveLength(0);
		expect(ctx.sim.store.outbox).toHaveLength(0);
	}
	return { send, base: send, expectNothingSent };
}
