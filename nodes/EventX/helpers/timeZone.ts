/**
 * Wall-clock times read in a named time zone (the workflow's), with the platform's own time-zone
 * data (Intl), so that no date library is needed at run time.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
	let format = formatters.get(timeZone);
	if (!format) {
		format = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: 'numeric',
			day: 'numeric',
			hour: 'numeric',
			minute: 'numeric',
			second: 'numeric',
		});
		formatters.set(timeZone, format);
	}
	return format;
}

/** The wall clock of `timeZone` at the instant `utcMs`: year, month (1-12), day, hour... */
function wallClock(timeZone: string, utcMs: number): Record<string, number> {
	return Object.fromEntries(
		formatter(timeZone)
			.formatToParts(new Date(utcMs))
			.map((part) => [part.type, Number(part.value)]),
	);
}

/** The wall time of `timeZone` at the instant `utcMs`, written as if it were UTC (whole seconds). */
export function wallTime(timeZone: string, utcMs: number): number {
	const parts = wallClock(timeZone, utcMs);
	return Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
}

/** How far `timeZone` is ahead of UTC at the instant `utcMs`, in milliseconds. */
export function offsetAt(timeZone: string, utcMs: number): number {
	return wallTime(timeZone, utcMs) - (utcMs - (((utcMs % 1000) + 1000) % 1000));
}

/** Whether `timeZone` is a zone this platform knows (an IANA name such as Europe/Berlin, or UTC). */
export function isKnownTimeZone(timeZone: string): boolean {
	try {
		formatter(timeZone);
		return true;
	} catch {
		return false;
	}
}

const DAY_MS = 86_400_000;

/**
 * The instant at which clocks in `timeZone` show `wallMs` (a wall-clock time written as if it were
 * UTC). A time that occurs twice (clocks going back) is read as the first; a time skipped (clocks
 * going forward) with the offset before the change, so it lands after the gap, as n8n's Luxon does.
 */
export function wallTimeToUtc(wallMs: number, timeZone: string): number {
	const before = offsetAt(timeZone, wallMs - DAY_MS);
	const after = offsetAt(timeZone, wallMs + DAY_MS);
	const valid = [wallMs - before, wallMs - after].filter(
		(instant) => instant + offsetAt(timeZone, instant) === wallMs,
	);
	return valid.length > 0 ? Math.min(...valid) : wallMs - before;
}

/** The calendar date (YYYY-MM-DD) in `timeZone` at the instant `utcMs`. */
export function dateInZone(utcMs: number, timeZone: string): string {
	const { year, month, day } = wallClock(timeZone, utcMs);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;
}
