import { apiRequests, expectNodeError, expectNotRepeated, run, useSimulator } from '../../fixtures';
import { BAD, params as badParams, testBadInputs, ticketClass as seededClass } from '../badInputs';
import { ticketingContext } from './fixtures';

const ctx = useSimulator();
const { eventId, params, ticketClass, addOn } = ticketingContext(ctx);
const quotation = (item: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
	params('ticketing', 'getQuotation', { quotationItems: { item }, ...extra });

describe('Ticketing > Get Quotation', () => {
	test('prices the tickets and add-ons, with the promo code', async () => {
		const ordersBefore = ctx.sim.store.orders.size;
		const { items, error } = await run(ctx.sim, {
			parameters: quotation(
				[{ ticketClassId: ticketClass(1), qty: 2, addOnIds: `${addOn(0)}, ${addOn(1)}` }],
				{ options: { promoCode: 'EARLYBIRD' } },
			),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/reg/event/${eventId()}/quotation`,
			body: {
				orderItems: [{ ticketClassId: ticketClass(1), qty: 2, addOnIds: [addOn(0), addOn(1)] }],
				promoCode: 'EARLYBIRD',
			},
		});
		// (50 x 0.9 + 10 + 10) x 2
		expect(items[0].json).toMatchObject({ totalAmount: '130.00', minCharge: 0 });
		expect(ctx.sim.store.orders.size).toBe(ordersBefore);
	});

	test('is not repeated after a dropped connection', async () => {
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: '/quotation$' });
		const { error } = await run(ctx.sim, {
			parameters: quotation([{ ticketClassId: ticketClass(0), qty: 1 }]),
		});
		expectNotRepeated(error);
		expect(ctx.sim.requestsTo('POST', '/quotation$')).toHaveLength(1);
	});

	test("EventX's refusal of an unknown promo code comes with its message", async () => {
		const { error } = await run(ctx.sim, {
			parameters: quotation([{ ticketClassId: ticketClass(0), qty: 1 }], {
				options: { promoCode: 'FREE4ALL' },
			}),
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: 'Promo code "FREE4ALL" is not valid for this event',
			item: 0,
		});
	});

	test.each([
		[[], 'Tickets: add at least one ticket'],
		[[{ ticketClassId: '', qty: 1 }], 'Tickets 1: Ticket Class: is required'],
		[[{ ticketClassId: 'vip', qty: 1 }], 'Tickets 1: Ticket Class: "vip" is not a UUID'],
		[
			[{ ticketClassId: '0b5a8c3e-1d2f-4a6b-9c8d-7e6f5a4b3c2d', qty: 1.5 }],
			'Tickets 1: Quantity: must be a whole number of at least 1, not 1.5',
		],
		[
			[{ ticketClassId: '0b5a8c3e-1d2f-4a6b-9c8d-7e6f5a4b3c2d', qty: 1, addOnIds: 'x,y' }],
			'Tickets 1: Add-On IDs: "x" is not a UUID',
		],
	])('refuses the tickets %j before any request', async (rows, message) => {
		const { error } = await run(ctx.sim, { parameters: quotation(rows) });
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Ticketing Get Quotation: a quantity that is not whole',
		parameters: (sim) =>
			badParams('ticketing', 'getQuotation', {
				quotationItems: { item: [{ ticketClassId: seededClass(sim), qty: BAD }] },
			})(sim),
		good: () => 1,
		bad: 0.5,
		field: /^Tickets 1: Quantity:/,
	},
]);
