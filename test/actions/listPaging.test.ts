// Every list operation against paging EventX can get wrong: pages shorter than asked (50 for
// 100), a capped `totalCount`, rows removed between two requests. Limit returns the limit,
// Return All returns every row once; never a page of rows dropped without a word.
import type { INodeParameters } from 'n8n-workflow';

import { apiRequests, byId, run, useSimulator } from '../fixtures';
import { newAttendee } from '../simulator/routes/attendees';
import { addOrder, SEED_ORDERS } from '../simulator/routes/orders';
import { ORG_HOSTED } from '../simulator/seed';
import type { FaultSpec } from '../simulator/faults';
import { addDomain } from './customDomain/fixtures';
import { addEvents } from './event/fixtures';
import { addMapping } from './customDomainPathMapping/fixtures';

const ctx = useSimulator();

interface ListCase {
	name: string;
	/** The list's path on the simulator. */
	path: RegExp;
	/** Adds rows until the list holds `total`; answers the operation's parameters. */
	setUp: (total: number) => INodeParameters;
	/** Whether the list reads page ranges (the custom domain lists read one page a request). */
	ranges: boolean;
}

const eventId = () => ctx.sim.seeded.eventIds[0];

const LISTS: ListCase[] = [
	{
		name: 'Attendee > Get Many',
		path: /\/attendee$/,
		ranges: true,
		setUp: (total) => {
			const start = Date.UTC(2025, 0, 1);
			for (let i = 30; i < total; i++) {
				const a = newAttendee(eventId(), { firstName: `P${i}` }, new Date(start + i).toISOString());
				ctx.sim.store.attendees.set(a.id, a);
			}
			return { resource: 'attendee', operation: 'getMany', eventId: byId(eventId()) };
		},
	},
	{
		name: 'Event > Get Many',
		path: /\/event$/,
		ranges: true,
		setUp: (total) => {
			const seeded = ctx.sim.seeded.eventIds.length;
			addEvents(ctx.sim, total - seeded, ORG_HOSTED, seeded);
			return { resource: 'event', operation: 'getMany' };
		},
	},
	{
		name: 'Event > Get Many (Hosting Only)',
		path: /\/hosting-event$/,
		ranges: true,
		setUp: (total) => {
			const hosted = [...ctx.sim.store.events.values()].filter(
				(r) => !r.deletedAt && r.event.organizationId === ORG_HOSTED,
			).length;
			addEvents(ctx.sim, total - hosted, ORG_HOSTED, hosted);
			return { resource: 'event', operation: 'getMany', hostingOnly: true };
		},
	},
	{
		name: 'Order > Get Many',
		path: /\/order$/,
		ranges: true,
		setUp: (total) => {
			const start = Date.UTC(2025, 0, 1);
			for (let i = SEED_ORDERS; i < total; i++)
				addOrder(ctx.sim.store, eventId(), { createdAt: new Date(start + i * 1000).toISOString() });
			return { resource: 'order', operation: 'getMany', eventId: byId(eventId()) };
		},
	},
	{
		name: 'Custom Domain > Get Many',
		path: /\/custom-domains$/,
		ranges: false,
		setUp: (total) => {
			for (let i = 0; i < total; i++) addDomain(ctx.sim, `d${i}.acme.example`);
			return {
				resource: 'customDomain',
				operation: 'getMany',
				organizationId: ctx.sim.seeded.organizations.hosted,
			};
		},
	},
	{
		name: 'Custom Domain Path Mapping > Get Many',
		path: /\/path-mappings$/,
		ranges: false,
		setUp: (total) => {
			const domain = addDomain(ctx.sim);
			for (let i = 0; i < total; i++) addMapping(ctx.sim, domain, `p${i}`);
			return {
				resource: 'customDomainPathMapping',
				operation: 'getMany',
				organizationId: ctx.sim.seeded.organizations.hosted,
				customDomainId: domain,
			};
		},
	},
];

const ORDERS = LISTS.findIndex((l) => l.name === 'Order > Get Many');
const CUSTOM_DOMAINS = LISTS.findIndex((l) => l.name === 'Custom Domain > Get Many');

const fault = (list: ListCase, spec: Omit<FaultSpec, 'path'>) =>
	ctx.sim.addFault({ ...spec, path: list.path.source, times: spec.times ?? 0 });

async function getAll(parameters: INodeParameters, extra: INodeParameters) {
	const { items, error } = await run(ctx.sim, { parameters: { ...parameters, ...extra } });
	expect(error).toBeUndefined();
	return items.map((i) => String(i.json.id));
}

describe.each(LISTS)('$name', (list) => {
	test('EventX serving 50 rows a page when 100 were asked: Limit 150 returns 150, Return All all 250', async () => {
		const parameters = list.setUp(250);
		fault(list, { kind: 'short-pages', pageSize: 50 });
		const limited = await getAll(parameters, { returnAll: false, limit: 150 });
		expect(limited).toHaveLength(150);
		expect(new Set(limited).size).toBe(150);
		const all = await getAll(parameters, { returnAll: true });
		expect(all).toHaveLength(250);
		expect(new Set(all).size).toBe(250);
	});

	test('a totalCount capped at 100 for 250 rows: Return All returns all 250', async () => {
		const parameters = list.setUp(250);
		fault(list, { kind: 'capped-count', totalCount: 100 });
		const all = await getAll(parameters, { returnAll: true });
		expect(all).toHaveLength(250);
		expect(new Set(all).size).toBe(250);
	});
});

describe('the requests behind it', () => {
	test('120 custom domains, EventX serving 50 a page: three pages, the second and third asked at 50', async () => {
		const parameters = LISTS[CUSTOM_DOMAINS].setUp(120);
		fault(LISTS[CUSTOM_DOMAINS], { kind: 'short-pages', pageSize: 50 });
		ctx.sim.clearLog();
		const all = await getAll(parameters, { returnAll: true });
		expect(all).toHaveLength(120);
		expect(new Set(all).size).toBe(120);
		// the third page's 20 rows agree with totalCount (120): the list ends there
		expect(apiRequests(ctx.sim).map((r) => r.query)).toEqual([
			{ page: '1', pageSize: '100' },
			{ page: '2', pageSize: '50' },
			{ page: '3', pageSize: '50' },
		]);
	});

	test('a list read one page a request never ends on a full page: 100 custom domains, totalCount 100, two requests', async () => {
		// a count capped at a round figure would meet a page's end at every hundred
		const parameters = LISTS[CUSTOM_DOMAINS].setUp(100);
		ctx.sim.clearLog();
		expect(await getAll(parameters, { returnAll: true })).toHaveLength(100);
		expect(apiRequests(ctx.sim).map((r) => r.query)).toEqual([
			{ page: '1', pageSize: '100' },
			{ page: '2', pageSize: '100' },
		]);
	});

	test('custom domains whose totalCount is missing the mark: reading ends on the page that brings nothing more', async () => {
		const parameters = LISTS[CUSTOM_DOMAINS].setUp(120);
		fault(LISTS[CUSTOM_DOMAINS], { kind: 'short-pages', pageSize: 50, totalCount: 60 });
		ctx.sim.clearLog();
		const all = await getAll(parameters, { returnAll: true });
		expect(all).toHaveLength(120);
		expect(new Set(all).size).toBe(120);
	});

	test('attendees at 50 a page: Limit 150 takes two requests, the second reading the first one`s last page again', async () => {
		const parameters = LISTS[0].setUp(250);
		fault(LISTS[0], { kind: 'short-pages', pageSize: 50 });
		ctx.sim.clearLog();
		expect(await getAll(parameters, { returnAll: false, limit: 150 })).toHaveLength(150);
		const reads = apiRequests(ctx.sim).filter((r) => LISTS[0].path.test(r.path));
		expect(reads.map((r) => [r.query.page, r.query.pageEnd, r.query.pageSize])).toEqual([
			['1', '2', '100'],
			['2', '3', '50'],
		]);
	});

	test('25,012 orders and a totalCount capped at 10,000: Return All returns all 25,012 in three requests', async () => {
		const parameters = LISTS[ORDERS].setUp(25_012);
		fault(LISTS[ORDERS], { kind: 'capped-count', totalCount: 10_000 });
		ctx.sim.clearLog();
		const all = await getAll(parameters, { returnAll: true });
		expect(all).toHaveLength(25_012);
		expect(new Set(all).size).toBe(25_012);
		// a full range never ends the list; the second is short but 25,012 rows are not 10,000;
		// the third brings no row beyond them
		expect(apiRequests(ctx.sim).map((r) => [r.query.page, r.query.pageEnd])).toEqual([
			['1', '200'],
			['200', '399'],
			['250', '449'],
		]);
	}, 60_000);

	test('150 orders removed between the two requests of a Return All of 20,300: every order once', async () => {
		const parameters = LISTS[ORDERS].setUp(20_300);
		const before = [...ctx.sim.store.orders.values()]
			.filter((o) => o.eventId === eventId())
			.map((o) => o.id);
		// the first answer is sent, then its first 150 orders (the newest) are deleted: the later
		// ones move up 150 places, past where the second request starts
		fault(LISTS[ORDERS], { kind: 'remove-after-read', count: 150, times: 1 });
		ctx.sim.clearLog();
		const all = await getAll(parameters, { returnAll: true });
		expect(all).toHaveLength(20_300);
		expect(new Set(all)).toEqual(new Set(before));
		// the second range finds none of the first's last page (now 150 places up, at 19,750 to
		// 19,849): it starts again a page earlier, at 19,800, and finds them
		expect(apiRequests(ctx.sim).map((r) => [r.query.page, r.query.pageEnd])).toEqual([
			['1', '200'],
			['200', '399'],
			['199', '398'],
		]);
	}, 60_000);
});
