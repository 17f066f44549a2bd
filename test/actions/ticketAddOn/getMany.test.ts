import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { anEvent, BAD, params, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const getMany = () => ({ resource: 'ticketAddOn', operation: 'getMany', eventId: byId(event()) });

describe('Ticket Add-On > Get Many', () => {
	test("lists the event's add-ons, one item each", async () => {
		const { items, error } = await run(ctx.sim, { parameters: getMany() });
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim).map((r) => r.path)).toEqual([
			`/public-api/v1/event/${event()}/ticket-class-add-on/all`,
		]);
		// Simplify is on by default: the records without EventX's rawData copy.
		expect(items.map((i) => i.json)).toEqual(
			ctx.sim.store.ticketClassAddOns.get(event())!.map(({ ...record }) => {
				delete record.rawData;
				return record;
			}),
		);
		expect(items[0].json).toMatchObject({ price: 10, stockQty: 100, soldQty: 0, type: 'session' });
	});

	test('Simplify off: the records exactly as EventX answers them, rawData included', async () => {
		const { items } = await run(ctx.sim, { parameters: { ...getMany(), simplify: false } });
		expect(items.map((i) => i.json)).toEqual(ctx.sim.store.ticketClassAddOns.get(event()));
		expect(items.every((i) => i.json.rawData !== undefined)).toBe(true);
	});

	test("an event of an organization the user is not in: EventX's 404", async () => {
		const foreign = [...ctx.sim.store.events.values()].find(
			(r) => r.event.organizationId === ctx.sim.seeded.organizations.foreign,
		)!.event.id as string;
		const { error } = await run(ctx.sim, { parameters: { ...getMany(), eventId: byId(foreign) } });
		expectNodeError(error, { name: 'NodeApiError', message: 'Event not found', item: 0 });
	});
});

testBadInputs(ctx, [
	{
		name: 'Ticket Add-On Get Many: an empty event',
		parameters: params('ticketAddOn', 'getMany', { eventId: byId(BAD) }),
		good: anEvent,
		bad: '',
		field: /^Event:/,
	},
]);
