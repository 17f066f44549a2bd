// Event > Get as iCalendar: the file read back with ical.js (Mozilla's RFC 5545 parser), an
// independent implementation, field by field.
import ICAL from 'ical.js';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { withRawData } from '../../simulator/routes/events';
import type { Simulator } from '../../simulator/server';
import { anEvent, BAD, firstEvent, testBadInputs } from '../badInputs';

const ctx = useSimulator();

type Json = Record<string, unknown>;

/** Gives a demo event the fields under test, as EventX would store them. */
function setEvent(sim: Simulator, id: string, fields: Json, content: Json = {}) {
	const record = sim.store.events.get(id)!;
	record.event = withRawData({
		...record.event,
		...fields,
		contentI18n: { ...(record.event.contentI18n as Json), ...content },
	});
}

const NAME = 'Tech Summit, Hong Kong; 2026 🎉🚀 \\ Ünïcødé';
// The description as calendars show it: 200 characters (UTF-16 units, the emoji counting two),
// with commas, semicolons, an ampersand and a line break; EventX stores it as HTML paragraphs.
const LINE_1 = 'Join us, for talks; workshops & 🎤 keynotes.';
const LINE_2 =
	'Doors open early; bring your ticket, badges at the desk. ' +
	'Doors open early; bring your ticket, badges at the desk. ' +
	'See you at the summit, and enjoy the day!';
const DESCRIPTION = `${LINE_1}\n${LINE_2}`;
const DESCRIPTION_HTML = `<p>${LINE_1.replace('&', '&amp;')}</p><p>${LINE_2}</p>`;
const LOCATION = 'Hall 3, HKCEC; 1 Expo Drive, Wan Chai';

function fileOf(item: INodeExecutionData, field = 'data'): { text: string; binary: IBinaryData } {
	const binary = item.binary![field];
	return { binary, text: Buffer.from(binary.data, 'base64').toString('utf8') };
}

/** The calendar parsed by ical.js, its time zones registered so that TZIDs resolve. */
function parse(text: string) {
	const calendar = new ICAL.Component(ICAL.parse(text));
	for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
	const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
	return { calendar, events };
}

afterEach(() => ICAL.TimezoneService.reset());

describe('Event > Get as iCalendar', () => {
	test("one event: every field read back by an independent parser, in the event's time zone", async () => {
		const id = ctx.sim.seeded.eventIds[0];
		setEvent(
			ctx.sim,
			id,
			{
				// London in summer: 08:00 UTC is 09:00 BST; the end is after the clocks go back.
				startsAt: '2026-10-24T08:00:00.000Z',
				endsAt: '2026-10-26T17:30:00.000Z',
				timezone: 'Europe/London',
				locationLatLng: { lat: '22.2829', lng: '114.1729' },
				createdAt: '2026-01-01T00:00:00.000Z',
				updatedAt: '2026-05-06T07:08:09.000Z',
			},
			{
				name: { default: NAME },
				location: { default: LOCATION },
				descriptionHtml: { default: DESCRIPTION_HTML },
			},
		);
		const before = Date.now();
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId(id),
				options: { url: 'https://events.example.com/tech-summit?ref=ics,cal' },
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const { text, binary } = fileOf(items[0]);
		expect(binary).toMatchObject({
			mimeType: 'text/calendar',
			fileName: `${NAME.replace(/\\/g, '-')}.ics`,
			fileExtension: 'ics',
		});
		expect(items[0].json).toEqual({
			fileName: `${NAME.replace(/\\/g, '-')}.ics`,
			events: [
				{
					id,
					name: NAME,
					startsAt: '2026-10-24T08:00:00.000Z',
					endsAt: '2026-10-26T17:30:00.000Z',
					timezone: 'Europe/London',
				},
			],
		});

		// CRLF line ends only, and no line longer than 75 octets; the long ones were folded.
		expect(text.endsWith('\r\n')).toBe(true);
		expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
		const lines = text.split('\r\n');
		expect(Math.max(...lines.map((l) => Buffer.byteLength(l, 'utf8')))).toBeLessThanOrEqual(75);
		// DESCRIPTION is the one long line: 12 + 200 characters, +2 octets for the emoji, +7 escaped
		// commas and semicolons, +1 for the line break written \n: 222 octets, folded 75 + 74 + 73.
		const description = lines.findIndex((l) => l.startsWith('DESCRIPTION:'));
		expect(lines.filter((l) => l.startsWith(' '))).toEqual([
			lines[description + 1],
			lines[description + 2],
		]);
		expect(
			lines.slice(description, description + 3).map((l) => Buffer.byteLength(l, 'utf8')),
		).toEqual([75, 75, 74]);

		const { calendar, events } = parse(text);
		expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
		expect(calendar.getFirstPropertyValue('prodid')).toBe('-//EventX//n8n-nodes-eventx//EN');
		expect(events).toHaveLength(1);
		const [event] = events;
		expect(event.uid).toBe(id);
		expect(event.summary).toBe(NAME);
		expect(event.description).toBe(DESCRIPTION);
		expect(DESCRIPTION).toHaveLength(200);
		expect(event.location).toBe(LOCATION);
		expect(event.component.getFirstPropertyValue('url')).toBe(
			'https://events.example.com/tech-summit?ref=ics,cal',
		);
		expect(event.component.getFirstPropertyValue('geo')).toEqual([22.2829, 114.1729]);
		// The times in the event's zone, as its wall clock reads them, and the same instants.
		expect(event.startDate.zone.tzid).toBe('Europe/London');
		expect(event.startDate.toString()).toBe('2026-10-24T09:00:00');
		expect(event.startDate.toJSDate().toISOString()).toBe('2026-10-24T08:00:00.000Z');
		expect(event.endDate.zone.tzid).toBe('Europe/London');
		expect(event.endDate.toString()).toBe('2026-10-26T17:30:00');
		expect(event.endDate.toJSDate().toISOString()).toBe('2026-10-26T17:30:00.000Z');
		const stamp = (name: string) =>
			(event.component.getFirstPropertyValue(name) as ICAL.Time).toJSDate().getTime();
		expect(stamp('created')).toBe(Date.parse('2026-01-01T00:00:00.000Z'));
		expect(stamp('last-modified')).toBe(Date.parse('2026-05-06T07:08:09.000Z'));
		expect(stamp('dtstamp')).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
		expect(stamp('dtstamp')).toBeLessThanOrEqual(Date.now());
		expect(apiRequests(ctx.sim).map((r) => `${r.method} ${r.path}`)).toEqual([
			`GET /public-api/v1/event/${id}`,
		]);
	});

	test('the demo event as seeded (Hong Kong, no location): times in Asia/Hong_Kong, the name as the file name', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const { items } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getAsICalendar', eventId: byId(id) },
		});
		const { text, binary } = fileOf(items[0]);
		expect(binary.fileName).toBe('Tech Summit 2026.ics');
		const [event] = parse(text).events;
		expect(event.summary).toBe('Tech Summit 2026');
		expect(event.location).toBeNull();
		expect(event.startDate.zone.tzid).toBe('Asia/Hong_Kong');
		expect(event.startDate.toString()).toBe('2026-12-01T17:00:00');
		expect(event.endDate.toString()).toBe('2026-12-02T01:00:00');
		expect(text).not.toContain('DESCRIPTION');
		expect(text).not.toContain('URL:');
	});

	test('Times In UTC: UTC times and no VTIMEZONE', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const { items } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId(id),
				options: { timesIn: 'utc' },
			},
		});
		const { text } = fileOf(items[0]);
		expect(text).not.toContain('VTIMEZONE');
		expect(text).toContain('\r\nDTSTART:20261201T090000Z\r\nDTEND:20261201T170000Z\r\n');
		const [event] = parse(text).events;
		expect(event.startDate.zone.tzid).toBe('UTC');
	});

	test("All Items to One File: one calendar of every item's event, each once, one VTIMEZONE per zone", async () => {
		const [a, b, c] = ctx.sim.seeded.eventIds;
		setEvent(ctx.sim, c, { timezone: 'America/New_York' });
		const { items } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId('={{ $json.id }}'),
				mode: 'once',
				binaryPropertyName: 'calendar',
				options: {
					calendarName: 'Acme, Events',
					url: '={{ "https://events.example.com/" + $json.slug }}',
				},
			},
			items: [
				{ id: a, slug: 'a' },
				{ id: b, slug: 'b' },
				{ id: a, slug: 'again' },
				{ id: c, slug: 'c' },
			],
		});
		expect(items).toHaveLength(1);
		expect(items[0].pairedItem).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }, { item: 3 }]);
		const { text, binary } = fileOf(items[0], 'calendar');
		expect(binary.fileName).toBe('Acme, Events.ics');
		const { calendar, events } = parse(text);
		// ical.js reads X- properties as they are written, escapes included.
		expect(text).toContain('\r\nX-WR-CALNAME:Acme\\, Events\r\n');
		expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('Acme\\, Events');
		expect(
			calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
		).toEqual(['Asia/Hong_Kong', 'America/New_York']);
		expect(events.map((e) => [e.uid, e.summary, e.component.getFirstPropertyValue('url')])).toEqual(
			[
				[a, 'Tech Summit 2026', 'https://events.example.com/a'],
				[b, 'Design Week 2026', 'https://events.example.com/b'],
				[c, 'Founders Meetup 2026', 'https://events.example.com/c'],
			],
		);
		// Founders Meetup: 2026-12-15T09:00Z is 04:00 in New York (EST).
		expect(events[2].startDate.toString()).toBe('2026-12-15T04:00:00');
		expect(events[2].startDate.zone.tzid).toBe('America/New_York');
		// Each event read once.
		expect(apiRequests(ctx.sim)).toHaveLength(3);
	});

	test('Each Item to Separate File: one file per item, each paired with its item', async () => {
		const [a, b] = ctx.sim.seeded.eventIds;
		const { items } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId('={{ $json.id }}'),
			},
			items: [{ id: a }, { id: b }],
		});
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items.map((i) => parse(fileOf(i).text).events.map((e) => e.uid))).toEqual([[a], [b]]);
	});

	test('Language: the translation asked for where the event has one, its default elsewhere', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		setEvent(
			ctx.sim,
			id,
			{},
			{
				name: { default: 'Tech Summit', ja: 'テックサミット' },
				location: { default: 'Hall 3' },
			},
		);
		const { items } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId(id),
				options: { language: 'ja', fileName: 'summit.ics', reminderMinutes: 90 },
			},
		});
		const { text, binary } = fileOf(items[0]);
		expect(binary.fileName).toBe('summit.ics');
		const [event] = parse(text).events;
		expect(event.summary).toBe('テックサミット');
		expect(event.location).toBe('Hall 3');
		const alarm = event.component.getFirstSubcomponent('valarm')!;
		expect(alarm.getFirstPropertyValue('action')).toBe('DISPLAY');
		expect((alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-90 * 60);
	});

	test("All Items to One File with Continue On Fail: an unknown event is its item's error; the others make the file", async () => {
		const [a] = ctx.sim.seeded.eventIds;
		const unknown = '0b7f0f55-3f5e-4b8e-9c51-1a3f0e2d4c6b';
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId('={{ $json.id }}'),
				mode: 'once',
			},
			items: [{ id: unknown }, { id: a }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json).toEqual({ error: 'Event not found' });
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[1].pairedItem).toEqual({ item: 1 });
		expect(parse(fileOf(items[1]).text).events.map((e) => e.uid)).toEqual([a]);
	});

	test('an Event Page URL with spaces, non-ASCII characters or quotes is written as a valid URI, each percent-encoded', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId(id),
				options: {
					url: `https://événements.example.fr/tech summit/Zürich|2026?q="x y"&who='me'#the "day"`,
				},
			},
		});
		expect(error).toBeUndefined();
		const { text } = fileOf(items[0]);
		const url =
			'https://xn--vnements-90ab.example.fr/tech%20summit/Z%C3%BCrich%7C2026?q=%22x%20y%22&who=%27me%27#the%20%22day%22';
		// Unfolded: the line is longer than 75 octets.
		expect(text.replace(/\r\n /g, '')).toContain(`\r\nURL:${url}\r\n`);
		// RFC 3986: nothing but unreserved and reserved characters and percent-encodings.
		expect(url).toMatch(/^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]+$/);
		const [event] = parse(text).events;
		expect(event.component.getFirstPropertyValue('url')).toBe(url);
	});

	test('an event time zone given as an offset (+05:30) is written in UTC: no TZID a parser refuses', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		setEvent(ctx.sim, id, {
			startsAt: '2026-12-01T03:30:00.000Z',
			endsAt: '2026-12-01T11:30:00.000Z',
			timezone: '+05:30',
		});
		const { items } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getAsICalendar', eventId: byId(id) },
		});
		const { text } = fileOf(items[0]);
		expect(text).not.toContain('TZID');
		expect(text).toContain('\r\nDTSTART:20261201T033000Z\r\nDTEND:20261201T113000Z\r\n');
		const [event] = parse(text).events;
		expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-01T03:30:00.000Z');
		expect(event.endDate.toJSDate().toISOString()).toBe('2026-12-01T11:30:00.000Z');
	});

	test("an unknown event fails the run with EventX's message, without Continue On Fail", async () => {
		const { error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getAsICalendar',
				eventId: byId('0b7f0f55-3f5e-4b8e-9c51-1a3f0e2d4c6b'),
			},
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Event not found', item: 0 });
	});
});

/** Get as iCalendar of the first demo event, with `extra` parameters. */
const ics = (extra: Json) => (sim: Simulator) => ({
	resource: 'event',
	operation: 'getAsICalendar',
	eventId: byId(firstEvent(sim)),
	...extra,
});

testBadInputs(ctx, [
	{
		name: 'Get as iCalendar: an event ID that is not a UUID',
		parameters: ics({ eventId: byId(BAD) }),
		good: anEvent,
		bad: 'summit',
		field: /^Event:/,
	},
	{
		name: 'Get as iCalendar: an Event Page URL that is not http(s)',
		parameters: ics({ options: { url: BAD } }),
		good: () => 'https://events.example.com/x',
		bad: 'javascript:alert(1)',
		field: /^Options > Event Page URL:/,
	},
	{
		name: 'Get as iCalendar: a reminder that is not a whole number of minutes',
		parameters: ics({ options: { reminderMinutes: BAD } }),
		good: () => 15,
		bad: 1.5,
		field: /^Options > Reminder \(Minutes Before\):/,
	},
	{
		name: 'Get as iCalendar: an unknown language',
		parameters: ics({ options: { language: BAD } }),
		good: () => 'ja',
		bad: 'klingon',
		field: /^Options > Language:/,
	},
]);
