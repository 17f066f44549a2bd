import { apiRequests, byId, run, useSimulator } from '../../fixtures';
import { anEvent, BAD, params, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const getMany = () => ({ resource: 'customField', operation: 'getMany', eventId: byId(event()) });

describe('Custom Field > Get Many', () => {
	test("lists the event's questions as EventX answers them", async () => {
		const { items, error } = await run(ctx.sim, { parameters: getMany() });
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim).map((r) => r.path)).toEqual([
			`/public-api/v1/event/${event()}/custom-field/all`,
		]);
		expect(items.map((i) => i.json)).toEqual(ctx.sim.store.customFields.get(event()));
		expect(items.map((i) => i.json.type)).toEqual(['text', 'textArea', 'dropdown']);
	});

	test('version 2 Simplify drops the rawData copy', async () => {
		const { items } = await run(ctx.sim, { parameters: getMany(), typeVersion: 2 });
		expect(items).toHaveLength(3);
		for (const { json } of items) {
			expect(json).not.toHaveProperty('rawData');
			expect(json).toHaveProperty('config');
		}
	});
});

testBadInputs(ctx, [
	{
		name: 'Custom Field Get Many: an event that is not a UUID',
		parameters: params('customField', 'getMany', { eventId: byId(BAD) }),
		good: anEvent,
		bad: 42,
		field: /^Event:/,
	},
]);
