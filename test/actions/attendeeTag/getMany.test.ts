import { apiRequests, run, useSimulator } from '../../fixtures';
import { byId } from '../attendee/fixtures';
import { anEvent, BAD, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];

describe('Attendee Tag > Get Many', () => {
	test('lists the tags of the event', async () => {
		const { items } = await run(ctx.sim, {
			parameters: { resource: 'attendeeTag', operation: 'getMany', eventId: byId(event()) },
		});
		expect(items.map((i) => i.json.name)).toEqual(['VIP', 'Press']);
		expect(apiRequests(ctx.sim).map((r) => r.path)).toEqual([
			`/public-api/v1/event/${event()}/attendee-tag/all`,
		]);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Tag Get Many: an empty event',
		parameters: () => ({ resource: 'attendeeTag', operation: 'getMany', eventId: byId(BAD) }),
		good: anEvent,
		bad: '',
		field: /^Event:/,
	},
]);
