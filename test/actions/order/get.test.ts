import { randomUUID } from 'node:crypto';

import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { orderJson } from '../../simulator/routes/orders';
import { BAD, params as opParams, testBadInputs } from '../badInputs';
import { orderContext } from './fixtures';

const ctx = useSimulator();
const { event, ordersOf, params } = orderContext(ctx);
const anOrder = () => ordersOf()[3].id;

describe('Order > Get', () => {
	test('Simplify (on by default): one flat row of the order', async () => {
		const orderId = anOrder();
		const order = ctx.sim.store.orders.get(orderId)!;
		const { items, error } = await run(ctx.sim, {
			parameters: params('get', { orderId: byId(orderId) }),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			id: orderId,
			txRef: 'EVX-0-003',
			status: 'paid',
			amount: '0.00',
			currency: 'USD',
			tax: null,
			paymentMethod: 'online',
			offlinePaymentApprovalStatus: null,
			userId: order.userId,
			buyerName: 'Margaret Hamilton',
			buyerEmail: 'margaret.3@example.com',
			ticketCount: 1,
			purchasedAt: '2026-01-02T03:00:00.000Z',
			cancelledAt: null,
			createdAt: '2026-01-02T03:00:00.000Z',
			updatedAt: '2026-01-02T03:00:00.000Z',
		});
		expect(apiRequests(ctx.sim)[0].path).toBe(`/public-api/v1/event/${event()}/order/${orderId}`);
	});

	test('Simplify off: the order exactly as EventX answers it', async () => {
		const orderId = anOrder();
		const { items, error } = await run(ctx.sim, {
			parameters: params('get', { orderId: byId(orderId), simplify: false }),
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toEqual(orderJson(ctx.sim.store.orders.get(orderId)!));
	});

	test('the order picked from the list, one request per item', async () => {
		const [a, b] = [ordersOf()[0].id, ordersOf()[1].id];
		const { items, error } = await run(ctx.sim, {
			parameters: params('get', {
				orderId: '={{ { __rl: true, mode: "list", value: $json.id } }}',
			}),
			items: [{ id: a }, { id: b }],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id)).toEqual([a, b]);
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1]);
	});

	test("an order of another event: EventX's 404, and Continue On Fail keeps the other items", async () => {
		const other = ordersOf(ctx.sim.seeded.eventIds[1])[0].id;
		const stopped = await run(ctx.sim, { parameters: params('get', { orderId: byId(other) }) });
		expectNodeError(stopped.error, { name: 'NodeApiError', message: 'Order not found', item: 0 });

		const continued = await run(ctx.sim, {
			parameters: params('get', { orderId: byId('={{ $json.id }}') }),
			items: [{ id: anOrder() }, { id: randomUUID() }],
			continueOnFail: true,
		});
		expect(continued.error).toBeUndefined();
		expect(continued.items[0].json.id).toBe(anOrder());
		expect(continued.items[1].json.error).toMatch(/Order not found/);
		expect(continued.items[1].pairedItem).toEqual({ item: 1 });
	});
});

testBadInputs(ctx, [
	{
		name: 'Order Get: an order ID that is not a UUID',
		parameters: opParams('order', 'get', { orderId: byId(BAD) }),
		good: (sim) =>
			[...sim.store.orders.values()].find((o) => o.eventId === sim.seeded.eventIds[0])!.id,
		bad: 'EVX-0-001',
		field: /^Order ID:/,
	},
	{
		name: 'Order Get: an empty order ID',
		parameters: opParams('order', 'get', { orderId: byId(BAD) }),
		good: (sim) =>
			[...sim.store.orders.values()].find((o) => o.eventId === sim.seeded.eventIds[0])!.id,
		bad: '',
		field: /^Order ID: is required/,
	},
]);
