import { randomUUID } from 'node:crypto';

import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { attendeeParams, BAD, testBadInputs, textQuestion } from '../badInputs';
import {
	byId,
	HOSTED,
	liveAttendees,
	mappedColumns,
	registrationClosed,
	upsertParameters,
	attendeeContext,
} from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused } = attendeeContext(ctx);
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
/** EventX's record of the attendee an output item reports on. */
const attendee = (item: { json: Record<string, unknown> }) =>
	(item.json.attendee ?? {}) as Record<string, unknown>;
/** Create or Update with a ticket class: two people given by name and email. */
const ticketUpsert = (extra: Record<string, unknown>) => ({
	resource: 'attendee',
	operation: 'upsert',
	eventId: byId(HOSTED(ctx.sim)),
	columns: mappedColumns({ firstName: '={{ $json.name }}', invitationEmail: '={{ $json.email }}' }),
	...extra,
});
const ticketPeople = [
	{ name: 'Hedy', email: 'hedy@example.com' },
	{ name: 'Radia', email: 'radia@example.com' },
];

describe('Attendee > Create or Update batching', () => {
	test('1,000 items take 10 requests of 100, each output paired with its input', async () => {
		const input = people(1000);
		const { items, error } = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(error).toBeUndefined();
		expect(puts()).toHaveLength(10);
		expect(puts().every((r) => (r.body as unknown[]).length === 100)).toBe(true);
		expect(items).toHaveLength(1000);
		expect(paired(items)).toEqual(input.map((_, i) => i));
		expect(items.every((item, i) => attendee(item).invitationEmail === input[i].email)).toBe(true);
		expect(items.every((item) => item.json.result === 'created')).toBe(true);
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
			parameters: upsert({ options: { batchSize } }),
			items: input,
		});
		expect(puts()).toHaveLength(expected);
		expect(paired(items)).toEqual(input.map((_, i) => i));
		expect(items.map((i) => attendee(i).firstName)).toEqual(input.map((p) => p.first));
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
		expect(items.map((i) => attendee(i).firstName)).toEqual(input.map((p) => p.first));
		expect(paired(items)).toEqual([0, 1, 2, 3, 4, 5]);
	});
});

describe('Attendee > a rejected batch', () => {
	test('a 404 for one chunk: the chunk is split, good items are saved once, the bad one says why', async () => {
		const input: Array<Record<string, string>> = people(10);
		input[5].id = '0b7a4c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b'; // a UUID that is no attendee
		const { items, error } = await run(ctx.sim, {
			parameters: upsert({ options: { batchSize: 4 } }),
			items: input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(10);
		expect(paired(items)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
		expect(items[5].json).toMatchObject({
			result: 'failed',
			error: 'Attendee not found',
		});
		for (const i of [0, 1, 2, 3, 4, 6, 7, 8, 9])
			expect(attendee(items[i]).invitationEmail).toBe(input[i].email);
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
			parameters: upsert({ options: { batchSize: 3 } }),
			items: input,
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Attendee not found', item: 2 });
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
			parameters: upsert({ options: { batchSize: 2 } }),
			items: people(6),
			continueOnFail: true,
		});
		expect(puts()).toHaveLength(3);
		expect(withCof.items.map((i) => i.json.result)).toEqual([
			'failed',
			'failed',
			'created',
			'created',
			'created',
			'created',
		]);
		expect(withCof.items[0].json.error).toBe('Injected failure (500)');
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
			parameters: upsert({ options: { batchSize: 2 } }),
			items: people(6, 0, 'q'),
		});
		expectNodeError(without.error, {
			name: 'NodeApiError',
			message: 'Injected failure (500)',
			item: 0,
		});
		expect(without.error?.httpCode).toBe('500');
		expect(puts().length - before).toBe(1);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(34);
	});
});

describe('Attendee > Create or Update', () => {
	test('Create or Update creates without ID and updates with one, in one request', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: upsert(),
			items: [
				{ eventId: event(), first: 'New', email: 'new@example.com' },
				{ eventId: event(), id: attendeeOf(4), first: 'Changed', email: 'changed@example.com' },
			],
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({
			result: 'created',
			attendee: { firstName: 'New', invitationEmail: 'new@example.com' },
		});
		expect(attendee(items[0]).id).not.toBe(attendeeOf(4));
		expect(items[1].json).toMatchObject({
			result: 'updated',
			attendee: { id: attendeeOf(4), firstName: 'Changed' },
		});
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1]);
		const puts = apiRequests(ctx.sim).filter((r) => r.method === 'PUT');
		expect(puts).toHaveLength(1);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(31);
	});
});

describe('Attendee > Create or Update: whole-request rejections', () => {
	test('500 items refused on every request, Batch Size 500: 3 requests, each item carries the message', async () => {
		ctx.sim.addFault(registrationClosed);
		const result = await run(ctx.sim, {
			parameters: upsert({ options: { batchSize: 500 } }),
			items: people(500),
			continueOnFail: true,
		});
		expect(puts()).toHaveLength(3);
		expect(result.items).toHaveLength(500);
		for (const item of result.items)
			expect(item.json.error).toBe('Registration for this event is closed');
	});

	test('the same with the default Batch Size of 100: 15 requests', async () => {
		ctx.sim.addFault(registrationClosed);
		const result = await run(ctx.sim, {
			parameters: upsert(),
			items: people(500),
			continueOnFail: true,
		});
		expect(puts()).toHaveLength(15);
		expect(result.items.every((i) => i.json.error === registrationClosed.message)).toBe(true);
	});

	test('without Continue On Fail the node fails with the message after 3 requests', async () => {
		ctx.sim.addFault(registrationClosed);
		const result = await run(ctx.sim, {
			parameters: upsert({ options: { batchSize: 500 } }),
			items: people(500),
		});
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: registrationClosed.message,
			item: 0,
		});
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
		expect(result.items[5].json.error).toBe('Attendee not found');
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
		expect(result.items.map((i) => attendee(i).firstName)).toEqual(['p0', 'p1', 'p2']);
	});

	test('an answer with fewer records than sent: the unmatched items say so', async () => {
		const input = people(3);
		const known = { id: randomUUID(), invitationEmail: 'p1@example.com', firstName: 'p1' };
		answerWith([known]);
		const result = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(3);
		expect(result.items[1].json).toEqual({ result: 'created', attendee: known });
		for (const i of [0, 2]) {
			expect(attendee(result.items[i])).toMatchObject({
				matched: false,
				invitationEmail: `p${i}@example.com`,
			});
			expect(attendee(result.items[i]).reason).toBe(
				`EventX's answer (1 record(s) for 3 sent) holds no attendee with this invitation email p${i}@example.com; it may or may not have been saved`,
			);
		}
	});

	test('an attendee sent by ID is matched by ID, never by position', async () => {
		const [existing] = liveAttendees(ctx.sim, event()) as Array<{ id: string }>;
		const input = [{ eventId: event(), id: existing.id, email: 'x@example.com', first: 'X' }];
		answerWith([{ id: randomUUID(), invitationEmail: 'x@example.com', firstName: 'Other' }]);
		const result = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(attendee(result.items[0])).toMatchObject({ matched: false, id: existing.id });
		expect(attendee(result.items[0]).reason).toBe(
			`EventX's answer (1 record(s) for 1 sent) holds no attendee with this ID ${existing.id}; it may or may not have been saved`,
		);
	});
});

describe('Create or Update with a ticket class', () => {
	test('one bulk upsert, then one ticket change per attendee; each item answers its attendee with the new ticket', async () => {
		const [, vip] = ctx.sim.store.ticketClasses.get(HOSTED(ctx.sim))! as Array<{ id: string }>;
		const [workshop] = ctx.sim.store.ticketClassAddOns.get(HOSTED(ctx.sim))! as Array<{
			id: string;
		}>;
		const { items, error } = await run(ctx.sim, {
			parameters: ticketUpsert({
				ticketClassId: vip.id,
				addOns: { addOn: [{ ticketClassAddOnId: workshop.id, qty: 2 }] },
			}),
			items: ticketPeople,
		});
		expect(error).toBeUndefined();
		const paths = apiRequests(ctx.sim).map(
			(r) => `${r.method} ${r.path.replace(/^.*\/event\/[0-9a-f-]{36}\/attendee/, '')}`,
		);
		// Matched on invitation email (the default): the event's attendees are read first.
		expect(paths.slice(0, 2)).toEqual(['GET ', 'PUT /bulk-upsert']);
		expect(paths.slice(2)).toEqual([
			expect.stringMatching(/^PATCH \/[0-9a-f-]{36}\/attendee-ticket$/),
			expect.stringMatching(/^PATCH \/[0-9a-f-]{36}\/attendee-ticket$/),
		]);
		expect(
			items.map((i) => [i.json.result, attendee(i).firstName, attendee(i).ticketClassId]),
		).toEqual([
			['created', 'Hedy', vip.id],
			['created', 'Radia', vip.id],
		]);
		for (const item of items) {
			const stored = ctx.sim.store.attendees.get(String(attendee(item).id))!;
			expect(stored.ticketClassId).toBe(vip.id);
			expect(stored.addOns).toEqual([
				expect.objectContaining({ ticketClassAddOnId: workshop.id, qty: 2 }),
			]);
		}
	});

	test('without a ticket class nothing else is sent', async () => {
		const { items } = await run(ctx.sim, { parameters: ticketUpsert({}), items: ticketPeople });
		expect(items).toHaveLength(2);
		expect(apiRequests(ctx.sim).map((r) => r.method)).toEqual(['GET', 'PUT']);
	});

	test('a refused ticket change fails only its item, saying the attendee was saved', async () => {
		const [, vip] = ctx.sim.store.ticketClasses.get(HOSTED(ctx.sim))! as Array<{ id: string }>;
		ctx.sim.addFault({ kind: 'status', status: 404, path: '/attendee-ticket$', times: 1 });
		const { items, error } = await run(ctx.sim, {
			parameters: ticketUpsert({ ticketClassId: vip.id }),
			items: ticketPeople,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json).toEqual({
			result: 'failed',
			error: 'Injected failure (404)',
			errorDescription: expect.stringMatching(
				/^Attendee [0-9a-f-]{36} was saved; only its ticket change failed\. code INJECTED_FAULT, status 404, PATCH \/public-api\/v1\/event\/[0-9a-f-]{36}\/attendee\/[0-9a-f-]{36}\/attendee-ticket\.$/,
			),
		});
		expect(items[1].json).toMatchObject({
			result: 'created',
			attendee: { firstName: 'Radia', ticketClassId: vip.id },
		});
	});

	test('a ticket class that is not a UUID stops the run before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: ticketUpsert({ ticketClassId: 'vip' }),
			items: ticketPeople,
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: /^Ticket Class: "vip" is not a UUID/,
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toEqual([]);
	});
});

describe('Attendee > Create or Update: validation before sending', () => {
	test('a non-UUID attendee ID', async () => {
		await expectRefused(
			base('upsert', {
				matchOn: 'id',
				columns: mappedColumns({ id: '={{ $json.i === 1 ? "nope" : "" }}', firstName: 'A' }),
			}),
			'Columns > Attendee ID: "nope" is not a UUID',
			1,
		);
	});

	test('a bad Batch Size', async () => {
		await expectRefused(
			base('upsert', { columns: mappedColumns({ firstName: 'A' }), options: { batchSize: 0 } }),
			'Batch Size: must be a whole number from 1 to 1000, not 0',
		);
	});

	test('with Continue On Fail only the bad item fails and the others are sent together', async () => {
		const { items } = await run(ctx.sim, {
			parameters: base('upsert', {
				matchOn: 'id',
				columns: mappedColumns({ id: '={{ $json.id }}', firstName: '={{ $json.first }}' }),
			}),
			items: [
				{ id: '', first: 'A' },
				{ id: 'bad', first: 'B' },
				{ id: '', first: 'C' },
			],
			continueOnFail: true,
		});
		expect(items[1].json).toEqual({ error: 'Columns > Attendee ID: "bad" is not a UUID' });
		expect(items[0].json).toMatchObject({ result: 'created', attendee: { firstName: 'A' } });
		expect(items[2].json).toMatchObject({ result: 'created', attendee: { firstName: 'C' } });
		expect(ctx.sim.requestsTo('PUT', '/bulk-upsert$')).toHaveLength(1);
		expect((ctx.sim.requestsTo('PUT', '/bulk-upsert$')[0].body as unknown[]).length).toBe(2);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Create or Update: an attendee ID that is not a UUID',
		parameters: attendeeParams('upsert', {
			matchOn: 'id',
			columns: mappedColumns({ id: BAD, firstName: 'Cat' }),
		}),
		good: () => '',
		bad: 'new',
		field: /^Columns > Attendee ID: "new" is not a UUID$/,
	},
	{
		name: 'Attendee Create or Update: an unknown approval status',
		parameters: attendeeParams('upsert', {
			columns: mappedColumns({ firstName: 'Cat', approvalStatus: BAD }),
		}),
		good: () => 'approved',
		bad: 'maybe',
		field: /^Columns > Approval Status: must be one of .*, not "maybe"$/,
	},
	{
		name: 'Attendee Create or Update: a custom question answer that is not text',
		parameters: (sim) =>
			attendeeParams('upsert', {
				columns: mappedColumns({ firstName: 'Cat', [textQuestion(sim)]: BAD }),
			})(sim),
		good: () => '11-50',
		bad: { value: 5 },
		field: /^Columns > [0-9a-f-]{36}: must be text, not \{"value":5\}$/,
	},
	{
		name: 'Attendee Create or Update: a batch size of 0',
		parameters: attendeeParams('upsert', {
			columns: mappedColumns({ firstName: 'Cat' }),
			options: { batchSize: BAD },
		}),
		good: () => 10,
		bad: 0,
		field: /^Batch Size:/,
	},
]);
