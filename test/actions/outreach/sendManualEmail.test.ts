import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, outreachParams, testBadInputs } from '../badInputs';
import { addAttendees, outreachContext } from './fixtures';

const ctx = useSimulator();
const { base, expectNothingSent, send } = outreachContext(ctx);

describe('Outreach > Send Manual Email', () => {
	test('sends the draft to the attendees of all items on the manual-email path', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const outreachEmailId = '5d0c7a0e-4f59-4d3b-9a52-0f3b8f4c2e1a';
		const ids = addAttendees(ctx.sim, eventId, 2);
		const { items, error } = await run(ctx.sim, {
			parameters: send('sendManualEmail', { outreachEmailId }),
			items: ids.map((id) => ({ id })),
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/outreach/${eventId}/manual-email/${outreachEmailId}/send`,
			body: { attendeeIds: ids },
		});
		expect(ctx.sim.store.outbox).toEqual([
			expect.objectContaining({ channel: 'manual-email', outreachEmailId, attendeeIds: ids }),
		]);
		expect(items[1].json).toEqual({
			eventId,
			channel: 'manual-email',
			outreachEmailId,
			attendeeIds: [ids[1]],
			sent: true,
		});
	});
});

describe('Outreach > Send Manual Email: validation before sending', () => {
	test('a non-UUID outreach email ID is refused', async () => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendManualEmail', {
				attendeeIds: '0f8fad5b-d9cb-469f-a165-70867728950e',
				outreachEmailId: 'draft-1',
			}),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Outreach Email ID: "draft-1" is not a UUID',
			item: 0,
		});
		expectNothingSent();
	});
});

testBadInputs(ctx, [
	{
		name: 'Send Manual Email: a draft ID that is not a UUID',
		parameters: outreachParams('sendManualEmail', {
			outreachEmailId: BAD,
			attendeeIds: '={{ $json.id }}',
		}),
		good: () => '5b0d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
		bad: 'welcome-draft',
		field: /^Outreach Email ID:/,
	},
]);
