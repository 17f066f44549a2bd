// Attendee and order events across events: Several Events (picked) and All Running Events
// (looked up at each poll), events joining and leaving, one cursor each, exactly once; Start
// From; the requests a poll makes for 50 running events (the figure in docs/scale.md).
import type { INodeParameters } from 'n8n-workflow';

import type { PollHarness } from '../harness/poll';
import { addEvent, deleteEvent, rescheduleEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';
import type { Json } from '../simulator/store';
import { apiRequests, byId, expectNodeError, useSimulator } from '../fixtures';
import { changeAttendee, createAttendee, pollingTrigger, withLog } from './setup';

const ctx = useSimulator();

const MIN = 60_000;
const HOUR = 3_600_000;
const T0 = Date.parse('2027-03-01T09:00:00.000Z');
const iso = (t: number) => new Date(t).toISOString();

beforeEach(() => ctx.sim.store.freezeTime(T0));

const tick = (ms: number) => ctx.sim.store.advanceTime(ms);

/** An event running from `startsAt` for `hours` hours (T0-relative). */
function add(name: string, startsAt: number, hours = 8, extra: Json = {}): string {
	const event = addEvent(ctx.sim.store, {
		organizationId: ORG_HOSTED,
		name,
		startsAt: iso(T0 + startsAt),
		endsAt: iso(T0 + startsAt + hours * HOUR),
		...extra,
	});
	return String(event.id);
}

/** A new attendee of the event named by its first name. */
const attendee = (eventId: string, firstName: string) =>
	createAttendee(ctx.sim, eventId, { firstName });

async function activate(parameters: Json): Promise<PollHarness> {
	const harness = pollingTrigger(ctx.sim, parameters as INodeParameters);
	expect(await harness.pollItems()).toBeNull();
	return harness;
}

/** Runs `body` with n8n's clock `ms` ahead of EventX's, whose answers carry no `Date`. */
async function n8nAheadWithoutDate(ms: number, body: () => Promise<void>): Promise<void> {
	const realNow = Date.now.bind(Date);
	const now = jest
		.spyOn(Date, 'now')
		.mockImplementation(() => (ctx.sim ? ctx.sim.store.nowMs() + ms : realNow()));
	ctx.sim.store.dateSkewMs = null;
	try {
		await body();
	} finally {
		now.mockRestore();
	}
}

/**
 * Runs `body` with n8n's clock `ms` ahead of EventX's, whose answers carry no `Date`, and each
 * attendee list read taking 3 s of n8n's clock, EventX's standing still (`catchUp` moves it on by
 * as much).
 */
async function slowReadsWithoutDate(
	ms: number,
	body: (catchUp: () => void) => Promise<void>,
): Promise<void> {
	let waited = 0;
	const now = jest.spyOn(Date, 'now').mockImplementation(() => ctx.sim.store.nowMs() + ms + waited);
	ctx.sim.store.dateSkewMs = null;
	ctx.sim.addFault({ kind: 'delay', delayMs: 3_000, path: '/attendee$', times: 0 });
	const wait = jest.spyOn(ctx.sim as never as { wait: (ms: number) => Promise<void> }, 'wait');
	wait.mockImplementation(async (delay: number) => {
		waited += delay;
	});
	try {
		await body(() => {
			tick(waited);
			waited = 0;
		});
	} finally {
		now.mockRestore();
		wait.mockRestore();
	}
}

/** Each poll's items as "first name @ event" (null: nothing). */
async function polls(harness: PollHarness, count = 1, events: Record<string, string> = {}) {
	const out: Array<string[] | null> = [];
	for (let i = 0; i < count; i++) {
		const items = await harness.pollItems();
		out.push(
			items === null
				? null
				: items.map((item) => `${item.json.firstName} @ ${events[String(item.json.eventId)]}`),
		);
	}
	return out;
}

describe('Several Events', () => {
	it('attendees of each picked event come out once, with their event; others not; an event picked later joins, one dropped leaves', async () => {
		const a = add('A', HOUR);
		const b = add('B', HOUR);
		const c = add('C', HOUR);
		const names = { [a]: 'A', [b]: 'B', [c]: 'C' };
		const parameters = { resource: 'newAttendee', events: 'several', eventIds: [a, b] };
		const harness = await activate(parameters);
		tick(MIN);
		attendee(a, 'Ada');
		tick(1);
		attendee(c, 'Cleo');
		tick(1);
		attendee(b, 'Bo');
		tick(2 * MIN);
		expect(await polls(harness, 2, names)).toEqual([['Ada @ A', 'Bo @ B'], null]);

		// C is picked too (the workflow saved): it joins from the last poll (less the look-back of
		// a minute: Cleo is older); A is dropped.
		harness.setParameters({ ...parameters, eventIds: [b, c] });
		tick(MIN);
		attendee(c, 'Cy');
		attendee(a, 'Al');
		tick(MIN);
		expect(await polls(harness, 2, names)).toEqual([['Cy @ C'], null]);
		expect(Object.keys(harness.staticData.scopeState as Json).sort()).toEqual([
			'events',
			'joinAt',
			'mode',
			'readAt',
			'trigger',
			'turn',
			'v',
		]);
		const state = harness.staticData.scopeState as { events: Json; readAt: Json };
		expect(Object.keys(state.events).sort()).toEqual([b, c].sort());
		expect(Object.keys(state.readAt).sort()).toEqual([b, c].sort());
	});

	it('IDs by expression (comma-separated) are checked before any request', async () => {
		const harness = pollingTrigger(ctx.sim, {
			resource: 'newOrder',
			events: 'several',
			eventIds: 'not-an-id, 95b71478-c7dd-4bbd-b65b-244a63d3e689',
		} as INodeParameters);
		const before = ctx.sim.requests.length;
		const { error } = await harness.poll();
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Event Names or IDs: "not-an-id" is not a UUID',
		});
		expect(ctx.sim.requests.length).toBe(before);
	});

	it('Max Records Per Poll is shared by the events: the rest follow at the next poll, oldest first', async () => {
		const a = add('A', HOUR);
		const b = add('B', HOUR);
		const names = { [a]: 'A', [b]: 'B' };
		const harness = await activate({
			resource: 'newAttendee',
			events: 'several',
			eventIds: [a, b],
			options: { maxRecords: 2 },
		});
		tick(MIN);
		for (const [event, name] of [
			[a, 'A1'],
			[b, 'B1'],
			[a, 'A2'],
			[b, 'B2'],
		]) {
			tick(1);
			attendee(event, name);
		}
		tick(MIN);
		const out = await polls(harness, 3, names);
		expect(out.flatMap((p) => p ?? []).sort()).toEqual(['A1 @ A', 'A2 @ A', 'B1 @ B', 'B2 @ B']);
		expect(out.map((p) => p?.length ?? 0)).toEqual([2, 2, 0]);
	});
});

describe('All Running Events', () => {
	it('events join when their entry window or run time starts and leave when it ends, each attendee once', async () => {
		const running = add('Running', -HOUR, 3); // 08:00 to 11:00
		const doors = add('Doors First', 2 * HOUR, 2, { entryStartsAt: iso(T0 + HOUR) }); // doors 10:00, 11:00 to 13:00
		const later = add('Later', 4 * HOUR + 30 * MIN, 4); // 13:30 to 17:30
		const names = { [running]: 'Running', [doors]: 'Doors First', [later]: 'Later' };
		const harness = await activate({ resource: 'newAttendee', events: 'running' });
		tick(MIN);
		attendee(running, 'Rae');
		attendee(doors, 'Dot'); // before its doors open: not watched yet
		tick(MIN);
		expect(await polls(harness, 1, names)).toEqual([['Rae @ Running']]);

		ctx.sim.store.freezeTime(T0 + HOUR); // Doors First's entry window opens
		attendee(doors, 'Dan');
		tick(MIN);
		expect(await polls(harness, 1, names)).toEqual([['Dan @ Doors First']]);

		ctx.sim.store.freezeTime(T0 + 2 * HOUR + 10 * MIN); // Running has ended
		attendee(running, 'Ray');
		attendee(doors, 'Dee');
		tick(MIN);
		// The events whose attendees a poll read.
		const read = async () => {
			ctx.sim.clearLog();
			const out = await polls(harness, 1, names);
			const paths = ctx.sim.requestsTo('GET', /\/attendee$/).map((r) => r.path.split('/')[4]);
			return { out, read: [...new Set(paths)].sort() };
		};
		// Running is read once more (the last poll's cursor stood before its end): Ray, added after
		// it, is left out; then it is no longer read (its cursor is kept a day, should it run again)
		expect(await read()).toEqual({ out: [['Dee @ Doors First']], read: [doors, running].sort() });
		tick(MIN);
		expect(await read()).toEqual({ out: [null], read: [doors] });

		ctx.sim.store.freezeTime(T0 + 4 * HOUR + 31 * MIN); // Later has started, Doors First ended
		attendee(later, 'Lu');
		tick(MIN);
		expect(await read()).toEqual({ out: [['Lu @ Later']], read: [doors, later].sort() });
		expect(await read()).toEqual({ out: [null], read: [later] });
		// n8n down from 13:32 to 09:00 the next day: Later ran meanwhile (to 17:30), it is read
		// once for what it changed then; a day after their end, ended events are forgotten
		ctx.sim.store.freezeTime(T0 + 6 * HOUR);
		attendee(later, 'Lo');
		ctx.sim.store.freezeTime(T0 + 24 * HOUR);
		expect(await read()).toEqual({ out: [['Lo @ Later']], read: [later] });
		expect(await read()).toEqual({ out: [null], read: [] });
		ctx.sim.store.freezeTime(T0 + 34 * HOUR);
		expect(await read()).toEqual({ out: [null], read: [] });
		expect((harness.staticData.scopeState as { events: Json }).events).toEqual({});
	});

	it('n8n 2.8 saves the state of a poll that fires only: an event that joined in a poll that found nothing joins again after a restart, each attendee once', async () => {
		const running = add('Running', -HOUR, 3); // 08:00 to 11:00
		const later = add('Later', HOUR, 4); // 10:00 to 14:00
		const names = { [running]: 'Running', [later]: 'Later' };
		const harness = pollingTrigger(
			ctx.sim,
			{ resource: 'newAttendee', events: 'running' } as INodeParameters,
			undefined,
			'when it fires',
		);
		expect(await harness.pollItems()).toBeNull();
		tick(MIN);
		attendee(running, 'Rae');
		tick(MIN);
		expect(await polls(harness, 1, names)).toEqual([['Rae @ Running']]);
		const saved = structuredClone(harness.savedStaticData);

		// Later starts running: it joins in polls that find nothing, which n8n 2.8 keeps in memory only.
		ctx.sim.store.freezeTime(T0 + HOUR + 5 * MIN);
		expect(await polls(harness, 2, names)).toEqual([null, null]);
		const watched = Object.keys((harness.staticData.scopeState as { events: Json }).events);
		expect(watched.sort()).toEqual([running, later].sort());
		expect(harness.savedStaticData).toEqual(saved);

		harness.restart();
		attendee(later, 'Lou');
		tick(1);
		attendee(running, 'Ray');
		tick(MIN);
		expect(await polls(harness, 2, names)).toEqual([['Lou @ Later', 'Ray @ Running'], null]);
	});

	it('a running event deleted between the list and its read is passed over and logged, keeping its place; the others come out', async () => {
		const kept = add('Kept', -HOUR);
		const gone = add('Gone', -HOUR);
		const harness = await activate({ resource: 'newOrder', events: 'running' });
		tick(MIN);
		const order = ctx.sim.addOrder(kept);
		// EventX answers 404 for the deleted event's orders once the list has been read.
		ctx.sim.addFault({
			kind: 'status',
			status: 404,
			path: `/event/${gone}/order$`,
			times: 1,
		});
		tick(MIN);
		const { result: items, warn } = await withLog(() => harness.pollItems());
		expect(items?.map((i) => [i.json.id, i.json.eventId])).toEqual([[order.id, kept]]);
		expect(warn).toEqual([
			`EventX Polling Trigger: event ${gone} was not found (deleted?); it is passed over in this poll and keeps its place`,
		]);
		// Deleted for good: it leaves the running events, and the trigger goes on.
		deleteEvent(ctx.sim.store, gone);
		tick(MIN);
		expect(await harness.pollItems()).toBeNull();
	});

	it('a 404 for a moment (a proxy, a replica behind) passes the event over for one poll: its changes meanwhile come out at the next', async () => {
		const a = add('A', -HOUR);
		const b = add('B', -HOUR);
		const names = { [a]: 'A', [b]: 'B' };
		const harness = await activate({ resource: 'newAttendee', events: 'running' });
		tick(MIN);
		attendee(a, 'Ada');
		attendee(b, 'Bo');
		// Bo is more than the look-back older than that poll
		tick(2 * MIN);
		ctx.sim.addFault({ kind: 'status', status: 404, path: `/event/${b}/attendee$`, times: 1 });
		const { result: during, warn } = await withLog(() => polls(harness, 1, names));
		expect(during).toEqual([['Ada @ A']]);
		expect(warn).toHaveLength(1);
		tick(MIN);
		expect(await polls(harness, 2, names)).toEqual([['Bo @ B'], null]);
	});

	it('an event that stops running is read on: a check-in 20 s before its end, committed after it, and a scan synced 3 hours after the end come out (Attendee Checked In)', async () => {
		// ends at 09:30
		const event = add('Ending', -HOUR, 1.5);
		const names = { [event]: 'Ending' };
		const [late, offline, other] = ['Late', 'Offline', 'Other'].map(
			(name) => attendee(event, name).id,
		);
		tick(MIN);
		const harness = await activate({ resource: 'attendeeCheckedIn', events: 'running' });
		ctx.sim.store.freezeTime(T0 + 30 * MIN - 20_000);
		ctx.sim.checkIn(late);
		ctx.sim.commitLate(late, 40_000);
		ctx.sim.store.freezeTime(T0 + 30 * MIN - 10_000);
		expect(await polls(harness, 1, names)).toEqual([null]);
		// 09:30:30: the event has ended, the check-in is committed
		ctx.sim.store.freezeTime(T0 + 30 * MIN + 30_000);
		expect(await polls(harness, 1, names)).toEqual([['Late @ Ending']]);
		// 12:30: a door scanner that was offline syncs a scan of 09:29
		ctx.sim.store.freezeTime(T0 + 3.5 * HOUR);
		ctx.sim.syncOfflineCheckIn(offline, iso(T0 + 29 * MIN));
		tick(MIN);
		expect(await polls(harness, 1, names)).toEqual([['Offline @ Ending']]);
		// a day and more after the end the event is no longer read
		ctx.sim.store.freezeTime(T0 + 30 * MIN + 25 * HOUR);
		ctx.sim.checkIn(other);
		tick(MIN);
		expect(await polls(harness, 2, names)).toEqual([null, null]);
		const watched = Object.keys((harness.staticData.scopeState as { events: Json }).events);
		expect(watched).toEqual([]);
	});

	it('an event postponed while a backlog waits (Max Records Per Poll 1) keeps its cursor: the backlog comes out once it runs again (found by the property tests, issue 41)', async () => {
		const postponed = add('Postponed', -HOUR);
		const names = { [postponed]: 'Postponed' };
		const harness = await activate({
			resource: 'newAttendee',
			events: 'running',
			options: { maxRecords: 1 },
		});
		tick(MIN);
		attendee(postponed, 'Ada');
		tick(1);
		attendee(postponed, 'Bea');
		tick(MIN);
		expect(await polls(harness, 1, names)).toEqual([['Ada @ Postponed']]);
		// 09:02: moved to start at 12:00, before Bea came out
		rescheduleEvent(ctx.sim.store, postponed, {
			startsAt: iso(T0 + 3 * HOUR),
			endsAt: iso(T0 + 8 * HOUR),
		});
		tick(MIN);
		expect(await polls(harness, 1, names)).toEqual([null]);
		// 12:01: it runs again
		ctx.sim.store.freezeTime(T0 + 3 * HOUR + MIN);
		expect(await polls(harness, 2, names)).toEqual([['Bea @ Postponed'], null]);
	});

	it("100 events starting at 09:00 with a poll's budget that allows a few reads: each joins with a cursor, is read at the next polls, and each attendee comes out once", async () => {
		let ahead = 0;
		const realNow = Date.now.bind(Date);
		const now = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
		// each attendee list read takes 3 s of the poll's clock (the budget: 20 s, no range after 10 s)
		ctx.sim.addFault({ kind: 'delay', delayMs: 3_000, path: '/attendee$', times: 0 });
		const wait = jest.spyOn(ctx.sim as never as { wait: (ms: number) => Promise<void> }, 'wait');
		wait.mockImplementation(async (ms: number) => {
			ahead += ms;
		});
		try {
			const early = add('Early', -HOUR);
			const harness = pollingTrigger(
				ctx.sim,
				{ resource: 'newAttendee', events: 'running' } as INodeParameters,
				20_000,
			);
			expect(await harness.pollItems()).toBeNull();
			ctx.sim.store.freezeTime(T0 + HOUR - MIN);
			const starting = Array.from({ length: 100 }, (_, i) => add(`Starting ${i}`, HOUR));
			const names = Object.fromEntries(starting.map((id, i) => [id, `S${i}`]));
			names[early] = 'Early';
			// 10:00: they all start; an attendee each
			ctx.sim.store.freezeTime(T0 + HOUR);
			for (const [i, id] of starting.entries()) attendee(id, `A${i}`);
			tick(MIN);
			const out: string[] = [];
			for (let i = 0; i < 40; i++) {
				const items = await harness.pollItems();
				out.push(...(items ?? []).map((item) => String(item.json.firstName)));
				tick(MIN);
			}
			expect([...out].sort()).toEqual(starting.map((_, i) => `A${i}`).sort());
			expect(
				Object.keys((harness.staticData.scopeState as { events: Json }).events).sort(),
			).toEqual([early, ...starting].sort());
		} finally {
			now.mockRestore();
			wait.mockRestore();
		}
	}, 60_000);

	it("answers without a Date while n8n's clock runs 10 minutes ahead: an event moved to have started already keeps what it changed since the last poll", async () => {
		await n8nAheadWithoutDate(10 * MIN, async () => {
			add('Running', -HOUR);
			const moved = add('Moved', 2 * HOUR);
			const harness = await activate({ resource: 'newAttendee', events: 'running' });
			tick(10 * MIN);
			attendee(moved, 'Mo');
			tick(5 * MIN);
			expect(await harness.pollItems()).toBeNull();
			// 09:20: Moved is found to have started at 09:05
			tick(5 * MIN);
			rescheduleEvent(ctx.sim.store, moved, {
				startsAt: iso(T0 + 5 * MIN),
				endsAt: iso(T0 + 5 * HOUR),
			});
			expect(await polls(harness, 2, { [moved]: 'Moved' })).toEqual([['Mo @ Moved'], null]);
		});
	});

	it("a first poll with time for a few events, answered without a Date while n8n's clock runs 5 minutes ahead: the events it had no time for keep what they changed after it once a Date tells EventX's clock (found by the property tests, issue 41)", async () => {
		// (the budget: 20 s, no read after 10 s)
		await slowReadsWithoutDate(5 * MIN, async () => {
			const ids = Array.from({ length: 6 }, (_, i) => add(`E${i}`, -HOUR));
			const names = Object.fromEntries(ids.map((id, i) => [id, `E${i}`]));
			const harness = pollingTrigger(
				ctx.sim,
				{ resource: 'newAttendee', events: 'running' } as INodeParameters,
				20_000,
			);
			// 09:00 (n8n: 09:05): time for a few events; nothing tells EventX's clock
			expect(await harness.pollItems()).toBeNull();
			// 09:00:10: an attendee each
			tick(10_000);
			for (const [i, id] of ids.entries()) attendee(id, `A${i}`);
			tick(MIN);
			// EventX's answers carry a Date again
			ctx.sim.store.dateSkewMs = 0;
			// (each poll has time for four reads and reads the events read longest ago first: every
			// event within two polls; read by lag alone, the two guessed waited six polls behind the
			// four whose cursors stay a minute behind their newest record until EventX's clock is
			// MAX_CLOCK_AHEAD_MS past it)
			const out: string[] = [];
			for (let i = 0; i < 2; i++) {
				const items = await polls(harness, 1, names);
				out.push(...(items[0] ?? []));
				tick(MIN);
			}
			expect(out.sort()).toEqual(ids.map((_, i) => `A${i} @ E${i}`));
		});
	});

	it("a first poll answered without a Date while n8n's clock runs 2 hours ahead: an event that starts running after it keeps what it changed since (found by the property tests, issue 41)", async () => {
		await n8nAheadWithoutDate(2 * HOUR, async () => {
			const later = add('Later', MIN, 1);
			// 09:00 (n8n: 11:00): no event runs, and no answer tells EventX's clock
			const harness = await activate({ resource: 'newAttendee', events: 'running' });
			// 09:01: Later starts, and gets an attendee
			tick(MIN);
			attendee(later, 'Lu');
			tick(2 * MIN);
			// EventX's answers carry a Date again: Later joins where it started running, not at n8n's 10:59
			ctx.sim.store.dateSkewMs = 0;
			expect(await polls(harness, 2, { [later]: 'Later' })).toEqual([['Lu @ Later'], null]);
		});
	});

	it("a first poll answered without a Date while n8n's clock runs 2 hours ahead: an event that runs and ends before the next keeps what it changed (found by the property tests, issue 41)", async () => {
		await n8nAheadWithoutDate(2 * HOUR, async () => {
			// runs from 09:01 to 09:02
			const brief = add('Brief', MIN, 1 / 60);
			// 09:00 (n8n: 11:00): no event runs, and no answer tells EventX's clock
			const harness = await activate({ resource: 'newAttendee', events: 'running' });
			tick(MIN + 30_000);
			attendee(brief, 'Bo');
			// 09:03: Brief has ended; EventX's answers carry a Date again
			tick(90_000);
			ctx.sim.store.dateSkewMs = 0;
			expect(await polls(harness, 2, { [brief]: 'Brief' })).toEqual([['Bo @ Brief'], null]);
		});
	});

	it("answers without a Date while n8n's clock runs 5 minutes ahead: an event that ended by n8n's clock joins at a guessed point, and once a Date tells EventX's clock its change before that point comes out (found by the property tests, issues 37 and 41)", async () => {
		await n8nAheadWithoutDate(5 * MIN, async () => {
			// runs until 09:05
			const ending = add('Ending', -HOUR, 1 + 5 / 60);
			const ann = attendee(ending, 'Ann');
			// 09:01 (n8n: 09:06): by n8n's clock nothing runs; where events join is a guess, 09:05
			tick(MIN);
			const harness = await activate({ resource: 'attendeeUpdated', events: 'running' });
			tick(MIN);
			changeAttendee(ctx.sim, ann.id, { city: 'Lyon' });
			// 09:03 (n8n: 09:08): Ending has ended by n8n's clock, and ran since the guess: it joins
			tick(MIN);
			expect(await harness.pollItems()).toBeNull();
			// EventX's answers carry a Date again: the guess was 5 minutes ahead
			tick(MIN);
			ctx.sim.store.dateSkewMs = 0;
			expect(await polls(harness, 2, { [ending]: 'Ending' })).toEqual([['Ann @ Ending'], null]);
		});
	});

	it("answers without a Date while n8n's clock runs 2 hours ahead: an event that ended by n8n's clock joins while no answer has told EventX's clock, though a record's stamp told it meanwhile (found by the property tests, issues 37 and 41)", async () => {
		await n8nAheadWithoutDate(2 * HOUR, async () => {
			// 09:01 to 10:01, and 09:00 to 13:00
			const brief = add('Brief', MIN, 1);
			const open = add('Open', 0, 4);
			// 09:00 (n8n: 11:00): by n8n's clock Open runs, with no attendee to tell EventX's clock;
			// where events join is a guess, 10:59
			const harness = await activate({ resource: 'newAttendee', events: 'running' });
			tick(70_000);
			attendee(brief, 'Bea');
			tick(170_000);
			attendee(open, 'Oz');
			// 09:05 (n8n: 11:05): Brief has ended by n8n's clock; Open's attendee tells EventX's clock
			tick(MIN);
			const names = { [brief]: 'Brief', [open]: 'Open' };
			expect(await polls(harness, 1, names)).toEqual([['Oz @ Open']]);
			// EventX's answers carry a Date again: Brief runs
			tick(MIN);
			ctx.sim.store.dateSkewMs = 0;
			expect(await polls(harness, 2, names)).toEqual([['Bea @ Brief'], null]);
		});
	});

	it("a slow first poll answered without a Date: its guessed join point is n8n's clock when it started, as a Date would have told, not when it ended (found by the property tests, issues 37 and 41)", async () => {
		await slowReadsWithoutDate(0, async (catchUp) => {
			// runs until 09:00:30
			const ended = add('Ended', -HOUR, 1 + 0.5 / 60);
			for (let i = 0; i < 3; i++) add(`Open ${i}`, -HOUR);
			tick(5_000);
			attendee(ended, 'Al');
			// 09:01: the first poll reads three events, 9 s of n8n's clock
			tick(55_000);
			const harness = pollingTrigger(
				ctx.sim,
				{ resource: 'newAttendee', events: 'running' } as INodeParameters,
				20_000,
			);
			expect(await harness.pollItems()).toBeNull();
			// EventX's clock catches up, its answers carry a Date again
			catchUp();
			ctx.sim.faults.clear();
			ctx.sim.store.dateSkewMs = 0;
			tick(MIN);
			expect(await polls(harness, 2, { [ended]: 'Ended' })).toEqual([['Al @ Ended'], null]);
		});
	});

	it("a first poll answered without a Date while n8n's clock runs 2 hours ahead, the first Date two hours later: the guessed join point moves back by as much, and an event that ended meanwhile keeps what it changed (found by the property tests, issues 37 and 41)", async () => {
		await n8nAheadWithoutDate(2 * HOUR, async () => {
			// 09:00 to 10:00, an attendee at 09:00
			const morning = add('Morning', 0, 1);
			attendee(morning, 'Mo');
			// 09:01 (n8n: 11:01): by n8n's clock Morning has ended; where events join is a guess, 11:00
			tick(MIN);
			const harness = await activate({ resource: 'newAttendee', events: 'running' });
			// 11:02: EventX's answers carry a Date again; the guess, two hours old, no longer lies ahead
			// of EventX's present
			tick(2 * HOUR + MIN);
			ctx.sim.store.dateSkewMs = 0;
			expect(await polls(harness, 2, { [morning]: 'Morning' })).toEqual([['Mo @ Morning'], null]);
		});
	});

	it("an event joining at a guessed join point and read before a Date tells EventX's clock: moved back then, what it let out is not let out again (found by the property tests, issues 37 and 41)", async () => {
		await slowReadsWithoutDate(0, async (catchUp) => {
			add('Open', -HOUR, 4);
			const moved = add('Moved', HOUR, 4);
			// 09:01: the first poll reads Open, which tells nothing of EventX's clock: events join
			// from a guess, 09:00 by n8n's clock
			tick(MIN);
			const harness = pollingTrigger(
				ctx.sim,
				{ resource: 'newAttendee', events: 'running' } as INodeParameters,
				20_000,
			);
			expect(await harness.pollItems()).toBeNull();
			// Moved now started at 08:30; an attendee at 09:01:30
			rescheduleEvent(ctx.sim.store, moved, {
				startsAt: iso(T0 - 30 * MIN),
				endsAt: iso(T0 + 4 * HOUR),
			});
			tick(30_000);
			attendee(moved, 'Mo');
			tick(MIN);
			const names = { [moved]: 'Moved' };
			expect(await polls(harness, 1, names)).toEqual([['Mo @ Moved']]);
			// still no Date, half an hour on, and again: Moved's cursor and memory pass Mo
			tick(30 * MIN);
			attendee(moved, 'Max');
			tick(MIN);
			expect(await polls(harness, 1, names)).toEqual([['Max @ Moved']]);
			tick(30 * MIN);
			expect(await polls(harness, 1, names)).toEqual([null]);
			// EventX's clock catches up, its answers carry a Date again: the guess moves back
			catchUp();
			ctx.sim.store.dateSkewMs = 0;
			tick(MIN);
			expect(await polls(harness, 2, names)).toEqual([null, null]);
		});
	});

	it('an event that stops running with a backlog (Max Records Per Poll 1) is read on until it is out, though its cursor passed its end: a registration whose record changed after the end comes out (Attendee Registered; found by the property tests, issue 37)', async () => {
		// 09:00 to 10:00
		const morning = add('Morning', 0, 1);
		const harness = await activate({
			resource: 'attendeeRegistered',
			events: 'running',
			options: { maxRecords: 1 },
		});
		tick(MIN);
		// three registrations at 09:01 (one a poll: which first goes by ID)
		const made = ['Al', 'Bo', 'Cy'].map((name) => attendee(morning, name));
		tick(MIN);
		const names = { [morning]: 'Morning' };
		const [first] = (await polls(harness, 1, names))[0]!;
		// 11:02: EventX's clock two hours on; one of the two left changed since
		tick(2 * HOUR);
		const changed = made.find((a) => !first.startsWith(String(a.firstName)))!;
		changeAttendee(ctx.sim, changed.id, { city: 'Lyon' });
		const rest = await polls(harness, 3, names);
		expect(rest[2]).toBeNull();
		expect([first, ...rest[0]!, ...rest[1]!].sort()).toEqual([
			'Al @ Morning',
			'Bo @ Morning',
			'Cy @ Morning',
		]);
	});

	it("an event joining at a guessed join point, then postponed: once a Date tells EventX's clock, its cursor moves back to where it joined as known then, not to its new start (found by the property tests, issue 37)", async () => {
		await n8nAheadWithoutDate(2 * HOUR, async () => {
			// 09:00 to 10:00
			const morning = add('Morning', 0, 1);
			// 09:01 (n8n: 11:01): by n8n's clock Morning has ended; where events join is a guess
			tick(MIN);
			const harness = await activate({ resource: 'newAttendee', events: 'running' });
			// 09:02: Morning joins (ended by n8n's clock since the guess), its cursor at the guess
			tick(MIN);
			const names = { [morning]: 'Morning' };
			expect(await polls(harness, 1, names)).toEqual([null]);
			attendee(morning, 'Mo');
			// 09:03: Morning postponed to 09:05
			tick(MIN);
			rescheduleEvent(ctx.sim.store, morning, {
				startsAt: iso(T0 + 5 * MIN),
				endsAt: iso(T0 + HOUR + 5 * MIN),
			});
			// 09:06: EventX's answers carry a Date again
			tick(3 * MIN);
			ctx.sim.store.dateSkewMs = 0;
			expect(await polls(harness, 2, names)).toEqual([['Mo @ Morning'], null]);
		});
	});

	it('the requests of an idle poll over 50 running events: one read of the event list and one page per event', async () => {
		const ids = Array.from({ length: 50 }, (_, i) => add(`Running ${i + 1}`, -HOUR));
		const harness = await activate({ resource: 'newAttendee', events: 'running' });
		tick(MIN);
		const before = apiRequests(ctx.sim).length;
		expect(await harness.pollItems()).toBeNull();
		const made = apiRequests(ctx.sim).slice(before);
		expect(made.length).toBe(51);
		expect(made.filter((r) => r.path === '/public-api/v1/event')).toHaveLength(1);
		expect(
			new Set(made.filter((r) => r.path.endsWith('/attendee')).map((r) => r.path.split('/')[4])),
		).toEqual(new Set(ids));
	});
});

describe('changing the trigger', () => {
	it('New Attendee (Several Events), then New Event, then New Attendee again: it starts over, nothing from before comes out', async () => {
		const a = add('A', HOUR);
		const parameters = { resource: 'newAttendee', events: 'several', eventIds: [a] };
		const harness = await activate(parameters);
		tick(MIN);
		attendee(a, 'Ada');
		tick(MIN);
		expect(await polls(harness, 1, { [a]: 'A' })).toEqual([['Ada @ A']]);
		harness.setParameters({ resource: 'newEvent', events: 'all' });
		expect(await harness.pollItems()).toBeNull();
		// days with the other trigger; attendees keep coming
		tick(2 * 24 * HOUR);
		attendee(a, 'Bea');
		tick(MIN);
		expect(await harness.pollItems()).toBeNull();
		harness.setParameters(parameters);
		expect(await harness.pollItems()).toBeNull();
		tick(MIN);
		attendee(a, 'Cy');
		tick(MIN);
		expect(await polls(harness, 2, { [a]: 'A' })).toEqual([['Cy @ A'], null]);
	});
});

describe('Start From', () => {
	it('One Event: the first poll after activation brings what happened since Start From, oldest first', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		attendee(eventId, 'Too Early');
		tick(HOUR);
		attendee(eventId, 'Back One');
		tick(HOUR);
		attendee(eventId, 'Back Two');
		tick(MIN);
		const harness = await activate({
			resource: 'newAttendee',
			eventId: byId(eventId),
			options: { startFrom: iso(T0 + 30 * MIN) },
		});
		tick(MIN);
		attendee(eventId, 'Now');
		tick(MIN);
		const names = { [eventId]: 'seed' };
		expect(await polls(harness, 2, names)).toEqual([
			['Back One @ seed', 'Back Two @ seed', 'Now @ seed'],
			null,
		]);
	});

	it('a Start From that is not a date fails before any request, naming the option', async () => {
		const harness = pollingTrigger(ctx.sim, {
			resource: 'newAttendee',
			eventId: byId(ctx.sim.seeded.eventIds[0]),
			options: { startFrom: 'last Tuesday' },
		} as INodeParameters);
		const before = ctx.sim.requests.length;
		const { error } = await harness.poll();
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Options > Start From: "last Tuesday" is not a date and time',
		});
		expect(ctx.sim.requests.length).toBe(before);
	});
});
