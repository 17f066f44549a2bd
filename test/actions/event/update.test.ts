import {
	apiRequests,
	byId,
	expectNodeError,
	inProcessTimeZone,
	run,
	useSimulator,
} from '../../fixtures';
import { BAD, eventUpdate, testBadInputs } from '../badInputs';

const ctx = useSimulator();

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

	test("entry times without an offset are read in the workflow's time zone, not the process's", async () => {
		const id = ctx.sim.seeded.eventIds[1];
		const { error } = await inProcessTimeZone('UTC', () =>
			run(ctx.sim, {
				parameters: {
					resource: 'event',
					operation: 'update',
					eventId: byId(id),
					name: 'Renamed Summit',
					startsAt: '2027-05-01T09:00:00',
					endsAt: '2027-05-02T17:00:00',
					timezone: 'Asia/Kolkata',
					estimatedAttendeeCount: '>10000',
					additionalFields: { entryStartsAt: '2027-05-01T08:00:00', entryEndsAt: '2027-05-02' },
				},
				timezone: 'Asia/Kolkata',
			}),
		);
		expect(error).toBeUndefined();
		// Kolkata is UTC+5:30; a date alone is its midnight there.
		expect(apiRequests(ctx.sim)[0].body).toMatchObject({
			startsAt: '2027-05-01T03:30:00.000Z',
			endsAt: '2027-05-02T11:30:00.000Z',
			entryStartsAt: '2027-05-01T02:30:00.000Z',
			entryEndsAt: '2027-05-01T18:30:00.000Z',
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
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: /^Categories: "cooking" is not one of/,
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Event Update: an unknown currency',
		parameters: eventUpdate({ paymentCurrency: BAD }),
		good: () => 'JPY',
		bad: 'DOGE',
		field: /^Payment Currency:/,
	},
	{
		name: 'Event Update: an unknown locale',
		parameters: eventUpdate({ defaultLocale: BAD }),
		good: () => 'ja',
		bad: 'klingon',
		field: /^Default Language:/,
	},
]);
