import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, params as badParams, testBadInputs } from '../badInputs';
import { ticketingContext } from './fixtures';

const ctx = useSimulator();
const { eventId, params } = ticketingContext(ctx);

describe('Ticketing > Get Order Status', () => {
	test("returns the order's status", async () => {
		const { id } = ctx.sim.addOrder(eventId(), { status: 'paid' });
		const { items, error } = await run(ctx.sim, {
			parameters: params('ticketing', 'getOrderStatus', { orderId: id }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].path).toBe(`/public-api/v1/reg/event/${eventId()}/${id}/status`);
		expect(items[0].json).toEqual({ id, status: 'paid', eventId: eventId() });
	});

	test("an unknown order is EventX's 404; an ID that is not a UUID is refused first", async () => {
		const missing = await run(ctx.sim, {
			parameters: params('ticketing', 'getOrderStatus', {
				orderId: '4a9e6c2d-3b1f-4e8a-9d7c-6b5a4f3e2d1c',
			}),
		});
		expectNodeError(missing.error, { name: 'NodeApiError', message: 'Order not found', item: 0 });
		ctx.sim.clearLog();
		const bad = await run(ctx.sim, {
			parameters: params('ticketing', 'getOrderStatus', { orderId: 'ord_1' }),
		});
		expectNodeError(bad.error, {
			name: 'NodeOperationError',
			message: 'Order ID: "ord_1" is not a UUID',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Ticketing Get Order Status: an order ID that is not a UUID',
		parameters: badParams('ticketing', 'getOrderStatus', { orderId: BAD }),
		good: (sim) => {
			return sim.addOrder(sim.seeded.eventIds[0], { status: 'paid' }).id;
		},
		bad: 'ord_1',
		field: /^Order ID:/,
	},
]);
