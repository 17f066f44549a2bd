import { apiRequests, expectNodeError, expectRangedReads, run, useSimulator } from '../../fixtures';
import { addOrder, SEED_ORDERS } from '../../simulator/routes/orders';
import { anEvent, BAD, params as opParams, testBadInputs } from '../badInputs';
import { orderContext } from './fixtures';

const ctx = useSimulator();
const { event, ordersOf, newestFirst, params } = orderContext(ctx);
const getMany = (extra: Record<string, unknown> = {}) =>
	params('getMany', { returnAll: true, ...extra });
const sentFilter = () => JSON.parse(apiRequests(ctx.sim)[0].query.filter) as unknown;

describe('Order > Get Many', () => {
	test("Simplify off: the event's orders exactly as EventX answers them, newest first", async () => {
		const { items, error } = await run(ctx.sim, { parameters: getMany({ simplify: false }) });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(SEED_ORDERS);
		expect(items.map((i) => i.json)).toEqual(newestFirst());
		const [request] = apiRequests(ctx.sim);
		expect(request.path).toBe(`/public-api/v1/event/${event()}/order`);
		expect(request.query.sort).toBeUndefined();
		expect(request.query.filter).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: expect.any(String),
			amount: expect.any(String),
			user: { email: expect.any(String), name: expect.any(String) },
		});
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Limit reads only what it needs', async () => {
		const { items } = await run(ctx.sim, { parameters: params('getMany', { limit: 5 }) });
		expect(items.map((i) => i.json.id)).toEqual(
			newestFirst()
				.slice(0, 5)
				.map((o) => o.id),
		);
		expect(apiRequests(ctx.sim)).toHaveLength(1);
		expect(apiRequests(ctx.sim)[0].query).toMatchObject({ page: '1', pageSize: '5' });
		expect(apiRequests(ctx.sim)[0].query.pageEnd).toBeUndefined();
	});

	test('Status filter: any of the chosen statuses', async () => {
		const { items } = await run(ctx.sim, {
			parameters: getMany({ filters: { status: ['paid', 'completed'] } }),
		});
		expect(sentFilter()).toEqual({ status: ['paid', 'completed'] });
		const expected = ordersOf().filter((o) => o.status === 'paid' || o.status === 'completed');
		expect(expected.length).toBeGreaterThan(0);
		expect(new Set(items.map((i) => i.json.id))).toEqual(new Set(expected.map((o) => o.id)));
	});

	test('Payment Method and Offline Payment Approval Status together', async () => {
		const { items } = await run(ctx.sim, {
			parameters: getMany({
				filters: { paymentMethod: ['offline'], offlinePaymentApprovalStatus: ['approved'] },
			}),
		});
		expect(sentFilter()).toEqual({
			paymentMethod: ['offline'],
			offlinePaymentApprovalStatus: ['approved'],
		});
		// Seeded orders 5 and 8 (paid offline, so approved); 11, the newest, was paid online.
		expect(items).toHaveLength(2);
		for (const { json } of items)
			expect(json).toMatchObject({
				paymentMethod: 'offline',
				offlinePaymentApprovalStatus: 'approved',
			});
	});

	test('Order IDs filter, as a list or an array from an expression', async () => {
		const wanted = [ordersOf()[2].id, ordersOf()[7].id];
		// EventX spells IDs in lower case: one typed in upper case is sent as EventX knows it.
		for (const orderIds of [wanted.join(', ').toUpperCase(), '={{ $json.ids }}']) {
			ctx.sim.clearLog();
			const { items } = await run(ctx.sim, {
				parameters: getMany({ filters: { orderIds } }),
				items: [{ ids: wanted }],
			});
			expect(new Set(items.map((i) => i.json.id))).toEqual(new Set(wanted));
			expect(sentFilter()).toEqual({ orderIds: wanted });
		}
	});

	test('Buyer Emails filter (addresses compared without case)', async () => {
		const { items } = await run(ctx.sim, {
			parameters: getMany({ filters: { emails: 'ADA.0@example.com, grace.1@example.com' } }),
		});
		expect(sentFilter()).toEqual({ emails: ['ADA.0@example.com', 'grace.1@example.com'] });
		expect(items.map((i) => i.json.buyerEmail).sort()).toEqual([
			'ada.0@example.com',
			'grace.1@example.com',
		]);
	});

	test('Search looks at the reference and the buyer', async () => {
		const byRef = await run(ctx.sim, {
			parameters: getMany({ filters: { search: ' EVX-0-01 ' } }),
		});
		expect(sentFilter()).toEqual({ q: 'EVX-0-01' });
		expect(byRef.items.map((i) => i.json.txRef).sort()).toEqual(['EVX-0-010', 'EVX-0-011']);
		const byName = await run(ctx.sim, { parameters: getMany({ filters: { search: 'hopper' } }) });
		expect(byName.items.length).toBeGreaterThan(0);
		expect(byName.items.every((i) => i.json.buyerName === 'Grace Hopper')).toBe(true);
	});

	test('empty filters send no filter', async () => {
		await run(ctx.sim, {
			parameters: getMany({ filters: { status: [], search: '  ', emails: '', orderIds: '' } }),
		});
		expect(apiRequests(ctx.sim)[0].query.filter).toBeUndefined();
	});

	test('a two-key sort with directions', async () => {
		const { items } = await run(ctx.sim, {
			parameters: getMany({
				sort: {
					rules: [
						{ field: 'userName', direction: 'asc' },
						{ field: 'purchasedAt', direction: 'desc' },
					],
				},
			}),
		});
		expect(apiRequests(ctx.sim)[0].query.sort).toBe('userName,-purchasedAt');
		const names = items.map((i) => String(i.json.buyerName));
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		const ada = items.filter((i) => i.json.buyerName === 'Ada Lovelace');
		const bought = ada.map((i) => String(i.json.purchasedAt));
		expect(bought).toEqual([...bought].sort().reverse());
	});

	test('orders placed and paid later show up with their new status', async () => {
		const placed = addOrder(ctx.sim.store, event(), { user: { email: 'late@example.com' } });
		ctx.sim.setOrderStatus(placed.id, 'paid');
		const { items } = await run(ctx.sim, {
			parameters: getMany({ filters: { emails: 'late@example.com' } }),
		});
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id: placed.id, status: 'paid' });
		expect(items[0].json.purchasedAt).toEqual(expect.any(String));
	});

	// 20,000 exactly: every count of the answer agrees, so no request checks that none follow.
	test.each([
		[20000, 1],
		[25000, 2],
	])(
		'Return All of %i orders takes %i list request(s)',
		async (total, requests) => {
			const start = Date.UTC(2025, 0, 1);
			for (let i = 0; i < total - SEED_ORDERS; i++)
				addOrder(ctx.sim.store, event(), { createdAt: new Date(start + i * 1000).toISOString() });
			const { items, error } = await run(ctx.sim, { parameters: getMany() });
			expect(error).toBeUndefined();
			expectRangedReads(ctx.sim, items, total, requests, /\/order$/);
			expect(apiRequests(ctx.sim)).toHaveLength(requests);
		},
		60_000,
	);

	test("an event the user cannot see: EventX's 404 as a NodeApiError", async () => {
		const foreign = [...ctx.sim.store.events.values()].find(
			(r) => r.event.organizationId === ctx.sim.seeded.organizations.foreign,
		)!.event.id as string;
		const { error } = await run(ctx.sim, {
			parameters: { ...getMany(), eventId: { __rl: true, mode: 'id', value: foreign } },
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Event not found', item: 0 });
	});
});

describe('Order > Get Many: Simplify', () => {
	test('is on by default: one flat row per order, the ticket count summed', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: params('getMany', { limit: 3 }),
		});
		expect(error).toBeUndefined();
		const [newest] = newestFirst();
		const user = newest.user as { name: string; email: string };
		expect(items[0].json).toEqual({
			id: newest.id,
			txRef: newest.txRef,
			status: newest.status,
			amount: newest.amount,
			currency: newest.currency,
			tax: newest.tax,
			paymentMethod: newest.paymentMethod,
			offlinePaymentApprovalStatus: newest.offlinePaymentApprovalStatus,
			userId: newest.userId,
			buyerName: user.name,
			buyerEmail: user.email,
			// The newest seeded order: two VIP passes.
			ticketCount: 2,
			purchasedAt: newest.purchasedAt,
			cancelledAt: newest.cancelledAt,
			createdAt: newest.createdAt,
			updatedAt: newest.updatedAt,
		});
	});

	test("off returns EventX's records exactly", async () => {
		const { items } = await run(ctx.sim, {
			parameters: params('getMany', { limit: 3, simplify: false }),
		});
		expect(items.map((i) => i.json)).toEqual(newestFirst().slice(0, 3));
	});
});

describe('Order > Get Many: validation before sending', () => {
	test.each([
		[{ orderIds: 'not-a-uuid' }, /^Filters > Order IDs: "not-a-uuid" is not a UUID/],
		[{ orderIds: ' , ' }, /^Filters > Order IDs: no order ID given/],
		[{ emails: 'ada@example.com, nobody' }, /^Filters > Buyer Emails: "nobody" is not an email/],
		[{ status: ['paid', 'shipped'] }, /^Filters > Status: "shipped" is not one of/],
		[{ paymentMethod: ['cash'] }, /^Filters > Payment Method: "cash" is not one of/],
	])('%j is refused', async (filters, message) => {
		const { error } = await run(ctx.sim, { parameters: getMany({ filters }) });
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
	});

	describe('an ID filter too long for the query string', () => {
		/** The i-th of a list of well-formed order IDs. */
		const orderId = (i: number) => `0000${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`;
		// A server in front of EventX that refuses request lines past 8 KB, as nginx and CloudFront do.
		const proxyLimit = () =>
			ctx.sim.addFault({ kind: 'url-limit', maxLength: 8192, status: 414, times: 0 });

		test('600 Order IDs fail naming Filters > Order IDs before any request, never a bare 414', async () => {
			proxyLimit();
			const ids = Array.from({ length: 600 }, (_, i) => orderId(i));
			const { error } = await run(ctx.sim, { parameters: getMany({ filters: { orderIds: ids } }) });
			expectNodeError(error, {
				name: 'NodeOperationError',
				message:
					"Filters > Order IDs: 600 IDs are too many for one request: EventX's address would be 27,161 characters long, and servers refuse more than 8,000",
				item: 0,
			});
			expect(error?.description).toMatch(/^Give at most 174 IDs per item: split the list/);
			expect(ctx.sim.requests).toHaveLength(0);
		});

		test('as many as fit (174) are sent in the query string and answered', async () => {
			proxyLimit();
			const known = ordersOf().map((o) => o.id);
			const ids = [...known, ...Array.from({ length: 174 - known.length }, (_, i) => orderId(i))];
			const { items, error } = await run(ctx.sim, {
				parameters: getMany({ filters: { orderIds: ids } }),
			});
			expect(error).toBeUndefined();
			expect(items).toHaveLength(known.length);
			expect((sentFilter() as { orderIds: string[] }).orderIds).toHaveLength(174);
		});

		test('600 Buyer Emails are named the same way', async () => {
			const emails = Array.from({ length: 600 }, (_, i) => `buyer${i}@example.com`);
			const { error } = await run(ctx.sim, { parameters: getMany({ filters: { emails } }) });
			expectNodeError(error, {
				name: 'NodeOperationError',
				message: /^Filters > Buyer Emails: 600 addresses are too many for one request/,
				item: 0,
			});
			expect(ctx.sim.requests).toHaveLength(0);
		});
	});

	test('an unknown sort field is refused', async () => {
		const { error } = await run(ctx.sim, {
			parameters: getMany({ sort: { rules: [{ field: 'amount', direction: 'asc' }] } }),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: /^Sort > Field: "amount" is not one of/,
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Order Get Many: a status typed by expression that EventX does not know',
		parameters: opParams('order', 'getMany', { filters: { status: BAD } }),
		good: () => 'paid, completed',
		bad: 'shipped',
		field: /^Filters > Status:/,
	},
	{
		name: 'Order Get Many: a Limit below 1',
		parameters: opParams('order', 'getMany', { limit: BAD }),
		good: () => 2,
		bad: 0,
		field: /^Limit:/,
	},
	{
		name: 'Order Get Many: an event ID that is not a UUID',
		parameters: opParams('order', 'getMany', { eventId: BAD }),
		good: anEvent,
		bad: 'event-1',
		field: /^Event/,
	},
]);
