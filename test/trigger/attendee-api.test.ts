// Trigger: the attendee changes made through EventX's API reach the trigger as deliveries.
import type { TriggerHarness } from '../harness/trigger';
import { useSimulator } from '../fixtures';
import { DEMO_API_TOKEN } from '../simulator/store';
import { hooksOf, startTrigger, triggerParameters } from './setup';

const ctx = useSimulator();
let harness: TriggerHarness | undefined;

afterEach(async () => {
	await harness?.stop();
	harness = undefined;
});

/** Calls EventX's public API on the simulator as any client would (token exchange, Bearer). */
async function api(method: string, path: string, body?: unknown) {
	const auth = await fetch(`${ctx.sim.url}/public-api/v1/auth`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ apiToken: DEMO_API_TOKEN }),
	});
	const { data } = (await auth.json()) as { data: { accessToken: string } };
	const response = await fetch(`${ctx.sim.url}/public-api/v1${path}`, {
		method,
		headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	expect(response.status).toBe(200);
	return (await response.json()) as {
		data?: Record<string, unknown>;
		dataList?: Record<string, unknown>[];
	};
}

describe('EventX Trigger with attendees changed through the API', () => {
	it('creating, updating and removing an attendee through the API reach the trigger as items; deactivation stops them', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(
			ctx.sim,
			triggerParameters(
				eventId,
				['attendee-create', 'attendee-update', 'attendee-delete', 'attendee-check-in'],
				'tidy',
			),
		);
		await harness.activate();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(1);

		const created = await api('PUT', `/event/${eventId}/attendee/bulk-upsert`, [
			{ firstName: 'Grace', lastName: 'Hopper', invitationEmail: 'grace@example.com' },
		]);
		const id = created.dataList![0].id as string;
		await ctx.sim.settled();
		await api('PATCH', `/event/${eventId}/attendee/${id}`, { jobTitle: 'Rear Admiral' });
		await ctx.sim.settled();
		ctx.sim.checkIn(id, 'search');
		await ctx.sim.settled();
		await api('DELETE', `/event/${eventId}/attendee/bulk-remove`, { attendeeIds: [id] });
		await ctx.sim.settled();

		const items = harness.executions.map((execution) => {
			expect(execution).toHaveLength(1);
			return execution[0].json;
		});
		expect(items.map((json) => json.action)).toEqual([
			'attendee-create',
			'attendee-update',
			'attendee-check-in',
			'attendee-delete',
		]);
		expect(items.every((json) => json.id === id && json.eventId === eventId)).toBe(true);
		expect(items[0]).toMatchObject({
			firstName: 'Grace',
			lastName: 'Hopper',
			email: 'grace@example.com',
			updatedAt: expect.any(String),
		});
		expect(items[1]).toMatchObject({ jobTitle: 'Rear Admiral' });
		expect(items[2]).toMatchObject({ checkInMethod: 'search', checkedInAt: expect.any(String) });
		expect(ctx.sim.store.deliveries.map((d) => d.status)).toEqual([200, 200, 200, 200]);

		await harness.deactivate();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
		await api('PUT', `/event/${eventId}/attendee/bulk-upsert`, [{ firstName: 'Late' }]);
		await ctx.sim.settled();
		expect(ctx.sim.store.deliveries).toHaveLength(4);
		expect(harness.executions).toHaveLength(4);
	});
});
