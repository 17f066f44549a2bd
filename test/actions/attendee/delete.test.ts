import { byId, run, useSimulator } from '../../fixtures';
import { anAttendee, attendeeParams, BAD, testBadInputs } from '../badInputs';
import { attendeeContext, liveAttendees } from './fixtures';

const ctx = useSimulator();
const { base, event, expectRefused } = attendeeContext(ctx);

// Remove and Delete share one batching test in remove.test.ts (Delete erases what Remove hid).
describe('Attendee > Delete', () => {
	test('one item with 20 IDs at Batch Size 8 takes 3 requests (8 + 8 + 4) and erases them', async () => {
		const ids = ctx.sim.seeded.attendeeIds[event()];
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'delete',
				eventId: byId(event()),
				attendeeIds: `={{ ${JSON.stringify(ids.slice(10, 30))} }}`,
				options: { batchSize: 8 },
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const deletes = ctx.sim.requestsTo('DELETE', '/bulk-delete$');
		expect(deletes.map((r) => (r.body as { attendeeIds: string[] }).attendeeIds.length)).toEqual([
			8, 8, 4,
		]);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(10);
	});

	test('an empty ID list is refused before any request', async () => {
		await expectRefused(
			base('delete', { attendeeIds: '={{ [] }}' }),
			'Attendee IDs: no attendee ID given',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Delete: an attendee ID that is not a UUID',
		parameters: attendeeParams('delete', { attendeeIds: BAD }),
		good: anAttendee,
		bad: 'all',
		field: /^Attendee IDs:/,
	},
]);
