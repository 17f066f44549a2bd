import { loadOptions } from '../harness';
import { useSimulator } from '../helpers';
import { newEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';
import { DEMO_API_TOKEN } from '../simulator/store';

const ctx = useSimulator();

const search = (filter?: string, paginationToken?: string) =>
	loadOptions({
		kind: 'listSearch',
		method: 'searchEvents',
		filter,
		paginationToken,
		parameters: { resource: 'event', operation: 'get' },
		credentials: { baseUrl: ctx.sim.url, authentication: 'apiToken', apiToken: DEMO_API_TOKEN },
	});

type SearchResult = { results: Array<{ name: string; value: string }>; paginationToken?: string };

describe('searchEvents (the event picker)', () => {
	test('lists the visible events by name with their IDs', async () => {
		const { result } = (await search()) as { result: SearchResult };
		expect(result.results).toHaveLength(ctx.sim.seeded.eventIds.length);
		expect(new Set(result.results.map((r) => r.value))).toEqual(new Set(ctx.sim.seeded.eventIds));
		expect(result.results.every((r) => r.name.length > 0 && r.name !== r.value)).toBe(true);
		expect(result.paginationToken).toBeUndefined();
	});

	test('filters by the typed text and pages through long lists', async () => {
		const filtered = (await search('summit')) as { result: SearchResult };
		expect(filtered.result.results.map((r) => r.name)).toEqual(['Tech Summit 2026']);
		expect(JSON.parse(ctx.sim.requestsTo('GET', '^/public-api/v1/event$')[0].query.filter)).toEqual(
			{ name: 'summit' },
		);

		for (let i = 0; i < 60; i++) {
			const event = newEvent({
				organizationId: ORG_HOSTED,
				name: `Meetup ${i}`,
				startsAt: '2027-01-01T00:00:00Z',
				endsAt: '2027-01-01T01:00:00Z',
				timezone: 'GMT',
				format: 'virtual',
			});
			ctx.sim.store.events.set(event.id as string, { event, settings: {} });
		}
		const first = (await search('meetup')) as { result: SearchResult };
		expect(first.result.results).toHaveLength(50);
		expect(first.result.paginationToken).toBe('2');
		const second = (await search('meetup', first.result.paginationToken)) as {
			result: SearchResult;
		};
		// 60 new meetups and the seeded "Founders Meetup 2026".
		expect(second.result.results).toHaveLength(11);
		expect(second.result.paginationToken).toBeUndefined();
	});
});
