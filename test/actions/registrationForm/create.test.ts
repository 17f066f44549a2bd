import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, params as badParams, testBadInputs, ticketClass as seededClass } from '../badInputs';
import { ticketingContext } from '../ticketing/fixtures';

const ctx = useSimulator();
const { eventId, params, ticketClass } = ticketingContext(ctx);
const question = () => String(ctx.sim.store.customFields.get(eventId())![0].id);
const form = (extra: Record<string, unknown> = {}) =>
	params('registrationForm', 'create', {
		formName: 'Standard Registration',
		ticketClassIds: [ticketClass(0), ticketClass(1)],
		...extra,
	});

describe('Registration Form > Create', () => {
	test('creates the form with its tickets and fields, in order', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: form({
				formFields: {
					field: [
						{ id: 'email', isRequired: true },
						{ id: question(), isRequired: false, label: 'Team size' },
					],
				},
				options: { maxTicketQtyPerOrder: 4, isPromoCodeFieldEnabled: false },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/event/${eventId()}/registration-form`,
			body: {
				name: 'Standard Registration',
				isEnabled: true,
				fields: [
					{ id: 'email', isRequired: true },
					{ id: question(), isRequired: false, contentI18n: { label: { default: 'Team size' } } },
				],
				conditionalLogics: [],
				ticketClassIds: [ticketClass(0), ticketClass(1)],
				maxTicketQtyPerOrder: 4,
				isPromoCodeFieldEnabled: false,
			},
		});
		expect(items[0].json).toMatchObject({ name: 'Standard Registration', isEnabled: true });
		expect((items[0].json.tickets as unknown[]).length).toBe(2);
		expect(ctx.sim.store.registrationForms.size).toBe(1);
	});

	test("EventX's refusal of a question of another event comes with its message", async () => {
		const other = String(ctx.sim.store.customFields.get(ctx.sim.seeded.eventIds[1])![0].id);
		const { error } = await run(ctx.sim, {
			parameters: form({ formFields: { field: [{ id: other, isRequired: true }] } }),
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: `fields[0].id: question ${other} is not one of the event's`,
			item: 0,
		});
	});

	test.each([
		[{ formName: '={{ "" }}' }, 'Name: is required'],
		[{ ticketClassIds: '={{ [] }}' }, 'Ticket Classes: choose at least one ticket class'],
		[{ ticketClassIds: '={{ ["vip"] }}' }, 'Ticket Classes: "vip" is not a UUID'],
		[
			{ formFields: { field: [{ id: 'nickname', isRequired: true }] } },
			/^Fields 1: Field: "nickname" is neither a profile field/,
		],
		[
			{ formFields: { field: [{ id: 'email' }, { id: 'email' }] } },
			'Fields 2: Field: "email" is on the form twice',
		],
		[
			{ options: { minTicketQtyPerOrder: 5, maxTicketQtyPerOrder: 2 } },
			'Min Tickets Per Order: 5 is more than Max Tickets Per Order (2)',
		],
		[
			{ options: { conditionalLogics: '{"id": 1}' } },
			'Conditional Logic (JSON): must be a JSON list of objects',
		],
	])('refuses %j before any request', async (extra, message) => {
		const { error } = await run(ctx.sim, { parameters: form(extra) });
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Registration Form Create: a field that is neither a profile field nor a question',
		parameters: (sim) =>
			badParams('registrationForm', 'create', {
				formName: 'Catalogue',
				ticketClassIds: [seededClass(sim)],
				formFields: { field: [{ id: BAD, isRequired: true }] },
			})(sim),
		good: () => 'email',
		bad: 'nickname',
		field: /^Fields 1: Field:/,
	},
]);
