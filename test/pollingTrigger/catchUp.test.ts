// EventX Polling Trigger after downtime: page ranges (one request per poll of 10,000), a cap per
// poll with the rest left for the next, records sharing one timestamp, and the size of what the
// trigger keeps in static data.
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../fixtures';
import type { PollHarness } from '../harness/poll';
import { newAttendee } from '../simulator/routes/attendees';
import { addEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';
import {
	activatePolling,
	changeAttendee,
	createAttendee,
	DOWNTIME_MS,
	idsOf,
	listReads,
	pollingTrigger,
	pollParameters,
	withLog,
} from './setup';

const ctx = useSimulator();

/** `count` attendees created one millisecond apart from the clock's time, or all at once; then downtime. */
function importAttendees(eventId: string, count: number, sameTime = false): string[] {
	const start = ctx.sim.store.nowMs();
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const at = new Date(start + (sameTime ? 0 : i)).toISOString();
		const a = newAttendee(eventId, { firstName: 'Bulk', lastName: String(i) }, at);
		ctx.sim.store.attendees.set(a.id, a);
		ids.push(a.id);
	}
	ctx.sim.store.advanceTime(count + DOWNTIME_MS);
	return ids;
}

/** The trigger's state as n8n saves it, in bytes of JSON. */
const stateBytes = (harness: PollHarness) =>
	Buffer.byteLength(JSON.stringify(harness.savedStaticData['node:EventX Polling Trigger']));

/** Polls until a poll emits nothing; the items of each poll, the list reads and the state's size. */
async function drain(harness: PollHarness, resource: 'attendee' | 'order' = 'attendee') {
	const polls: Array<{ items: INodeExecutionData[]; requests: number; bytes: number }> = [];
	for (;;) {
		ctx.sim.clearLog();
		const items = await harness.pollItems();
		const requests = listReads(ctx.sim, resource).length;
		if (items === null) return { polls, idle: requests };
		polls.push({ items, requests, bytes: stateBytes(harness) });
		if (polls.length > 100) throw new Error('The trigger never caught up');
	}
}

describe('EventX Polling Trigger: catching up', () => {
	it('100,000 new attendees after downtime: caught up in order, each once, 10,000 a poll of one request; state under 300 bytes', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'newAttendee'));
		expect(await harness.pollItems()).toBeNull();
		const imported = importAttendees(eventId, 100_000);

		const { polls, idle } = await drain(harness);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(imported);
		expect(polls.map((p) => [p.items.length, p.requests])).toEqual(
			Array.from({ length: 10 }, () => [10_000, 1]),
		);
		expect(idle).toBe(1);
		expect(Math.max(...polls.map((p) => p.bytes))).toBeLessThan(300);
	}, 180_000);

	it('30,000 attendees of one import sharing one timestamp: each once, the cursor keeps its place by ID', async () => {
		const eventId = ctx.sim.seeded.eventIds[1];
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'newAttendee'));
		expect(await harness.pollItems()).toBeNull();
		const imported = importAttendees(eventId, 30_000, true);

		const { polls } = await drain(harness);
		const emitted = polls.flatMap((p) => idsOf(p.items));
		// those before the cursor's ID at that timestamp are read again and passed over
		expect(polls.map((p) => [p.items.length, p.requests])).toEqual([
			[10_000, 1],
			[10_000, 2],
			[10_000, 2],
		]);
		expect(emitted).toHaveLength(30_000);
		expect(new Set(emitted)).toEqual(new Set(imported));
		// no ID is remembered: the cursor's place among them is one ID
		expect(Math.max(...polls.map((p) => p.bytes))).toBeLessThan(300);
	}, 120_000);

	it('Max Records Per Poll 20,000, 25,000 waiting: one request a poll (the spare pages past the cap never cost a request of their own)', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = await activatePolling(ctx.sim, eventId, 'newAttendee', {
			maxRecords: 20_000,
		});
		const imported = importAttendees(eventId, 25_000);

		const { polls, idle } = await drain(harness);
		// the first poll's range of 20,000 holds its cap: it stops there and emits all of it, the
		// last page (whose neighbours are unread) remembered by ID; the next poll reads that page
		// again, passes it over, and the list ends
		expect(polls.map((p) => [p.items.length, p.requests])).toEqual([
			[20_000, 1],
			[5_000, 1],
		]);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(imported);
		expect(idle).toBe(1);
		// the page remembered (100 IDs, each with its stamp: 32 characters), then forgotten
		expect(polls[0].bytes).toBeGreaterThan(3_200);
		expect(polls[0].bytes).toBeLessThan(3_500);
		expect(polls[1].bytes).toBeLessThan(300);
	}, 60_000);

	it('20,000 waiting with room for more: a full range that agrees with totalCount ends the poll, all 20,000 come out in one request', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = await activatePolling(ctx.sim, eventId, 'newAttendee', {
			maxRecords: 50_000,
		});
		const imported = importAttendees(eventId, 20_000);

		const { polls, idle } = await drain(harness);
		expect(polls.map((p) => [p.items.length, p.requests])).toEqual([[20_000, 1]]);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(imported);
		// the next poll reads the last page again (and would read on past it)
		expect(idle).toBe(1);
	}, 60_000);

	it('Order Paid, 25,000 paid during a downtime: the first page shows the list grew by 25,000, the poll reads the window above the cursor, not every page over it', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = await activatePolling(ctx.sim, eventId, 'orderPaid');
		const { orderIds } = ctx.sim.arrivals(eventId, 0, 25_000, DOWNTIME_MS);

		const { polls, idle } = await drain(harness, 'order');
		expect(polls.map((p) => idsOf(p.items))).toEqual([
			orderIds.slice(0, 10_000),
			orderIds.slice(10_000, 20_000),
			orderIds.slice(20_000),
		]);
		// the first page, then the 10,200 rows above the cursor (the 20,000 newest and the page
		// below are not read first); then, as before, the window that ends a page below where the
		// cursor stood
		expect(polls.map((p) => p.requests)).toEqual([2, 1, 1]);
		expect(idle).toBe(1);
	}, 60_000);

	it('Order Paid, Max Records Per Poll 20,000, 25,000 waiting: the window above the cursor is one request', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = await activatePolling(ctx.sim, eventId, 'orderPaid', {
			maxRecords: 20_000,
		});
		const { orderIds } = ctx.sim.arrivals(eventId, 0, 25_000, DOWNTIME_MS);

		const { polls, idle } = await drain(harness, 'order');
		// the first page, then the 20,000 rows that end a page below the cursor: the oldest 19,900
		// (the window's top page remembered, its newer neighbours unread); then the rest
		expect(polls.map((p) => idsOf(p.items))).toEqual([
			orderIds.slice(0, 19_900),
			orderIds.slice(19_900),
		]);
		expect(polls.map((p) => p.requests)).toEqual([2, 1]);
		expect(idle).toBe(1);
	}, 60_000);

	it('Order Paid: a list that grew below the cursor (25,000 orders paid long ago, imported) misleads the hint; the poll reads as without it and loses nothing', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = await activatePolling(ctx.sim, eventId, 'orderPaid');
		const longAgo = new Date(ctx.sim.store.nowMs() - 86_400_000).toISOString();
		for (let i = 0; i < 25_000; i++)
			ctx.sim.addOrder(eventId, { status: 'paid', createdAt: longAgo });
		const { orderIds } = ctx.sim.arrivals(eventId, 0, 300, DOWNTIME_MS);

		const { polls, idle } = await drain(harness, 'order');
		expect(polls.map((p) => idsOf(p.items))).toEqual([orderIds]);
		// the first page; the window where the count says the cursor lies, wholly below it; the
		// first page again and the range that finds the cursor
		expect(polls.map((p) => p.requests)).toEqual([4]);
		expect(idle).toBe(1);
	}, 60_000);

	it('Max Records per Poll: the oldest come first, the rest at the next polls', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = pollingTrigger(
			ctx.sim,
			pollParameters(eventId, 'newAttendee', { maxRecords: 100 }),
		);
		expect(await harness.pollItems()).toBeNull();
		const imported = importAttendees(eventId, 250);
		const { polls } = await drain(harness);
		expect(polls.map((p) => p.items.length)).toEqual([100, 100, 50]);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(imported);
	});

	it('Attendee Updated after downtime: changes read newest first come out oldest first, capped, each once', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const attendees = Array.from({ length: 250 }, () => createAttendee(ctx.sim, eventId));
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const harness = pollingTrigger(
			ctx.sim,
			pollParameters(eventId, 'attendeeUpdated', { maxRecords: 120 }),
		);
		expect(await harness.pollItems()).toBeNull();
		const changed: string[] = [];
		for (const a of attendees) {
			ctx.sim.store.advanceTime(1);
			changed.push(changeAttendee(ctx.sim, a.id, { city: 'Accra' }).id);
		}
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const { polls, idle } = await drain(harness);
		expect(polls.map((p) => p.items.length)).toEqual([120, 120, 10]);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(changed);
		// 250 changes: the first page, then a range from the top; after that the window that ends
		// a page below where the cursor stood
		expect(polls.map((p) => p.requests)).toEqual([2, 1, 1]);
		expect(idle).toBe(1);
	});

	it('an attendee removed between two requests of one poll makes no other change slip between their pages', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const attendees = Array.from({ length: 250 }, () => createAttendee(ctx.sim, eventId));
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'attendeeUpdated'));
		expect(await harness.pollItems()).toBeNull();
		const changed: string[] = [];
		for (const a of attendees) {
			ctx.sim.store.advanceTime(1);
			changed.push(changeAttendee(ctx.sim, a.id, { city: 'Quito' }).id);
		}
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		// The newest change (on the first page) is removed right after the first request: every
		// later record moves up one place.
		ctx.sim.addFault({ kind: 'remove-after-read', count: 1, path: '/attendee$' });
		ctx.sim.clearLog();
		const items = await harness.pollItems();
		expect(listReads(ctx.sim, 'attendee')).toHaveLength(2);
		expect(idsOf(items)).toEqual(changed);
	});

	it('Attendee Updated: records removed between two polls of a catch-up make the next window start again higher, and lose nothing', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const attendees = Array.from({ length: 250 }, () => createAttendee(ctx.sim, eventId));
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const harness = pollingTrigger(
			ctx.sim,
			pollParameters(eventId, 'attendeeUpdated', { maxRecords: 10 }),
		);
		expect(await harness.pollItems()).toBeNull();
		const changed: string[] = [];
		for (const a of attendees) {
			ctx.sim.store.advanceTime(1);
			changed.push(changeAttendee(ctx.sim, a.id, { city: 'Lagos' }).id);
		}
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(idsOf(await harness.pollItems())).toEqual(changed.slice(0, 10));
		// the 200 newest are removed: the list is now shorter than where the next window starts
		for (const id of changed.slice(50))
			ctx.sim.store.attendees.get(id)!.removedAt = ctx.sim.store.now();
		const { polls } = await drain(harness);
		expect(polls.map((p) => idsOf(p.items))).toEqual([
			changed.slice(10, 20),
			changed.slice(20, 30),
			changed.slice(30, 40),
			changed.slice(40, 50),
		]);
	});

	it('Attendee Checked In remembers the check-ins of the last 24 hours, at most 2,000: its state stays under 64.3 KB', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const attendees = Array.from({ length: 3000 }, () => createAttendee(ctx.sim, eventId));
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'attendeeCheckedIn'));
		expect(await harness.pollItems()).toBeNull();
		const checkedIn: string[] = [];
		for (const a of attendees) {
			ctx.sim.store.advanceTime(1000);
			const now = ctx.sim.store.now();
			checkedIn.push(changeAttendee(ctx.sim, a.id, { attendedAt: now, checkedInAt: now }).id);
		}
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const { polls } = await drain(harness);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(checkedIn);
		const state = harness.savedStaticData['node:EventX Polling Trigger'] as {
			pollState: { seen: string };
		};
		// one stamp each: 2,000 groups of one ID
		expect(state.pollState.seen.split(' ')).toHaveLength(2000);
		expect(stateBytes(harness)).toBeLessThan(64_300);
	}, 60_000);

	it('Attendee Checked In on All Running Events, 5 events with 2,000 check-ins each in 11 hours: the events remember 8,000 together, the state stays under 270 KB, and a late scan among the forgotten is logged', async () => {
		const store = ctx.sim.store;
		store.freezeTime('2027-03-01T09:00:00.000Z');
		const t0 = store.nowMs();
		const events = Array.from({ length: 5 }, (_, i) =>
			String(
				addEvent(store, {
					organizationId: ORG_HOSTED,
					name: `Running ${i}`,
					startsAt: new Date(t0 - 3_600_000).toISOString(),
					endsAt: new Date(t0 + 12 * 3_600_000).toISOString(),
				}).id,
			),
		);
		const attendees = events.map((eventId) =>
			Array.from({ length: 2_000 }, () => createAttendee(ctx.sim, eventId).id),
		);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const harness = pollingTrigger(ctx.sim, {
			resource: 'attendeeCheckedIn',
			events: 'running',
		} as INodeParameters);
		expect(await harness.pollItems()).toBeNull();
		// 10,000 check-ins, 4 s apart (11 hours), the events in turn
		const checkedIn: string[] = [];
		for (let i = 0; i < 2_000; i++)
			for (const list of attendees) {
				store.advanceTime(800);
				const now = store.now();
				checkedIn.push(changeAttendee(ctx.sim, list[i], { attendedAt: now, checkedInAt: now }).id);
			}
		store.advanceTime(DOWNTIME_MS);
		const {
			result: { polls },
			warn,
		} = await withLog(() => drain(harness));
		expect(polls.flatMap((p) => idsOf(p.items)).sort()).toEqual([...checkedIn].sort());
		const state = harness.savedStaticData['node:EventX Polling Trigger'] as {
			scopeState: { events: Record<string, { seen: string }> };
		};
		const remembered = Object.values(state.scopeState.events).map(
			(e) => e.seen.split(/[ ,]/).length,
		);
		expect(remembered.reduce((a, b) => a + b, 0)).toBe(8_000);
		expect(stateBytes(harness)).toBeLessThan(270_000);
		expect(warn).not.toEqual([]);
	}, 120_000);
});
