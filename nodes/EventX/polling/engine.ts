// The polling engine: one cursor for every polling event, generic over the list it reads, the
// stamp the list is read by, the stamp of the occurrence and EventX-side filters (`PollSource`).
import type { IDataObject } from 'n8n-workflow';

import {
	eventxRanges,
	idOf,
	MAX_PAGE_SIZE,
	MAX_PAGES_PER_REQUEST,
	type EventXContext,
	type EventXRequest,
	type RangeAnswer,
} from '../transport';
import { MAX_SEEN, MAX_SEEN_AHEAD, Seen, type PollState } from './cursor';

/**
 * The look-back: records stamped less than this before EventX's present may still become visible
 * (a transaction that commits late, rows a place out of order). The watermark stays this far
 * behind EventX's clock, and what was emitted inside it is remembered by ID.
 */
export const LOOK_BACK_MS = 60_000;

const PAGE = MAX_PAGE_SIZE;
/** The most rows one request brings (a range of 200 pages). */
const RANGE = MAX_PAGES_PER_REQUEST * PAGE;

/** What a polling event reads and what it waits for. */
export interface PollSource {
	/** The list, with EventX-side filters (query or body); paging and sort are added. */
	request: EventXRequest;
	/** The stamp the list is sorted and read by: it must move with every change the event waits for. */
	readKey: string;
	/** A second sort key that orders records sharing a stamp (the attendee list sorts by `id`). */
	tieBreak?: string;
	/** The list's "strictly after" filter on `readKey` (`createdAt$gt`): read oldest first from the cursor. */
	after?: string;
	/** When the record's occurrence happened (epoch ms), or undefined when it shows none (or is filtered out). */
	occurrence: (record: IDataObject) => number | undefined;
	/**
	 * How much older than its read stamp an occurrence's own stamp may be when it first shows (a
	 * check-in scanned offline and synced later); 0 when the occurrence is stamped by `readKey`.
	 */
	lateness: number;
}

export interface PollLimits {
	/** The most occurrences one poll emits. */
	maxRecords: number;
	/** No further range is started past it (epoch ms). */
	softDeadline: number;
	/** Every request must be over by then (epoch ms). */
	deadline: number;
}

export interface Occurrence {
	record: IDataObject;
	id: string;
	/** When it happened (the occurrence's stamp). */
	stamp: number;
}

const timeOf = (value: unknown): number | undefined => {
	if (typeof value !== 'string') return undefined;
	const t = Date.parse(value);
	return Number.isNaN(t) ? undefined : t;
};

const iso = (t: number) => new Date(t).toISOString();

const lower = (id: string) => id.toLowerCase();

/** A row read, with where it stood in the list when it was first read. */
interface Row {
	record: IDataObject;
	id: string;
	/** Its read stamp. */
	read: number;
	position: number;
}

/** What one poll's read found. */
interface Read {
	rows: Row[];
	/** EventX's present: its `Date` header, else the newest read stamp not after n8n's clock. */
	present?: number;
	/** Whether every record from the watermark on was read (modulo the rows from `bound` on). */
	complete: boolean;
	/** Records from here on may have unread neighbours (the read did not reach the list's end or top). */
	bound?: Watermark;
	/** Newest-first reads: where the window started and how deep it went, the list's totalCount. */
	start?: number;
	deepest?: number;
	total?: number;
}

/**
 * A position in the read order (read stamp, then ID where the list orders by it): the rows before
 * it are handled. Without `id`, those read before `at`; with it, also those read at `at` with a
 * smaller ID (lower case, as EventX orders UUIDs).
 */
interface Watermark {
	at: number;
	id?: string;
}

const before = (row: Row, mark: Watermark) =>
	row.read < mark.at || (row.read === mark.at && mark.id !== undefined && lower(row.id) < mark.id);

const compareMarks = (a: Watermark, b: Watermark) =>
	a.at - b.at || ((a.id ?? '') < (b.id ?? '') ? -1 : (a.id ?? '') > (b.id ?? '') ? 1 : 0);

const earliest = (a: Watermark, b: Watermark) => (compareMarks(a, b) <= 0 ? a : b);

/** The position of a row: with its ID only where the list orders by it. */
const markOf = (row: Row, source: PollSource): Watermark => ({
	at: row.read,
	id: source.tieBreak ? lower(row.id) : undefined,
});

/**
 * The earliest position among a page of rows: a row one place out of order at the page's edge
 * lies at or after it.
 */
const edge = (rows: Row[], source: PollSource) =>
	rows.map((row) => markOf(row, source)).reduce(earliest);

function collector(source: PollSource, n8nNow: number) {
	const rows: Row[] = [];
	const byId = new Set<string>();
	let date: number | undefined;
	let newest: number | undefined;
	return {
		rows,
		add(answer: RangeAnswer): Row[] {
			if (date === undefined && answer.date !== undefined) date = answer.date;
			const added: Row[] = [];
			answer.rows.forEach((record, index) => {
				const id = idOf(record);
				const read = timeOf(record[source.readKey]);
				if (id === undefined || read === undefined || byId.has(id)) return;
				byId.add(id);
				if (read <= n8nNow && (newest === undefined || read > newest)) newest = read;
				const row = { record, id, read, position: answer.offset + index };
				rows.push(row);
				added.push(row);
			});
			return added;
		},
		present: () => date ?? newest,
	};
}

const sortOf = (source: PollSource, descending: boolean) => {
	const dir = descending ? '-' : '';
	return [source.readKey, source.tieBreak]
		.filter(Boolean)
		.map((key) => `${dir}${key}`)
		.join(',');
};

const withQs = (source: PollSource, qs: IDataObject, deadline: number): EventXRequest => ({
	...source.request,
	qs: { ...source.request.qs, ...qs },
	deadline,
});

/**
 * Oldest first from the watermark, with the list's "after" filter: ranges keyed on the read stamp
 * (rows removed meanwhile shift nothing), until `wanted` rows past the handled ones are in, the
 * list ends or the time is up. A full range stops the read once its new rows (not `seen`) and the
 * remembered ones make the poll's cap, or where `totalCount` says the list ends: a further request
 * only for the spare rows, or to learn that nothing follows, is not worth it (the read stays
 * incomplete, the next poll goes on from its edge).
 */
async function readOldestFirst(
	ctx: EventXContext,
	source: PollSource,
	mark: Watermark,
	wanted: number,
	limits: PollLimits,
	seen: Seen,
): Promise<Read> {
	const found = collector(source, Date.now());
	let useful = 0;
	let unseen = 0;
	const known = (row: Row) => {
		const stamp = source.occurrence(row.record);
		return stamp !== undefined && seen.has(row.id, stamp);
	};
	let complete = false;
	await eventxRanges.call(
		ctx,
		withQs(
			source,
			{ sort: sortOf(source, false), [source.after!]: iso(mark.at - 1) },
			limits.deadline,
		),
		{
			pageSize: PAGE,
			rows: (sent) => (sent === 0 ? Math.min(wanted, RANGE) : Infinity),
			key: { field: source.readKey, param: source.after! },
			take: (answer) => {
				for (const row of found.add(answer)) {
					if (before(row, mark)) continue;
					useful += 1;
					if (seen.size === 0 || !known(row)) unseen += 1;
				}
				complete = answer.last;
				const capped = unseen > 0 && unseen + seen.size >= limits.maxRecords;
				const enough = answer.full && (capped || answer.counted);
				return !complete && !enough && useful < wanted && Date.now() < limits.softDeadline;
			},
		},
	);
	const { rows } = found;
	return {
		rows,
		present: found.present(),
		complete,
		bound: complete || rows.length === 0 ? undefined : edge(rows.slice(-PAGE), source),
	};
}

/**
 * Newest first, down past the watermark: a window that ends a page below where the watermark
 * stood at the last poll (`depth`) and reaches `wanted` rows above it, so that the oldest changes
 * come first and an idle poll reads one page. The watermark is found by its stamp, not by its
 * position: a window that starts below it starts again higher, one that ends above it reads on.
 * After a downtime, how much `totalCount` grew since the last poll hints where the watermark now
 * lies: when that is below the window's reach, the window moves down to it after the first page
 * (the newer changes are left for the next polls) rather than reading every page above it.
 */
async function readNewestFirst(
	ctx: EventXContext,
	source: PollSource,
	mark: Watermark | undefined,
	state: { depth?: number; deep?: boolean; count?: number },
	wanted: number,
	limits: PollLimits,
	/** Activation: the watermark is EventX's present less the look-back, known from the first answer. */
	markFrom?: (present: number | undefined) => Watermark,
): Promise<Read> {
	// How far above the watermark a window reaches: with a cap of one request's rows or fewer, one
	// request (the spare pages and the rows met again are not worth a second).
	const reach = limits.maxRecords <= RANGE ? Math.min(wanted, RANGE) : wanted;
	let depth = Math.max(0, state.depth ?? 0);
	let start = state.deep ? Math.max(0, depth - PAGE) : Math.max(0, depth + PAGE - reach);
	let hint = !state.deep && state.count !== undefined && mark !== undefined;
	// Where the window stood before the hint moved it: a hint that proves wrong is dropped.
	let unhinted: { depth: number; start: number } | undefined;
	for (;;) {
		const firstRows = state.deep ? RANGE : depth + PAGE - start;
		const found = collector(source, Date.now());
		let boundary: Watermark | undefined = mark;
		let complete = false;
		let deepest = start;
		let below = 0;
		let tooLow = false;
		let moved = false;
		let seenBoundary = false;
		let total: number | undefined;
		await eventxRanges.call(ctx, withQs(source, { sort: sortOf(source, true) }, limits.deadline), {
			pageSize: PAGE,
			start,
			rows: (sent) => (sent === 0 ? firstRows : Infinity),
			take: (answer) => {
				const added = found.add(answer);
				total ??= answer.total;
				boundary ??= markFrom?.(found.present());
				deepest = Math.max(deepest, answer.offset + answer.rows.length);
				if (start > 0 && found.rows.length === added.length) {
					// The window's first page lies below the watermark, or past the list's end: rows
					// above moved up (or were removed). It starts again higher.
					const top = added.slice(0, PAGE);
					if (top.every((row) => before(row, boundary!))) {
						tooLow = true;
						return false;
					}
				}
				for (const row of added) {
					if (!seenBoundary && before(row, boundary!)) seenBoundary = true;
					if (seenBoundary) below += 1;
				}
				// Found once a row after the first older one is read (one a place out of order shows).
				complete = answer.last || below >= 2;
				const inTime = Date.now() < limits.softDeadline;
				if (hint && inTime && !complete && !seenBoundary && total !== undefined) {
					const guess = depth + total - state.count!;
					if (guess + PAGE - reach > deepest) {
						unhinted = { depth, start };
						depth = guess;
						start = guess + PAGE - reach;
						moved = true;
						return false;
					}
				}
				hint = false;
				return !complete && inTime;
			},
		});
		if (moved) {
			hint = false;
			continue;
		}
		if (tooLow && unhinted) {
			// The count grew below the watermark (or lies): read as without the hint.
			({ depth, start } = unhinted);
			unhinted = undefined;
			continue;
		}
		if (tooLow) {
			start = Math.max(0, start - wanted);
			continue;
		}
		return {
			rows: found.rows,
			present: found.present(),
			complete,
			bound:
				start > 0 && found.rows.length > 0 ? edge(found.rows.slice(0, PAGE), source) : undefined,
			start,
			deepest,
			total,
		};
	}
}

/** Reads what changed since the watermark, by the source's way of reading. */
async function readSince(
	ctx: EventXContext,
	source: PollSource,
	state: PollState,
	mark: Watermark,
	limits: PollLimits,
	seen: Seen,
): Promise<Read> {
	// The rows a poll wants past the watermark: its cap, those it may meet again, and two pages
	// beyond, so that the read's edge (its last page) lies past the cap and the watermark stays on
	// the first record left (the spare pages are read only in a range made anyway).
	const wanted = limits.maxRecords + 2 * PAGE + seen.size;
	return source.after
		? await readOldestFirst(ctx, source, mark, wanted, limits, seen)
		: await readNewestFirst(ctx, source, mark, state, wanted, limits);
}

/** Records the trigger's first poll finds: the watermark is EventX's present less the look-back. */
export async function activate(
	ctx: EventXContext,
	source: PollSource,
	limits: PollLimits,
): Promise<Omit<PollState, 'v' | 'trigger' | 'eventId'>> {
	let mark: Watermark | undefined;
	const read = await readNewestFirst(
		ctx,
		source,
		undefined,
		{},
		MAX_SEEN_AHEAD + PAGE,
		limits,
		(present) => (mark ??= { at: present === undefined ? 0 : present - LOOK_BACK_MS }),
	);
	mark ??= { at: read.present === undefined ? 0 : read.present - LOOK_BACK_MS };
	// Everything read at or after the watermark is known now, newest first; beyond the memory's
	// room the watermark moves up to the oldest remembered (the rest is history).
	const recent = read.rows.filter((row) => !before(row, mark!)).sort((a, b) => b.read - a.read);
	let at = mark.at;
	if (!read.complete && read.rows.length > 0) at = Math.max(at, read.rows.at(-1)!.read + 1);
	if (recent.length > MAX_SEEN_AHEAD) at = Math.max(at, recent[MAX_SEEN_AHEAD].read + 1);
	const seen = new Seen();
	for (const row of recent) {
		const stamp = source.occurrence(row.record);
		if (row.read >= at && stamp !== undefined && stamp >= at) seen.add(row.id, stamp);
	}
	return {
		at: iso(at),
		floor: iso(at),
		depth: recent.filter((row) => row.read >= at).length,
		seen: seen.encode(),
		count: source.after ? undefined : read.total,
	};
}

/**
 * One poll after the first: the occurrences since the watermark not handled before, oldest first
 * (at most `maxRecords`), and where the trigger stands after them. The state is new; the one given
 * is not changed (a poll that throws leaves static data as it was).
 */
export async function pollSource(
	ctx: EventXContext,
	source: PollSource,
	state: PollState,
	limits: PollLimits,
): Promise<{ occurrences: Occurrence[]; state: PollState }> {
	const mark: Watermark = { at: Date.parse(state.at), id: state.id };
	const floor = Date.parse(state.floor);
	const seen = Seen.decode(state.seen);
	const read = await readSince(ctx, source, state, mark, limits, seen);

	if (!read.complete && !source.after) {
		// Newest first and the watermark not reached in time: the oldest changes are not known yet.
		// Nothing is emitted; the next poll starts where this one stopped.
		return {
			occurrences: [],
			state: { ...state, depth: read.deepest, deep: true, count: read.total },
		};
	}

	const horizon = Math.max(floor, mark.at - source.lateness);
	const settled = read.present === undefined ? mark.at : read.present - LOOK_BACK_MS;
	const candidates: Array<Row & { stamp: number; edge: boolean }> = [];
	for (const row of read.rows) {
		if (before(row, mark)) continue;
		const stamp = source.occurrence(row.record);
		if (stamp === undefined || stamp < horizon || seen.has(row.id, stamp)) continue;
		// At or after the read's edge: neighbours may be unread, so the watermark stays before it
		// and the next poll reads these again.
		const edge = read.bound !== undefined && !before(row, read.bound);
		candidates.push({
			record: row.record,
			id: row.id,
			read: row.read,
			position: row.position,
			stamp,
			edge,
		});
	}
	candidates.sort((a, b) => a.read - b.read || (lower(a.id) < lower(b.id) ? -1 : 1));

	// Emitted: oldest first, up to the cap; those that must be remembered (stamped inside the
	// look-back, or at the read's edge, which the next poll meets again) only while the memory has
	// room: the rest come out at a later poll.
	let ahead = seen.stamps().reduce((n, [stamp, count]) => (stamp >= settled ? n + count : n), 0);
	let kept = seen.size;
	let n = 0;
	for (const c of candidates) {
		if (n >= limits.maxRecords) break;
		if (c.stamp >= settled || c.edge) {
			if (ahead >= MAX_SEEN_AHEAD || (c.edge && kept >= MAX_SEEN)) break;
			ahead += 1;
			kept += 1;
		}
		n += 1;
	}
	if (!source.tieBreak && n > 0 && n < candidates.length) {
		// Without an order among records sharing a stamp, a poll never stops inside such a group.
		const tie = candidates[n].read;
		if (candidates[n - 1].read === tie) {
			let g = n;
			while (g > 0 && candidates[g - 1].read === tie) g -= 1;
			if (g > 0) n = g;
			else while (n < candidates.length && candidates[n].read === tie) n += 1;
		}
	}
	const emitted = candidates.slice(0, n);
	const cut = candidates[n];

	// The new watermark: never past EventX's present less the look-back, the first record left
	// for later, or rows that may have unread neighbours; never back.
	let next: Watermark = { at: settled };
	if (cut) next = earliest(next, markOf(cut, source));
	if (read.bound !== undefined) next = earliest(next, read.bound);
	if (compareMarks(next, mark) < 0) next = mark;

	// Remembered: what was emitted that a later read may meet again, stamped at or after the new
	// floor; not those at the watermark's stamp before its ID (the watermark itself handles them).
	let nextFloor = Math.max(floor, next.at - source.lateness);
	for (const c of emitted) {
		if (c.stamp < nextFloor) continue;
		if (next.id !== undefined && c.stamp === next.at && c.stamp === c.read && before(c, next))
			continue;
		seen.add(c.id, c.stamp);
	}
	seen.dropBefore(nextFloor);
	// Bounded: the oldest occurrences go first, and what is older than the floor is history (past
	// the watermark too, if the memory holds more than it may of records a read meets again).
	if (seen.size > MAX_SEEN) {
		const keep = seen.keepFrom(MAX_SEEN);
		seen.dropBefore(keep);
		nextFloor = Math.max(nextFloor, keep);
		if (keep > next.at) next = { at: keep };
	}

	const depth =
		read.start === undefined
			? undefined
			: read.start +
				read.rows.filter((row) => row.position >= read.start! && !before(row, next)).length;
	return {
		occurrences: emitted
			.map(({ record, id, stamp }) => ({ record, id, stamp }))
			.sort((a, b) => a.stamp - b.stamp || (lower(a.id) < lower(b.id) ? -1 : 1)),
		state: {
			...state,
			at: iso(next.at),
			id: next.id,
			floor: iso(nextFloor),
			depth,
			deep: undefined,
			seen: seen.encode(),
			count: read.total,
		},
	};
}

/**
 * The most recent occurrence ("Fetch Test Event"): newest first by the read stamp, down to the
 * first record read before the best occurrence found (an occurrence is never stamped after its
 * record's read stamp), or until the time is up.
 */
export async function latestOccurrence(
	ctx: EventXContext,
	source: PollSource,
	limits: Pick<PollLimits, 'softDeadline' | 'deadline'>,
): Promise<Occurrence | undefined> {
	let best: Occurrence | undefined;
	await eventxRanges.call(ctx, withQs(source, { sort: sortOf(source, true) }, limits.deadline), {
		pageSize: PAGE,
		rows: (sent) => (sent === 0 ? PAGE : Infinity),
		take: (answer) => {
			for (const record of answer.fresh) {
				const read = timeOf(record[source.readKey]);
				if (read === undefined) continue;
				if (best && read < best.stamp) return false;
				const stamp = source.occurrence(record);
				const id = idOf(record);
				if (stamp !== undefined && id !== undefined && (!best || stamp > best.stamp))
					best = { record, id, stamp };
			}
			return Date.now() < limits.softDeadline;
		},
	});
	return best;
}
