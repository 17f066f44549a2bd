import { EventX } from '../../../nodes/EventX/EventX.node';
import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
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
		expectNodeError(error, {
			name: 'NodeApiError',
			message:
				'The order may have been placed: EventX did not confirm it (The connection to EventX was dropped)',
			item: 0,
		});
		expect(error?.description).toMatch(
			/^It was not sent again, so that no second order is placed\./,
		);
		expect(ctx.sim.requestsTo('POST', '/reg/event/[^/]+$')).toHaveLength(1);
		expect(ctx.sim.store.orders.size).toBe(ordersBefore + 1);
	});

	describe('when EventX does not confirm the order', () => {
		const ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/;
		/** The error, the requests sent and the orders EventX holds after one Create Order. */
		async function placeWith(fault: Parameters<typeof ctx.sim.addFault>[0]) {
			const ordersBefore = ctx.sim.store.orders.size;
			ctx.sim.addFault({ method: 'POST', path: '/reg/event/[^/]+$', ...fault });
			const { error } = await run(ctx.sim, {
				parameters: order([{ ticketClassId: ticketClass(0) }]),
			});
			return {
				error,
				sent: ctx.sim.requestsTo('POST', '/reg/event/[^/]+$').length,
				placed: ctx.sim.store.orders.size - ordersBefore,
			};
		}

		test.each([
			['a 504 after EventX received it', { kind: 'status-after', status: 504 }, /HTTP 504|504/],
			['a dropped connection after EventX received it', { kind: 'drop-after' }, /dropped/],
		] as const)(
			'%s: not sent again, and the error says the order may have been placed and how to check',
			async (_, fault, cause) => {
				const { error, sent, placed } = await placeWith(fault);
				expect(sent).toBe(1);
				expect(placed).toBe(1);
				expect(error?.name).toBe('NodeApiError');
				expect(error?.context?.itemIndex).toBe(0);
				expect(error?.message).toMatch(
					/^The order may have been placed: EventX did not confirm it \(/,
				);
				expect(error?.message).toMatch(cause);
				expect(error?.description).toMatch(
					/^It was not sent again, so that no second order is placed\./,
				);
				expect(error?.description).toContain(
					'Order > Get Many on this event with Filters > Buyer Emails set to buyer@example.com, newest first',
				);
				expect(error?.description).toMatch(new RegExp(`created at or shortly after ${ISO.source}`));
			},
		);

		test('a 200 whose body is not JSON: the error says the order was probably placed', async () => {
			const { error, sent, placed } = await placeWith({ kind: 'malformed' });
			expect(sent).toBe(1);
			expect(placed).toBe(1);
			expectNodeError(error, {
				name: 'NodeApiError',
				message:
					"The order was probably placed, but EventX's answer could not be read: EventX answered without a JSON body",
				item: 0,
			});
			expect(error?.description).toContain('Filters > Buyer Emails set to buyer@example.com');
		});

		test('a refusal (4xx) says nothing of a placed order', async () => {
			const { error, placed } = await placeWith({
				kind: 'status',
				status: 400,
				code: 'SOLD_OUT',
				message: 'The ticket class is sold out',
			});
			expect(placed).toBe(0);
			expectNodeError(error, {
				name: 'NodeApiError',
				message: 'The ticket class is sold out',
				item: 0,
			});
			expect(error?.description).not.toMatch(/placed|applied/);
		});
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
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
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
