// EventX Polling Trigger after downtime: page ranges (one request per 20,000 records), a cap per
// poll with the rest left for the next, and n8n's poll budget.
import type { INodeExecutionData } from 'n8n-workflow';

import { useSimulator } from '../fixtures';
import type { PollHarness } from '../harness/poll';
import { newAttendee } from '../simulator/routes/attendees';
import {
	changeAttendee,
	createAttendee,
	idsOf,
	listReads,
	pollingTrigger,
	pollParameters,
} from './setup';

const ctx = useSimulator();

/** `count` attendees created one millisecond apart from the clock's time, or all at once. */
function importAttendees(eventId: string, count: number, sameTime = false): string[] {
	const start = ctx.sim.store.nowMs();
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const at = new Date(start + (sameTime ? 0 : i)).toISOString();
		const a = newAttendee(eventId, { firstName: 'Bulk', lastName: String(i) }, at);
		ctx.sim.store.attendees.set(a.id, a);
		ids.push(a.id);
	}
	ctx.sim.store.advanceTime(count + 1000);
	return ids;
}

/** Polls until a poll emits nothing; the items of each poll and the list reads it took. */
async function drain(harness: PollHarness) {
	const polls: Array<{ items: INodeExecutionData[]; requests: number }> = [];
	for (;;) {
		ctx.sim.clearLog();
		const items = await harness.pollItems();
		const requests = listReads(ctx.sim, 'attendee').length;
		if (items === null) return { polls, idle: requests };
		polls.push({ items, requests });
		if (polls.length > 100) throw new Error('The trigger never caught up');
	}
}

describe('EventX Polling Trigger: catching up', () => {
	it('50,000 new attendees after downtime: caught up in order, each once, in polls of at most 3 requests', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'newAttendee'));
		expect(await harness.pollItems()).toBeNull();
		const imported = importAttendees(eventId, 50_000);

		const { polls, idle } = await drain(harness);
		const emitted = polls.flatMap((p) => idsOf(p.items));
		expect(emitted).toEqual(imported);
		expect(Math.max(...polls.map((p) => p.requests))).toBeLessThanOrEqual(3);
		// the default cap: 10,000 a poll, each read with one request
		expect(polls.map((p) => [p.items.length, p.requests])).toEqual(
			Array.from({ length: 5 }, () => [10_000, 1]),
		);
		expect(idle).toBe(1);
	}, 120_000);

	it('30,000 attendees of one import sharing one timestamp: each once, at most 3 requests a poll', async () => {
		const eventId = ctx.sim.seeded.eventIds[1];
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'newAttendee'));
		expect(await harness.pollItems()).toBeNull();
		const imported = importAttendees(eventId, 30_000, true);

		const { polls } = await drain(harness);
		const emitted = polls.flatMap((p) => idsOf(p.items));
		// the IDs already emitted at that timestamp are read again and passed over
		expect(polls.map((p) => [p.items.length, p.requests])).toEqual([
			[10_000, 1],
			[10_000, 2],
			[10_000, 2],
		]);
		expect(emitted).toHaveLength(30_000);
		expect(new Set(emitted)).toEqual(new Set(imported));
		expect(Math.max(...polls.map((p) => p.requests))).toBeLessThanOrEqual(3);
	}, 120_000);

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
		ctx.sim.store.advanceTime(1000);
		const attendees = Array.from({ length: 250 }, () => createAttendee(ctx.sim, eventId));
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
		const { polls, idle } = await drain(harness);
		expect(polls.map((p) => p.items.length)).toEqual([120, 120, 10]);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(changed);
		// 250 changes: the first page and one range
		expect(polls[0].requests).toBe(2);
		expect(idle).toBe(1);
	});

	it('an attendee removed between two requests of one poll makes no other change slip between their pages', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.store.advanceTime(1000);
		const attendees = Array.from({ length: 250 }, () => createAttendee(ctx.sim, eventId));
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'attendeeUpdated'));
		expect(await harness.pollItems()).toBeNull();
		const changed: string[] = [];
		for (const a of attendees) {
			ctx.sim.store.advanceTime(1);
			changed.push(changeAttendee(ctx.sim, a.id, { city: 'Quito' }).id);
		}
		// The newest change (on the first page) is removed right before the second request reads:
		// every later record moves up one place.
		const store = ctx.sim.store.attendees;
		const values = store.values.bind(store);
		let reads = 0;
		jest.spyOn(store, 'values').mockImplementation(() => {
			reads += 1;
			if (reads === 2) store.get(changed[249])!.removedAt = ctx.sim.store.now();
			return values();
		});
		ctx.sim.clearLog();
		const items = await harness.pollItems();
		expect(listReads(ctx.sim, 'attendee')).toHaveLength(2);
		expect(idsOf(items)).toEqual(changed);
	});

	it("n8n's poll budget: a poll stops reading when half of it is spent and leaves the rest for the next", async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const harness = pollingTrigger(
			ctx.sim,
			pollParameters(eventId, 'newAttendee', { maxRecords: 50_000 }),
			1,
		);
		expect(await harness.pollItems()).toBeNull();
		const imported = importAttendees(eventId, 30_000);
		const { polls } = await drain(harness);
		expect(polls.map((p) => [p.items.length, p.requests])).toEqual([
			// the first range re-reads the record at the activation cursor, which is not new
			[19_999, 1],
			[10_001, 1],
		]);
		expect(polls.flatMap((p) => idsOf(p.items))).toEqual(imported);
	}, 60_000);
});
