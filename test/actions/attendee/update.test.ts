import { run, useSimulator } from '../../fixtures';
import { attendeeParams, BAD, testBadInputs } from '../badInputs';
import { byId, questions, attendeeContext } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused, someAttendee } = attendeeContext(ctx);

describe('Attendee > Update', () => {
	test('Update patches profile fields and custom field answers', async () => {
		const q = questions(ctx.sim, event());
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'update',
				eventId: byId(event()),
				attendeeId: attendeeOf(1),
				updateFields: { jobTitle: 'CTO', city: 'Taipei', registrationStatus: 'pending' },
				updateCustomFields: { fields: [{ questionId: q.text, value: '500+' }] },
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			jobTitle: 'CTO',
			city: 'Taipei',
			registrationStatus: 'pending',
		});
		const req = ctx.sim.requestsTo('PATCH', '/attendee/[^/]+$')[0];
		expect(req.body).toEqual({
			jobTitle: 'CTO',
			city: 'Taipei',
			registrationStatus: 'pending',
			customFields: { [q.text]: { value: '500+' } },
		});
		expect(
			(ctx.sim.store.attendees.get(attendeeOf(1))!.customFields as Record<string, unknown>)[q.text],
		).toEqual({
			value: '500+',
		});
	});
});

describe('Attendee > Update: validation before sending', () => {
	test('a non-UUID attendee ID', async () => {
		await expectRefused(
			base('update', { attendeeId: 'x', updateFields: { city: 'A' } }),
			'Attendee ID: "x" is not a UUID',
		);
	});

	test('a custom-field answer of the wrong shape, a question left empty', async () => {
		const q = questions(ctx.sim, event());
		await expectRefused(
			base('update', {
				attendeeId: someAttendee(),
				updateCustomFields: {
					fields: [{ questionId: q.text, value: '{"value": "a", "extra": 1}' }],
				},
			}),
			/has unknown member\(s\) "extra"/,
		);
		await expectRefused(
			base('update', {
				attendeeId: someAttendee(),
				updateCustomFields: { fields: [{ questionId: '', value: 'a' }] },
			}),
			'Custom Fields > Question: is required',
		);
	});

	test('an update without any field', async () => {
		await expectRefused(
			base('update', { attendeeId: someAttendee() }),
			'Update Fields: add at least one field to update',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Update: a profile field that is not text',
		parameters: attendeeParams('update', {
			attendeeId: '={{ $json.id }}',
			updateFields: { jobTitle: BAD },
		}),
		good: () => 'CTO',
		bad: { title: 'CTO' },
		field: /^Job Title:/,
	},
]);
