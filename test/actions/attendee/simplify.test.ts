import { apiRequests, run, useSimulator } from '../../helpers';
import { attendeeJson } from '../../simulator/routes/attendees';
import { byId, HOSTED, questions } from './fixtures';

const ctx = useSimulator();

const getMany = (extra: Record<string, unknown> = {}) => ({
	resource: 'attendee',
	operation: 'getMany',
	eventId: byId(HOSTED(ctx.sim)),
	limit: 3,
	...extra,
});

describe('Simplify (version 2)', () => {
	test('is on by default: no rawData, answers named by question label, question IDs kept', async () => {
		const { items, error } = await run(ctx.sim, { parameters: getMany(), typeVersion: 2 });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		const q = questions(ctx.sim, HOSTED(ctx.sim));
		for (const { json } of items) {
			expect(json).not.toHaveProperty('rawData');
			expect(json).toHaveProperty('id');
			expect(json).toHaveProperty('createdAt');
			expect(json.customFields).toEqual({
				'Company Size': expect.any(String),
				'Dietary Needs': expect.any(String),
			});
			expect(json.customFieldIds).toEqual({ 'Company Size': q.text, 'Dietary Needs': q.textArea });
		}
		// The labels are read once for the execution, not once per attendee.
		expect(apiRequests(ctx.sim).filter((r) => r.path.endsWith('/custom-field/all'))).toHaveLength(
			1,
		);
	});

	test("off returns EventX's records exactly", async () => {
		const { items } = await run(ctx.sim, {
			parameters: getMany({ simplify: false }),
			typeVersion: 2,
		});
		for (const { json } of items)
			expect(json).toEqual(attendeeJson(ctx.sim.store.attendees.get(String(json.id))!));
		expect(apiRequests(ctx.sim).filter((r) => r.path.endsWith('/custom-field/all'))).toEqual([]);
	});

	test('version 1 keeps returning the records exactly (saved workflows see no change)', async () => {
		const { items } = await run(ctx.sim, { parameters: getMany() });
		for (const { json } of items)
			expect(json).toEqual(attendeeJson(ctx.sim.store.attendees.get(String(json.id))!));
	});

	test('Get simplifies one attendee; Event Get drops rawData and names the event', async () => {
		const attendeeId = [...ctx.sim.store.attendees.values()].find(
			(a) => a.eventId === HOSTED(ctx.sim),
		)!.id as string;
		const got = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(HOSTED(ctx.sim)),
				attendeeId: { __rl: true, mode: 'list', value: attendeeId },
			},
			typeVersion: 2,
		});
		expect(got.error).toBeUndefined();
		expect(got.items[0].json).toMatchObject({
			id: attendeeId,
			customFields: { 'Company Size': expect.any(String) },
		});
		expect(got.items[0].json).not.toHaveProperty('rawData');

		const event = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId(HOSTED(ctx.sim)) },
			typeVersion: 2,
		});
		expect(event.items[0].json).not.toHaveProperty('rawData');
		expect(event.items[0].json.name).toBe('Tech Summit 2026');
	});

	test('a version 1 text Attendee ID still works on version 2 (saved as a plain string)', async () => {
		const attendeeId = [...ctx.sim.store.attendees.values()].find(
			(a) => a.eventId === HOSTED(ctx.sim),
		)!.id as string;
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(HOSTED(ctx.sim)),
				attendeeId,
				simplify: false,
			},
			typeVersion: 2,
		});
		expect(error).toBeUndefined();
		expect(items[0].json.id).toBe(attendeeId);
	});
});
