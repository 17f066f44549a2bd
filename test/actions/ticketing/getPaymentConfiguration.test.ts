import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { ticketingContext } from './fixtures';

const ctx = useSimulator();
const { eventId, params } = ticketingContext(ctx);

describe('Ticketing > Get Payment Configuration', () => {
	test('returns how the event takes payments', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: params('ticketing', 'getPaymentConfiguration'),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'GET',
			path: `/public-api/v1/reg/event/${eventId()}`,
		});
		expect(items[0].json).toMatchObject({
			eventId: eventId(),
			isStripeEnabled: true,
			isOfflinePaymentEnabled: true,
		});
	});

	test("an event the user cannot see is EventX's 404", async () => {
		const { error } = await run(ctx.sim, {
			parameters: {
				...params('ticketing', 'getPaymentConfiguration'),
				eventId: { __rl: true, mode: 'id', value: '0b5a8c3e-1d2f-4a6b-9c8d-7e6f5a4b3c2d' },
			},
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Event not found', item: 0 });
	});
});
