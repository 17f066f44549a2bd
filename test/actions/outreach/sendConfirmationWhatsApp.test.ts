import { apiRequests, run, useSimulator } from '../../fixtures';
import { BAD, outreachParams, testBadInputs } from '../badInputs';
import { addAttendees, byId, outreachContext } from './fixtures';

const ctx = useSimulator();
const { send } = outreachContext(ctx);

describe('Outreach > Send Confirmation WhatsApp', () => {
	test('items of different events are grouped per event: one request each', async () => {
		const [first, second] = ctx.sim.seeded.eventIds;
		const ids1 = addAttendees(ctx.sim, first, 3);
		const ids2 = addAttendees(ctx.sim, second, 2);
		const { items, error } = await run(ctx.sim, {
			parameters: send('sendConfirmationWhatsApp', {
				eventId: byId('={{ $json.eventId }}'),
			}),
			items: [
				{ eventId: first, id: ids1[0] },
				{ eventId: second, id: ids2[0] },
				{ eventId: first, id: ids1[1] },
				{ eventId: second, id: ids2[1] },
				{ eventId: first, id: ids1[2] },
			],
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests.map((r) => [r.path.split('/')[4], r.body])).toEqual([
			[first, { attendeeIds: ids1 }],
			[second, { attendeeIds: ids2 }],
		]);
		expect(items.map((i) => i.json.eventId)).toEqual([first, second, first, second, first]);
	});
});

testBadInputs(ctx, [
	{
		name: 'Send Confirmation WhatsApp: a batch size above 1,000',
		parameters: outreachParams('sendConfirmationWhatsApp', {
			attendeeIds: '={{ $json.id }}',
			options: { batchSize: BAD },
		}),
		good: () => 100,
		bad: 5000,
		field: /^Batch Size:/,
	},
]);
