import { run, useSimulator } from '../../fixtures';
import { attendeeParams, BAD, seededAttendee, testBadInputs } from '../badInputs';
import { byId, attendeeContext } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused } = attendeeContext(ctx);

describe('Attendee > Get by Short Code', () => {
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
