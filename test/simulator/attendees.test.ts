// The simulator itself: attendee changes fire webhook deliveries.
import { byId, run, useSimulator } from '../fixtures';

const ctx = useSimulator();

describe('Simulator: attendee changes fire webhook deliveries', () => {
	test('create, update, remove and delete each notify the subscribed webhooks', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const [a, b] = ctx.sim.seeded.attendeeIds[eventId];
		ctx.sim.store.webhooks.set('00000000-0000-4000-8000-0000000000aa', {
			id: '00000000-0000-4000-8000-0000000000aa',
			eventId,
			// Nothing listens on the discard port: each delivery is recorded with its error.
			url: 'http://127.0.0.1:9/hook',
			actions: ['attendee-create', 'attendee-update', 'attendee-delete'],
		});
		const created = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'upsert',
				eventId: byId(eventId),
				upsertFields: { firstName: 'Webhook', invitationEmail: 'hook@example.com' },
			},
		});
		await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'update',
				eventId: byId(eventId),
				attendeeId: a,
				updateFields: { city: 'Macau' },
			},
		});
		await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'remove',
				eventId: byId(eventId),
				attendeeIds: a,
			},
		});
		await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'delete',
				eventId: byId(eventId),
				attendeeIds: b,
			},
		});
		await ctx.sim.settled();
		const seen = ctx.sim.store.deliveries.map((d) => [
			d.action,
			(d.body.attendee as { id: string }).id,
		]);
		expect(seen).toEqual([
			['attendee-create', created.items[0].json.id],
			['attendee-update', a],
			['attendee-delete', a],
			['attendee-delete', b],
		]);
		const update = ctx.sim.store.deliveries[1].body.attendee as Record<string, unknown>;
		expect(update).toMatchObject({ city: 'Macau', first_name: 'Ada' });
	});
});
