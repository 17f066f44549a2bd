// The simulator itself: attendee changes fire webhook deliveries; its check-in control routes.
import { randomUUID } from 'node:crypto';

import { useSimulator } from '../fixtures';
import { apiCall } from './apiCall';

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
		const base = `/public-api/v1/event/${eventId}/attendee`;
		const created = await apiCall(ctx.sim, 'PUT', `${base}/bulk-upsert`, [
			{ firstName: 'Webhook', invitationEmail: 'hook@example.com' },
		]);
		expect(created.status).toBe(200);
		const createdId = created.body.dataList![0].id;
		expect((await apiCall(ctx.sim, 'PATCH', `${base}/${a}`, { city: 'Macau' })).status).toBe(200);
		const removed = await apiCall(ctx.sim, 'DELETE', `${base}/bulk-remove`, { attendeeIds: [a] });
		expect(removed.status).toBe(200);
		const deleted = await apiCall(ctx.sim, 'DELETE', `${base}/bulk-delete`, { attendeeIds: [b] });
		expect(deleted.status).toBe(200);
		await ctx.sim.settled();
		const seen = ctx.sim.store.deliveries.map((d) => [
			d.action,
			(d.body.attendee as { id: string }).id,
		]);
		expect(seen).toEqual([
			['attendee-create', createdId],
			['attendee-update', a],
			['attendee-delete', a],
			['attendee-delete', b],
		]);
		const update = ctx.sim.store.deliveries[1].body.attendee as Record<string, unknown>;
		expect(update).toMatchObject({ city: 'Macau', first_name: 'Ada' });
	});
});

describe('Simulator: the check-in control routes', () => {
	test('answer 404 for an unknown attendee', async () => {
		for (const action of ['check-in', 'check-out']) {
			const response = await fetch(`${ctx.sim.url}/__sim/attendees/${randomUUID()}/${action}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: '{}',
			});
			expect({ action, status: response.status }).toEqual({ action, status: 404 });
		}
	});
});

describe("Simulator: the attendee list's customFieldSearch", () => {
	test('searches text questions and refuses any other type with 400', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const [text, , dropdown] = ctx.sim.store.customFields.get(eventId)! as Array<{
			id: string;
			type: string;
		}>;
		expect([text.type, dropdown.type]).toEqual(['text', 'dropdown']);
		const list = (search: Record<string, string>) =>
			apiCall(
				ctx.sim,
				'GET',
				`/public-api/v1/event/${eventId}/attendee?customFieldSearch=${encodeURIComponent(JSON.stringify(search))}`,
			);
		expect((await list({ [text.id]: 'x' })).status).toBe(200);
		const refused = await list({ [dropdown.id]: 'x' });
		expect(refused.status).toBe(400);
		expect(refused.body.error?.message).toBe(
			`customFieldSearch supports only text and textArea questions ("${dropdown.id}" is dropdown)`,
		);
	});
});
