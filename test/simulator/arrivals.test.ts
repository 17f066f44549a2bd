// The benchmark's downtime: many records at once through /__sim/events/:eventId/arrivals.
import { simRequest } from '../e2e/environment';
import { useSimulator } from '../fixtures';

const ctx = useSimulator();

describe('Simulator: arrivals', () => {
	it('creates attendees and paid orders 1 ms apart from the clock, then moves the clock past them', async () => {
		await simRequest(ctx.sim.url, 'POST', '/__sim/clock', { freeze: '2026-12-01T09:00:00.000Z' });
		const eventId = ctx.sim.seeded.eventIds[0];
		const answer = await simRequest<{ attendeeIds: string[]; orderIds: string[] }>(
			ctx.sim.url,
			'POST',
			`/__sim/events/${eventId}/arrivals`,
			{ attendees: 3, paidOrders: 2, downtimeMs: 60_000 },
		);
		expect(answer.attendeeIds).toHaveLength(3);
		expect(answer.orderIds).toHaveLength(2);
		expect(answer.attendeeIds.map((id) => ctx.sim.store.attendees.get(id)?.createdAt)).toEqual([
			'2026-12-01T09:00:00.000Z',
			'2026-12-01T09:00:00.001Z',
			'2026-12-01T09:00:00.002Z',
		]);
		expect(
			answer.orderIds.map((id) => {
				const order = ctx.sim.store.orders.get(id)!;
				return [order.eventId, order.status, order.purchasedAt];
			}),
		).toEqual([
			[eventId, 'paid', '2026-12-01T09:00:00.000Z'],
			[eventId, 'paid', '2026-12-01T09:00:00.001Z'],
		]);
		// the 3 ms of records, then the downtime
		expect(ctx.sim.store.now()).toBe('2026-12-01T09:01:00.003Z');
	});

	it('refuses a count that is not a whole number, and an unknown event', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const before = [ctx.sim.store.attendees.size, ctx.sim.store.orders.size];
		const post = (id: string, body: unknown) =>
			fetch(`${ctx.sim.url}/__sim/events/${id}/arrivals`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
		expect((await post(eventId, { attendees: -1 })).status).toBe(400);
		expect((await post(eventId, { paidOrders: 'many' })).status).toBe(400);
		expect((await post('00000000-0000-4000-8000-000000000000', { attendees: 1 })).status).toBe(404);
		expect([ctx.sim.store.attendees.size, ctx.sim.store.orders.size]).toEqual(before);
	});
});
