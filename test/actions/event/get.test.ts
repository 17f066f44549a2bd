import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { ORG_FOREIGN, ORG_HOSTED } from '../../simulator/seed';
import { anEvent, BAD, testBadInputs } from '../badInputs';

const ctx = useSimulator();

describe('Event > Get', () => {
	test('reads one event by ID (resource locator)', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const { items, error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId(id) },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id,
			organizationId: ORG_HOSTED,
			name: 'Tech Summit 2026',
		});
		// Simplify is on by default: EventX's rawData copy is left out.
		expect(items[0].json).not.toHaveProperty('rawData');
	});

	test("Simplify off: the event as EventX answers it, with EventX's rawData copy", async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const { items } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId(id), simplify: false },
		});
		expect(items[0].json).toMatchObject({
			id,
			rawData: expect.objectContaining({
				contentI18n: expect.objectContaining({ name: { default: 'Tech Summit 2026' } }),
			}),
		});
	});

	test('one request per item, each output paired with its input', async () => {
		const ids = ctx.sim.seeded.eventIds.slice(0, 3);
		const { items } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId('={{ $json.id }}') },
			items: ids.map((id) => ({ id })),
		});
		expect(items.map((i) => i.json.id)).toEqual(ids);
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
		expect(apiRequests(ctx.sim)).toHaveLength(3);
	});

	test("an event of another organization fails with EventX's own message", async () => {
		const foreign = [...ctx.sim.store.events.values()].find(
			(r) => r.event.organizationId === ORG_FOREIGN,
		)!;
		const { error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'get',
				eventId: byId(foreign.event.id as string),
			},
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Event not found', item: 0 });
		expect(error?.description).toMatch(/code NOT_FOUND, status 404/);
	});

	test('a non-UUID event ID is refused before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId('={{ "summit-2026" }}') },
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Event: "summit-2026" is not a UUID',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Event Get: an event ID that is not a UUID',
		parameters: () => ({ resource: 'event', operation: 'get', eventId: byId(BAD) }),
		good: anEvent,
		bad: 'my-event',
		field: /^Event:/,
	},
]);
