import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { anAttendee, BAD, outreachParams, testBadInputs } from '../badInputs';
import { addAttendees, outreachContext } from './fixtures';

const ctx = useSimulator();
const { base, expectNothingSent, send } = outreachContext(ctx);

describe('Outreach > Send Confirmation SMS', () => {
	test('duplicates within and across items are sent once; each item reports its own IDs', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const [a, b, c] = addAttendees(ctx.sim, eventId, 3);
		const { items, error } = await run(ctx.sim, {
			parameters: send('sendConfirmationSms', { attendeeIds: '={{ $json.ids }}' }),
			items: [
				{ ids: [a, b, a] },
				{ ids: `${b}, ${c}` },
				{ ids: a.toUpperCase() },
				{ ids: [`${c},${a}`] },
			],
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toEqual({ attendeeIds: [a, b, c] });
		expect(items.map((i) => i.json.attendeeIds)).toEqual([[a, b], [b, c], [a], [c, a]]);
		expect(items.every((i) => i.json.sent === true)).toBe(true);
	});
});

describe('Outreach > Send Confirmation SMS: validation before sending', () => {
	test('one bad item among good ones stops the whole send before any request', async () => {
		const ids = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 3);
		const { error } = await run(ctx.sim, {
			parameters: base('sendConfirmationSms'),
			items: [{ id: ids[0] }, { id: 'nope' }, { id: ids[2] }],
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Attendee IDs: "nope" is not a UUID',
			item: 1,
		});
		expectNothingSent();
	});

	test('with Continue On Fail only the bad item fails; the others are sent', async () => {
		const ids = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 2);
		const { items } = await run(ctx.sim, {
			parameters: base('sendConfirmationSms'),
			items: [{ id: ids[0] }, { id: '' }, { id: ids[1] }],
			continueOnFail: true,
		});
		expect(items.map((i) => i.json.sent ?? i.json.error)).toEqual([
			true,
			'Attendee IDs: no attendee ID given',
			true,
		]);
		expect(ctx.sim.store.outbox).toHaveLength(1);
		expect(ctx.sim.store.outbox[0].attendeeIds).toEqual(ids);
	});
});

testBadInputs(ctx, [
	{
		name: 'Send Confirmation SMS: an ID that is a number',
		parameters: outreachParams('sendConfirmationSms', { attendeeIds: BAD }),
		good: anAttendee,
		bad: 12345,
		field: /^Attendee IDs:/,
	},
]);
