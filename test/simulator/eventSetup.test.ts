// The simulator itself: ticket classes, custom fields, extension data, event delete and invoices
// refuse what the OpenAPI refuses and change nothing when they do.
import { useSimulator } from '../fixtures';
import { apiCall } from './apiCall';

const ctx = useSimulator();
const call = (method: string, path: string, body?: unknown) => apiCall(ctx.sim, method, path, body);
const event = () => ctx.sim.seeded.eventIds[0];
const at = (path: string) => `/public-api/v1/event/${event()}${path}`;
const ticketClass = {
	contentI18n: { name: { default: 'Early Bird' } },
	price: 10,
	qty: 5,
	saleStartsAt: '2026-12-01T00:00:00Z',
	saleEndsAt: null,
	addOnIds: [],
	minAddOnQty: 0,
	maxAddOnQty: null,
	minQty: 1,
	maxQty: 2,
};

describe('Simulator > ticket classes', () => {
	test('a created class has the members EventX answers and is listed with its add-ons', async () => {
		const addOn = String(ctx.sim.store.ticketClassAddOns.get(event())![0].id);
		const created = await call('POST', at('/ticket-class'), { ...ticketClass, addOnIds: [addOn] });
		expect(created.status).toBe(200);
		for (const key of ['id', 'createdAt', 'rawData', 'isAccessibleToPhysicalEvent'])
			expect(created.body.data).toHaveProperty(key);
		const list = await call('GET', at('/ticket-class/all'));
		const listed = list.body.dataList!.find((c) => c.id === created.body.data!.id)!;
		expect((listed.addOns as Array<{ id: string }>).map((a) => a.id)).toEqual([addOn]);
	});

	test.each([
		[{ ...ticketClass, name: 'x' }, /Unknown member/],
		[{ ...ticketClass, minQty: undefined }, /Missing member/],
		[{ ...ticketClass, qty: 0 }, /"qty"/],
		[{ ...ticketClass, minQty: 3, maxQty: 2 }, /maxQty/],
		[{ ...ticketClass, contentI18n: { name: { fr: 'x' } } }, /unknown locale/],
		[{ ...ticketClass, contentI18n: { name: { en: 'x' } } }, /default" is required/],
		[{ ...ticketClass, saleEndsAt: '2026-11-01T00:00:00Z' }, /saleEndsAt/],
	])('refuses %j', async (body, message) => {
		const answer = await call('POST', at('/ticket-class'), JSON.parse(JSON.stringify(body)));
		expect(answer.status).toBe(400);
		expect(answer.body.error?.message).toMatch(message);
		expect(ctx.sim.store.ticketClasses.get(event())).toHaveLength(2);
	});
});

describe('Simulator > custom fields', () => {
	const question = { type: 'text', contentI18n: { label: { default: 'Role' } } };
	test.each([
		[{ data: [] }, /non-empty/],
		[[question], /must be an object/],
		[{ data: [{ ...question, type: 'slider' }] }, /type must be one of/],
		[{ data: [{ ...question, type: 'dropdown' }] }, /options is required/],
		[{ data: [{ ...question, config: { hideMeridiem: true } }] }, /does not take/],
		[{ data: [question, { ...question, id: 'nope' }] }, /UUID/],
	])('refuses %j and applies nothing', async (body, message) => {
		const answer = await call('PUT', at('/custom-field/bulk-upsert'), body);
		expect(answer.status).toBe(400);
		expect(answer.body.error?.message).toMatch(message);
		expect(ctx.sim.store.customFields.get(event())).toHaveLength(3);
	});

	test('an update keeps the ID and replaces the question', async () => {
		const id = String(ctx.sim.store.customFields.get(event())![2].id);
		const answer = await call('PUT', at('/custom-field/bulk-upsert'), {
			data: [{ id, type: 'text', contentI18n: { label: { default: 'Shirt' } } }],
		});
		expect(answer.body.dataList).toEqual([
			expect.objectContaining({ id, type: 'text', config: {} }),
		]);
		expect(ctx.sim.store.customFields.get(event())).toHaveLength(3);
	});
});

describe('Simulator > extension data, delete, invoices', () => {
	test('extension data: objects are refused, a merge keeps the other keys', async () => {
		const refused = await call('PATCH', at('/extension-data'), { extensionData: { a: { b: 1 } } });
		expect(refused.status).toBe(400);
		const merged = await call('PATCH', at('/extension-data'), { extensionData: { a: [1, 'x'] } });
		expect(merged.body.data!.extensionData).toEqual({
			region: 'APAC',
			capacity: 100,
			tags: ['demo'],
			a: [1, 'x'],
		});
	});

	test("a deleted event answers 404, and so do its orders' invoices", async () => {
		const order = [...ctx.sim.store.orders.values()].find((o) => o.eventId === event())!;
		expect((await call('GET', at(`/invoice/${order.id}`))).status).toBe(200);
		expect((await call('DELETE', at(''))).status).toBe(204);
		expect((await call('GET', at(''))).status).toBe(404);
		expect((await call('GET', at(`/invoice/${order.id}`))).status).toBe(404);
	});

	test('invoice details need exactly a user ID', async () => {
		expect((await call('POST', at('/invoice/details'), { email: 'a@b.c' })).status).toBe(400);
		expect((await call('POST', at('/invoice/details'), { userId: 'x' })).status).toBe(400);
	});
});
