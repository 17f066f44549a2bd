import { randomUUID } from 'node:crypto';

import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { addOrder } from '../../simulator/routes/orders';
import { BAD, params, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const getForUser = (userId: string) => ({
	resource: 'invoice',
	operation: 'getForUser',
	eventId: byId(event()),
	userId,
});

describe('Invoice > Get for User', () => {
	test("sends the user ID in the body and answers the invoice of the user's order", async () => {
		const order = addOrder(ctx.sim.store, event(), {
			status: 'paid',
			user: { name: 'Hedy Lamarr' },
		});
		const { items, error } = await run(ctx.sim, { parameters: getForUser(order.userId as string) });
		expect(error).toBeUndefined();
		const [request] = apiRequests(ctx.sim);
		expect(request).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/event/${event()}/invoice/details`,
			body: { userId: order.userId },
		});
		expect(items[0].json).toMatchObject({ orderId: order.id, purchaserName: 'Hedy Lamarr' });
	});

	test('a read sent as POST is retried after a 503', async () => {
		const order = [...ctx.sim.store.orders.values()].find((o) => o.eventId === event())!;
		ctx.sim.addFault({ kind: 'status', status: 503, method: 'POST', path: '/invoice/details$' });
		const { items, error } = await run(ctx.sim, {
			parameters: getForUser(order.userId as string),
		});
		expect(error).toBeUndefined();
		expect(items[0].json.orderId).toBe(order.id);
		expect(apiRequests(ctx.sim)).toHaveLength(2);
	});

	test("a user without an order: EventX's 404 as a NodeApiError", async () => {
		const { error } = await run(ctx.sim, { parameters: getForUser(randomUUID()) });
		expectNodeError(error, {
			name: 'NodeApiError',
			message: 'Order of this user not found',
			item: 0,
		});
	});
});

testBadInputs(ctx, [
	{
		name: 'Invoice Get for User: a user ID that is not a UUID',
		parameters: params('invoice', 'getForUser', { userId: BAD }),
		good: (sim) =>
			[...sim.store.orders.values()].find((o) => o.eventId === sim.seeded.eventIds[0])!.userId,
		bad: 'ada@example.com',
		field: /^User ID:/,
	},
	{
		name: 'Invoice Get for User: an empty user ID',
		parameters: params('invoice', 'getForUser', { userId: BAD }),
		good: (sim) =>
			[...sim.store.orders.values()].find((o) => o.eventId === sim.seeded.eventIds[0])!.userId,
		bad: '',
		field: /^User ID: is required/,
	},
]);
