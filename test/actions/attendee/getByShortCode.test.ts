import { run, useSimulator } from '../../fixtures';
import { attendeeParams, BAD, seededAttendee, testBadInputs } from '../badInputs';
import { byId, attendeeContext } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused } = attendeeContext(ctx);

describe('Attendee > Get by Short Code', () => {
	test('Simplify (on by default) answers the attendee as door staff need it, as a QR code lookup does', async () => {
		const record = ctx.sim.store.attendees.get(attendeeOf(5))!;
		const { items, error } = await run(ctx.sim, {
			parameters: { ...base('getByShortCode'), shortCode: String(record.shortCode) },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			id: record.id,
			firstName: record.firstName,
			ticketClassName: 'General',
			registrationStatus: record.registrationStatus,
			checkedIn: Boolean(record.checkedInAt),
		});
	});

	test('Get by Short Code (case-sensitive unless Ignore Case)', async () => {
		const record = ctx.sim.store.attendees.get(attendeeOf(5))!;
		const code = String(record.shortCode);
		const exact = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(event()),
				shortCode: code,
			},
		});
		expect(exact.items[0].json.id).toBe(record.id);

		const lower = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(event()),
				shortCode: code.toLowerCase(),
			},
			continueOnFail: true,
		});
		expect(lower.items[0].json.error).toBe('Attendee not found');
		expect(lower.items[0].error?.name).toBe('NodeApiError');

		const ignoring = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(event()),
				shortCode: code.toLowerCase(),
				options: { ignoreCase: true },
			},
		});
		expect(ignoring.items[0].json.id).toBe(record.id);
		expect(ctx.sim.requestsTo('GET', '/short-code/').at(-1)!.query).toEqual({
			isIgnoreCase: 'true',
		});
	});
});

describe('Attendee > Get by Short Code: validation before sending', () => {
	test('an empty short code', async () => {
		await expectRefused(
			base('getByShortCode', { shortCode: '={{ "  " }}' }),
			'Short Code: is required',
		);
	});

	test('a 30,000-character code (as a model may send) fails naming Short Code, so it can correct it', async () => {
		await expectRefused(
			base('getByShortCode', { shortCode: 'K'.repeat(30_000) }),
			"Short Code: 30,000 characters are too long for one request: EventX's address would be 30,142 characters long, and servers refuse more than 8,000",
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Get by Short Code: an empty code',
		parameters: attendeeParams('getByShortCode', { shortCode: BAD }),
		good: (sim) => sim.store.attendees.get(seededAttendee(sim))!.shortCode,
		bad: '',
		field: /^Short Code:/,
	},
]);
