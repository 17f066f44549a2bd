import { apiRequests, run, useSimulator } from '../../helpers';
import { byId, liveAttendees, upsertParameters } from './fixtures';

const ctx = useSimulator();
const event = (i = 0) => ctx.sim.seeded.eventIds[i];

const upsert = upsertParameters;

const people = (count: number, eventIndex = 0, prefix = 'p') =>
	Array.from({ length: count }, (_, i) => ({
		eventId: event(eventIndex),
		email: `${prefix}${i}@example.com`,
		first: `${prefix}${i}`,
	}));

const puts = () => apiRequests(ctx.sim).filter((r) => r.method === 'PUT');
const paired = (items: Array<{ pairedItem?: unknown }>) =>
	items.map((i) => (i.pairedItem as { item: number }).item);

describe('Attendee > Create or Update batching', () => {
	test('1,000 items take 10 requests of 100, each output paired with its input', async () => {
		const input = people(1000);
		const { items, error } = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(error).toBeUndefined();
		expect(puts()).toHaveLength(10);
		expect(puts().every((r) => (r.body as unknown[]).length === 100)).toBe(true);
		expect(items).toHaveLength(1000);
		expect(paired(items)).toEqual(input.map((_, i) => i));
		expect(items.every((item, i) => item.json.invitationEmail === input[i].email)).toBe(true);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(1030);
	}, 60_000);

	test.each([
		[7, 3, 3],
		[10, 5, 2],
		[1, 100, 1],
		[250, 100, 3],
	])('%i items with Batch Size %i take %i request(s)', async (n, batchSize, expected) => {
		expect(expected).toBe(Math.ceil(n / batchSize));
		const input = people(n);
		const { items } = await run(ctx.sim, {
			parameters: upsert({ upsertOptions: { batchSize } }),
			items: input,
		});
		expect(puts()).toHaveLength(expected);
		expect(paired(items)).toEqual(input.map((_, i) => i));
		expect(items.map((i) => i.json.firstName)).toEqual(input.map((p) => p.first));
	});

	test('items of two events are grouped per event and answered in input order', async () => {
		const input = [people(3, 0, 'a'), people(3, 1, 'b')]
			.flatMap((list) => list)
			.sort((x, y) => x.first.slice(1).localeCompare(y.first.slice(1)));
		const { items } = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(puts()).toHaveLength(2);
		expect(new Set(puts().map((r) => r.path))).toEqual(
			new Set([0, 1].map((i) => `/public-api/v1/event/${event(i)}/attendee/bulk-upsert`)),
		);
		expect(items.map((i) => i.json.firstName)).toEqual(input.map((p) => p.first));
		expect(paired(items)).toEqual([0, 1, 2, 3, 4, 5]);
	});

	test('Remove and Delete send the IDs of all items in batches', async () => {
		const ids = ctx.sim.seeded.attendeeIds[event()];
		const removed = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'remove',
				eventId: byId(event()),
				attendeeIds: '={{ $json.id }}',
				removeOptions: { batchSize: 4 },
			},
			items: ids.slice(0, 10).map((id) => ({ id })),
		});
		expect(ctx.sim.requestsTo('DELETE', '/bulk-remove$')).toHaveLength(3);
		expect(paired(removed.items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(20);

		await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'delete',
				eventId: byId(event()),
				attendeeIds: `={{ ${JSON.stringify(ids.slice(10, 30))} }}`,
				deleteOptions: { batchSize: 8 },
			},
		});
		// One item with 20 IDs and Batch Size 8: 3 requests (8 + 8 + 4), one output item.
		const deletes = ctx.sim.requestsTo('DELETE', '/bulk-delete$');
		expect(deletes.map((r) => (r.body as { attendeeIds: string[] }).attendeeIds.length)).toEqual([
			8, 8, 4,
		]);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(0);
	});
});

describe('Attendee > a rejected batch', () => {
	test('a 404 for one chunk: the chunk is split, good items are saved once, the bad one says why', async () => {
		const input: Array<Record<string, string>> = people(10);
		input[5].id = '0b7a4c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b'; // a UUID that is no attendee
		const { items, error } = await run(ctx.sim, {
			parameters: upsert({ upsertOptions: { batchSize: 4 } }),
			items: input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(10);
		expect(paired(items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(String(items[5].json.error)).toMatch(/not found/i);
		for (const i of [0, 1, 2, 3, 4, 6, 7, 8, 9])
			expect(items[i].json.invitationEmail).toBe(input[i].email);
		// Each good item created exactly once.
		const emails = liveAttendees(ctx.sim, event()).map((a) => a.invitationEmail);
		for (const i of [0, 1, 2, 3, 4, 6, 7, 8, 9])
			expect(emails.filter((e) => e === input[i].email)).toHaveLength(1);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(39);
		// 3 chunks; the rejected one [4..7] is re-sent as [4,5] + [6,7], then [4] + [5].
		expect(puts()).toHaveLength(7);
	});

	test('without Continue On Fail the good items are still saved and the node reports the bad one', async () => {
		const input: Array<Record<string, string>> = people(6);
		input[2].id = '0b7a4c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b';
		const { error } = await run(ctx.sim, {
			parameters: upsert({ upsertOptions: { batchSize: 3 } }),
			items: input,
		});
		expect(error?.message).toMatch(/not found/i);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(35);
	});

	test('a 500 (maybe applied) is never re-sent: its items fail, later chunks go on only with Continue On Fail', async () => {
		ctx.sim.addFault({
			kind: 'status',
			method: 'PUT',
			path: '/bulk-upsert$',
			status: 500,
			times: 1,
		});
		const withCof = await run(ctx.sim, {
			parameters: upsert({ upsertOptions: { batchSize: 2 } }),
			items: people(6),
			continueOnFail: true,
		});
		expect(puts()).toHaveLength(3);
		expect(withCof.items.slice(0, 2).every((i) => i.json.error !== undefined)).toBe(true);
		expect(withCof.items.slice(2).every((i) => i.json.error === undefined)).toBe(true);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(34);

		ctx.sim.addFault({
			kind: 'status',
			method: 'PUT',
			path: '/bulk-upsert$',
			status: 500,
			times: 1,
		});
		const before = puts().length;
		const without = await run(ctx.sim, {
			parameters: upsert({ upsertOptions: { batchSize: 2 } }),
			items: people(6, 0, 'q'),
		});
		expect(without.error).toBeDefined();
		expect(puts().length - before).toBe(1);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(34);
	});
});
