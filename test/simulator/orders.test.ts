// The simulator itself: the order list follows the OpenAPI (filter in the query or the body, its
// enums, sorts and page ranges), and tests and other processes can place orders and move them.
import { useSimulator } from '../fixtures';
import { apiCall } from './apiCall';
import { SEED_ORDERS } from './routes/orders';

const ctx = useSimulator();
const call = (method: string, path: string, body?: unknown) => apiCall(ctx.sim, method, path, body);
const event = () => ctx.sim.seeded.eventIds[0];

const list = (query = '', body?: unknown) =>
	call('GET', `/public-api/v1/event/${event()}/order${query}`, body);
const filter = (value: unknown) => `?filter=${encodeURIComponent(JSON.stringify(value))}`;

describe('Simulator > orders', () => {
	test('seeded orders, newest first, with the pagination EventX answers', async () => {
		const { status, body } = await list('?pageSize=5&page=2');
		expect(status).toBe(200);
		expect(body.pagination).toEqual({
			page: 2,
			pageSize: 5,
			pageCount: Math.ceil(SEED_ORDERS / 5),
			totalCount: SEED_ORDERS,
		});
		const all = (await list()).body.dataList!;
		const created = all.map((o) => String(o.createdAt));
		expect(created).toEqual([...created].sort().reverse());
		expect(body.dataList!.map((o) => o.id)).toEqual(all.slice(5, 10).map((o) => o.id));
		expect(all[0]).not.toHaveProperty('eventId');
	});

	test('the filter in the body works as in the query, never both', async () => {
		const byQuery = await list(filter({ status: ['cancelled'] }));
		const byBody = await list('', { filter: { status: ['cancelled'] } });
		expect(byQuery.body.dataList!.length).toBeGreaterThan(0);
		expect(byBody.body.dataList).toEqual(byQuery.body.dataList);
		const both = await list(filter({ status: ['paid'] }), { filter: { status: ['paid'] } });
		expect(both.status).toBe(400);
	});

	test.each([
		[{ state: ['paid'] }, /Unknown filter member/],
		[{ status: ['shipped'] }, /filter\.status/],
		[{ status: 'paid' }, /must be an array/],
		[{ orderIds: ['x'] }, /UUID/],
		[{ paymentMethod: ['credit-card'] }, /filter\.paymentMethod/],
		[{ q: 5 }, /filter\.q/],
	])('refuses the filter %j', async (value, message) => {
		const { status, body } = await list(filter(value));
		expect(status).toBe(400);
		expect(body.error?.message).toMatch(message);
	});

	test('refuses unknown sort keys and answers 404 for an order of another event', async () => {
		expect((await list('?sort=amount')).status).toBe(400);
		const other = [...ctx.sim.store.orders.values()].find((o) => o.eventId !== event())!;
		const got = await call('GET', `/public-api/v1/event/${event()}/order/${other.id}`);
		expect(got.status).toBe(404);
	});

	test('addOrder and setOrderStatus: a placed order, then paid once, then refunded', async () => {
		const placed = ctx.sim.addOrder(event(), { user: { email: 'new@example.com' } });
		expect(placed).toMatchObject({ status: 'pending_payment', purchasedAt: null });
		const paid = ctx.sim.setOrderStatus(placed.id, 'paid');
		const purchasedAt = paid.purchasedAt;
		expect(purchasedAt).toEqual(expect.any(String));
		expect(paid.updatedAt).toBe(purchasedAt);
		const refunded = ctx.sim.setOrderStatus(placed.id, 'refunded');
		expect(refunded.purchasedAt).toBe(purchasedAt);
		expect(() => ctx.sim.setOrderStatus(placed.id, 'shipped')).toThrow(
			'"status" must be one of initialized, pending_payment, paid, cancelled, completed, refunding, refunded',
		);
		const { body } = await list(filter({ emails: ['new@example.com'] }));
		expect(body.dataList!.map((o) => o.status)).toEqual(['refunded']);
	});

	test('control routes place and move orders for a simulator in another process', async () => {
		const placed = (await (
			await fetch(`${ctx.sim.url}/__sim/events/${event()}/orders`, {
				method: 'POST',
				body: JSON.stringify({ paymentMethod: 'offline', user: { name: 'Remote Buyer' } }),
			})
		).json()) as Record<string, unknown>;
		expect(placed).toMatchObject({
			status: 'pending_payment',
			offlinePaymentApprovalStatus: 'pending',
			user: { name: 'Remote Buyer' },
		});
		const moved = await fetch(`${ctx.sim.url}/__sim/orders/${String(placed.id)}/status`, {
			method: 'POST',
			body: JSON.stringify({ status: 'paid' }),
		});
		expect(await moved.json()).toMatchObject({
			status: 'paid',
			offlinePaymentApprovalStatus: 'approved',
		});
		const state = (await (await fetch(`${ctx.sim.url}/__sim/state`)).json()) as {
			orders: Array<{ id: string; eventId: string; status: string }>;
		};
		expect(state.orders.find((o) => o.id === placed.id)).toMatchObject({
			eventId: event(),
			status: 'paid',
		});
	});
});
