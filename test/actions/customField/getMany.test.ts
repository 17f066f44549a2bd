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
		// Simplify is on by default: the records without EventX's rawData copy.
		expect(items.map((i) => i.json)).toEqual(
			ctx.sim.store.customFields.get(event())!.map(({ ...record }) => {
				delete record.rawData;
				return record;
			}),
		);
		expect(items.map((i) => i.json.type)).toEqual(['text', 'textArea', 'dropdown']);
	});

	test('Simplify off: the records exactly as EventX answers them, rawData included', async () => {
		const { items } = await run(ctx.sim, { parameters: { ...getMany(), simplify: false } });
		expect(items.map((i) => i.json)).toEqual(ctx.sim.store.customFields.get(event()));
		expect(items.every((i) => i.json.rawData !== undefined)).toBe(true);
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
