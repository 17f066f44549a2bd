import { loadOptions } from '../../harness';
import { apiRequests, run, useSimulator } from '../../helpers';
import { DEMO_API_TOKEN } from '../../simulator/store';
import { byId, liveAttendees, questions } from './fixtures';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const attendeeOf = (i = 0) => ctx.sim.seeded.attendeeIds[event()][i];

describe('Attendee operations against the simulator', () => {
	test('Get answers the attendee with its documented members', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'get',
				eventId: byId(event()),
				attendeeId: attendeeOf(3),
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: attendeeOf(3),
			firstName: 'Linus',
			invitationEmail: 'guest3.e0@example.com',
			registrationStatus: 'registered',
		});
		for (const key of [
			'qrCodeToken',
			'shortCode',
			'ticketClassId',
			'customFields',
			'rawData',
			'createdAt',
		])
			expect(items[0].json).toHaveProperty(key);
	});

	test('Get by QR Code Token and Get by Short Code (case-sensitive unless Ignore Case)', async () => {
		const record = ctx.sim.store.attendees.get(attendeeOf(5))!;
		const qr = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByQrCodeToken',
				eventId: byId(event()),
				qrCodeToken: record.qrCodeToken as string,
			},
		});
		expect(qr.items[0].json.id).toBe(record.id);

		const code = String(record.shortCode);
		const exact = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(event()),
				shortCode: code,
			},
		});
		expect(exact.items[0].json.id).toBe(record.id);

		const lower = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(event()),
				shortCode: code.toLowerCase(),
			},
			continueOnFail: true,
		});
		expect(String(lower.items[0].json.error)).toMatch(/not found/i);

		const ignoring = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(event()),
				shortCode: code.toLowerCase(),
				shortCodeOptions: { ignoreCase: true },
			},
		});
		expect(ignoring.items[0].json.id).toBe(record.id);
		expect(ctx.sim.requestsTo('GET', '/short-code/').at(-1)!.query).toEqual({
			isIgnoreCase: 'true',
		});
	});

	test('Update patches profile fields and custom field answers', async () => {
		const q = questions(ctx.sim, event());
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'update',
				eventId: byId(event()),
				attendeeId: attendeeOf(1),
				updateFields: { jobTitle: 'CTO', city: 'Taipei', registrationStatus: 'pending' },
				updateCustomFields: { fields: [{ questionId: q.text, value: '500+' }] },
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			jobTitle: 'CTO',
			city: 'Taipei',
			registrationStatus: 'pending',
		});
		const req = ctx.sim.requestsTo('PATCH', '/attendee/[^/]+$')[0];
		expect(req.body).toEqual({
			jobTitle: 'CTO',
			city: 'Taipei',
			registrationStatus: 'pending',
			customFields: { [q.text]: { value: '500+' } },
		});
		expect(
			(ctx.sim.store.attendees.get(attendeeOf(1))!.customFields as Record<string, unknown>)[q.text],
		).toEqual({
			value: '500+',
		});
	});

	test('Change Ticket sets the ticket class and add-ons with quantities', async () => {
		const [, vip] = ctx.sim.store.ticketClasses.get(event())! as Array<{ id: string }>;
		const [workshop] = ctx.sim.store.ticketClassAddOns.get(event())! as Array<{ id: string }>;
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'changeTicket',
				eventId: byId(event()),
				attendeeId: attendeeOf(2),
				ticketClassId: vip.id,
				addOns: { addOn: [{ ticketClassAddOnId: workshop.id, qty: 2 }] },
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			ticketClassId: vip.id,
			addOns: [{ ticketClassAddOnId: workshop.id, qty: 2 }],
		});
		expect(ctx.sim.requestsTo('PATCH', '/attendee-ticket$')).toHaveLength(1);
	});

	test('Remove hides attendees from lists and Get; Delete erases them', async () => {
		const [a, b] = [attendeeOf(0), attendeeOf(1)];
		const removed = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'remove',
				eventId: byId(event()),
				attendeeIds: a,
			},
		});
		expect(removed.items[0].json).toEqual({ success: true, attendeeIds: [a] });
		expect(ctx.sim.store.attendees.get(a)!.removedAt).toBeDefined();
		expect(liveAttendees(ctx.sim, event()).some((x) => x.id === a)).toBe(false);
		const get = await run(ctx.sim, {
			parameters: { resource: 'attendee', operation: 'get', eventId: byId(event()), attendeeId: a },
			continueOnFail: true,
		});
		expect(String(get.items[0].json.error)).toMatch(/not found/i);

		const deleted = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'delete',
				eventId: byId(event()),
				attendeeIds: b,
			},
		});
		expect(deleted.items[0].json).toEqual({ success: true, attendeeIds: [b] });
		expect(ctx.sim.store.attendees.has(b)).toBe(false);
		expect(ctx.sim.requestsTo('DELETE', '/bulk-delete$')[0].body).toEqual({ attendeeIds: [b] });
	});

	test('Create or Update creates without ID and updates with one, in one request', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'upsert',
				eventId: byId(event()),
				attendeeId: '={{ $json.id ?? "" }}',
				upsertFields: { firstName: '={{ $json.first }}', invitationEmail: '={{ $json.email }}' },
			},
			items: [
				{ first: 'New', email: 'new@example.com' },
				{ id: attendeeOf(4), first: 'Changed', email: 'changed@example.com' },
			],
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json).toMatchObject({ firstName: 'New', invitationEmail: 'new@example.com' });
		expect(items[0].json.id).not.toBe(attendeeOf(4));
		expect(items[1].json).toMatchObject({ id: attendeeOf(4), firstName: 'Changed' });
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1]);
		const puts = apiRequests(ctx.sim).filter((r) => r.method === 'PUT');
		expect(puts).toHaveLength(1);
		expect(liveAttendees(ctx.sim, event())).toHaveLength(31);
	});

	test('the simulator refuses status together with registrationStatus', async () => {
		const token = await fetch(`${ctx.sim.url}/public-api/v1/auth`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ apiToken: DEMO_API_TOKEN }),
		});
		const auth = (await token.json()) as { data?: { accessToken: string }; accessToken?: string };
		const accessToken = auth.data?.accessToken ?? auth.accessToken;
		const answer = await fetch(
			`${ctx.sim.url}/public-api/v1/event/${event()}/attendee/bulk-upsert`,
			{
				method: 'PUT',
				headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
				body: JSON.stringify([{ status: 'registered', registrationStatus: 'registered' }]),
			},
		);
		expect(answer.status).toBe(400);
	});
});

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

describe('Dropdowns loaded from the chosen event', () => {
	const load = (method: string) =>
		loadOptions({
			kind: 'loadOptions',
			method,
			parameters: { resource: 'attendee', operation: 'changeTicket', eventId: byId(event()) },
			credentials: { baseUrl: ctx.sim.url, authentication: 'apiToken', apiToken: DEMO_API_TOKEN },
		});

	test('ticket classes, add-ons and custom questions', async () => {
		const classes = (await load('getTicketClasses')).result as Array<{
			name: string;
			value: string;
		}>;
		expect(classes.map((c) => c.name)).toEqual(['General', 'VIP Pass']);
		const addOns = (await load('getTicketClassAddOns')).result as Array<{ name: string }>;
		expect(addOns.map((c) => c.name)).toEqual(['Dinner', 'Workshop']);
		const fields = (await load('getCustomFields')).result as Array<{ name: string; value: string }>;
		expect(fields.map((c) => c.name)).toEqual(['Company Size', 'Dietary Needs', 'T-Shirt']);
		expect(fields.map((f) => f.value)).toContain(questions(ctx.sim, event()).text);
	});
});
