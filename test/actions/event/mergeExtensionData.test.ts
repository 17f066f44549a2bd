import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { anEvent, BAD, eventParams, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const merge = (extensionData: unknown) => ({
	resource: 'event',
	operation: 'mergeExtensionData',
	eventId: byId(event()),
	extensionData: typeof extensionData === 'string' ? extensionData : JSON.stringify(extensionData),
});
const stored = () => ctx.sim.store.events.get(event())!.event.extensionData;

describe('Event > Merge Extension Data', () => {
	test('sets the given keys and keeps the others; answers the event', async () => {
		// Seeded: { region: 'APAC', capacity: 100, tags: ['demo'] }.
		const { items, error } = await run(ctx.sim, {
			parameters: merge({ capacity: 250, tier: 'gold', tags: ['demo', 'vip'], hidden: false }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'PATCH',
			path: `/public-api/v1/event/${event()}/extension-data`,
			body: {
				extensionData: { capacity: 250, tier: 'gold', tags: ['demo', 'vip'], hidden: false },
			},
		});
		const expected = {
			region: 'APAC',
			capacity: 250,
			tags: ['demo', 'vip'],
			tier: 'gold',
			hidden: false,
		};
		expect(stored()).toEqual(expected);
		expect(items[0].json).toMatchObject({ id: event(), extensionData: expected });
	});

	test('an object from an expression, and null to clear a key', async () => {
		const { error } = await run(ctx.sim, {
			parameters: merge('={{ { region: $json.region, capacity: null } }}'),
			items: [{ region: 'EMEA' }],
		});
		expect(error).toBeUndefined();
		expect(stored()).toEqual({ region: 'EMEA', capacity: null, tags: ['demo'] });
	});
});

describe('Event > Merge Extension Data: validation before sending', () => {
	test.each([
		['{ "region": ', /^Extension Data: is not valid JSON/],
		['[1, 2]', /^Extension Data: must be a JSON object/],
		['{}', /^Extension Data: no key given/],
		['{ "venue": { "hall": "A" } }', /^Extension Data: "venue"/],
		['{ "mixed": [1, { "a": 1 }] }', /^Extension Data: "mixed/],
		['{ "__proto__": { "x": 1 } }', /^Extension Data: the key "__proto__"/],
	])('%s is refused', async (text, message) => {
		const { error } = await run(ctx.sim, { parameters: merge(text) });
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Event Merge Extension Data: a value that is an object',
		parameters: (sim) => ({
			...merge('{}'),
			eventId: byId(sim.seeded.eventIds[0]),
			extensionData: BAD,
		}),
		good: () => ({ tier: 'gold' }),
		bad: { tier: { level: 1 } },
		field: /^Extension Data:/,
	},
	{
		name: 'Event Merge Extension Data: an event that is not a UUID',
		parameters: eventParams('mergeExtensionData', {
			eventId: byId(BAD),
			extensionData: '{ "tier": "gold" }',
		}),
		good: anEvent,
		bad: 'x',
		field: /^Event:/,
	},
]);
