import { ORG_FOREIGN, ORG_HOSTED } from '../../simulator/seed';
import { apiRequests, run, useSimulator } from '../../helpers';

const ctx = useSimulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

describe('Event > Get', () => {
	test('reads one event by ID (resource locator)', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const { items, error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId(id) },
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ id, organizationId: ORG_HOSTED });
		expect(items[0].json.rawData).toBeDefined();
	});

	test('one request per item, each output paired with its input', async () => {
		const ids = ctx.sim.seeded.eventIds.slice(0, 3);
		const { items } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId('={{ $json.id }}') },
			items: ids.map((id) => ({ id })),
		});
		expect(items.map((i) => i.json.id)).toEqual(ids);
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
		expect(apiRequests(ctx.sim)).toHaveLength(3);
	});

	test("an event of another organization fails with EventX's own message", async () => {
		const foreign = [...ctx.sim.store.events.values()].find(
			(r) => r.event.organizationId === ORG_FOREIGN,
		)!;
		const { error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'get',
				eventId: byId(foreign.event.id as string),
			},
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Event not found');
		expect(error?.description).toMatch(/code NOT_FOUND, status 404/);
	});

	test('a non-UUID event ID is refused before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'get', eventId: byId('={{ "summit-2026" }}') },
		});
		expect(error?.message).toBe('Event: "summit-2026" is not a UUID');
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

describe('Event > Create', () => {
	const create = (extra: Record<string, unknown> = {}) => ({
		resource: 'event',
		operation: 'create',
		organizationId: ORG_HOSTED,
		name: 'Launch Party',
		startsAt: '2027-03-01T18:00:00Z',
		endsAt: '2027-03-01T23:00:00Z',
		timezone: 'Asia/Hong_Kong',
		format: 'hybrid',
		estimatedAttendeeCount: '101-200',
		...extra,
	});

	test('creates the event with exactly the documented body', async () => {
		const { items, error } = await run(ctx.sim, { parameters: create() });
		expect(error).toBeUndefined();
		const [request] = apiRequests(ctx.sim);
		expect(request).toMatchObject({ method: 'POST', path: '/public-api/v1/event' });
		expect(request.body).toEqual({
			organizationId: ORG_HOSTED,
			name: 'Launch Party',
			startsAt: '2027-03-01T18:00:00.000Z',
			endsAt: '2027-03-01T23:00:00.000Z',
			timezone: 'Asia/Hong_Kong',
			format: 'hybrid',
			estimatedAttendeeCount: '101-200',
		});
		const id = items[0].json.id as string;
		expect(ctx.sim.store.events.get(id)?.event).toMatchObject({
			contentI18n: { name: { default: 'Launch Party' } },
			format: 'hybrid',
		});
	});

	test.each([
		[
			'an unknown timezone typed by expression',
			{ timezone: '={{ "Mars/Olympus" }}' },
			/^Timezone: "Mars\/Olympus" is not one of/,
		],
		['an unknown format', { format: '={{ "outdoor" }}' }, /^Format: "outdoor" is not one of/],
		[
			'an end before the start',
			{ endsAt: '2027-02-01T00:00:00Z' },
			/^Ends At: .* is before Starts At/,
		],
		[
			'a date that is not a date',
			{ startsAt: '={{ "next friday" }}' },
			/^Starts At: "next friday" is not a date and time/,
		],
		[
			'a non-UUID organization',
			{ organizationId: 'acme' },
			/^Organization ID: "acme" is not a UUID/,
		],
		['an empty name', { name: '  ' }, /^Name: is required/],
	])('%s is refused before any request', async (_, extra, message) => {
		const { error } = await run(ctx.sim, { parameters: create(extra) });
		expect(error?.message).toMatch(message);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test("an organization the caller does not belong to gets EventX's 403 message", async () => {
		const { error } = await run(ctx.sim, { parameters: create({ organizationId: ORG_FOREIGN }) });
		expect(error?.message).toBe('You are not a member of this organization');
		expect(error?.httpCode).toBe('403');
	});
});

describe('Event > Update', () => {
	test('puts every required field and the chosen additional ones', async () => {
		const id = ctx.sim.seeded.eventIds[1];
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'update',
				eventId: byId(id),
				name: 'Renamed Summit',
				descriptionHtml: '<p>New agenda</p>',
				startsAt: '2027-05-01T09:00:00Z',
				endsAt: '2027-05-02T17:00:00Z',
				timezone: 'Europe/London',
				estimatedAttendeeCount: '>10000',
				defaultLocale: 'ja',
				paymentCurrency: 'JPY',
				categories: ['music', 'seasonal'],
				types: ['festival_or_fair'],
				additionalFields: { isSmsNotifyActivated: true, entryStartsAt: '2027-05-01T08:00:00Z' },
			},
		});
		expect(error).toBeUndefined();
		const [request] = apiRequests(ctx.sim);
		expect(request).toMatchObject({ method: 'PUT', path: `/public-api/v1/event/${id}` });
		expect(request.body).toMatchObject({
			name: 'Renamed Summit',
			descriptionHtml: '<p>New agenda</p>',
			estimatedAttendeeCount: '>10000',
			paymentCurrency: 'JPY',
			categories: ['music', 'seasonal'],
			types: ['festival_or_fair'],
			isSmsNotifyActivated: true,
			entryStartsAt: '2027-05-01T08:00:00.000Z',
		});
		expect(request.body).not.toHaveProperty('isMagicLinkActivated');
		expect(items[0].json).toMatchObject({ id, timezone: 'Europe/London', defaultLocale: 'ja' });
		expect(ctx.sim.store.events.get(id)?.settings).toMatchObject({
			paymentCurrency: 'JPY',
			isSmsNotifyActivated: true,
		});
	});

	test('an unknown category typed by expression is refused before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'update',
				eventId: byId(ctx.sim.seeded.eventIds[1]),
				name: 'x',
				descriptionHtml: '',
				startsAt: '2027-05-01T09:00:00Z',
				endsAt: '2027-05-02T17:00:00Z',
				timezone: 'GMT',
				estimatedAttendeeCount: '1-10',
				defaultLocale: 'en',
				paymentCurrency: 'USD',
				categories: '={{ ["music", "cooking"] }}',
				types: [],
			},
		});
		expect(error?.message).toMatch(/^Categories: "cooking" is not one of/);
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
