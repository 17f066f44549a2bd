/**
 * An iCalendar (RFC 5545) writer for events: one VCALENDAR with one VEVENT per event, times in
 * UTC or in each event's own time zone (with the VTIMEZONE that RFC 5545 requires for a TZID,
 * drawn from the runtime's time zone data), TEXT escaped, lines folded at 75 octets, CRLF line
 * ends. Written here because a community node may have no runtime dependency.
 */

import { isKnownTimeZone, offsetAt, wallTime } from './timeZone';

export interface CalendarEvent {
	/** Globally unique and stable, so that importing the file again updates the entry. */
	uid: string;
	/** Instants, as ISO 8601 text or milliseconds. */
	start: string | number;
	end?: string | number | null;
	summary: string;
	description?: string | null;
	location?: string | null;
	url?: string | null;
	/**
	 * An IANA zone name (e.g. "Asia/Hong_Kong"): the times are written in it when `timesIn` is
	 * "zone". A zone the runtime does not know, or an offset (`+05:30`), is no TZID: UTC then.
	 */
	timezone?: string | null;
	geo?: { lat: number; lng: number } | null;
	created?: string | null;
	lastModified?: string | null;
	/** A display alarm this many minutes before the start; none when absent or 0. */
	reminderMinutes?: number;
}

export interface CalendarOptions {
	/** `zone`: each event's times in its own time zone (TZID); `utc`: every time in UTC. */
	timesIn: 'zone' | 'utc';
	/** X-WR-CALNAME: the name calendar apps give a subscribed or imported calendar. */
	calendarName?: string;
	/** DTSTAMP: when the file was made. */
	now: number;
}

const CRLF = '\r\n';
const PRODID = '-//EventX//n8n-nodes-eventx//EN';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const WEEK = 7 * DAY;

/** TEXT as RFC 5545 (3.3.11) writes it: `\`, `;` and `,` escaped, line breaks as `\n`, no control characters. */
export function escapeText(value: string): string {
	return (
		value
			.replace(/\r\n?/g, '\n')
			// CONTROL characters are not allowed in TEXT: C0 and DEL, tab and line feed excepted.
			.replace(/[^\P{Cc}\t\n\u0080-\u009f]/gu, '')
			.replace(/\\/g, '\\\\')
			.replace(/;/g, '\\;')
			.replace(/,/g, '\\,')
			.replace(/\n/g, '\\n')
	);
}

/**
 * A content line folded as RFC 5545 (3.1) asks: no line longer than 75 octets, excluding the
 * line break; each continuation starts with one space. Never splits a UTF-8 character.
 */
export function foldLine(line: string): string {
	const chunks: string[] = [];
	let chunk = '';
	let octets = 0;
	let limit = 75;
	for (const char of line) {
		const code = char.codePointAt(0)!;
		const size = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
		if (octets + size > limit) {
			chunks.push(chunk);
			chunk = '';
			octets = 0;
			limit = 74; // the leading space counts
		}
		chunk += char;
		octets += size;
	}
	chunks.push(chunk);
	return chunks.join(`${CRLF} `);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toMs(value: string | number): number {
	return typeof value === 'number' ? value : Date.parse(value);
}

/** DATE-TIME in UTC: 20261201T090000Z. */
export function utcDateTime(ms: number): string {
	const d = new Date(ms);
	return (
		`${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}` +
		`T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}Z`
	);
}

/** A local wall time (as if it were UTC) as floating DATE-TIME text: 20261201T170000. */
function wallDateTime(wallMs: number): string {
	return utcDateTime(wallMs).slice(0, -1);
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(zone: string, ms: number): number {
	return Math.round(offsetAt(zone, ms) / MINUTE);
}

/** The instant of the offset change in (from, to], given the offsets at both ends differ. */
function changeBetween(zone: string, from: number, to: number, before: number): number {
	let low = from;
	let high = to;
	while (high - low > 1000) {
		const middle = low + Math.floor((high - low) / 2000) * 1000;
		if (offsetMinutes(zone, middle) === before) low = middle;
		else high = middle;
	}
	return high;
}

/**
 * Every offset change in (from, to], found week by week: no zone changes its offset and back
 * within a week (Morocco's Ramadan pause, the shortest, lasts about a month).
 */
function changesBetween(zone: string, from: number, to: number): number[] {
	const changes: number[] = [];
	let offset = offsetMinutes(zone, from);
	for (let day = from; day < to; day += WEEK) {
		const next = Math.min(day + WEEK, to);
		const nextOffset = offsetMinutes(zone, next);
		if (nextOffset !== offset) changes.push(changeBetween(zone, day, next, offset));
		offset = nextOffset;
	}
	return changes;
}

function utcOffset(minutes: number): string {
	const sign = minutes < 0 ? '-' : '+';
	const abs = Math.abs(minutes);
	return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

/**
 * The VTIMEZONE of a zone for the span of its events: the observance in force at the first start
 * (from its onset, looked for up to a year before) and each change up to the last end, as
 * one-time observances. Exact for that span without a rule engine or a copy of the zone data.
 */
function vtimezone(zone: string, from: number, to: number): string[] {
	const lookBack = from - 366 * DAY;
	const onset = changesBetween(zone, lookBack, from).pop();
	const changes = [...(onset !== undefined ? [onset] : []), ...changesBetween(zone, from, to)];
	const standardOffset = (ms: number) => {
		const year = new Date(ms).getUTCFullYear();
		return Math.min(
			offsetMinutes(zone, Date.UTC(year, 0, 1)),
			offsetMinutes(zone, Date.UTC(year, 6, 1)),
		);
	};
	const observance = (start: number, offsetFrom: number, offsetTo: number) => {
		const kind = offsetTo > standardOffset(start) ? 'DAYLIGHT' : 'STANDARD';
		return [
			`BEGIN:${kind}`,
			// The onset as the wall time before it (RFC 5545 3.6.5: DTSTART is local to TZOFFSETFROM).
			`DTSTART:${wallDateTime(start + offsetFrom * MINUTE)}`,
			`TZOFFSETFROM:${utcOffset(offsetFrom)}`,
			`TZOFFSETTO:${utcOffset(offsetTo)}`,
			`END:${kind}`,
		];
	};
	const lines = ['BEGIN:VTIMEZONE', `TZID:${zone}`];
	if (changes.length === 0 || onset === undefined) {
		const offset = offsetMinutes(zone, from);
		lines.push(...observance(Date.UTC(1970, 0, 1) - offset * MINUTE, offset, offset));
	}
	for (const change of changes)
		lines.push(
			...observance(change, offsetMinutes(zone, change - 1000), offsetMinutes(zone, change)),
		);
	lines.push('END:VTIMEZONE');
	return lines;
}

/**
 * A DTSTART or DTEND property in the zone, or in UTC where the zone's wall time is ambiguous (the
 * repeated hour when clocks go back), which calendar apps resolve differently.
 */
function dateTimeProperty(name: string, ms: number, zone: string | undefined): string {
	if (!zone) return `${name}:${utcDateTime(ms)}`;
	const wall = wallTime(zone, ms);
	const offsets = new Set([ms - DAY, ms, ms + DAY].map((t) => offsetMinutes(zone, t)));
	const instants = [...offsets].filter((offset) => wallTime(zone, wall - offset * MINUTE) === wall);
	if (instants.length > 1) return `${name}:${utcDateTime(ms)}`;
	return `${name};TZID=${zone}:${wallDateTime(wall)}`;
}

function eventLines(event: CalendarEvent, zone: string | undefined, now: number): string[] {
	const start = toMs(event.start);
	const end = event.end === undefined || event.end === null ? NaN : toMs(event.end);
	const lines = [
		'BEGIN:VEVENT',
		`UID:${escapeText(event.uid)}`,
		`DTSTAMP:${utcDateTime(now)}`,
		dateTimeProperty('DTSTART', start, zone),
	];
	// RFC 5545 3.8.2.2: DTEND must be later than DTSTART; without one the event lasts no time.
	if (end > start) lines.push(dateTimeProperty('DTEND', end, zone));
	lines.push(`SUMMARY:${escapeText(event.summary)}`);
	if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
	if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
	if (event.geo) lines.push(`GEO:${event.geo.lat};${event.geo.lng}`);
	if (event.url) lines.push(`URL:${uriOf(event.url)}`);
	const created = event.created ? toMs(event.created) : NaN;
	if (Number.isFinite(created)) lines.push(`CREATED:${utcDateTime(created)}`);
	const modified = event.lastModified ? toMs(event.lastModified) : NaN;
	if (Number.isFinite(modified)) lines.push(`LAST-MODIFIED:${utcDateTime(modified)}`);
	if (event.reminderMinutes && event.reminderMinutes > 0) {
		lines.push(
			'BEGIN:VALARM',
			'ACTION:DISPLAY',
			`TRIGGER:-PT${event.reminderMinutes}M`,
			`DESCRIPTION:${escapeText(event.summary)}`,
			'END:VALARM',
		);
	}
	lines.push('END:VEVENT');
	return lines;
}

/** An offset written as a zone (`+05:30`, `-0800`): the runtime reads it, a TZID may not be one. */
const OFFSET_ZONE = /^[+-]\d{2}(?::?\d{2})?$/;

/**
 * A URI as RFC 3986 writes it (URL's value type, RFC 5545 3.3.13): the WHATWG serialization
 * (IDNA host, spaces and quotes percent-encoded), then every character it leaves that RFC 3986
 * does not allow (`|`, `^`...) percent-encoded too.
 */
export function uriOf(url: string): string {
	return new URL(url).href.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu, (char) =>
		encodeURIComponent(char),
	);
}

/** The calendar file's text: CRLF line ends, every line folded. */
export function writeCalendar(events: CalendarEvent[], options: CalendarOptions): string {
	const zoneOf = (event: CalendarEvent) =>
		options.timesIn === 'zone' &&
		event.timezone &&
		!OFFSET_ZONE.test(event.timezone) &&
		isKnownTimeZone(event.timezone)
			? event.timezone
			: undefined;
	const spans = new Map<string, { from: number; to: number }>();
	for (const event of events) {
		const zone = zoneOf(event);
		if (!zone) continue;
		const start = toMs(event.start);
		const end = event.end ? Math.max(toMs(event.end), start) : start;
		const span = spans.get(zone);
		spans.set(zone, {
			from: Math.min(span?.from ?? start, start),
			to: Math.max(span?.to ?? end, end),
		});
	}
	const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${PRODID}`, 'CALSCALE:GREGORIAN'];
	lines.push('METHOD:PUBLISH');
	if (options.calendarName) lines.push(`X-WR-CALNAME:${escapeText(options.calendarName)}`);
	for (const [zone, { from, to }] of spans) lines.push(...vtimezone(zone, from, to));
	for (const event of events) lines.push(...eventLines(event, zoneOf(event), options.now));
	lines.push('END:VCALENDAR');
	return lines.map(foldLine).join(CRLF) + CRLF;
}
