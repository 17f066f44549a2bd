import { EventX } from '../../../nodes/EventX/EventX.node';
import { apiRequests, run, useSimulator } from '../../fixtures';
import { BAD, params as badParams, testBadInputs, ticketClass as seededClass } from '../badInputs';
import { ticketingContext } from './fixtures';

const ctx = useSimulator();
const { eventId, params, ticketClass, addOn } = ticketingContext(ctx);
const order = (item: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
	params('ticketing', 'createOrder', {
		purchaserEmail: 'buyer@example.com',
		orderItems: { item },
		...extra,
	});

describe('Ticketing > Create Order', () => {
	test('places the order with each ticket holder and their answers', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: order(
				[
					{
						ticketClassId: ticketClass(1),
						email: 'ada@example.com',
						fields: '{"firstName": "Ada", "lastName": "Lovelace"}',
						addOnIds: addOn(0),
					},
				],
				{ options: { orderPaymentMethod: 'offline', utm_source: 'n8n' } },
			),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/reg/event/${eventId()}`,
			body: {
				purchaserEmail: 'buyer@example.com',
				attendeeTicketOrderItems: [
					{
						ticketClassId: ticketClass(1),
						regFormData: {
							email: 'ada@example.com',
							fields: { firstName: 'Ada', lastName: 'Lovelace' },
						},
						addOnIds: [addOn(0)],
					},
				],
				orderPaymentMethod: 'offline',
				utm_source: 'n8n',
			},
		});
		const stored = ctx.sim.store.orders.get(String(items[0].json.id));
		expect(items[0].json).toMatchObject({ eventId: eventId(), status: 'pending_payment' });
		// The order is EventX's one order list's: Order Get Many and polling see it.
		expect(stored).toMatchObject({ eventId: eventId(), status: 'pending_payment' });
		expect(stored?.user.email).toBe('buyer@example.com');
	});

	test('is never repeated on an ambiguous failure: exactly one order exists', async () => {
		const ordersBefore = ctx.sim.store.orders.size;
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: '/reg/event/[^/]+$' });
		const { error } = await run(ctx.sim, {
			parameters: order([{ ticketClassId: ticketClass(0) }]),
		});
		expect(error?.description).toMatch(/may have been applied; it was not repeated/);
		expect(ctx.sim.requestsTo('POST', '/reg/event/[^/]+$')).toHaveLength(1);
		expect(ctx.sim.store.orders.size).toBe(ordersBefore + 1);
	});

	test('the editor warns that the order is real', () => {
		const notice = new EventX().description.properties.find(
			(p) =>
				p.type === 'notice' &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes('createOrder'),
		);
		expect(notice?.displayName).toMatch(/real order/);
	});

	test.each([
		[{ purchaserEmail: 'buyer' }, [{}], 'Purchaser Email: "buyer" is not an email address'],
		[{}, [], 'Tickets: add at least one ticket'],
		[{}, [{ email: 'ada@' }], 'Tickets 1: Attendee Email: "ada@" is not an email address'],
		[{}, [{ fields: '{"a": 1}' }], /^Tickets 1: Answers \(JSON\): the answer to "a" must be text/],
		[
			{},
			[{ fields: '[1]' }],
			'Tickets 1: Answers (JSON): must be a JSON object of field IDs and answers',
		],
		[{}, [{ regFormId: 'form' }], 'Tickets 1: Registration Form ID: "form" is not a UUID'],
		[
			{ options: { orderPaymentMethod: 'cash' } },
			[{}],
			'Payment Method: "cash" is not one of online, offline',
		],
	])('refuses %j %j before any request', async (extra, rows, message) => {
		const { error } = await run(ctx.sim, {
			parameters: order(
				rows.map((row) => ({ ticketClassId: ticketClass(0), ...row })),
				extra,
			),
		});
		expect(error?.name).toBe('NodeOperationError');
		if (typeof message === 'string') expect(error?.message).toBe(message);
		else expect(error?.message).toMatch(message);
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Ticketing Create Order: a purchaser email that is not one',
		parameters: (sim) =>
			badParams('ticketing', 'createOrder', {
				purchaserEmail: BAD,
				orderItems: { item: [{ ticketClassId: seededClass(sim, 0) }] },
			})(sim),
		good: () => 'buyer@example.com',
		bad: 'buyer at example.com',
		field: /^Purchaser Email:/,
	},
]);
