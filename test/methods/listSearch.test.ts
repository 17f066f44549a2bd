// The pickers' list searches (methods/listSearch.ts).
import { loadOptions } from '../harness';
import { useSimulator } from '../fixtures';
import { addDomain } from '../actions/customDomain/fixtures';
import { addMapping } from '../actions/customDomainPathMapping/fixtures';
import { newEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';

const ctx = useSimulator();

const search = (filter?: string, paginationToken?: string) =>
	loadOptions({
		kind: 'listSearch',
		method: 'searchEvents',
		filter,
		paginationToken,
		parameters: { resource: 'event', operation: 'get' },
		credentials: ctx.credentials(),
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

const pick = (method: string, parameters: Record<string, unknown>, filter?: string) =>
	loadOptions({
		kind: 'listSearch',
		method,
		filter,
		parameters: parameters as never,
		credentials: ctx.credentials(),
	});

describe('the pickers (resource locators)', () => {
	const eventOf = () => ({ __rl: true, mode: 'list', value: ctx.sim.seeded.eventIds[0] });

	test('searchAttendees lists the chosen event by name and email, and searches with `q`', async () => {
		const params = { resource: 'attendee', operation: 'get', eventId: eventOf() };
		const all = (await pick('searchAttendees', params)) as { result: SearchResult };
		expect(all.result.results).toHaveLength(30);
		expect(all.result.results[0].name).toMatch(/^\w+ \w+ \d+ \(guest\d+\.e0@example\.com\)$/);
		const found = (await pick('searchAttendees', params, 'guest3.e0')) as {
			result: SearchResult;
		};
		expect(found.result.results.map((r) => r.name)).toEqual([
			'Linus Torvalds 3 (guest3.e0@example.com)',
		]);
		const requests = ctx.sim.requestsTo('GET', '/attendee$');
		expect(requests.at(-1)!.query.q).toBe('guest3.e0');
	});

	test('searchAttendees and searchWebhooks list nothing until an event is chosen', async () => {
		const none = {
			resource: 'attendee',
			operation: 'get',
			eventId: { __rl: true, mode: 'list', value: '' },
		};
		expect(
			((await pick('searchAttendees', none)) as { result: SearchResult }).result.results,
		).toEqual([]);
		expect(
			((await pick('searchWebhooks', none)) as { result: SearchResult }).result.results,
		).toEqual([]);
	});

	test('searchOrders lists the chosen event newest first by reference, buyer and status; typing searches with `q`', async () => {
		const params = { resource: 'order', operation: 'get', eventId: eventOf() };
		const all = (await pick('searchOrders', params)) as { result: SearchResult };
		expect(all.result.results[0]).toEqual({
			// The newest seeded order: two VIP passes, paid online.
			name: 'EVX-0-011: Grace Hopper (grace.11@example.com), paid',
			value: expect.any(String),
		});
		const found = (await pick('searchOrders', params, 'ken.4@')) as { result: SearchResult };
		expect(found.result.results.map((r) => r.name)).toEqual([
			'EVX-0-004: Ken Thompson (ken.4@example.com), cancelled',
		]);
		const requests = ctx.sim.requestsTo('GET', '/order$');
		expect(JSON.parse(requests.at(-1)!.query.filter)).toEqual({ q: 'ken.4@' });
		expect(requests.at(-1)!.query.sort).toBe('-createdAt');
	});

	test("searchWebhooks names the event's webhooks by URL", async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.store.webhooks.set('8a3f1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b', {
			id: '8a3f1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
			eventId,
			url: 'https://hooks.example.com/a',
			actions: ['attendee-create'],
		});
		const { result } = (await pick('searchWebhooks', {
			resource: 'webhook',
			operation: 'delete',
			eventId: eventOf(),
		})) as { result: SearchResult };
		expect(result.results).toEqual([
			expect.objectContaining({
				name: 'https://hooks.example.com/a',
				value: '8a3f1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
			}),
		]);
	});

	test("searchCustomDomains lists the chosen organization's domains by name, nothing before one is chosen", async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		const domain = (id: string, name: string, organizationId: string) =>
			ctx.sim.store.customDomains.set(id, { id, organizationId, domain: name, status: 'active' });
		domain('7d1e2f3a-4b5c-4d6e-8f70-000000000001', 'tickets.acme.example', org);
		domain('7d1e2f3a-4b5c-4d6e-8f70-000000000002', 'events.acme.example', org);
		domain(
			'7d1e2f3a-4b5c-4d6e-8f70-000000000003',
			'partner.example',
			ctx.sim.seeded.organizations.managed,
		);
		const params = (organizationId: unknown) => ({
			resource: 'customDomain',
			operation: 'get',
			organizationId,
		});
		const all = (
			await pick('searchCustomDomains', params({ __rl: true, mode: 'list', value: org }))
		).result as SearchResult;
		expect(all.results.map((r) => r.name)).toEqual(['events.acme.example', 'tickets.acme.example']);
		const typed = (await pick(
			'searchCustomDomains',
			params({ __rl: true, mode: 'list', value: org }),
			'tick',
		)) as { result: SearchResult };
		expect(typed.result.results.map((r) => r.value)).toEqual([
			'7d1e2f3a-4b5c-4d6e-8f70-000000000001',
		]);
		ctx.sim.clearLog();
		const none = (
			await pick('searchCustomDomains', params({ __rl: true, mode: 'list', value: '' }))
		).result as SearchResult;
		expect(none.results).toEqual([]);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test("searchPathMappings lists the chosen domain's mappings by path, nothing before a domain is chosen", async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		const domain = addDomain(ctx.sim);
		const other = addDomain(ctx.sim, 'other.acme.example');
		const summit = addMapping(ctx.sim, domain, 'summit');
		addMapping(ctx.sim, domain, '2026/agenda');
		addMapping(ctx.sim, other, 'elsewhere');
		const params = (customDomainId: string) => ({
			resource: 'customDomainPathMapping',
			operation: 'update',
			organizationId: { __rl: true, mode: 'list', value: org },
			customDomainId: { __rl: true, mode: 'list', value: customDomainId },
		});
		const all = (await pick('searchPathMappings', params(domain))).result as SearchResult;
		expect(all.results.map((r) => r.name)).toEqual(['/2026/agenda', '/summit']);
		const typed = (await pick('searchPathMappings', params(domain), 'SUM')).result as SearchResult;
		expect(typed.results.map((r) => r.value)).toEqual([summit]);
		ctx.sim.clearLog();
		const none = (await pick('searchPathMappings', params(''))).result as SearchResult;
		expect(none.results).toEqual([]);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('searchOrganizations offers the organizations of the visible events, named by their events', async () => {
		const { result } = (await pick('searchOrganizations', {
			resource: 'event',
			operation: 'create',
		})) as { result: SearchResult };
		expect(result.results.map((r) => r.value).sort()).toEqual(
			[ctx.sim.seeded.organizations.hosted, ctx.sim.seeded.organizations.managed].sort(),
		);
		// Four hosted events: two named, two counted; the managed organization's two events.
		const nameOf = (id: string) => result.results.find((r) => r.value === id)!.name;
		expect(nameOf(ctx.sim.seeded.organizations.hosted)).toMatch(
			/^Organization of [\w ]+ 2026, [\w ]+ 2026 and 2 more events$/,
		);
		expect(nameOf(ctx.sim.seeded.organizations.managed)).toBe(
			'Organization of Music Night 2026, Product Day 2026',
		);
	});
});
