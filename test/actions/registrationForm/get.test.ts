import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { ticketingContext } from '../ticketing/fixtures';

const ctx = useSimulator();
const { eventId, params, ticketClass } = ticketingContext(ctx);

describe('Registration Form > Get', () => {
	test('returns the form with its tickets, add-ons and fields', async () => {
		const id = '2c4e6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e7b';
		ctx.sim.store.registrationForms.set(id, {
			id,
			eventId: eventId(),
			name: 'VIP Form',
			isEnabled: true,
			fields: [{ id: 'firstName', isRequired: true }],
			conditionalLogics: [],
			ticketClassIds: [ticketClass(1)],
			isAddOnGroupDisplayEnabled: false,
		});
		const { items, error } = await run(ctx.sim, {
			parameters: params('registrationForm', 'get', { regFormId: id }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].path).toBe(`/public-api/v1/reg/event/${eventId()}/${id}`);
		expect(items[0].json).toMatchObject({
			id,
			name: 'VIP Form',
			fields: [{ id: 'firstName', type: 'text', isRequired: true }],
			tickets: [{ id: ticketClass(1), name: 'VIP Pass', price: '50.00' }],
		});
	});

	test("an unknown form is EventX's 404; an ID that is not a UUID is refused first", async () => {
		const missing = await run(ctx.sim, {
			parameters: params('registrationForm', 'get', {
				regFormId: '2c4e6a8b-0d1f-4a3c-8e5b-7d9f1a3c5e7b',
			}),
		});
		expectNodeError(missing.error, {
			name: 'NodeApiError',
			message: 'Registration form not found',
			item: 0,
		});
		ctx.sim.clearLog();
		const bad = await run(ctx.sim, {
			parameters: params('registrationForm', 'get', { regFormId: 'standard' }),
		});
		expectNodeError(bad.error, {
			name: 'NodeOperationError',
			message: 'Registration Form ID: "standard" is not a UUID',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
