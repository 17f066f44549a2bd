import { EventX } from '../../../nodes/EventX/EventX.node';
import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { anEvent, BAD, eventParams, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const deleteEvent = (eventId: string) => ({
	resource: 'event',
	operation: 'delete',
	eventId: byId(eventId),
});

describe('Event > Delete', () => {
	test('soft-deletes the event: it answers 404 afterwards and leaves the lists', async () => {
		const [id, other] = ctx.sim.seeded.eventIds;
		const { items, error } = await run(ctx.sim, { parameters: deleteEvent(id) });
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			`DELETE /public-api/v1/event/${id} 204`,
		]);
		expect(items[0].json).toEqual({ id, deleted: true });
		expect(ctx.sim.store.events.get(id)?.deletedAt).toEqual(expect.any(String));
		expect(ctx.sim.store.events.get(other)?.deletedAt).toBeUndefined();

		const again = await run(ctx.sim, { parameters: deleteEvent(id) });
		expectNodeError(again.error, { name: 'NodeApiError', message: 'Event not found', item: 0 });
		const list = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getMany', returnAll: true },
		});
		expect(list.items.map((i) => i.json.id)).not.toContain(id);
	});

	test('an ambiguous failure is not repeated (the event may be deleted already)', async () => {
		ctx.sim.addFault({ kind: 'drop-after', method: 'DELETE', path: '^/public-api/v1/event/' });
		const { error } = await run(ctx.sim, {
			parameters: deleteEvent(ctx.sim.seeded.eventIds[1]),
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: 'The connection to EventX was dropped',
			item: 0,
		});
		expect(error?.description).toMatch(
			/^DELETE \/public-api\/v1\/event\/[0-9a-f-]{36}\. The request may have been applied; it was not repeated so that nothing happens twice\.$/,
		);
		expect(apiRequests(ctx.sim).filter((r) => r.method === 'DELETE')).toHaveLength(1);
	});

	test('the editor says what the delete takes away, as the other deletes do', () => {
		const notice = new EventX().description.properties.find(
			(p) =>
				p.type === 'notice' &&
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes('event') &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes('delete'),
		);
		expect(notice?.displayName).toMatch(/attendees, orders and webhooks/);
	});
});

testBadInputs(ctx, [
	{
		name: 'Event Delete: an event that is not a UUID',
		parameters: eventParams('delete', { eventId: byId(BAD) }),
		good: anEvent,
		bad: 'Tech Summit 2026',
		field: /^Event:/,
	},
]);
