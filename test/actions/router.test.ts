// Cross-cutting: the router's On Error (error output) for per-item and batched operations alike.
import { apiRequests, run, useSimulator } from '../fixtures';
import { byId } from './attendee/fixtures';

const ctx = useSimulator();

const pairedItems = (items: Array<{ pairedItem?: unknown }> | null) =>
	(items ?? []).map((i) => (i.pairedItem as { item: number }).item);

describe('On Error: Continue (using error output)', () => {
	test('bad input and API failures go to the error output, paired with their items', async () => {
		const [known] = ctx.sim.seeded.eventIds;
		const { outputs, error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId('={{ $json.event }}') },
			items: [
				{ event: known },
				{ event: 'not-a-uuid' },
				{ event: '00000000-0000-4000-8000-000000000404' },
			],
			onError: 'continueErrorOutput',
		});
		expect(error).toBeUndefined();
		const [success, failed] = outputs;
		expect(pairedItems(success)).toEqual([0]);
		expect(success![0].json.id).toBe(known);
		expect(pairedItems(failed)).toEqual([1, 2]);
		expect(failed![0].json).toEqual({ error: 'Event: "not-a-uuid" is not a UUID' });
		expect(failed![0].error?.name).toBe('NodeOperationError');
		// EventX's own message for the unknown event.
		expect(failed![1].json).toEqual({ error: 'Event not found' });
		expect(failed![1].error?.name).toBe('NodeApiError');
		expect(failed![1].error?.description).toMatch(/code NOT_FOUND, status 404/);
		// The bad ID was refused before sending: two requests, not three.
		expect(apiRequests(ctx.sim)).toHaveLength(2);
	});

	test('a batched operation sends its failed items to the error output too', async () => {
		const [eventId] = ctx.sim.seeded.eventIds;
		const good = ctx.sim.seeded.attendeeIds[eventId][0];
		const { outputs } = await run(ctx.sim, {
			parameters: {
				resource: 'outreach',
				operation: 'sendConfirmationEmail',
				eventId: byId(eventId),
				attendeeIds: '={{ $json.id }}',
			},
			items: [{ id: good }, { id: 'nope' }],
			onError: 'continueErrorOutput',
		});
		expect(pairedItems(outputs[0])).toEqual([0]);
		expect(pairedItems(outputs[1])).toEqual([1]);
		expect(outputs[1]![0].json).toEqual({ error: 'Attendee IDs: "nope" is not a UUID' });
		expect(outputs[1]![0].error?.name).toBe('NodeOperationError');
		expect(ctx.sim.store.outbox.map((o) => o.attendeeIds)).toEqual([[good]]);
	});
});
