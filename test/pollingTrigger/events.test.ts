// New Event, Event Updated and Event Published against the simulator, on the polling engine's
// cursor over the event list: each change once, drafts as the option says, deleted events
// never, the picked events only, Start From, Fetch Test Event. Every poll's output written out.
import type { INodeParameters } from 'n8n-workflow';

import { inProcessTimeZone, useSimulator } from '../fixtures';
import { PollHarness } from '../harness/poll';
import { addEvent, deleteEvent, publishEvent, rescheduleEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';
import type { Json } from '../simulator/store';
import { pollingTrigger, pollLoggingDebug } from './setup';

const ctx = useSimulator();

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.parse('2027-03-01T09:00:00.000Z');
const iso = (t: number) => new Date(t).toISOString();

beforeEach(() => ctx.sim.store.freezeTime(T0));

const tick = (ms: number) => ctx.sim.store.advanceTime(ms);

function add(name: string, extra: Json = {}): string {
	const event = addEvent(ctx.sim.store, {
		organizationId: ORG_HOSTED,
		name,
		startsAt: iso(T0 + 10 * DAY),
		endsAt: iso(T0 + 10 * DAY + 8 * HOUR),
		...extra,
	});
	return String(event.id);
}

async function activate(parameters: Json): Promise<PollHarness> {
	const harness = pollingTrigger(ctx.sim, { events: 'all', ...parameters } as INodeParameters);
	expect(await harness.pollItems()).toBeNull();
	return harness;
}

/** Each poll's events, by name (null: nothing). */
async function names(harness: PollHarness, polls = 1) {
	const out: Array<string[] | null> = [];
	for (let i = 0; i < polls; i++) {
		const items = await harness.pollItems();
		out.push(items === null ? null : items.map((item) => String(item.json.name)));
	}
	return out;
}

describe('New Event', () => {
	it('each event created comes out once, drafts included by default, as Event > Get gives it', async () => {
		const harness = await activate({ resource: 'newEvent' });
		tick(MIN);
		const id = add('Harbour Talks', { isPublished: false, timezone: 'Asia/Hong_Kong' });
		tick(MIN);
		add('River Run');
		const items = await harness.pollItems();
		expect(items?.map((i) => i.json.name)).toEqual(['Harbour Talks', 'River Run']);
		expect(items![0].json).toMatchObject({
			action: 'event-create',
			eventId: id,
			id,
			name: 'Harbour Talks',
			isPublished: false,
			timezone: 'Asia/Hong_Kong',
		});
		tick(MIN);
		expect(await names(harness, 2)).toEqual([null, null]);
		// Neither an update nor the look-back brings an event out again.
		rescheduleEvent(ctx.sim.store, id, { startsAt: iso(T0 + 9 * DAY) });
		tick(2 * MIN);
		expect(await names(harness)).toEqual([null]);
	});

	it('Include Unpublished Events off: drafts are left out (EventX-side: the list is filtered)', async () => {
		const harness = await activate({
			resource: 'newEvent',
			options: { includeUnpublished: false },
		});
		tick(MIN);
		add('Draft Night', { isPublished: false });
		add('Public Night');
		expect(await names(harness)).toEqual([['Public Night']]);
		const reads = ctx.sim.requestsTo('GET', /^\/public-api\/v1\/event$/);
		expect(reads.at(-1)!.query.filter).toBe('{"isPublished":true}');
	});
});

describe('Event Updated', () => {
	it('each change of an existing event comes out once; a new event does not', async () => {
		const id = add('Autumn Fair');
		tick(HOUR);
		const harness = await activate({ resource: 'eventUpdated' });
		tick(MIN);
		add('Brand New');
		expect(await names(harness)).toEqual([null]);
		rescheduleEvent(ctx.sim.store, id, {
			startsAt: iso(T0 + 11 * DAY),
			endsAt: iso(T0 + 12 * DAY),
		});
		tick(MIN);
		const items = await harness.pollItems();
		expect(items?.map((i) => [i.json.action, i.json.name, i.json.startsAt])).toEqual([
			['event-update', 'Autumn Fair', '2027-03-12T09:00:00.000Z'],
		]);
		tick(MIN);
		publishEvent(ctx.sim.store, id, false);
		tick(MIN);
		expect(await names(harness, 2)).toEqual([['Autumn Fair'], null]);
	});

	it('a deleted event never comes out', async () => {
		const id = add('Gone Soon');
		tick(HOUR);
		const harness = await activate({ resource: 'eventUpdated' });
		rescheduleEvent(ctx.sim.store, id, {
			startsAt: iso(T0 + 11 * DAY),
			endsAt: iso(T0 + 12 * DAY),
		});
		deleteEvent(ctx.sim.store, id);
		tick(MIN);
		expect(await names(harness)).toEqual([null]);
	});
});

describe('Event Published', () => {
	it('publishing fires once; a later update does not; unpublished and published again fires once more', async () => {
		const id = add('Winter Gala', { isPublished: false });
		tick(HOUR);
		const harness = await activate({ resource: 'eventPublished' });
		tick(MIN);
		publishEvent(ctx.sim.store, id, true);
		tick(MIN);
		const items = await harness.pollItems();
		expect(items?.map((i) => [i.json.action, i.json.name, i.json.isPublished])).toEqual([
			['event-publish', 'Winter Gala', true],
		]);
		rescheduleEvent(ctx.sim.store, id, {
			startsAt: iso(T0 + 11 * DAY),
			endsAt: iso(T0 + 12 * DAY),
		});
		tick(2 * MIN);
		expect(await names(harness)).toEqual([null]);
		publishEvent(ctx.sim.store, id, false);
		tick(MIN);
		expect(await names(harness)).toEqual([null]);
		tick(MIN);
		publishEvent(ctx.sim.store, id, true);
		tick(MIN);
		expect(await names(harness, 2)).toEqual([['Winter Gala'], null]);
	});

	it('Several Events: only the picked events', async () => {
		const picked = add('Picked Launch', { isPublished: false });
		const other = add('Other Launch', { isPublished: false });
		tick(HOUR);
		const harness = await activate({
			resource: 'eventPublished',
			events: 'several',
			eventIds: `${picked}`,
		});
		publishEvent(ctx.sim.store, other, true);
		publishEvent(ctx.sim.store, picked, true);
		tick(MIN);
		expect(await names(harness)).toEqual([['Picked Launch']]);
	});
});

describe('Start From and Fetch Test Event', () => {
	it('Start From: the events created since then come out at the first poll after activation, oldest first', async () => {
		add('Before Start From');
		tick(HOUR);
		add('Back-filled One');
		tick(HOUR);
		add('Back-filled Two');
		tick(HOUR);
		const harness = await activate({
			resource: 'newEvent',
			options: { startFrom: iso(T0 + 30 * MIN) },
		});
		tick(MIN);
		add('After Activation');
		expect(await names(harness, 2)).toEqual([
			['Back-filled One', 'Back-filled Two', 'After Activation'],
			null,
		]);
	});

	it.each([
		// n8n's default zone (UTC-5 in March): 09:30 there is 14:30 UTC.
		[undefined, '2027-03-01T04:30:00', ['Created 10:00', 'Created 15:00']],
		// UTC+0 in March, the machine's own zone: only a process really in Tokyo tells them apart.
		['Europe/Lisbon', '2027-03-01T09:30:00', ['Created 10:00', 'Created 15:00']],
	])(
		"a Start From without an offset is read in the workflow's time zone (%s), not the n8n process's",
		async (timezone, startFrom, expected) => {
			add('Created 09:00');
			for (const hour of [10, 15]) {
				ctx.sim.store.freezeTime(Date.parse(`2027-03-01T${hour}:00:00.000Z`));
				add(`Created ${hour}:00`);
			}
			tick(HOUR);
			const harness = new PollHarness({
				parameters: { events: 'all', resource: 'newEvent', options: { startFrom } },
				credentials: ctx.credentials(),
				timezone,
			});
			const polls = await inProcessTimeZone('Asia/Tokyo', async () => [
				await harness.pollItems(),
				await harness.pollItems(),
			]);
			expect(polls.map((items) => items?.map((i) => i.json.name) ?? null)).toEqual([
				null,
				expected,
			]);
		},
	);

	it('"Fetch Test Event" shows the most recent change and keeps nothing', async () => {
		add('Older');
		tick(MIN);
		add('Newest');
		const harness = pollingTrigger(ctx.sim, {
			events: 'all',
			resource: 'newEvent',
		} as INodeParameters);
		const { items } = await harness.poll('manual');
		expect(items?.map((i) => i.json.name)).toEqual(['Newest']);
		expect(harness.savedStaticData).toEqual({});
	});
});

describe('Event Published, held back by Max Records Per Poll', () => {
	it('a publication edited before the trigger read it, left for the next poll by Max Records, still comes out (found by the event timeline property)', async () => {
		const harness = await activate({ resource: 'eventPublished', options: { maxRecords: 1 } });
		tick(MIN);
		const first = add('First Published');
		add('Second Published');
		tick(2 * MIN);
		// Edited after its publication, before any poll read it: read by the edit, stamped by the publication.
		rescheduleEvent(ctx.sim.store, first, { startsAt: iso(T0 + 9 * DAY) });
		tick(MIN);
		const polls = await names(harness, 3);
		expect(polls).toEqual([['Second Published'], ['First Published'], null]);
	});
});

describe('What a change trigger leaves out, counted in the log', () => {
	it('Event Published: an event published before the trigger started and edited since is read again and left out, with a count in the log', async () => {
		const id = add('Spring Fair');
		tick(HOUR);
		const harness = await activate({ resource: 'eventPublished' });
		tick(MIN);
		rescheduleEvent(ctx.sim.store, id, { startsAt: iso(T0 + 9 * DAY) });
		tick(2 * MIN);
		const { items, debug } = await pollLoggingDebug(harness);
		expect(items).toBeNull();
		// The floor is where the activation put the watermark: 10:00 less the minute's look-back, and
		// no further than five minutes past the newest event (09:00): 09:54.
		expect(debug).toEqual([
			expect.stringMatching(
				/^EventX Polling Trigger \(Event Published\): 1 record\(s\) whose publishedAt is before 2027-03-01T09:54:00\.000Z read and left out: /,
			),
		]);
	});
});
