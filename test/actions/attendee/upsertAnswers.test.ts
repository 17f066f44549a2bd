/**
 * Create or Update when EventX refuses whole requests, and when its answer does not mirror the
 * request (fewer records, another order).
 */
import { randomUUID } from 'node:crypto';

import { apiRequests, run, useSimulator } from '../../helpers';
import { liveAttendees, upsertParameters } from './fixtures';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];

const upsert = upsertParameters;
const people = (count: number) =>
	Array.from({ length: count }, (_, i) => ({
		eventId: event(),
		email: `p${i}@example.com`,
		first: `p${i}`,
	}));
const puts = () => apiRequests(ctx.sim).filter((r) => r.method === 'PUT');
const closed = {
	kind: 'status' as const,
	status: 400,
	method: 'PUT',
	path: '/bulk-upsert$',
	times: 0,
	code: 'REGISTRATION_CLOSED',
	message: 'Registration for this event is closed',
};

describe('Attendee > Create or Update: whole-request rejections', () => {
	test('500 items refused on every request, Batch Size 500: 3 requests, each item carries the message', async () => {
		ctx.sim.addFault(closed);
		const result = await run(ctx.sim, {
			parameters: upsert({ upsertOptions: { batchSize: 500 } }),
			items: people(500),
			continueOnFail: true,
		});
		expect(puts()).toHaveLength(3);
		expect(result.items).toHaveLength(500);
		for (const item of result.items)
			expect(item.json.error).toBe('Registration for this event is closed');
	});

	test('the same with the default Batch Size of 100: 15 requests', async () => {
		ctx.sim.addFault(closed);
		const result = await run(ctx.sim, {
			parameters: upsert(),
			items: people(500),
			continueOnFail: true,
		});
		expect(puts()).toHaveLength(15);
		expect(result.items.every((i) => i.json.error === closed.message)).toBe(true);
	});

	test('without Continue On Fail the node fails with the message after 3 requests', async () => {
		ctx.sim.addFault(closed);
		const result = await run(ctx.sim, {
			parameters: upsert({ upsertOptions: { batchSize: 500 } }),
			items: people(500),
		});
		expect(result.error?.message).toBe(closed.message);
		expect(puts()).toHaveLength(3);
	});

	test('one bad attendee among 8 is still found by splitting; the others are saved', async () => {
		const input: Array<Record<string, string>> = people(8);
		input[5].id = '0b7a4c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b'; // a UUID that is no attendee
		const before = liveAttendees(ctx.sim, event()).length;
		const result = await run(ctx.sim, { parameters: upsert(), items: input, continueOnFail: true });
		expect(result.items.map((i) => i.json.error === undefined)).toEqual([
			true,
			true,
			true,
			true,
			true,
			false,
			true,
			true,
		]);
		expect(String(result.items[5].json.error)).toMatch(/not found/i);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(before + 7);
		// [0..7] refused; [0..3] saved, [4..7] refused; [4,5] refused, [6,7] saved; [4] saved, [5] refused
		expect(puts()).toHaveLength(7);
	});
});

describe('Attendee > Create or Update: answers matched by ID and invitation email', () => {
	const answerWith = (records: unknown[]) =>
		ctx.sim.addFault({
			kind: 'status',
			status: 200,
			method: 'PUT',
			path: '/bulk-upsert$',
			body: { dataList: records },
		});

	test('an answer in another order is matched to each item by email', async () => {
		const input = people(3);
		const records = input
			.map((p) => ({
				id: randomUUID(),
				invitationEmail: p.email.toUpperCase(),
				firstName: p.first,
			}))
			.reverse();
		answerWith(records);
		const result = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(result.error).toBeUndefined();
		expect(result.items.map((i) => i.json.firstName)).toEqual(['p0', 'p1', 'p2']);
	});

	test('an answer with fewer records than sent: the unmatched items say so', async () => {
		const input = people(3);
		const known = { id: randomUUID(), invitationEmail: 'p1@example.com', firstName: 'p1' };
		answerWith([known]);
		const result = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[1].json).toEqual(known);
		for (const i of [0, 2]) {
			expect(result.items[i].json).toMatchObject({
				matched: false,
				invitationEmail: `p${i}@example.com`,
			});
			expect(result.items[i].json.reason).toBe(
				`EventX's answer (1 record(s) for 3 sent) holds no attendee with this invitation email p${i}@example.com; it may or may not have been saved`,
			);
		}
	});

	test('an attendee sent by ID is matched by ID, never by position', async () => {
		const [existing] = liveAttendees(ctx.sim, event()) as Array<{ id: string }>;
		const input = [{ eventId: event(), id: existing.id, email: 'x@example.com', first: 'X' }];
		answerWith([{ id: randomUUID(), invitationEmail: 'x@example.com', firstName: 'Other' }]);
		const result = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(result.items[0].json).toMatchObject({ matched: false, id: existing.id });
		expect(result.items[0].json.reason).toMatch(/no attendee with this ID /);
	});
});
