import { run, useSimulator } from '../../fixtures';
import { attendeeParams, BAD, testBadInputs } from '../badInputs';
import { byId, questions, attendeeContext, mappedColumns } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused, someAttendee } = attendeeContext(ctx);

describe('Attendee > Update', () => {
	test('Update patches the mapped fields and custom question answers', async () => {
		const q = questions(ctx.sim, event());
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'update',
				eventId: byId(event()),
				attendeeId: byId(attendeeOf(1)),
				columns: mappedColumns(
					{ jobTitle: 'CTO', city: 'Taipei', registrationStatus: 'pending', [q.text]: '500+' },
					{ withId: false },
				),
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			id: attendeeOf(1),
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
		).toEqual({ value: '500+' });
	});
});

describe('Attendee > Update: validation before sending', () => {
	test('a non-UUID attendee ID from an expression (n8n itself refuses a typed one)', async () => {
		await expectRefused(
			base('update', {
				attendeeId: byId('={{ "x" }}'),
				columns: mappedColumns({ city: 'A' }, { withId: false }),
			}),
			'Attendee ID: "x" is not a UUID',
		);
	});

	test('an update without any value', async () => {
		await expectRefused(
			base('update', {
				attendeeId: byId(someAttendee()),
				columns: mappedColumns({ city: '', jobTitle: null }, { withId: false }),
			}),
			'Columns: no column has a value to update',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Update: a field that is not text',
		parameters: attendeeParams('update', {
			attendeeId: byId('={{ $json.id }}'),
			columns: mappedColumns({ jobTitle: BAD }, { withId: false }),
		}),
		good: () => 'CTO',
		bad: { title: 'CTO' },
		field: /^Columns > Job Title: must be text, not \{"title":"CTO"\}$/,
	},
]);
