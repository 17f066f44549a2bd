import {
	apiRequests,
	byId,
	expectNodeError,
	inProcessTimeZone,
	run,
	useSimulator,
} from '../../fixtures';
import { ORG_FOREIGN, ORG_HOSTED } from '../../simulator/seed';
import { BAD, eventCreate, testBadInputs } from '../badInputs';

const ctx = useSimulator();

describe('Event > Create', () => {
	const create = (extra: Record<string, unknown> = {}) => ({
		resource: 'event',
		operation: 'create',
		organizationId: byId(ORG_HOSTED),
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

	test("start and end without an offset are read in the workflow's time zone, not the process's", async () => {
		const { error } = await inProcessTimeZone('Asia/Tokyo', () =>
			run(ctx.sim, {
				parameters: create({ startsAt: '2027-03-01T18:00:00', endsAt: '2027-03-01T23:00' }),
				timezone: 'Europe/Berlin',
			}),
		);
		expect(error).toBeUndefined();
		// 18:00 and 23:00 in Berlin in March (UTC+1).
		expect(apiRequests(ctx.sim)[0].body).toMatchObject({
			startsAt: '2027-03-01T17:00:00.000Z',
			endsAt: '2027-03-01T22:00:00.000Z',
		});
	});

	test("without a workflow setting, the instance's zone (n8n's default, America/New_York) applies", async () => {
		const { error } = await inProcessTimeZone('Asia/Tokyo', () =>
			run(ctx.sim, {
				parameters: create({ startsAt: '2027-07-01T09:00:00', endsAt: '2027-07-01T17:00:00' }),
			}),
		);
		expect(error).toBeUndefined();
		// New York in July is UTC-4.
		expect(apiRequests(ctx.sim)[0].body).toMatchObject({
			startsAt: '2027-07-01T13:00:00.000Z',
			endsAt: '2027-07-01T21:00:00.000Z',
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
			{ organizationId: byId('={{ "acme" }}') },
			/^Organization ID: "acme" is not a UUID/,
		],
		['an empty name', { name: '  ' }, /^Name: is required/],
	])('%s is refused before any request', async (_, extra, message) => {
		const { error } = await run(ctx.sim, { parameters: create(extra) });
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test("an organization the caller does not belong to gets EventX's 403 message", async () => {
		const { error } = await run(ctx.sim, {
			parameters: create({ organizationId: byId(ORG_FOREIGN) }),
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: 'You are not a member of this organization',
			item: 0,
		});
		expect(error?.httpCode).toBe('403');
	});
});

describe('Event > Create: the organization picked from the list', () => {
	test('Event Create takes the organization from the picker', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'create',
				organizationId: {
					__rl: true,
					mode: 'list',
					value: ctx.sim.seeded.organizations.hosted,
					cachedResultName: 'Organization of Tech Summit 2026',
				},
				name: 'Launch Party',
				startsAt: '2027-03-01T18:00:00Z',
				endsAt: '2027-03-01T22:00:00Z',
				timezone: 'GMT',
				estimatedAttendeeCount: '51-100',
				format: 'in-person',
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ organizationId: ctx.sim.seeded.organizations.hosted });
	});
});

testBadInputs(ctx, [
	{
		name: 'Event Create: a start that is not a date',
		parameters: eventCreate('startsAt'),
		good: () => '2027-03-01T18:00:00Z',
		bad: 'next Tuesday',
		field: /^Starts At:/,
	},
	{
		name: 'Event Create: an end before the start',
		parameters: eventCreate('endsAt'),
		good: () => '2027-03-01T23:00:00Z',
		bad: '2027-03-01T08:00:00Z',
		field: /^Ends At:/,
	},
	{
		name: 'Event Create: an unknown timezone',
		parameters: eventCreate('timezone'),
		good: () => 'Asia/Hong_Kong',
		bad: 'Mars/Olympus_Mons',
		field: /^Timezone:/,
	},
	{
		name: 'Event Create: an unknown format',
		parameters: eventCreate('format'),
		good: () => 'hybrid',
		bad: 'holographic',
		field: /^Format:/,
	},
	{
		name: 'Event Create: an unknown attendee count',
		parameters: eventCreate('estimatedAttendeeCount'),
		good: () => '21-50',
		bad: '9000',
		field: /^Estimated Attendee Count:/,
	},
	{
		name: 'Event Create: an organization that is not a UUID',
		parameters: (sim) => ({ ...eventCreate('organizationId')(sim), organizationId: byId(BAD) }),
		good: (sim) => sim.seeded.organizations.hosted,
		bad: 'Acme Events',
		field: /^Organization ID:/,
	},
]);
