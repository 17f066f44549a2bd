// The dropdowns loaded from the chosen event (methods/loadOptions.ts).
import { byId, questions } from '../actions/attendee/fixtures';
import { useSimulator } from '../fixtures';
import { loadOptions } from '../harness';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];

describe('Dropdowns loaded from the chosen event', () => {
	const load = (method: string) =>
		loadOptions({
			kind: 'loadOptions',
			method,
			parameters: { resource: 'attendee', operation: 'changeTicket', eventId: byId(event()) },
			credentials: ctx.credentials(),
		});

	test('ticket classes, add-ons and custom questions', async () => {
		const classes = (await load('getTicketClasses')).result as Array<{
			name: string;
			value: string;
		}>;
		expect(classes.map((c) => c.name)).toEqual(['General', 'VIP Pass']);
		const addOns = (await load('getTicketClassAddOns')).result as Array<{ name: string }>;
		expect(addOns.map((c) => c.name)).toEqual(['Dinner', 'Workshop']);
		const fields = (await load('getCustomFields')).result as Array<{ name: string; value: string }>;
		expect(fields.map((c) => c.name)).toEqual(['Company Size', 'Dietary Needs', 'T-Shirt']);
		expect(fields.map((f) => f.value)).toContain(questions(ctx.sim, event()).text);
	});

	test("a registration form's fields: the profile fields, then the custom questions", async () => {
		const fields = (await load('getFormFields')).result as Array<{ name: string; value: string }>;
		expect(fields.slice(0, 3).map((f) => f.value)).toEqual(['name', 'firstName', 'lastName']);
		expect(fields.find((f) => f.value === 'contactNo')?.name).toBe('Contact No');
		expect(fields.slice(-3).map((f) => f.name)).toEqual([
			'Company Size',
			'Dietary Needs',
			'T-Shirt',
		]);
	});
});
