import { randomUUID } from 'node:crypto';

import { apiRequests, run, useSimulator } from '../../fixtures';
import { webhookContext } from './fixtures';

const ctx = useSimulator();
const { params } = webhookContext(ctx);
function addHook(eventId: string, url = 'https://example.com/a', actions = ['attendee-create']) {
	const id = randomUUID();
	ctx.sim.store.webhooks.set(id, { id, eventId, url, actions });
	return id;
}

describe('Webhook > Get Many', () => {
	test("returns the event's webhooks, one item each, and no other event's", async () => {
		const [eventId, other] = ctx.sim.seeded.eventIds;
		const a = addHook(eventId, 'https://example.com/a');
		const b = addHook(eventId, 'https://example.com/b', ['attendee-delete']);
		addHook(other);
		const { items, error } = await run(ctx.sim, { parameters: params('getMany') });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id).sort()).toEqual([a, b].sort());
		expect(items.find((i) => i.json.id === b)?.json).toEqual({
			id: b,
			url: 'https://example.com/b',
			actions: ['attendee-delete'],
			rawData: { url: 'https://example.com/b', actions: ['attendee-delete'] },
		});
		expect(apiRequests(ctx.sim)).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: `/public-api/v1/event/${eventId}/webhook/all`,
			}),
		]);
	});

	test('an event without webhooks gives no items', async () => {
		const { items, error } = await run(ctx.sim, { parameters: params('getMany') });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
	});
});
