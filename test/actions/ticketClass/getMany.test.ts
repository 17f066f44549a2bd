import { apiRequests, byId, run, useSimulator } from '../../fixtures';
import { anEvent, BAD, params, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const getMany = { resource: 'ticketClass', operation: 'getMany' };

describe('Ticket Class > Get Many', () => {
	test("lists the event's ticket classes with their add-ons, one item each", async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: { ...getMany, eventId: byId(event()) },
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim).map((r) => r.path)).toEqual([
			`/public-api/v1/event/${event()}/ticket-class/all`,
		]);
		expect(
			items.map((i) => (i.json.contentI18n as { name: { default: string } }).name.default),
		).toEqual(['General', 'VIP Pass']);
		const addOnNames = (
			items[0].json.addOns as Array<{ contentI18n: { name: { default: string } } }>
		).map((a) => a.contentI18n.name.default);
		expect(addOnNames).toEqual(['Workshop', 'Dinner']);
		// Simplify is on by default: EventX's rawData copy is left out.
		for (const { json } of items) expect(json).not.toHaveProperty('rawData');
	});

	test("Simplify off: the records as EventX answers them, with EventX's rawData copy", async () => {
		const { items } = await run(ctx.sim, {
			parameters: { ...getMany, eventId: byId(event()), simplify: false },
		});
		expect(items.map((i) => i.json.id)).toEqual(
			ctx.sim.store.ticketClasses.get(event())!.map((c) => c.id),
		);
		expect(items[0].json.rawData).toMatchObject({ price: 0 });
	});

	test('an event with no ticket class answers no item', async () => {
		ctx.sim.store.ticketClasses.set(event(), []);
		const { items, error } = await run(ctx.sim, {
			parameters: { ...getMany, eventId: byId(event()) },
		});
		expect(error).toBeUndefined();
		expect(items).toEqual([]);
	});
});

testBadInputs(ctx, [
	{
		name: 'Ticket Class Get Many: an event that is not a UUID',
		parameters: params('ticketClass', 'getMany', { eventId: byId(BAD) }),
		good: anEvent,
		bad: 'summit',
		field: /^Event:/,
	},
]);
