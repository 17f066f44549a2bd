/**
 * Return All returns any number of items; EventX's pagination ends the loop only when every count
 * in it agrees, and a count that disagrees is read past.
 */
import { ExecuteContext } from 'n8n-core';

import { apiRequests, expectNodeError, run, useSimulator } from '../fixtures';
import { seedAttendees } from '../simulator/seed';

const ctx = useSimulator();

const getAll = (eventId: string, extra: Record<string, unknown> = {}) => ({
	resource: 'attendee',
	operation: 'getMany',
	eventId: { __rl: true, mode: 'id', value: eventId },
	returnAll: true,
	...extra,
});
/** The list reads (Simplify, on by default, also reads the event's questions once). */
const listReads = () => apiRequests(ctx.sim).filter((r) => /\/attendee$/.test(r.path));

describe('Return All', () => {
	// Above about 125,000 items, spreading them into the output overflowed the call stack. Slow
	// (the simulator serves 20,000 attendees a request); the 500,000 figure is in the bench.
	test('130,000 attendees: 7 requests, every item once, no stack overflow', async () => {
		const [eventId] = ctx.sim.seeded.eventIds;
		const ids = seedAttendees(ctx.sim.store, [eventId], { perEvent: 130_000 })[eventId];
		ctx.sim.clearLog();
		const result = await run(ctx.sim, { parameters: getAll(eventId) });
		expect(result.error).toBeUndefined();
		// the event's 30 demo attendees and the 130,000 added
		expect(result.items).toHaveLength(130_030);
		expect(new Set(result.items.map((i) => i.json.id)).size).toBe(130_030);
		expect(result.items.map((i) => i.json.id)).toEqual(expect.arrayContaining(ids.slice(-3)));
		expect(listReads()).toHaveLength(7);
	}, 120_000);

	/** Return All of the event's attendees, with the list reads and the info lines n8n logged. */
	async function readAll(eventId: string) {
		const info = jest.fn();
		const logger = jest
			.spyOn(ExecuteContext.prototype, 'logger', 'get')
			.mockReturnValue({ info, warn: jest.fn(), debug: jest.fn(), error: jest.fn() } as never);
		ctx.sim.clearLog();
		const result = await run(ctx.sim, { parameters: getAll(eventId) }).finally(() =>
			logger.mockRestore(),
		);
		expect(result.error).toBeUndefined();
		return {
			ids: new Set(result.items.map((i) => i.json.id)),
			count: result.items.length,
			ranges: listReads().map((r) => [r.query.page, r.query.pageEnd]),
			logged: info.mock.calls.map(([message]) => String(message)),
		};
	}
	const endedAt20000 = (eventId: string) =>
		`EventX's list ended at its totalCount of 20000 with a full answer (GET /public-api/v1/event/${eventId}/attendee, pages 1 to 200): no request was made to check that nothing follows`;

	test('a list that ends exactly where a full range ends, every count agreeing: Return All of 20,000 makes one request', async () => {
		const [eventId] = ctx.sim.seeded.eventIds;
		// the event's 30 demo attendees and 19,970 more: 20,000, one full range
		seedAttendees(ctx.sim.store, [eventId], { perEvent: 19_970 });
		const read = await readAll(eventId);
		expect(read.count).toBe(20_000);
		expect(read.ids.size).toBe(20_000);
		expect(read.ranges).toEqual([['1', '200']]);
		// the end taken at the count's word is in n8n's log
		expect(read.logged).toEqual([endedAt20000(eventId)]);
	}, 60_000);

	test('25,000 attendees whose totalCount is capped at 20,000 while pageCount counts them all: read on, every one', async () => {
		const [eventId] = ctx.sim.seeded.eventIds;
		seedAttendees(ctx.sim.store, [eventId], { perEvent: 24_970 });
		ctx.sim.addFault({
			kind: 'capped-count',
			path: '/attendee$',
			totalCount: 20_000,
			pageCountUncapped: true,
			times: 0,
		});
		const read = await readAll(eventId);
		expect(read.count).toBe(25_000);
		expect(read.ids.size).toBe(25_000);
		expect(read.ranges).toEqual([
			['1', '200'],
			['200', '399'],
			['250', '449'],
		]);
		expect(read.logged).toEqual([]);
	}, 60_000);

	test('the one lie a single answer cannot show: 25,000 attendees, totalCount and pageCount both capped at exactly the range end; Return All stops at 20,000 and the log says where', async () => {
		const [eventId] = ctx.sim.seeded.eventIds;
		seedAttendees(ctx.sim.store, [eventId], { perEvent: 24_970 });
		ctx.sim.addFault({ kind: 'capped-count', path: '/attendee$', totalCount: 20_000, times: 0 });
		const read = await readAll(eventId);
		// What the first answer says is what a list of exactly 20,000 says (the test above): the
		// rule takes its word; the 5,000 after it are not read, and n8n's log names the count.
		expect(read.count).toBe(20_000);
		expect(read.ranges).toEqual([['1', '200']]);
		expect(read.logged).toEqual([endedAt20000(eventId)]);
	}, 60_000);

	test('a server whose ranges are always full and whose pageCount runs ahead stops once a full range brings nothing new and the rows agree with totalCount', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const total = [...ctx.sim.store.attendees.values()].filter(
			(a) => a.eventId === eventId && !a.removedAt,
		).length;
		ctx.sim.addFault({ kind: 'lying-pages', path: '/attendee$', times: 0 });
		const result = await run(ctx.sim, { parameters: getAll(eventId) });
		expect(result.error).toBeUndefined();
		// the first range held 20,000 items, all repeats of the event's attendees; a full range
		// never ends the list, the second brought nothing new
		expect(result.items).toHaveLength(total);
		expect(new Set(result.items.map((i) => i.json.id)).size).toBe(total);
		expect(listReads()).toHaveLength(2);
	});

	test('a server that claims more items than it ever sends fails with what it did wrong', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.addFault({ kind: 'lying-pages', path: '/attendee$', times: 0, totalCount: 1_000_000 });
		const result = await run(ctx.sim, { parameters: getAll(eventId) });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message:
				/^EventX's pagination does not advance: pages 200 to 399 brought no item that earlier pages had not/,
			item: 0,
		});
		expect(listReads()).toHaveLength(2);
	});

	test('with a limit, a lying server gives at most the limit of distinct items', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.addFault({ kind: 'lying-pages', path: '/attendee$', times: 0 });
		const result = await run(ctx.sim, {
			parameters: getAll(eventId, { returnAll: false, limit: 10 }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(10);
		expect(new Set(result.items.map((i) => i.json.id)).size).toBe(10);
	});
});
