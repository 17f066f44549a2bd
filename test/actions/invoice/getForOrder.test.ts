import { randomUUID } from 'node:crypto';

import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { addOrder } from '../../simulator/routes/orders';
import { BAD, params, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const orderOf = (i: number) =>
	[...ctx.sim.store.orders.values()].filter((o) => o.eventId === event())[i];
const getForOrder = (orderId: string | { __rl: true; mode: string; value: string }) => ({
	resource: 'invoice',
	operation: 'getForOrder',
	eventId: byId(event()),
	orderId: typeof orderId === 'string' ? byId(orderId) : orderId,
});

describe('Invoice > Get for Order', () => {
	test("answers the order's invoice details as EventX does", async () => {
		const order = orderOf(2); // offline, pending payment
		const { items, error } = await run(ctx.sim, { parameters: getForOrder(order.id) });
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim).map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /public-api/v1/event/${event()}/invoice/${order.id}`,
		]);
		expect(items[0].json).toMatchObject({
			orderId: order.id,
			eventName: 'Tech Summit 2026',
			organizerName: 'Acme Events',
			purchaserName: order.user.name,
			paymentMethod: 'offline',
			invoiceId: order.offlinePaymentInvoiceId,
			invoiceDueAt: order.offlinePaymentInvoiceDueAt,
			subTotal: order.amount,
			currency: 'USD',
			eventTimezone: 'Asia/Hong_Kong',
		});
		expect(items[0].json.orderItems).toEqual([
			{ ticketName: 'General', price: '0.00', qty: 1, codeName: '', discount: 0, addOns: [] },
		]);
	});

	test('Simplify (on by default) names tickets and add-ons in the default language, without translations', async () => {
		const classes = ctx.sim.store.ticketClasses.get(event())!;
		const addOn = ctx.sim.store.ticketClassAddOns.get(event())![1];
		const order = addOrder(ctx.sim.store, event(), {
			status: 'paid',
			orderItems: [
				{
					ticketClassId: classes[1].id,
					unitPrice: '50.00',
					qty: 2,
					regFormDataSnapshot: {},
					addOns: [{ ticketClassAddOnId: addOn.id, snapshot: {}, qty: 1 }],
					associatedAttendeeId: null,
				},
			],
		});
		const simplified = await run(ctx.sim, {
			parameters: getForOrder({ __rl: true, mode: 'list', value: order.id }),
		});
		expect(simplified.error).toBeUndefined();
		expect(simplified.items[0].json.orderItems).toEqual([
			{
				ticketName: 'VIP Pass',
				price: '50.00',
				qty: 2,
				codeName: '',
				discount: 0,
				addOns: [{ id: addOn.id, name: 'Dinner', price: '10', qty: 1 }],
			},
		]);
		// Simplify off: EventX's record, with the translations.
		const raw = await run(ctx.sim, {
			parameters: { ...getForOrder(order.id), simplify: false },
		});
		const [line] = raw.items[0].json.orderItems as Array<Record<string, unknown>>;
		expect(line.ticket).toEqual({ contentI18n: { name: { default: 'VIP Pass' } } });
	});

	test("an unknown order: EventX's 404 as a NodeApiError; Continue On Fail keeps going", async () => {
		const stopped = await run(ctx.sim, { parameters: getForOrder(randomUUID()) });
		expectNodeError(stopped.error, { name: 'NodeApiError', message: 'Order not found', item: 0 });
		const continued = await run(ctx.sim, {
			parameters: getForOrder('={{ $json.id }}'),
			items: [{ id: randomUUID() }, { id: orderOf(0).id }],
			continueOnFail: true,
		});
		expect(continued.items[0].json.error).toMatch(/Order not found/);
		expect(continued.items[1].json.orderId).toBe(orderOf(0).id);
		expect(continued.items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});
});

testBadInputs(ctx, [
	{
		name: 'Invoice Get for Order: an order ID that is not a UUID',
		parameters: params('invoice', 'getForOrder', { orderId: byId(BAD) }),
		good: (sim) =>
			[...sim.store.orders.values()].find((o) => o.eventId === sim.seeded.eventIds[0])!.id,
		bad: 'EVX-0-001',
		field: /^Order ID:/,
	},
]);
