// The iCalendar writer's text rules (RFC 5545 3.1 and 3.3.11), with expected text written out.
import { escapeText, foldLine, writeCalendar } from '../../nodes/EventX/helpers/icalendar';

const octets = (line: string) => Buffer.byteLength(line, 'utf8');

describe('iCalendar text', () => {
	test('TEXT escapes backslash, semicolon and comma, and writes line breaks as \\n', () => {
		expect(escapeText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
	});

	test('control characters are dropped from TEXT; tabs kept', () => {
		expect(escapeText('a\u0000b\u0007c\td')).toBe('abc\td');
	});

	test('a line of 75 octets is not folded; one of 76 is, after 75', () => {
		expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
		expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
	});

	test('continuation lines carry 74 octets after their space', () => {
		expect(foldLine('y'.repeat(75 + 74 + 1))).toBe(`${'y'.repeat(75)}\r\n ${'y'.repeat(74)}\r\n y`);
	});

	test('a 4-octet emoji that would cross octet 75 moves whole to the next line', () => {
		// 73 ASCII octets + 🎉 (4 octets) = 77: the emoji does not fit in the first 75.
		const folded = foldLine(`${'a'.repeat(73)}🎉b`);
		expect(folded).toBe(`${'a'.repeat(73)}\r\n 🎉b`);
		for (const line of folded.split('\r\n')) expect(octets(line)).toBeLessThanOrEqual(75);
	});

	test('a long line of 2- and 3-octet characters folds on character boundaries only', () => {
		// 'é日' is 5 octets: 15 pairs fill the first 75; a continuation fits 14 pairs and an é (72
		// octets) after its space, as the next 日 would make 75; the other 53 octets end the text.
		const text = 'é日'.repeat(40); // 200 octets
		const lines = foldLine(text).split('\r\n');
		expect(lines.map(octets)).toEqual([75, 1 + 72, 1 + 53]);
		expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(text);
	});

	test('a calendar in UTC: every line ends with CRLF, in this order', () => {
		const text = writeCalendar(
			[
				{
					uid: '5b0e9a4c-2f0c-4a4e-9d55-0c2b7f0e1a11',
					start: '2026-12-01T09:00:00.000Z',
					end: '2026-12-01T17:00:00.000Z',
					summary: 'Tech Summit, 2026',
					location: 'Hall 3; Wan Chai',
					created: '2026-01-01T00:00:00.000Z',
					lastModified: '2026-02-03T04:05:06.000Z',
					reminderMinutes: 30,
				},
			],
			{ timesIn: 'utc', now: Date.UTC(2026, 10, 26, 12, 0, 0) },
		);
		expect(text).toBe(
			[
				'BEGIN:VCALENDAR',
				'VERSION:2.0',
				'PRODID:-//EventX//n8n-nodes-eventx//EN',
				'CALSCALE:GREGORIAN',
				'METHOD:PUBLISH',
				'BEGIN:VEVENT',
				'UID:5b0e9a4c-2f0c-4a4e-9d55-0c2b7f0e1a11',
				'DTSTAMP:20261126T120000Z',
				'DTSTART:20261201T090000Z',
				'DTEND:20261201T170000Z',
				'SUMMARY:Tech Summit\\, 2026',
				'LOCATION:Hall 3\\; Wan Chai',
				'CREATED:20260101T000000Z',
				'LAST-MODIFIED:20260203T040506Z',
				'BEGIN:VALARM',
				'ACTION:DISPLAY',
				'TRIGGER:-PT30M',
				'DESCRIPTION:Tech Summit\\, 2026',
				'END:VALARM',
				'END:VEVENT',
				'END:VCALENDAR',
				'',
			].join('\r\n'),
		);
	});

	test("a zone without changes gets one observance from 1970; the times are the zone's wall time", () => {
		const text = writeCalendar(
			[
				{
					uid: 'u1',
					start: '2026-12-01T09:00:00.000Z',
					end: '2026-12-01T17:00:00.000Z',
					summary: 'S',
					timezone: 'Asia/Hong_Kong',
				},
			],
			{ timesIn: 'zone', now: Date.UTC(2026, 10, 26) },
		);
		expect(text).toContain(
			[
				'BEGIN:VTIMEZONE',
				'TZID:Asia/Hong_Kong',
				'BEGIN:STANDARD',
				'DTSTART:19700101T000000',
				'TZOFFSETFROM:+0800',
				'TZOFFSETTO:+0800',
				'END:STANDARD',
				'END:VTIMEZONE',
			].join('\r\n'),
		);
		expect(text).toContain(
			'DTSTART;TZID=Asia/Hong_Kong:20261201T170000\r\nDTEND;TZID=Asia/Hong_Kong:20261202T010000\r\n',
		);
	});

	test('a zone with daylight saving: the onset before the first start, and each change up to the last end', () => {
		// London: BST from 2026-03-29 01:00 UTC, GMT again from 2026-10-25 01:00 UTC.
		const text = writeCalendar(
			[
				{
					uid: 'u2',
					start: '2026-10-24T09:00:00.000Z',
					end: '2026-10-26T17:00:00.000Z',
					summary: 'S',
					timezone: 'Europe/London',
				},
			],
			{ timesIn: 'zone', now: Date.UTC(2026, 10, 26) },
		);
		expect(text).toContain(
			[
				'BEGIN:VTIMEZONE',
				'TZID:Europe/London',
				'BEGIN:DAYLIGHT',
				'DTSTART:20260329T010000',
				'TZOFFSETFROM:+0000',
				'TZOFFSETTO:+0100',
				'END:DAYLIGHT',
				'BEGIN:STANDARD',
				'DTSTART:20261025T020000',
				'TZOFFSETFROM:+0100',
				'TZOFFSETTO:+0000',
				'END:STANDARD',
				'END:VTIMEZONE',
			].join('\r\n'),
		);
		expect(text).toContain(
			'DTSTART;TZID=Europe/London:20261024T100000\r\nDTEND;TZID=Europe/London:20261026T170000\r\n',
		);
	});

	test('a time in the hour that repeats when clocks go back is written in UTC (readers differ on which one)', () => {
		// New York, 2026-11-01: 01:30 happens at 05:30 UTC (EDT) and again at 06:30 UTC (EST).
		const text = writeCalendar(
			[
				{
					uid: 'u3',
					start: '2026-11-01T05:30:00.000Z',
					end: '2026-11-01T07:30:00.000Z',
					summary: 'S',
					timezone: 'America/New_York',
				},
			],
			{ timesIn: 'zone', now: Date.UTC(2026, 10, 26) },
		);
		expect(text).toContain(
			'DTSTART:20261101T053000Z\r\nDTEND;TZID=America/New_York:20261101T023000\r\n',
		);
	});

	test('a time zone the runtime does not know: the times in UTC, no VTIMEZONE', () => {
		const text = writeCalendar(
			[{ uid: 'u4', start: '2026-12-01T09:00:00Z', summary: 'S', timezone: 'Mars/Olympus' }],
			{ timesIn: 'zone', now: Date.UTC(2026, 10, 26) },
		);
		expect(text).not.toContain('VTIMEZONE');
		expect(text).toContain('DTSTART:20261201T090000Z\r\n');
	});

	test.each(['+05:30', '-0800', '+00:00'])(
		'a time zone given as an offset (%s) is no zone name: the times in UTC, no TZID or VTIMEZONE',
		(timezone) => {
			const text = writeCalendar(
				[{ uid: 'u6', start: '2026-12-01T09:00:00Z', summary: 'S', timezone }],
				{ timesIn: 'zone', now: Date.UTC(2026, 10, 26) },
			);
			expect(text).not.toContain('TZID');
			expect(text).toContain('DTSTART:20261201T090000Z\r\n');
		},
	);

	test('an end not after the start is left out (RFC 5545: DTEND must be later)', () => {
		const text = writeCalendar(
			[{ uid: 'u5', start: '2026-12-01T09:00:00Z', end: '2026-12-01T09:00:00Z', summary: 'S' }],
			{ timesIn: 'utc', now: Date.UTC(2026, 10, 26) },
		);
		expect(text).not.toContain('DTEND');
	});
});
