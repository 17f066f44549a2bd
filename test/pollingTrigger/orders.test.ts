// EventX Polling Trigger, order triggers: n8n's PollContext against the simulator's order routes.
import { expectNodeError, useSimulator } from '../fixtures';
import { orderJson } from '../simulator/routes/orders';
import { activatePolling, idsOf, listReads, pollingTrigger, pollParameters } from './setup';

const ctx = useSimulator();
let eventId: string;

beforeEach(() => {
	eventId = ctx.sim.seeded.eventIds[0];
});

const activate = async (trigger: string, options = {}) =>
	await activatePolling(ctx.sim, eventId, trigger, options);

describe('EventX Polling Trigger: orders', () => {
	it("Order Paid's test event on the demo data (the sandbox's examples event) is a paid order as a buyer makes one", async () => {
		const demoEvent = ctx.sim.seeded.eventIds[1];
		const { items } = await pollingTrigger(ctx.sim, pollParameters(demoEvent, 'orderPaid')).poll(
			'manual',
		);
		expect(items).toHaveLength(1);
		const [ticketClass, vip] = ctx.sim.store.ticketClasses.get(demoEvent)!;
		const dinner = ctx.sim.store.ticketClassAddOns.get(demoEvent)![1];
		expect(ticketClass.price).toBe(0);
		expect(items![0].json).toMatchObject({
			action: 'order-paid',
			eventId: demoEvent,
			status: 'paid',
			paymentMethod: 'online',
			offlinePaymentApprovalStatus: null,
			// Two VIP passes (50.00) with a dinner (10.00) each.
			amount: '120.00',
			currency: 'USD',
			user: { name: 'Grace Hopper', email: 'grace.11@example.com' },
			purchasedAt: '2026-01-02T11:00:00.000Z',
			orderItems: [
				expect.objectContaining({
					ticketClassId: vip.id,
					unitPrice: '50.00',
					qty: 2,
					addOns: [expect.objectContaining({ ticketClassAddOnId: dinner.id, qty: 2 })],
				}),
			],
		});
	});

	it.each(['newOrder', 'orderPaid'])(
		'%s: the first poll emits nothing; a poll with nothing changed costs one request',
		async (trigger) => {
			const harness = await activate(trigger);
			ctx.sim.clearLog();
			ctx.sim.store.advanceTime(60_000);
			expect(await harness.pollItems()).toBeNull();
			// one request in all: the list's first page (the token is reused)
			expect(ctx.sim.requestsTo().map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET /public-api/v1/event/${eventId}/order`,
			]);
		},
	);

	it('New Order: a placed order comes out once, as EventX returns it, with the trigger and the event', async () => {
		const harness = await activate('newOrder');
		ctx.sim.store.advanceTime(1000);
		const order = ctx.sim.addOrder(eventId, { user: { email: 'buyer@example.com' } });

		const items = await harness.pollItems();
		expect(items).toHaveLength(1);
		expect(items![0].json).toEqual({ action: 'order-create', eventId, ...orderJson(order) });
		expect(await harness.pollItems()).toBeNull();
		// paying it is not a new order
		ctx.sim.store.advanceTime(1000);
		ctx.sim.setOrderStatus(order.id, 'paid');
		expect(await harness.pollItems()).toBeNull();
	});

	it('New Order: each of several orders is its own order after action and eventId, in that order (the JSON text)', async () => {
		const harness = await activate('newOrder');
		const placed = ['one@example.com', 'two@example.com', 'three@example.com'].map((email) => {
			ctx.sim.store.advanceTime(1000);
			return ctx.sim.addOrder(eventId, { user: { email } });
		});
		ctx.sim.store.advanceTime(1000);

		const items = (await harness.pollItems())!;
		expect(items.map((item) => JSON.stringify(item.json))).toEqual(
			placed.map((order) =>
				JSON.stringify({ action: 'order-create', eventId, ...orderJson(order) }),
			),
		);
		expect(Object.keys(items[1].json).slice(0, 3)).toEqual(['action', 'eventId', 'id']);
	});

	it('New Order with Order Status: only orders in the chosen statuses, filtered by EventX', async () => {
		const harness = await activate('newOrder', { orderStatus: ['paid'] });
		ctx.sim.store.advanceTime(1000);
		ctx.sim.addOrder(eventId, { status: 'pending_payment' });
		const paid = ctx.sim.addOrder(eventId, { status: 'paid' });
		ctx.sim.clearLog();
		expect(idsOf(await harness.pollItems())).toEqual([paid.id]);
		expect(JSON.parse(String(listReads(ctx.sim, 'order')[0].query.filter))).toEqual({
			status: ['paid'],
		});
	});

	it('Order Paid: an order reaching paid comes out once; completing it later does not repeat it', async () => {
		const pending = ctx.sim.addOrder(eventId, { status: 'pending_payment' });
		const harness = await activate('orderPaid');
		ctx.sim.store.advanceTime(1000);
		ctx.sim.setOrderStatus(pending.id, 'paid');
		const cancelled = ctx.sim.addOrder(eventId, { status: 'pending_payment' });
		ctx.sim.setOrderStatus(cancelled.id, 'cancelled');
		ctx.sim.store.advanceTime(1000);
		const paidAtOnce = ctx.sim.addOrder(eventId, { status: 'completed' });

		const items = await harness.pollItems();
		expect(idsOf(items)).toEqual([pending.id, paidAtOnce.id]);
		expect(items![0].json).toMatchObject({
			action: 'order-paid',
			eventId,
			status: 'paid',
			purchasedAt: pending.purchasedAt,
		});
		ctx.sim.store.advanceTime(1000);
		ctx.sim.setOrderStatus(pending.id, 'completed');
		expect(await harness.pollItems()).toBeNull();
	});

	it('Order Paid: two orders paid in the same millisecond at the boundary both come out, once each', async () => {
		const [a, b] = [
			ctx.sim.addOrder(eventId, { status: 'pending_payment' }),
			ctx.sim.addOrder(eventId, { status: 'pending_payment' }),
		];
		const harness = await activate('orderPaid');
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		ctx.sim.setOrderStatus(a.id, 'paid');
		expect(idsOf(await harness.pollItems())).toEqual([a.id]);
		ctx.sim.setOrderStatus(b.id, 'paid');
		expect(idsOf(await harness.pollItems())).toEqual([b.id]);
		expect(await harness.pollItems()).toBeNull();
	});

	it('a failed order poll emits nothing and keeps the cursor', async () => {
		const harness = await activate('newOrder');
		const saved = structuredClone(harness.savedStaticData);
		ctx.sim.store.advanceTime(1000);
		const order = ctx.sim.addOrder(eventId);
		ctx.sim.addFault({ kind: 'status', status: 500, path: '/order$', message: 'Try later' });
		const failed = await harness.poll();
		expectNodeError(failed.error, { name: 'NodeApiError', message: 'Try later' });
		expect(harness.savedStaticData).toEqual(saved);
		expect(idsOf(await harness.pollItems())).toEqual([order.id]);
	});

	it('"Fetch Test Event" for Order Paid returns the most recently paid order and moves no cursor', async () => {
		const harness = await activate('orderPaid');
		const saved = structuredClone(harness.savedStaticData);
		ctx.sim.store.advanceTime(1000);
		const paid = ctx.sim.addOrder(eventId, { status: 'paid' });
		const manual = await harness.poll('manual');
		expect(idsOf(manual.items)).toEqual([paid.id]);
		expect(harness.savedStaticData).toEqual(saved);
		expect(idsOf(await harness.pollItems())).toEqual([paid.id]);
	});
});
