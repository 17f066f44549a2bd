// EventX Polling Trigger against the situations of a real EventX that need volume: 150 records
// removed between two page ranges of one poll (20,300 changes), a totalCount capped at 10,000
// while 25,000 changes wait, 30,000 changes after a downtime longer than a poll's budget allows
// to read (for every polling event). Each asserts exactly once: the IDs each poll emits, written
// out in full.
import { useSimulator } from '../fixtures';
import type { PollHarness } from '../harness/poll';
import type { Simulator } from '../simulator/server';
import {
	activateDriver,
	DOWNTIME_MS,
	idsOf,
	listReads,
	occurMany,
	occurrenceDrivers,
	pollIds,
	withClientClock,
	type OccurrenceDriver,
} from './setup';

const ctx = useSimulator();
const DRIVERS = occurrenceDrivers();
let eventId: string;

beforeEach(() => {
	eventId = ctx.sim.seeded.eventIds[0];
});

const activate = (
	driver: OccurrenceDriver,
	count: number,
	options: Record<string, unknown> = {},
	pollBudgetMs?: number,
) => activateDriver(ctx.sim, eventId, driver, count, options, pollBudgetMs);

const listPath = (driver: OccurrenceDriver) => `/${driver.resource}$`;

describe.each(DRIVERS)('$trigger', (driver) => {
	it('6. removals while paging: 150 records removed between two requests of one poll make no other slip past', async () => {
		const harness = await activate(driver, 20_300, { maxRecords: 50_000 });
		ctx.sim.store.advanceTime(1000);
		const changes = occurMany(ctx.sim, driver, eventId, 20_300);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		// After the poll's first range of 20,000 rows (New Attendee reads oldest first from its
		// first request; the others probe one page first), its first 150 rows are removed: the
		// later ones move up 150 places, past where the next range starts.
		ctx.sim.addFault({
			kind: 'remove-after-read',
			count: 150,
			path: listPath(driver),
			skip: driver.trigger === 'newAttendee' ? 0 : 1,
		});
		ctx.sim.clearLog();
		expect(await pollIds(harness, 2)).toEqual([changes, null]);
	}, 120_000);
});

describe.each(DRIVERS.filter((d) => ['newAttendee', 'orderPaid'].includes(d.trigger)))(
	'$trigger at scale',
	(driver) => {
		it('5. totalCount capped at 10,000 while 25,000 changes wait: all 25,000 come out once, 10,000 a poll', async () => {
			const harness = await activate(driver, 25_000);
			ctx.sim.addFault({
				kind: 'capped-count',
				totalCount: 10_000,
				path: listPath(driver),
				times: 0,
			});
			ctx.sim.store.advanceTime(1000);
			const changes = occurMany(ctx.sim, driver, eventId, 25_000);
			ctx.sim.store.advanceTime(DOWNTIME_MS);
			expect(await pollIds(harness, 4)).toEqual([
				changes.slice(0, 10_000),
				changes.slice(10_000, 20_000),
				changes.slice(20_000, 25_000),
				null,
			]);
		}, 120_000);
	},
);

/** Each poll's IDs and list reads, `count` polls. */
async function pollsWithReads(
	harness: PollHarness,
	resource: 'attendee' | 'order',
	count: number,
	sim: Simulator = ctx.sim,
) {
	const polls: Array<{ ids: string[] | null; requests: number }> = [];
	for (let i = 0; i < count; i++) {
		sim.clearLog();
		const items = await harness.pollItems();
		polls.push({
			ids: items === null ? null : idsOf(items),
			requests: listReads(sim, resource).length,
		});
	}
	return polls;
}

describe.each(DRIVERS.filter((d) => d.trigger !== 'newAttendee'))('$trigger', (driver) => {
	it("9. after a long downtime: 30,000 changes, a poll stops after its first range once half of n8n's budget is spent, and all come out once", async () => {
		await withClientClock(async (sim, eventId) => {
			// a poll of 40 s starts no range after 20 s (and ends every request by 36 s)
			const harness = await activateDriver(sim, eventId, driver, 30_000, {}, 40_000);
			sim.store.advanceTime(1000);
			const changes = occurMany(sim, driver, eventId, 30_000);
			sim.store.advanceTime(DOWNTIME_MS);
			// The first poll's range after its first page takes 20 s. The order lists grow with these
			// changes, which would move the window down to the cursor after the first page
			// (catchUp.test.ts): for them the first page itself takes 20 s, and the poll starts no
			// window after it.
			const orders = driver.resource === 'order';
			sim.addFault({
				kind: 'delay',
				delayMs: 20_000,
				path: listPath(driver),
				skip: orders ? 0 : 1,
			});
			expect(await pollsWithReads(harness, driver.resource, 5, sim)).toEqual([
				// the first page (then the first range, 20,000 newest): the budget is half spent before
				// the cursor is reached; nothing is emitted, the next poll reads on from there
				{ ids: null, requests: orders ? 1 : 2 },
				// the rest down to the cursor (for the orders, from the top): the oldest 10,000
				{ ids: changes.slice(0, 10_000), requests: orders ? 2 : 1 },
				{ ids: changes.slice(10_000, 20_000), requests: 1 },
				{ ids: changes.slice(20_000, 30_000), requests: 1 },
				{ ids: null, requests: 1 },
			]);
		});
	}, 120_000);
});

describe('newAttendee', () => {
	it('4. out-of-order rows at the edge of a poll that stops on its cap: the rows of its last page come out at once, the neighbour it could not see at the next poll, each once', async () => {
		const created = DRIVERS.find((d) => d.trigger === 'newAttendee')!;
		const harness = await activate(created, 0, { maxRecords: 20_000 });
		ctx.sim.store.advanceTime(1000);
		const changes = occurMany(ctx.sim, created, eventId, 25_000);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		// every page's last row changes places with the next page's first: the range of 20,000
		// ends with the 20,001st change, the 20,000th is the first row after it
		ctx.sim.addFault({ kind: 'out-of-order', path: listPath(created), times: 0 });
		expect(await pollsWithReads(harness, 'attendee', 3)).toEqual([
			{ ids: [...changes.slice(0, 19_999), changes[20_000]], requests: 1 },
			{ ids: [changes[19_999], ...changes.slice(20_001)], requests: 1 },
			{ ids: null, requests: 1 },
		]);
	}, 120_000);

	it("9. after a long downtime: 30,000 new attendees, a poll stops after its first range once half of n8n's budget is spent, and all come out once", async () => {
		await withClientClock(async (sim, eventId) => {
			const created = DRIVERS.find((d) => d.trigger === 'newAttendee')!;
			// a poll of 40 s starts no range after 20 s: the first poll's first read takes 20 s; the cap
			// is no limit here
			const harness = await activateDriver(
				sim,
				eventId,
				created,
				0,
				{ maxRecords: 50_000 },
				40_000,
			);
			sim.store.advanceTime(1000);
			const changes = occurMany(sim, created, eventId, 30_000);
			sim.store.advanceTime(DOWNTIME_MS);
			sim.addFault({ kind: 'delay', delayMs: 20_000, path: listPath(created) });
			expect(await pollsWithReads(harness, 'attendee', 3, sim)).toEqual([
				// the first range (20,000 oldest first), its last page (whose neighbours are unread)
				// remembered by ID: the next poll reads that page again and passes it over
				{ ids: changes.slice(0, 20_000), requests: 1 },
				{ ids: changes.slice(20_000), requests: 1 },
				{ ids: null, requests: 1 },
			]);
		});
	}, 120_000);
});
