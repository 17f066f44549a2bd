import { run, useSimulator } from '../../fixtures';
import { anAttendee, attendeeParams, BAD, testBadInputs } from '../badInputs';
import { byId, HOSTED, attendeeContext } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused } = attendeeContext(ctx);

describe('Attendee > Get', () => {
	test('Get answers the attendee with its documented members', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(event()),
				attendeeId: attendeeOf(3),
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: attendeeOf(3),
			firstName: 'Linus',
			invitationEmail: 'guest3.e0@example.com',
			registrationStatus: 'registered',
		});
		for (const key of ['qrCodeToken', 'ticketClassId', 'customFields', 'rawData', 'createdAt'])
			expect(items[0].json).toHaveProperty(key);
	});
});

describe('Attendee > Get: Simplify (version 2)', () => {
	test('Get simplifies one attendee; Event Get drops rawData and names the event', async () => {
		const attendeeId = [...ctx.sim.store.attendees.values()].find(
			(a) => a.eventId === HOSTED(ctx.sim),
		)!.id as string;
		const got = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(HOSTED(ctx.sim)),
				attendeeId: { __rl: true, mode: 'list', value: attendeeId },
			},
			typeVersion: 2,
		});
		expect(got.error).toBeUndefined();
		expect(got.items[0].json).toMatchObject({
			id: attendeeId,
			customFields: { 'Company Size': expect.any(String) },
		});
		expect(got.items[0].json).not.toHaveProperty('rawData');

		const event = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId(HOSTED(ctx.sim)) },
			typeVersion: 2,
		});
		expect(event.items[0].json).not.toHaveProperty('rawData');
		expect(event.items[0].json.name).toBe('Tech Summit 2026');
	});

	test('a version 1 text Attendee ID still works on version 2 (saved as a plain string)', async () => {
		const attendeeId = [...ctx.sim.store.attendees.values()].find(
			(a) => a.eventId === HOSTED(ctx.sim),
		)!.id as string;
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(HOSTED(ctx.sim)),
				attendeeId,
				simplify: false,
			},
			typeVersion: 2,
		});
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(attendeeId);
	});
});

describe('Attendee > Get: validation before sending', () => {
	test('a non-UUID attendee ID', async () => {
		await expectRefused(
			base('get', { attendeeId: 'guest-1' }),
			'Attendee ID: "guest-1" is not a UUID',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Get: an attendee ID that is not a UUID',
		parameters: attendeeParams('get', { attendeeId: BAD }),
		good: anAttendee,
		bad: 42,
		field: /^Attendee ID:/,
	},
]);
