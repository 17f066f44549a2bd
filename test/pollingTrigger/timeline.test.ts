// Event Starting, Doors Opening and Event Ended against the simulator, poll by poll on its clock:
// lead times and delays, reschedules before and after firing, downtime within and past Max
// Lateness, drafts, deleted events, Start From, Fetch Test Event. Each moment fires exactly once:
// every poll's output is written out in full (null: nothing).
import type { INodeParameters } from 'n8n-workflow';

import { expectNodeError, useSimulator } from '../fixtures';
import { addEvent, deleteEvent, publishEvent, rescheduleEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';
import type { Json } from '../simulator/store';
import { pollingTrigger, withLog } from './setup';
import type { PollHarness } from '../harness/poll';

const ctx = useSimulator();

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** After every seeded event (the last ends in January 2027). */
const T0 = Date.parse('2027-03-01T09:00:00.000Z');
const iso = (t: number) => new Date(t).toISOString();

beforeEach(() => ctx.sim.store.freezeTime(T0));

/** Moves the simulator's clock to T0 + `offset`. */
const clockAt = (offset: number) => ctx.sim.store.freezeTime(T0 + offset);

/** An event of the hosted organization, added at the clock's now, 8 hours long by default. */
function add(name: string, startsAt: number, extra: Json = {}): string {
	const event = addEvent(ctx.sim.store, {
		organizationId: ORG_HOSTED,
		name,
		startsAt: iso(startsAt),
		endsAt: iso(startsAt + 8 * HOUR),
		...extra,
	});
	return String(event.id);
}

async function activate(parameters: Json): Promise<PollHarness> {
	const harness = pollingTrigger(ctx.sim, { events: 'all', ...parameters } as INodeParameters);
	expect(await harness.pollItems()).toBeNull();
	return harness;
}

/** What a poll fired: each event's name and its moment. */
async function fired(harness: PollHarness) {
	const items = await harness.pollItems();
	return items === null
		? null
		: items.map((item) => {
				const { name, moment } = item.json as { name: string; moment: Json };
				return { name, ...moment } as Json & { name: string };
			});
}

/** What a poll fired, by event name only. */
async function names(harness: PollHarness) {
	return (await fired(harness))?.map((m) => m.name) ?? null;
}

const starting = { resource: 'eventStarting', when: 'before', leadTime: 1, timeUnit: 'days' };

describe('Event Starting, Lead Time 1 day', () => {
	it('fires once per event, at the first poll a day before its start or later, with the event and its moment', async () => {
		const a = add('Alpha Summit', T0 + DAY + 30 * MIN);
		add('Beta Forum', T0 + DAY + 2 * HOUR);
		const harness = await activate(starting);
		clockAt(10 * MIN);
		expect(await fired(harness)).toBeNull();
		clockAt(31 * MIN);
		const items = await harness.pollItems();
		expect(items).toHaveLength(1);
		expect(items![0].json).toMatchObject({
			action: 'event-starting',
			eventId: a,
			id: a,
			name: 'Alpha Summit',
			startsAt: '2027-03-02T09:30:00.000Z',
			moment: {
				trigger: 'eventStarting',
				of: 'startsAt',
				time: '2027-03-02T09:30:00.000Z',
				firesAt: '2027-03-01T09:30:00.000Z',
				late: false,
				lateByMinutes: 1,
				backfill: false,
				rescheduled: false,
			},
		});
		clockAt(40 * MIN);
		expect(await fired(harness)).toBeNull();
		clockAt(2 * HOUR + MIN);
		expect(await names(harness)).toEqual(['Beta Forum']);
		clockAt(DAY + 3 * HOUR);
		expect(await fired(harness)).toBeNull();
	});

	it('an event rescheduled after its moment fired fires again, marked with the old and the new time; moved before, once at the new time', async () => {
		const moved = add('Moved After', T0 + DAY + 20 * MIN);
		const early = add('Moved Before', T0 + DAY + 3 * HOUR);
		const harness = await activate(starting);
		clockAt(30 * MIN);
		expect(await names(harness)).toEqual(['Moved After']);
		// Two hours later than planned; the other moves an hour earlier before its moment came.
		rescheduleEvent(ctx.sim.store, moved, {
			startsAt: iso(T0 + DAY + 2 * HOUR + 20 * MIN),
			endsAt: iso(T0 + DAY + 10 * HOUR),
		});
		rescheduleEvent(ctx.sim.store, early, { startsAt: iso(T0 + DAY + 2 * HOUR) });
		clockAt(HOUR);
		expect(await fired(harness)).toBeNull();
		clockAt(2 * HOUR + 30 * MIN);
		expect(await fired(harness)).toEqual([
			{
				name: 'Moved Before',
				trigger: 'eventStarting',
				of: 'startsAt',
				time: '2027-03-02T11:00:00.000Z',
				firesAt: '2027-03-01T11:00:00.000Z',
				late: false,
				lateByMinutes: 30,
				backfill: false,
				rescheduled: false,
			},
			{
				name: 'Moved After',
				trigger: 'eventStarting',
				of: 'startsAt',
				time: '2027-03-02T11:20:00.000Z',
				firesAt: '2027-03-01T11:20:00.000Z',
				late: false,
				lateByMinutes: 10,
				backfill: false,
				rescheduled: true,
				previousTime: '2027-03-02T09:20:00.000Z',
			},
		]);
		clockAt(3 * HOUR);
		expect(await fired(harness)).toBeNull();
	});

	it('downtime within Max Lateness: the moment fires at the next poll, marked late with how late', async () => {
		add('Gamma Days', T0 + DAY + 3 * HOUR);
		const harness = await activate(starting);
		for (const offset of [5, 10, 15]) {
			clockAt(offset * MIN);
			expect(await fired(harness)).toBeNull();
		}
		// n8n is down from 09:15 until 15:15; the moment was due at 12:00.
		clockAt(6 * HOUR + 15 * MIN);
		expect(await fired(harness)).toEqual([
			expect.objectContaining({
				name: 'Gamma Days',
				firesAt: '2027-03-01T12:00:00.000Z',
				late: true,
				lateByMinutes: 195,
			}),
		]);
		clockAt(6 * HOUR + 20 * MIN);
		expect(await fired(harness)).toBeNull();
	});

	it('downtime past Max Lateness: a moment older than it is skipped and counted in the log, a newer one fires late', async () => {
		const old = add('Too Late Expo', T0 + DAY + HOUR);
		add('Still On Time', T0 + DAY + 28 * HOUR);
		// n8n's log, as the poll's context gives it to the node, up to the poll after the downtime.
		const { result: harness, warn } = await withLog(async () => {
			const harness = await activate({ ...starting, options: { maxLatenessHours: 24 } });
			// Two polls tell the poll interval (the activation's gap to the first is none).
			for (const offset of [5, 10]) {
				clockAt(offset * MIN);
				expect(await fired(harness)).toBeNull();
			}
			// Down for 30 hours: Too Late Expo's moment was due 29 hours ago, the other's 2 hours ago.
			clockAt(30 * HOUR);
			expect(await fired(harness)).toEqual([
				expect.objectContaining({ name: 'Still On Time', late: true, lateByMinutes: 120 }),
			]);
			return harness;
		});
		expect(warn).toEqual([
			`EventX Polling Trigger (Event Starting): 1 moment(s) older than Max Lateness skipped, not fired: ${old} due 2027-03-01T10:00:00.000Z`,
		]);
		clockAt(30 * HOUR + 5 * MIN);
		expect(await fired(harness)).toBeNull();
	});

	it('drafts do not count unless included; an event unpublished before its moment does not fire; a deleted event never fires', async () => {
		add('Draft Meetup', T0 + DAY + HOUR, { isPublished: false });
		const unpublished = add('Pulled Gala', T0 + DAY + HOUR);
		const deleted = add('Cancelled Fair', T0 + DAY + HOUR);
		add('Kept Conference', T0 + DAY + HOUR);
		const published = await activate(starting);
		const drafts = await activate({ ...starting, options: { includeUnpublished: true } });
		publishEvent(ctx.sim.store, unpublished, false);
		deleteEvent(ctx.sim.store, deleted);
		clockAt(HOUR + MIN);
		expect(await names(published)).toEqual(['Kept Conference']);
		expect((await names(drafts))?.sort()).toEqual([
			'Draft Meetup',
			'Kept Conference',
			'Pulled Gala',
		]);
	});

	it('Several Events: only the picked events fire', async () => {
		const picked = add('Picked Show', T0 + DAY + HOUR);
		add('Other Show', T0 + DAY + HOUR);
		const harness = await activate({ ...starting, events: 'several', eventIds: [picked] });
		clockAt(HOUR + MIN);
		expect(await names(harness)).toEqual(['Picked Show']);
	});

	it('Start From: the first polls back-fill the moments due since then, marked as such; older ones stay history', async () => {
		add('Before Start From', T0 - 2 * DAY + HOUR); // due T0 - 3 days + 1 hour
		add('Back-filled', T0 - DAY + HOUR); // due T0 - 2 days + 1 hour
		add('Upcoming', T0 + DAY + HOUR);
		const harness = await activate({
			...starting,
			options: { startFrom: iso(T0 - 3 * DAY + 2 * HOUR) },
		});
		clockAt(MIN);
		expect(await fired(harness)).toEqual([
			expect.objectContaining({
				name: 'Back-filled',
				firesAt: '2027-02-27T10:00:00.000Z',
				late: true,
				backfill: true,
			}),
		]);
		clockAt(HOUR + MIN);
		expect(await fired(harness)).toEqual([
			expect.objectContaining({ name: 'Upcoming', late: false, backfill: false }),
		]);
	});

	it('"Fetch Test Event" shows the event whose moment came last, else the next one, and keeps nothing', async () => {
		const soon = add('Starting Soon', T0 + DAY - HOUR); // its moment was an hour ago
		const later = add('Tomorrow', T0 + 2 * DAY);
		add('Next Week', T0 + 8 * DAY);
		const all = pollingTrigger(ctx.sim, { events: 'all', ...starting } as INodeParameters);
		let test = await all.poll('manual');
		expect(test.items?.map((i) => i.json.name)).toEqual(['Starting Soon']);
		expect(all.savedStaticData).toEqual({});
		// Among events whose moments are all ahead: the next one.
		const ahead = pollingTrigger(ctx.sim, {
			...starting,
			events: 'several',
			eventIds: [later, soon],
		} as INodeParameters);
		deleteEvent(ctx.sim.store, soon);
		test = await ahead.poll('manual');
		expect(test.items?.map((i) => i.json.name)).toEqual(['Tomorrow']);
	});

	it('n8n 2.8 saves the state of a poll that fires only: after a restart the polls that found nothing are made again, and each event still fires once', async () => {
		add('Alpha Summit', T0 + DAY + 30 * MIN);
		add('Beta Forum', T0 + DAY + 2 * HOUR);
		const harness = pollingTrigger(
			ctx.sim,
			{ events: 'all', ...starting } as INodeParameters,
			undefined,
			'when it fires',
		);
		expect(await harness.pollItems()).toBeNull();
		clockAt(31 * MIN);
		expect(await names(harness)).toEqual(['Alpha Summit']);
		const saved = structuredClone(harness.savedStaticData);
		clockAt(60 * MIN);
		expect(await names(harness)).toBeNull();
		clockAt(90 * MIN);
		expect(await names(harness)).toBeNull();
		expect(harness.savedStaticData).toEqual(saved);
		expect(JSON.parse(JSON.stringify(harness.workflow.staticData))).not.toEqual(saved);

		harness.restart();
		clockAt(121 * MIN);
		expect(await names(harness)).toEqual(['Beta Forum']);
		clockAt(150 * MIN);
		expect(await names(harness)).toBeNull();
	});

	it('"Fetch Test Event" reads past a first page of events ahead: the one whose moment came last', async () => {
		for (let i = 0; i < 120; i++) add(`Future ${i}`, T0 + (10 + i) * DAY);
		add('Came Last', T0 + DAY - HOUR);
		add('Came Before', T0 + DAY - 2 * HOUR);
		const harness = pollingTrigger(ctx.sim, { events: 'all', ...starting } as INodeParameters);
		const { items } = await harness.poll('manual');
		expect(items?.map((i) => i.json.name)).toEqual(['Came Last']);
	});
});

describe('Doors Opening and Event Ended', () => {
	it('Doors Opening at the time: the entry window opening, or the start where the event has none', async () => {
		add('Early Doors', T0 + 3 * HOUR, { entryStartsAt: iso(T0 + HOUR) });
		add('No Entry Window', T0 + 2 * HOUR);
		const harness = await activate({ resource: 'doorsOpening', when: 'at' });
		clockAt(HOUR);
		expect(await fired(harness)).toEqual([
			expect.objectContaining({
				name: 'Early Doors',
				of: 'entryStartsAt',
				time: '2027-03-01T10:00:00.000Z',
				firesAt: '2027-03-01T10:00:00.000Z',
				late: false,
			}),
		]);
		clockAt(2 * HOUR);
		expect(await names(harness)).toEqual(['No Entry Window']);
		clockAt(3 * HOUR);
		expect(await fired(harness)).toBeNull();
	});

	it('Event Ended with Delay 1 hour: an hour after each end, once', async () => {
		const ended = add('Ends Soon', T0 - 7 * HOUR); // ends T0 + 1 hour
		const harness = await activate({
			resource: 'eventEnded',
			when: 'after',
			delay: 1,
			timeUnit: 'hours',
		});
		clockAt(HOUR + 59 * MIN);
		expect(await fired(harness)).toBeNull();
		clockAt(2 * HOUR);
		const items = await harness.pollItems();
		expect(
			items?.map((i) => [i.json.action, i.json.eventId, (i.json.moment as Json).firesAt]),
		).toEqual([['event-ended', ended, '2027-03-01T11:00:00.000Z']]);
		clockAt(3 * HOUR);
		expect(await fired(harness)).toBeNull();
	});

	it('a new lead time starts the trigger over: moments due before the change are history', async () => {
		add('Changing Rule', T0 + 2 * HOUR);
		const harness = await activate({ resource: 'eventStarting', when: 'at' });
		clockAt(10 * MIN);
		harness.setParameters({
			events: 'all',
			resource: 'eventStarting',
			when: 'before',
			leadTime: 1,
			timeUnit: 'hours',
		});
		// The first poll with the new rule starts it (its moment, 10:00, is ahead).
		expect(await fired(harness)).toBeNull();
		clockAt(HOUR);
		expect(await names(harness)).toEqual(['Changing Rule']);
		clockAt(2 * HOUR);
		expect(await fired(harness)).toBeNull();
	});
});

describe('bad input', () => {
	it('a negative lead time fails before any request, naming the field', async () => {
		const harness = pollingTrigger(ctx.sim, {
			events: 'all',
			...starting,
			leadTime: -1,
		} as INodeParameters);
		const before = ctx.sim.requests.length;
		const { error } = await harness.poll();
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Lead Time: -1 is not a number of at least 0',
		});
		expect(ctx.sim.requests.length).toBe(before);
	});
});

/** What a poll fired, by name and whether late (and how late, in minutes). */
async function lateness(harness: PollHarness) {
	return (await fired(harness))?.map((m) => [m.name, m.late, m.lateByMinutes] as const) ?? null;
}

describe('moments the timeline must neither lose nor misjudge (issues 37 and 41)', () => {
	it('a Lead Time reminder of an event moved earlier, past now, before it fired: it fires once, marked late', async () => {
		const moved = add('Moved Forward', T0 + 2 * DAY); // reminder T0 + 1 day
		const harness = await activate(starting);
		clockAt(4 * HOUR);
		expect(await fired(harness)).toBeNull();
		// Now starts in 22 hours: its reminder was due two hours ago (after the activation).
		clockAt(4 * HOUR + 30 * MIN);
		rescheduleEvent(ctx.sim.store, moved, { startsAt: iso(T0 + DAY + 2 * HOUR) });
		clockAt(5 * HOUR);
		expect(await lateness(harness)).toEqual([['Moved Forward', true, 180]]);
		clockAt(5 * HOUR + MIN);
		expect(await fired(harness)).toBeNull();
	});

	it('... also when its new reminder time is before the activation', async () => {
		const moved = add('Moved Way Forward', T0 + 2 * DAY);
		const harness = await activate(starting);
		clockAt(HOUR);
		expect(await fired(harness)).toBeNull();
		// Now starts in 19 hours: its reminder was due at T0 - 5 hours, before the activation.
		rescheduleEvent(ctx.sim.store, moved, { startsAt: iso(T0 + 19 * HOUR) });
		clockAt(HOUR + MIN);
		expect(await lateness(harness)).toEqual([['Moved Way Forward', true, 361]]);
		clockAt(HOUR + 2 * MIN);
		expect(await fired(harness)).toBeNull();
	});

	it('Max Lateness 0: a moment that came due between two regular polls fires at the first poll after it', async () => {
		add('Zero Lateness', T0 + DAY + 90_000); // reminder at T0 + 1 min 30 s
		const harness = await activate({ ...starting, options: { maxLatenessHours: 0 } });
		for (const minute of [1, 2, 3]) {
			clockAt(minute * MIN);
			const expected = minute === 2 ? [['Zero Lateness', false, 0]] : null;
			expect(await lateness(harness)).toEqual(expected);
		}
	});

	it('Several Events widened to All Events: a joining event starts where the last poll stood', async () => {
		const picked = add('Picked', T0 + DAY + 6 * HOUR);
		add('Passed Before Joining', T0 + DAY + HOUR); // reminder T0 + 1 hour
		add('Due After The Last Poll', T0 + DAY + 3 * HOUR + 30 * MIN); // reminder T0 + 3.5 hours
		const harness = await activate({ ...starting, events: 'several', eventIds: [picked] });
		clockAt(3 * HOUR);
		expect(await fired(harness)).toBeNull();
		harness.setParameters({ ...starting, events: 'all' } as INodeParameters);
		clockAt(4 * HOUR);
		expect(await lateness(harness)).toEqual([['Due After The Last Poll', false, 30]]);
		clockAt(6 * HOUR);
		expect(await names(harness)).toEqual(['Picked']);
	});

	it("an answer whose Date is two minutes behind the others' does not make the next on-time moment late", async () => {
		add('On Time', T0 + DAY + 4 * MIN + 30_000); // reminder at T0 + 4.5 min
		const harness = await activate(starting);
		for (const minute of [1, 2, 3]) {
			clockAt(minute * MIN);
			expect(await fired(harness)).toBeNull();
		}
		clockAt(4 * MIN);
		ctx.sim.addFault({ kind: 'date-skew', path: '^/public-api/v1/event$', skewMs: -2 * MIN });
		expect(await fired(harness)).toBeNull();
		clockAt(5 * MIN);
		expect(await lateness(harness)).toEqual([['On Time', false, 0]]);
	});

	it('"Fetch Test Event" of Event Ended on Several Events: the picked events\' latest moment, however many other events ended since', async () => {
		const longAgo = add('Picked Long Ago', T0 - 10 * DAY);
		for (let i = 0; i < 120; i++) add(`Other ${i}`, T0 - 5 * DAY + i * HOUR);
		const lastWeek = add('Picked Last Week', T0 - 7 * DAY);
		const harness = pollingTrigger(ctx.sim, {
			events: 'several',
			eventIds: [longAgo, lastWeek],
			resource: 'eventEnded',
			when: 'at',
		} as INodeParameters);
		const { items } = await harness.poll('manual');
		// By EventX's clock both ended: the one that ended last.
		expect(items?.map((i) => [i.json.name, (i.json.moment as Json).firesAt])).toEqual([
			['Picked Last Week', iso(T0 - 7 * DAY + 8 * HOUR)],
		]);
	});

	it('the short gap between the activation and the first scheduled poll does not make the next on-time moments late', async () => {
		add('Just After', T0 + DAY + 40_000); // reminder at T0 + 40 s
		const harness = await activate(starting);
		// Scheduled polls on the minute from T0 + 20 s.
		clockAt(20_000);
		expect(await fired(harness)).toBeNull();
		clockAt(MIN + 20_000);
		expect(await lateness(harness)).toEqual([['Just After', false, 0]]);
		clockAt(2 * MIN + 20_000);
		expect(await fired(harness)).toBeNull();
	});

	it('daily polls and the default Max Lateness: a moment due just after one poll fires at the next, on time', async () => {
		add('Daily', T0 + 3 * DAY + 30_000); // reminder at T0 + 2 days + 30 s
		const harness = await activate(starting);
		for (const day of [1, 2]) {
			clockAt(day * DAY);
			expect(await fired(harness)).toBeNull();
		}
		clockAt(3 * DAY + 45_000);
		expect(await lateness(harness)).toEqual([['Daily', false, 1440]]);
	});

	it('a skipped moment is not a fired one: the event rescheduled later fires without rescheduled or a previous time', async () => {
		const { warn: warnings } = await withLog(async () => {
			const id = add('Skipped Then Moved', T0 + DAY + HOUR); // reminder T0 + 1 hour
			const harness = await activate({ ...starting, options: { maxLatenessHours: 1 } });
			for (const minute of [1, 2]) {
				clockAt(minute * MIN);
				expect(await fired(harness)).toBeNull();
			}
			clockAt(5 * HOUR);
			expect(await fired(harness)).toBeNull();
			rescheduleEvent(ctx.sim.store, id, { startsAt: iso(T0 + DAY + 6 * HOUR) });
			clockAt(6 * HOUR);
			expect(await fired(harness)).toEqual([
				expect.objectContaining({ name: 'Skipped Then Moved', rescheduled: false }),
			]);
			expect((await fired(harness)) ?? []).toEqual([]);
		});
		expect(warnings).toHaveLength(1);
	});

	it("Lead Time in days across a daylight-saving change: the same wall-clock time in the event's zone", async () => {
		// 09:00 in New York on 2027-03-14, after the clocks went forward at 02:00 (13:00 UTC).
		add('After The Change', Date.parse('2027-03-14T13:00:00.000Z'), {
			timezone: 'America/New_York',
		});
		ctx.sim.store.freezeTime(Date.parse('2027-03-13T12:00:00.000Z'));
		const harness = await activate(starting);
		// A day before is 09:00 New York time on the 13th: 14:00 UTC, 25 hours earlier.
		ctx.sim.store.freezeTime(Date.parse('2027-03-13T13:30:00.000Z'));
		expect(await fired(harness)).toBeNull();
		ctx.sim.store.freezeTime(Date.parse('2027-03-13T14:00:00.000Z'));
		expect((await fired(harness))?.map((m) => [m.name, m.firesAt])).toEqual([
			['After The Change', '2027-03-13T14:00:00.000Z'],
		]);
	});

	it('an event created with its moment older than Max Lateness: not fired, and counted in the log', async () => {
		const { warn: warnings } = await withLog(async () => {
			const harness = await activate({ ...starting, options: { maxLatenessHours: 1 } });
			clockAt(MIN);
			add('Created Late', T0 + 20 * HOUR); // reminder was due T0 - 4 hours
			clockAt(2 * MIN);
			expect(await fired(harness)).toBeNull();
			clockAt(3 * MIN);
			expect(await fired(harness)).toBeNull();
		});
		expect(warnings).toEqual([
			expect.stringMatching(/^EventX Polling Trigger \(Event Starting\): 1 moment/),
		]);
	});

	it('an events read stopped at the poll budget judges nothing: the moment fires at the next poll, on time, and the stop is logged', async () => {
		for (let i = 0; i < 150; i++) add(`Far ${i}`, T0 + (10 + i) * DAY);
		add('Due Soon', T0 + DAY + 90_000); // reminder at T0 + 1.5 min
		const harness = pollingTrigger(
			ctx.sim,
			{ events: 'all', ...starting, options: { maxLatenessHours: 0 } } as INodeParameters,
			1_000,
		);
		expect(await harness.pollItems()).toBeNull();
		clockAt(MIN);
		expect(await fired(harness)).toBeNull();
		const { warn: warnings } = await withLog(async () => {
			clockAt(2 * MIN);
			// The first answer takes past half the budget: no further range is read.
			ctx.sim.addFault({ kind: 'delay', path: '^/public-api/v1/event$', delayMs: 600 });
			expect(await fired(harness)).toBeNull();
		});
		expect(warnings).toEqual([expect.stringMatching(/did not finish/)]);
		clockAt(3 * MIN);
		expect(await lateness(harness)).toEqual([['Due Soon', false, 1]]);
	});

	it('a Start From ahead of the activation: the trigger starts there, moments due before it are history', async () => {
		add('Before Start From', T0 + DAY + HOUR); // reminder T0 + 1 hour
		add('After Start From', T0 + DAY + 3 * HOUR); // reminder T0 + 3 hours
		const harness = await activate({ ...starting, options: { startFrom: iso(T0 + 2 * HOUR) } });
		clockAt(HOUR);
		expect(await fired(harness)).toBeNull();
		clockAt(3 * HOUR);
		expect(await names(harness)).toEqual(['After Start From']);
	});

	it("answers without a Date while n8n's clock runs 2 hours ahead: a moment fires when it is due by EventX's clock, as the last Date told it, not 2 hours early (issue 41, risk 8)", async () => {
		const now = jest.spyOn(Date, 'now').mockImplementation(() => ctx.sim.store.nowMs() + 2 * HOUR);
		try {
			// starts at 12:00: its reminder (Lead Time 1 hour) is due at 11:00
			add('Noon Talk', T0 + 3 * HOUR);
			const harness = await activate({ ...starting, leadTime: 1, timeUnit: 'hours' });
			// from now on EventX's answers carry no Date
			ctx.sim.store.dateSkewMs = null;
			// 10:00 by EventX's clock, 12:00 by n8n's; then 10:59
			clockAt(HOUR);
			expect(await fired(harness)).toBeNull();
			clockAt(2 * HOUR - MIN);
			expect(await fired(harness)).toBeNull();
			clockAt(2 * HOUR);
			expect(await lateness(harness)).toEqual([['Noon Talk', false, 0]]);
		} finally {
			now.mockRestore();
		}
	});
});
