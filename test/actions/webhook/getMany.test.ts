import { apiRequests, run, useSimulator } from '../../fixtures';
import { webhookContext } from './fixtures';

const ctx = useSimulator();
const { params, addHook } = webhookContext(ctx);

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
		});
		expect(apiRequests(ctx.sim)).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: `/public-api/v1/event/${eventId}/webhook/all`,
			}),
		]);
	});

	test("Simplify off: the webhooks as EventX answers them, with EventX's rawData copy", async () => {
		const [eventId] = ctx.sim.seeded.eventIds;
		const a = addHook(eventId, 'https://example.com/a');
		const { items } = await run(ctx.sim, { parameters: { ...params('getMany'), simplify: false } });
		expect(items.map((i) => i.json)).toEqual([
			{
				id: a,
				url: 'https://example.com/a',
				actions: ['attendee-create'],
				rawData: { url: 'https://example.com/a', actions: ['attendee-create'] },
			},
		]);
	});

	test('an event without webhooks gives no items', async () => {
		const { items, error } = await run(ctx.sim, { parameters: params('getMany') });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
	});
});
