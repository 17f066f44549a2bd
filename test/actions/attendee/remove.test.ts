import { run, useSimulator } from '../../fixtures';
import { anAttendee, attendeeParams, BAD, testBadInputs } from '../badInputs';
import { byId, liveAttendees, attendeeContext } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused } = attendeeContext(ctx);
const paired = (items: Array<{ pairedItem?: unknown }>) =>
	items.map((i) => (i.pairedItem as { item: number }).item);

describe('Attendee > Remove and Delete batching', () => {
	test('Remove and Delete send the IDs of all items in batches', async () => {
		const ids = ctx.sim.seeded.attendeeIds[event()];
		const removed = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'remove',
				eventId: byId(event()),
				attendeeIds: '={{ $json.id }}',
				options: { batchSize: 4 },
			},
			items: ids.slice(0, 10).map((id) => ({ id })),
		});
		expect(ctx.sim.requestsTo('DELETE', '/bulk-remove$')).toHaveLength(3);
		expect(paired(removed.items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(20);

		await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'delete',
				eventId: byId(event()),
				attendeeIds: `={{ ${JSON.stringify(ids.slice(10, 30))} }}`,
				options: { batchSize: 8 },
			},
		});
		// One item with 20 IDs and Batch Size 8: 3 requests (8 + 8 + 4), one output item.
		const deletes = ctx.sim.requestsTo('DELETE', '/bulk-delete$');
		expect(deletes.map((r) => (r.body as { attendeeIds: string[] }).attendeeIds.length)).toEqual([
			8, 8, 4,
		]);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(0);
	});
});

describe('Attendee > Remove', () => {
	test('Remove hides attendees from lists and Get; Delete erases them', async () => {
		const [a, b] = [attendeeOf(0), attendeeOf(1)];
		const removed = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'remove',
				eventId: byId(event()),
				attendeeIds: a,
			},
		});
		expect(removed.items[0].json).toEqual({ success: true, attendeeIds: [a] });
		expect(ctx.sim.store.attendees.get(a)!.removedAt).toEqual(expect.any(String));
		expect(liveAttendees(ctx.sim, event()).some((x) => x.id === a)).toBe(false);
		const get = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(event()),
				attendeeId: byId(a),
			},
			continueOnFail: true,
		});
		expect(get.items[0].json.error).toBe('Attendee not found');
		expect(get.items[0].error?.name).toBe('NodeApiError');

		const deleted = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'delete',
				eventId: byId(event()),
				attendeeIds: b,
			},
		});
		expect(deleted.items[0].json).toEqual({ success: true, attendeeIds: [b] });
		expect(ctx.sim.store.attendees.has(b)).toBe(false);
		expect(ctx.sim.requestsTo('DELETE', '/bulk-delete$')[0].body).toEqual({ attendeeIds: [b] });
	});
});

describe('Attendee > Remove: validation before sending', () => {
	test('non-UUID or empty IDs are refused before any request', async () => {
		await expectRefused(
			base('remove', { attendeeIds: 'abc' }),
			'Attendee IDs: "abc" is not a UUID',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Remove: an empty attendee ID list',
		parameters: attendeeParams('remove', { attendeeIds: BAD }),
		good: anAttendee,
		bad: '',
		field: /^Attendee IDs:/,
	},
]);
