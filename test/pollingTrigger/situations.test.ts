// EventX Polling Trigger against the situations a real EventX creates, for every polling event
// each applies to: late commits, a wrong clock, offline check-ins, rows out of order, a capped
// totalCount, records sharing a millisecond, refunds, silence, Fetch Test Event, options given as
// text (the ones at volume, removals while paging among them: situationsAtScale.test.ts).
// Each asserts exactly once: the IDs each poll emits, written out in full (null: nothing).

import { expectNodeError, useSimulator } from '../fixtures';
import { addEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';
import {
	changeAttendee,
	createAttendee,
	DOWNTIME_MS,
	idsOf,
	listReads,
	occurMany,
	activateDriver,
	occurrenceDrivers,
	pollIds,
	pollingTrigger,
	pollLoggingDebug,
	pollParameters,
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
const occur = (driver: OccurrenceDriver) => driver.occur(ctx.sim, eventId);

describe.each(DRIVERS)('$trigger', (driver) => {
	it('1. late visibility: a record stamped 2 s before the last one emitted, committed after that poll, comes out once', async () => {
		const harness = await activate(driver, 2);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		const late = occur(driver);
		ctx.sim.commitLate(late, 5000);
		ctx.sim.store.advanceTime(2000);
		const shown = occur(driver);
		expect(await pollIds(harness, 1)).toEqual([[shown]]);
		// the late transaction commits
		ctx.sim.store.advanceTime(5000);
		expect(await pollIds(harness, 2)).toEqual([[late], null]);
	});

	it('2. a wrong clock: a record stamped a day ahead comes out once and silences nothing', async () => {
		const harness = await activate(driver, 2);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.recordSkewMs = 86_400_000;
		const future = occur(driver);
		ctx.sim.store.recordSkewMs = 0;
		expect(await pollIds(harness, 1)).toEqual([[future]]);
		ctx.sim.store.advanceTime(60_000);
		const next = occur(driver);
		expect(await pollIds(harness, 2)).toEqual([[next], null]);
		// a day later the skewed one is in the past: still not again
		ctx.sim.store.advanceTime(86_400_000);
		expect(await pollIds(harness, 1)).toEqual([null]);
	});

	it('4. out-of-order answers: a row a place out of order at each page edge loses nothing (100 changes, then 250 at 100 a poll)', async () => {
		driver.prepare(ctx.sim, eventId, 351);
		// one change before the trigger starts: the records prepared lie strictly before it
		ctx.sim.store.advanceTime(1000);
		occur(driver);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, driver.trigger));
		expect(await harness.pollItems()).toBeNull();
		ctx.sim.addFault({ kind: 'out-of-order', path: listPath(driver), times: 0 });
		ctx.sim.store.advanceTime(1000);
		// 100: the first page of a newest-first read is exactly the changes; the oldest of them
		// changes places with the first older row, on the next page
		const first = occurMany(ctx.sim, driver, eventId, 100);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(await pollIds(harness, 2)).toEqual([first, null]);

		harness.setParameters(pollParameters(eventId, driver.trigger, { maxRecords: 100 }));
		const more = occurMany(ctx.sim, driver, eventId, 250);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(await pollIds(harness, 4)).toEqual([
			more.slice(0, 100),
			more.slice(100, 200),
			more.slice(200, 250),
			null,
		]);
	});

	it('5. totalCount that lies: capped at 50 while 250 changes wait, all 250 come out once', async () => {
		const harness = await activate(driver, 250);
		ctx.sim.addFault({ kind: 'capped-count', totalCount: 50, path: listPath(driver), times: 0 });
		ctx.sim.store.advanceTime(1000);
		const changes = occurMany(ctx.sim, driver, eventId, 250);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(await pollIds(harness, 2)).toEqual([changes, null]);
	});

	it('7. equal stamps: two records of one millisecond, the second visible only after the first was emitted, each once', async () => {
		const harness = await activate(driver, 2);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		const first = occur(driver);
		const second = occur(driver);
		ctx.sim.commitLate(second, 1);
		expect(await pollIds(harness, 1)).toEqual([[first]]);
		ctx.sim.store.advanceTime(1);
		expect(await pollIds(harness, 2)).toEqual([[second], null]);
	});

	it("9. a silent EventX: the poll ends within n8n's poll budget, keeps its cursor, and the next brings the change once", async () => {
		const harness = await activate(driver, 1, {}, 2000);
		const saved = structuredClone(harness.savedStaticData);
		ctx.sim.store.advanceTime(1000);
		const change = occur(driver);
		ctx.sim.addFault({ kind: 'hang', path: listPath(driver), times: 0 });
		const started = Date.now();
		const silent = await harness.poll();
		expect(Date.now() - started).toBeLessThan(2000);
		expect(silent.items).toBeNull();
		expectNodeError(silent.error, {
			name: 'NodeApiError',
			message: 'EventX did not answer in time',
		});
		expect(harness.savedStaticData).toEqual(saved);
		ctx.sim.faults.clear();
		expect(await pollIds(harness, 2)).toEqual([[change], null]);
	});

	it('12. n8n 2.8 saves the state of a poll that fires only: after a restart the polls that found nothing are made again, and each change still comes out once', async () => {
		const harness = await activateDriver(
			ctx.sim,
			eventId,
			driver,
			2,
			{},
			undefined,
			'when it fires',
		);
		ctx.sim.store.advanceTime(1000);
		const fired = occurMany(ctx.sim, driver, eventId, 2);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(await pollIds(harness, 1)).toEqual([fired]);
		const saved = structuredClone(harness.savedStaticData);
		// Polls that find nothing while the lists grow by records that change later (the attendees
		// and orders of the changes below) and EventX's clock moves: the running workflow's state
		// moves on, the saved one stays where the last poll that fired left it.
		driver.prepare(ctx.sim, eventId, 40);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(await pollIds(harness, 2)).toEqual([null, null]);
		expect(harness.savedStaticData).toEqual(saved);
		expect(JSON.parse(JSON.stringify(harness.workflow.staticData))).not.toEqual(saved);

		harness.restart();
		ctx.sim.store.advanceTime(1000);
		const after = occurMany(ctx.sim, driver, eventId, 2);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(await pollIds(harness, 2)).toEqual([after, null]);
	});

	it('13. a server whose clock runs 2 minutes ahead answers a poll: a change made just after it still comes out (the watermark stays a minute behind the newest record)', async () => {
		const harness = await activate(driver, 2);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		const first = occur(driver);
		ctx.sim.store.dateSkewMs = 120_000;
		expect(await pollIds(harness, 1)).toEqual([[first]]);
		ctx.sim.store.dateSkewMs = 0;
		ctx.sim.store.advanceTime(1000);
		const second = occur(driver);
		expect(await pollIds(harness, 2)).toEqual([[second], null]);
	});

	it('13. a server whose clock runs 2 minutes ahead answers a poll whose newest record was stamped by a clock 30 s ahead: a change made a second after the poll still comes out (the watermark stays a minute behind that record)', async () => {
		const harness = await activate(driver, 2);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		ctx.sim.store.recordSkewMs = 30_000;
		const ahead = occur(driver);
		ctx.sim.store.recordSkewMs = 0;
		ctx.sim.store.dateSkewMs = 120_000;
		expect(await pollIds(harness, 1)).toEqual([[ahead]]);
		ctx.sim.store.dateSkewMs = 0;
		// stamped 29 s before the record the poll read
		ctx.sim.store.advanceTime(1000);
		const next = occur(driver);
		expect(await pollIds(harness, 2)).toEqual([[next], null]);
	});

	it('11. Max Records Per Poll given by an expression as text ("250") caps the poll', async () => {
		const harness = await activate(driver, 300, { maxRecords: '250' });
		ctx.sim.store.advanceTime(1000);
		const changes = occurMany(ctx.sim, driver, eventId, 300);
		ctx.sim.store.advanceTime(DOWNTIME_MS);
		expect(await pollIds(harness, 3)).toEqual([changes.slice(0, 250), changes.slice(250), null]);
	});

	it('11. Max Records Per Poll that is not a whole number fails naming the option, before any request', async () => {
		const harness = pollingTrigger(
			ctx.sim,
			pollParameters(eventId, driver.trigger, { maxRecords: '25O' }),
		);
		ctx.sim.clearLog();
		const { error } = await harness.poll();
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Options > Max Records Per Poll: "25O" is not a whole number of at least 1',
		});
		expect(listReads(ctx.sim, driver.resource)).toHaveLength(0);
	});
});

const driver = (trigger: string) => DRIVERS.find((d) => d.trigger === trigger)!;

describe('situations of one polling event', () => {
	it('3. offline devices: a check-in scanned an hour ago and synced now comes out once, after later check-ins were emitted', async () => {
		const checkedIn = driver('attendeeCheckedIn');
		const harness = await activate(checkedIn, 2);
		const [offline] = createAttendees(1);
		ctx.sim.store.advanceTime(3_600_000);
		const online = occur(checkedIn);
		expect(await pollIds(harness, 1)).toEqual([[online]]);
		// the device that scanned an hour ago comes back online
		ctx.sim.store.advanceTime(60_000);
		ctx.sim.syncOfflineCheckIn(offline, new Date(ctx.sim.store.nowMs() - 3_660_000).toISOString());
		expect(await pollIds(harness, 2)).toEqual([[offline], null]);
		// a later change to either does not make it a check-in again
		ctx.sim.store.advanceTime(60_000);
		changeAttendee(ctx.sim, offline, { city: 'Lima' });
		changeAttendee(ctx.sim, online, { city: 'Lima' });
		expect(await pollIds(harness, 1)).toEqual([null]);
	});

	it('3. offline devices: a check-in scanned before the trigger started and synced after is left out, and counted in the log', async () => {
		const checkedIn = driver('attendeeCheckedIn');
		const harness = await activate(checkedIn, 0);
		const [offline] = createAttendees(1);
		ctx.sim.store.advanceTime(60_000);
		// scanned 20 minutes ago: before the activation, ten minutes ago
		ctx.sim.syncOfflineCheckIn(offline, new Date(ctx.sim.store.nowMs() - 1_200_000).toISOString());
		const { items, debug } = await pollLoggingDebug(harness);
		expect(items).toBeNull();
		expect(debug).toEqual([
			expect.stringMatching(
				new RegExp(
					`^EventX Polling Trigger \\(Attendee Checked In\\), event ${eventId}: 1 record\\(s\\) whose attendedAt is before \\S+ read and left out: `,
				),
			),
		]);
	});

	it('7. Max Records Per Poll cuts between registrations: one whose attendee changed after registering (its registeredAt older than its updatedAt) comes out at the next poll', async () => {
		const registered = driver('attendeeRegistered');
		const harness = await activate(registered, 3, { maxRecords: 2 });
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		const [a, b, c] = occurMany(ctx.sim, registered, eventId, 3);
		ctx.sim.store.advanceTime(2);
		changeAttendee(ctx.sim, a, { city: 'Porto' });
		// past the look-back: the poll's watermark stops at a, the first record it leaves
		ctx.sim.store.advanceTime(120_000);
		// read by updatedAt: b and c, then a
		expect(await pollIds(harness, 3)).toEqual([[b, c], [a], null]);
	});

	it.each(['attendeeCheckedIn', 'attendeeRegistered'])(
		'7. %s: Max Records Per Poll 1 cuts between two of one millisecond after a downtime, and the attendee emitted changes before the next poll (its occurrence keeps its stamp): it does not come out again',
		async (trigger) => {
			const occurring = driver(trigger);
			const harness = await activate(occurring, 2, { maxRecords: 1 });
			ctx.sim.store.advanceTime(1000);
			ctx.sim.store.freezeTime();
			const pair = [occur(occurring), occur(occurring)];
			// n8n down 10 minutes: the watermark stops at the one left, at the same millisecond
			ctx.sim.store.advanceTime(600_000);
			const [[first]] = (await pollIds(harness, 1)) as string[][];
			expect(pair).toContain(first);
			changeAttendee(ctx.sim, first, { city: 'Porto' });
			expect(await pollIds(harness, 2)).toEqual([pair.filter((id) => id !== first), null]);
		},
	);

	it('9. Attendee Registered: a poll that reads on below the newest changes (the last one spent half its budget on its first answer) leaves the registrations of those above for the next poll, not behind its floor', async () => {
		await withClientClock(async (sim, eventId) => {
			const registered = driver('attendeeRegistered');
			registered.prepare(sim, eventId, 250);
			sim.store.advanceTime(DOWNTIME_MS);
			// one change inside the look-back at the activation: its first window reads two pages
			createAttendee(sim, eventId);
			sim.store.advanceTime(30_000);
			const harness = pollingTrigger(sim, pollParameters(eventId, 'attendeeRegistered'), 40_000);
			expect(await pollIds(harness, 1)).toEqual([null]);
			sim.store.advanceTime(1000);
			const registrations = occurMany(sim, registered, eventId, 250);
			// then each checked in at the door, in the order they registered, n8n down meanwhile
			for (const id of registrations) {
				sim.store.advanceTime(1);
				const now = sim.store.now();
				changeAttendee(sim, id, { checkedInAt: now, attendedAt: now, checkInMethod: 'qr_code' });
			}
			sim.store.advanceTime(DOWNTIME_MS);
			// the first answer (the 200 checked in last) takes 20 s of 40: the poll stops there; the
			// next reads from the 100th newest down, the one after from the top
			sim.addFault({ kind: 'delay', delayMs: 20_000, path: '/attendee$', times: 1 });
			expect(await pollIds(harness, 4)).toEqual([
				null,
				registrations.slice(0, 150),
				registrations.slice(150),
				null,
			]);
		});
	});

	it('8. a refund between polls: an order paid and refunded before the next poll comes out once, refunded', async () => {
		const paid = driver('orderPaid');
		const harness = await activate(paid, 2);
		ctx.sim.store.advanceTime(1000);
		const refunded = occur(paid);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.setOrderStatus(refunded, 'refunded');
		const items = await harness.pollItems();
		expect(idsOf(items)).toEqual([refunded]);
		expect(items![0].json).toMatchObject({ action: 'order-paid', status: 'refunded' });
		// paid, emitted, then refunded: not again
		ctx.sim.store.advanceTime(1000);
		const other = occur(paid);
		expect(await pollIds(harness, 1)).toEqual([[other]]);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.setOrderStatus(other, 'refunding');
		ctx.sim.setOrderStatus(other, 'refunded');
		expect(await pollIds(harness, 1)).toEqual([null]);
	});

	it.each(['attendeeCheckedIn', 'attendeeRegistered'])(
		'10. "Fetch Test Event" for %s shows the latest one even when 150 other attendees changed since',
		async (trigger) => {
			const d = driver(trigger);
			d.prepare(ctx.sim, eventId, 1);
			const others = createAttendees(150);
			ctx.sim.store.advanceTime(1000);
			const latest = occur(d);
			for (const id of others) {
				ctx.sim.store.advanceTime(1);
				changeAttendee(ctx.sim, id, { jobTitle: 'Volunteer' });
			}
			const harness = pollingTrigger(ctx.sim, pollParameters(eventId, trigger));
			const manual = await harness.poll('manual');
			expect(idsOf(manual.items)).toEqual([latest]);
			expect(harness.savedStaticData).toEqual({});
		},
	);

	it.each(['newAttendee', 'attendeeUpdated', 'attendeeRegistered', 'attendeeCheckedIn'])(
		'11. Registration Status given by an expression as text ("registered") still filters (%s)',
		async (trigger) => {
			// one attendee of each status for the event to happen to
			const [pending, registered] = [
				createAttendee(ctx.sim, eventId, { registrationStatus: 'pending' }).id,
				createAttendee(ctx.sim, eventId, { registrationStatus: 'registered' }).id,
			];
			const harness = await activate(driver(trigger), 0, { registrationStatus: 'registered' });
			ctx.sim.store.advanceTime(1000);
			const checkIn = { attendedAt: ctx.sim.store.now(), checkedInAt: ctx.sim.store.now() };
			if (trigger === 'newAttendee') {
				createAttendee(ctx.sim, eventId, { registrationStatus: 'pending' });
				const shown = createAttendee(ctx.sim, eventId, { registrationStatus: 'registered' }).id;
				expect(await pollIds(harness, 2)).toEqual([[shown], null]);
			} else if (trigger === 'attendeeRegistered') {
				// the pending one registers; one left pending changes
				changeAttendee(ctx.sim, pending, { registrationStatus: 'registered' });
				const other = createAttendee(ctx.sim, eventId, { registrationStatus: 'pending' }).id;
				ctx.sim.store.advanceTime(1);
				changeAttendee(ctx.sim, other, { city: 'Oslo' });
				expect(await pollIds(harness, 2)).toEqual([[pending], null]);
			} else {
				const fields = trigger === 'attendeeCheckedIn' ? checkIn : { city: 'Oslo' };
				changeAttendee(ctx.sim, pending, fields);
				changeAttendee(ctx.sim, registered, fields);
				expect(await pollIds(harness, 2)).toEqual([[registered], null]);
			}
		},
	);

	it('11. Order Status given by an expression as text ("paid, completed") still filters (New Order)', async () => {
		const harness = await activate(driver('newOrder'), 0, { orderStatus: 'paid, completed' });
		ctx.sim.store.advanceTime(1000);
		ctx.sim.addOrder(eventId, { status: 'pending_payment' });
		ctx.sim.store.advanceTime(1);
		const paid = ctx.sim.addOrder(eventId, { status: 'paid' }).id;
		ctx.sim.store.advanceTime(1);
		const completed = ctx.sim.addOrder(eventId, { status: 'completed' }).id;
		expect(await pollIds(harness, 2)).toEqual([[paid, completed], null]);
	});

	it.each([
		[
			'newAttendee',
			{ registrationStatus: 'registred' },
			'Options > Registration Status: "registred" is not a status EventX knows (pending, registered, not-applicable)',
		],
		[
			'attendeeCheckedIn',
			{ registrationStatus: '["Registered", "cancelled"]' },
			'Options > Registration Status: "cancelled" is not a status EventX knows (pending, registered, not-applicable)',
		],
		[
			'newOrder',
			{ orderStatus: 'paid, payed' },
			'Options > Order Status: "payed" is not a status EventX knows (initialized, pending_payment, paid, cancelled, completed, refunding, refunded)',
		],
	])(
		'11. a status given as text that EventX does not know fails naming the option, before any request (%s)',
		async (trigger, options, message) => {
			const harness = pollingTrigger(ctx.sim, pollParameters(eventId, trigger, options));
			ctx.sim.clearLog();
			const { error } = await harness.poll();
			expectNodeError(error, { name: 'NodeOperationError', message });
			expect(ctx.sim.requestsTo()).toHaveLength(0);
		},
	);

	it('11. a status given as text in another case filters as EventX writes it ("Registered")', async () => {
		const harness = await activate(driver('attendeeUpdated'), 0, {
			registrationStatus: 'Registered',
		});
		const [pending, registered] = [
			createAttendee(ctx.sim, eventId, { registrationStatus: 'pending' }).id,
			createAttendee(ctx.sim, eventId, { registrationStatus: 'registered' }).id,
		];
		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, pending, { city: 'Oslo' });
		changeAttendee(ctx.sim, registered, { city: 'Oslo' });
		expect(await pollIds(harness, 1)).toEqual([[registered]]);
	});
});

/** Attendees of the event that no driver touches. */
function createAttendees(count: number): string[] {
	return Array.from({ length: count }, () => createAttendee(ctx.sim, eventId).id);
}

describe('clocks that disagree', () => {
	it('a door scanner whose clock runs 8 hours fast: of the 1,200 check-ins it syncs, 1,000 come out at once (the memory of what the next poll meets again), the rest and the next check-in at the next poll', async () => {
		const checkedIn = driver('attendeeCheckedIn');
		const harness = await activate(checkedIn, 1);
		const scanned = createAttendees(1_200);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		const fast = new Date(ctx.sim.store.nowMs() + 8 * 3_600_000).toISOString();
		for (const id of scanned) ctx.sim.syncOfflineCheckIn(id, fast);
		// one sync time and one scan time for all: they come out in ID order
		const inOrder = [...scanned].sort();
		expect(await pollIds(harness, 1)).toEqual([inOrder.slice(0, 1_000)]);
		// a poll a minute later: the sync is past the look-back
		ctx.sim.store.advanceTime(61_000);
		const next = occur(checkedIn);
		expect(await pollIds(harness, 2)).toEqual([[next, ...inOrder.slice(1_000)], null]);
	}, 60_000);
});

describe.each(DRIVERS)('$trigger, clocks that disagree', (driver) => {
	it("answers without a Date header while n8n runs 2 hours behind EventX (every record after n8n's clock): each change comes out once", async () => {
		// EventX's clock, and every record of a new event, 2 hours ahead of n8n's
		ctx.sim.store.advanceTime(2 * 3_600_000);
		ctx.sim.store.dateSkewMs = null;
		const eventId = String(
			addEvent(ctx.sim.store, {
				organizationId: ORG_HOSTED,
				name: 'Ahead',
				startsAt: '2027-03-01T09:00:00.000Z',
				endsAt: '2027-03-01T18:00:00.000Z',
			}).id,
		);
		const harness = await activateDriver(ctx.sim, eventId, driver, 3);
		ctx.sim.store.advanceTime(1000);
		const changes = occurMany(ctx.sim, driver, eventId, 3);
		expect(await pollIds(harness, 2)).toEqual([changes, null]);
	});
});
