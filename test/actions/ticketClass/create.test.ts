import {
	apiRequests,
	byId,
	expectNodeError,
	inProcessTimeZone,
	run,
	useSimulator,
} from '../../fixtures';
import { BAD, params, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const addOnIds = () => ctx.sim.store.ticketClassAddOns.get(event())!.map((a) => String(a.id));
const create = (extra: Record<string, unknown> = {}) => ({
	resource: 'ticketClass',
	operation: 'create',
	eventId: byId(event()),
	ticketName: 'Early Bird',
	price: 25.5,
	qty: 200,
	saleStartsAt: '2026-12-01T09:00:00Z',
	...extra,
});
const posts = () => apiRequests(ctx.sim).filter((r) => r.method === 'POST');

describe('Ticket Class > Create', () => {
	test('sends every member EventX requires, with the defaults, and answers the new class', async () => {
		const { items, error } = await run(ctx.sim, { parameters: create() });
		expect(error).toBeUndefined();
		expect(posts().map((r) => r.path)).toEqual([`/public-api/v1/event/${event()}/ticket-class`]);
		expect(posts()[0].body).toEqual({
			contentI18n: { name: { default: 'Early Bird' } },
			price: 25.5,
			qty: 200,
			saleStartsAt: '2026-12-01T09:00:00.000Z',
			saleEndsAt: null,
			addOnIds: [],
			minAddOnQty: 0,
			maxAddOnQty: null,
			minQty: 1,
			maxQty: 10,
		});
		const stored = ctx.sim.store.ticketClasses.get(event())!;
		expect(stored).toHaveLength(3);
		expect(items[0].json).toEqual(stored[2]);
		expect(items[0].json).toMatchObject({ id: expect.any(String), price: 25.5 });
	});

	test("a sale time without an offset is read in the workflow's time zone, not the server process's", async () => {
		const { error } = await inProcessTimeZone('America/Los_Angeles', () =>
			run(ctx.sim, {
				parameters: create({
					saleStartsAt: '2026-11-01T09:00:00',
					ticketClassFields: { saleEndsAt: '2026-11-30 18:30' },
				}),
				timezone: 'Asia/Tokyo',
			}),
		);
		expect(error).toBeUndefined();
		// 09:00 and 18:30 in Tokyo (UTC+9), whatever the process's own zone.
		expect(posts()[0].body).toMatchObject({
			saleStartsAt: '2026-11-01T00:00:00.000Z',
			saleEndsAt: '2026-11-30T09:30:00.000Z',
		});
	});

	test('a time that names its offset keeps it; an ambiguous text form is refused naming the field', async () => {
		const given = await run(ctx.sim, {
			parameters: create({ saleStartsAt: '2026-11-01T09:00:00+02:00' }),
			timezone: 'Asia/Tokyo',
		});
		expect(given.error).toBeUndefined();
		expect(posts()[0].body).toMatchObject({ saleStartsAt: '2026-11-01T07:00:00.000Z' });
		ctx.sim.clearLog();
		const { error } = await run(ctx.sim, {
			parameters: create({ saleStartsAt: 'Nov 1, 2026 09:00' }),
			timezone: 'Asia/Tokyo',
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Sale Starts At: "Nov 1, 2026 09:00" is not a date and time',
			item: 0,
		});
		expect(error?.description).toMatch(
			/^Use ISO 8601, e\.g\. 2026-11-01T09:00:00 \(in the workflow's time zone\)/,
		);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('the additional fields: add-ons, description, message, sale end and quantities', async () => {
		const { error } = await run(ctx.sim, {
			parameters: create({
				ticketClassFields: {
					addOnIds: [addOnIds()[1], addOnIds()[1].toUpperCase()],
					description: 'Entry and lunch',
					message: 'See you there',
					saleEndsAt: '2026-12-20T18:00:00Z',
					minQty: 2,
					maxQty: 4,
					minAddOnQty: 1,
					maxAddOnQty: 3,
				},
			}),
		});
		expect(error).toBeUndefined();
		expect(posts()[0].body).toMatchObject({
			contentI18n: {
				name: { default: 'Early Bird' },
				description: { default: 'Entry and lunch' },
				message: { default: 'See you there' },
			},
			addOnIds: [addOnIds()[1]],
			saleEndsAt: '2026-12-20T18:00:00.000Z',
			minQty: 2,
			maxQty: 4,
			minAddOnQty: 1,
			maxAddOnQty: 3,
		});
	});

	test('one class per item, each output paired with its item', async () => {
		const { items } = await run(ctx.sim, {
			parameters: create({ ticketName: '={{ $json.name }}', price: '={{ $json.price }}' }),
			items: [
				{ name: 'Student', price: 0 },
				{ name: 'Patron', price: 300 },
			],
		});
		expect(items.map((i) => [i.pairedItem, i.json.price])).toEqual([
			[{ item: 0 }, 0],
			[{ item: 1 }, 300],
		]);
	});

	test("an add-on of another event: EventX's 404, and a failed create is not repeated", async () => {
		const otherAddOn = String(
			ctx.sim.store.ticketClassAddOns.get(ctx.sim.seeded.eventIds[1])![0].id,
		);
		const refused = await run(ctx.sim, {
			parameters: create({ ticketClassFields: { addOnIds: [otherAddOn] } }),
		});
		expectNodeError(refused.error, { name: 'NodeApiError', message: /add-on not found/, item: 0 });

		ctx.sim.clearLog();
		ctx.sim.addFault({ kind: 'status', status: 502, method: 'POST', path: '/ticket-class$' });
		const failed = await run(ctx.sim, { parameters: create() });
		expectNodeError(failed.error, {
			name: 'NodeApiError',
			message: 'Injected failure (502)',
			item: 0,
		});
		expect(failed.error?.httpCode).toBe('502');
		expect(posts()).toHaveLength(1);
	});
});

describe('Ticket Class > Create: validation before sending', () => {
	test.each([
		[{ ticketName: '  ' }, /^Name: is required/],
		[{ price: -1 }, /^Price: must be a number of at least 0/],
		[{ qty: 0 }, /^Quantity: must be a whole number of at least 1/],
		[{ qty: 2.5 }, /^Quantity: must be a whole number/],
		[{ saleStartsAt: '={{ "" }}' }, /^Sale Starts At: is required/],
		[{ saleStartsAt: 'next week' }, /^Sale Starts At: "next week" is not a date/],
		[
			{ ticketClassFields: { saleEndsAt: '2026-11-01T00:00:00Z' } },
			/^Additional Fields > Sale Ends At: must not be before Sale Starts At/,
		],
		[
			{ ticketClassFields: { minQty: 5, maxQty: 2 } },
			/^Additional Fields > Max Quantity Per Order: must not be below/,
		],
		[
			{ ticketClassFields: { minAddOnQty: 3, maxAddOnQty: 1 } },
			/^Additional Fields > Max Add-On Quantity: must not be below/,
		],
		[{ ticketClassFields: { addOnIds: ['workshop'] } }, /^Additional Fields > Add-Ons: "workshop"/],
	])('%j is refused', async (extra, message) => {
		const { error } = await run(ctx.sim, { parameters: create(extra) });
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
		expect(ctx.sim.store.ticketClasses.get(event())).toHaveLength(2);
	});
});

testBadInputs(ctx, [
	{
		name: 'Ticket Class Create: a price that is not a number',
		parameters: params('ticketClass', 'create', {
			ticketName: 'Early Bird',
			price: BAD,
			qty: 10,
			saleStartsAt: '2026-12-01T09:00:00Z',
		}),
		good: () => 10,
		bad: 'ten',
		field: /^Price:/,
	},
]);
