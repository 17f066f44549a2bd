import { run, useSimulator } from '../../fixtures';
import { anAttendee, attendeeParams, BAD, testBadInputs } from '../badInputs';
import { byId, HOSTED, attendeeContext, questions } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused } = attendeeContext(ctx);

describe('Attendee > Get', () => {
	test('Simplify (on by default): the attendee without rawData, answers named by question label', async () => {
		const q = questions(ctx.sim, event());
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(event()),
				attendeeId: byId(attendeeOf(3)),
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: attendeeOf(3),
			firstName: 'Linus',
			invitationEmail: 'guest3.e0@example.com',
			registrationStatus: 'registered',
			customFields: { 'Company Size': '51-200', 'Dietary Needs': 'Vegetarian meals' },
			customFieldIds: { 'Company Size': q.text, 'Dietary Needs': q.textArea },
		});
		for (const key of ['qrCodeToken', 'ticketClassId', 'createdAt'])
			expect(items[0].json).toHaveProperty(key);
		expect(items[0].json).not.toHaveProperty('rawData');
	});

	test('Simplify off: the attendee as EventX answers it, rawData and answers by question ID', async () => {
		const q = questions(ctx.sim, event());
		const { items } = await run(ctx.sim, {
			parameters: {
				...base('get', { attendeeId: { __rl: true, mode: 'list', value: attendeeOf(3) } }),
				simplify: false,
			},
		});
		expect(items[0].json).toMatchObject({
			id: attendeeOf(3),
			customFields: {
				[q.text]: { value: '51-200' },
				[q.textArea]: { value: 'Vegetarian meals' },
			},
			rawData: expect.objectContaining({ firstName: 'Linus' }),
		});
	});

	test('Event Get drops rawData and names the event', async () => {
		const got = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId(HOSTED(ctx.sim)) },
		});
		expect(got.items[0].json).not.toHaveProperty('rawData');
		expect(got.items[0].json.name).toBe('Tech Summit 2026');
	});
});

describe('Attendee > Get: validation before sending', () => {
	test('a non-UUID attendee ID', async () => {
		await expectRefused(
			base('get', { attendeeId: byId('={{ "guest-1" }}') }),
			'Attendee ID: "guest-1" is not a UUID',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Get: an attendee ID that is not a UUID',
		parameters: attendeeParams('get', { attendeeId: byId(BAD) }),
		good: anAttendee,
		bad: 42,
		field: /^Attendee ID:/,
	},
]);
