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
import { MAX_SEEN, MAX_SEEN_AHEAD, Seen } from './cursor';
import type { CursorStart, PollState } from './state';
import { iso, timeOf } from './time';

/**
 * The look-back: records stamped less than this before EventX's present may still become visible
 * (a transaction that commits late, rows a place out of order). The watermark stays this far
 * behind EventX's clock, and what was emitted inside it is remembered by ID.
 */
export const LOOK_BACK_MS = 60_000;

/** Where the watermark may stand at EventX's `present`: the look-back behind it. */
export const settledAt = (present: number) => present - LOOK_BACK_MS;

/**
 * How long after its stamp an occurrence may first show and still come out: the look-back, and
 * the lateness the source allows (a check-in synced a day late). An event that stopped running is
 * read on that long after its end.
 */
export const showsWithin = (maxShowDelayMs: number) => LOOK_BACK_MS + maxShowDelayMs;

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
	 * Whether the occurrence is stamped by `readKey` itself (New Attendee, Order Paid): a record read
	 * again then shows a new occurrence, never an emitted one at a later place in the list.
	 */
	stampedByReadKey?: boolean;
	/**
	 * How much older than its read stamp an occurrence's own stamp may be when it first shows (a
	 * check-in scanned offline and synced later); 0 when the occurrence is stamped by `readKey`.
	 */
	maxShowDelayMs: number;
	/** Occurrences stamped after it are left out (an event read on after its end). */
	until?: number;
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

/** What one poll found and where the trigger stands after it. */
export interface Polled {
	occurrences: Occurrence[];
	state: PollState;
	/** EventX's present as the read told it (its `Date`, else its newest record before n8n's clock). */
	present?: number;
	/**
	 * Occurrences read and left out because they are stamped before the floor (`stampedBefore`):
	 * emitted before and read again after a later change, or older than the trigger reads (its
	 * start, the lateness it allows, what its memory holds).
	 */
	leftOut?: { count: number; stampedBefore: number };
	/** Occurrences read and left out because they are stamped after the source's `until`. */
	afterEnd?: number;
	/** The read left occurrences for a later poll (its cap reached, or its read unfinished). */
	pending?: boolean;
	/**
	 * The memory was full: occurrences stamped before `floor` that show from now on are left out
	 * (when that is within the lateness the trigger allows); `ahead` remembered ones stamped later
	 * were forgotten (they come out again if their record changes).
	 */
	forgot?: { floor?: number; ahead: number };
}

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
	/** EventX's clock: the earliest `Date` header of its answers (servers' clocks may differ). */
	date?: number;
	/** n8n's clock when the read started. */
	n8nNow: number;
	/** Whether every record from the watermark on was read (modulo the rows from `bound` on). */
	complete: boolean;
	/** Records from here on may have unread neighbours (the read did not reach the list's end or top). */
	bound?: Watermark;
	/** Newest-first reads: the watermark the read went down to. */
	boundary?: Watermark;
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

const precedes = (row: Row, mark: Watermark) =>
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

function collector(source: PollSource) {
	const rows: Row[] = [];
	const byId = new Set<string>();
	const n8nNow = Date.now();
	let date: number | undefined;
	return {
		rows,
		n8nNow,
		get date() {
			return date;
		},
		add(answer: RangeAnswer): Row[] {
			if (answer.date !== undefined && (date === undefined || answer.date < date))
				date = answer.date;
			const added: Row[] = [];
			answer.rows.forEach((record, index) => {
				const id = idOf(record);
				const read = timeOf(record[source.readKey]);
				if (id === undefined || read === undefined || byId.has(id)) return;
				byId.add(id);
				const row = { record, id, read, position: answer.offset + index };
				rows.push(row);
				added.push(row);
			});
			return added;
		},
		/** EventX's clock as its answers told it so far (see `presentOf`). */
		present: () => presentOf({ rows, date, n8nNow }),
	};
}

/** The newest read stamp not after `cap`. */
function newestUpTo(rows: Row[], cap: number): number | undefined {
	let newest: number | undefined;
	for (const row of rows)
		if (row.read <= cap && (newest === undefined || row.read > newest)) newest = row.read;
	return newest;
}

/**
 * EventX's present: its `Date` header (the earliest of the read's answers), else the newest read
 * stamp not after n8n's clock.
 */
function presentOf(read: Pick<Read, 'rows' | 'date' | 'n8nNow'>): number | undefined {
	return read.date ?? newestUpTo(read.rows, read.n8nNow);
}

/**
 * How far ahead of EventX's clock the `Date` of one of its servers may run without the watermark
 * passing changes yet to come.
 */
export const MAX_CLOCK_AHEAD_MS = 300_000;

/**
 * How far the watermark may move: the look-back behind EventX's present, and no further than the
 * look-back behind its newest record unless that is older than what a server whose clock runs
 * ahead could add (`MAX_CLOCK_AHEAD_MS`): changes yet to come are stamped after EventX's true
 * present less the look-back, and the newest record, by a clock up to a minute ahead, may be
 * stamped up to a minute after that present.
 */
function settledOf(read: Pick<Read, 'rows' | 'date' | 'n8nNow'>): number | undefined {
	const present = presentOf(read);
	if (present === undefined) return undefined;
	const settled = settledAt(present);
	// (a `Date` is whole seconds: a record of the same second is no later than EventX's present)
	const newest = newestUpTo(read.rows, present + 999);
	return Math.min(settled, Math.max(settled - MAX_CLOCK_AHEAD_MS, settledAt(newest ?? -Infinity)));
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
	const found = collector(source);
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
					if (precedes(row, mark)) continue;
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
		date: found.date,
		n8nNow: found.n8nNow,
		complete,
		bound: complete || rows.length === 0 ? undefined : edge(rows.slice(-PAGE), source),
	};
}

/** One newest-first window's read, and why it must start again elsewhere. */
interface WindowRead {
	read: Read;
	/** Its first page lies below the watermark, or past the list's end: it starts again higher. */
	tooLow: boolean;
	/** How far down `totalCount`'s growth says the watermark lies, when the window moves there. */
	hinted?: number;
	/** Whether the hint is still to be tried (no answer got past the window's first check). */
	hintPending: boolean;
}

/**
 * Whether a window's first answer lies wholly below the watermark, or past the list's end: rows
 * above it moved up (or were removed), and the window starts again higher.
 */
const belowMark = (added: Row[], mark: Watermark) =>
	added.slice(0, PAGE).every((row) => precedes(row, mark));

/**
 * How far down the watermark lies when `totalCount` grew by `total - hint.count` since the last
 * poll measured it at `hint.depth`, if that is beyond what the window reaches (`deepest`, with a
 * page's slack): the window moves there. A hint only, never trusted: the window checks it.
 */
function hintedDepth(
	hint: { depth: number; count: number; reach: number },
	total: number,
	deepest: number,
): number | undefined {
	const guess = hint.depth + total - hint.count;
	return guess + PAGE - hint.reach > deepest ? guess : undefined;
}

/**
 * One window, newest first from `start` (its first request `firstRows` rows): read until the row
 * after the first one before the watermark (one a place out of order shows), the list's end or the
 * time is up. Stops at once when its first page lies below the watermark, or, with `hint`, when
 * the growth of `totalCount` since the last poll puts the watermark below the window's reach.
 */
async function readWindow(
	ctx: EventXContext,
	source: PollSource,
	window: { mark?: Watermark; start: number; firstRows: number },
	limits: PollLimits,
	markFrom: ((first: Pick<Read, 'rows' | 'date' | 'n8nNow'>) => Watermark) | undefined,
	hint: { depth: number; count: number; reach: number } | undefined,
): Promise<WindowRead> {
	const { start, firstRows } = window;
	const found = collector(source);
	let boundary: Watermark | undefined = window.mark;
	let complete = false;
	let deepest = start;
	let below = 0;
	let tooLow = false;
	let hinted: number | undefined;
	let hintPending = hint !== undefined;
	let seenBoundary = false;
	let total: number | undefined;
	await eventxRanges.call(ctx, withQs(source, { sort: sortOf(source, true) }, limits.deadline), {
		pageSize: PAGE,
		start,
		rows: (sent) => (sent === 0 ? firstRows : Infinity),
		take: (answer) => {
			const added = found.add(answer);
			total ??= answer.total;
			boundary ??= markFrom?.(found);
			deepest = Math.max(deepest, answer.offset + answer.rows.length);
			if (start > 0 && found.rows.length === added.length && belowMark(added, boundary!)) {
				tooLow = true;
				return false;
			}
			for (const row of added) {
				if (!seenBoundary && precedes(row, boundary!)) seenBoundary = true;
				if (seenBoundary) below += 1;
			}
			// Found once a row after the first older one is read (one a place out of order shows).
			complete = answer.last || below >= 2;
			const inTime = Date.now() < limits.softDeadline;
			if (hintPending && inTime && !complete && !seenBoundary && total !== undefined) {
				hinted = hintedDepth(hint!, total, deepest);
				if (hinted !== undefined) return false;
			}
			hintPending = false;
			return !complete && inTime;
		},
	});
	return {
		read: {
			rows: found.rows,
			date: found.date,
			n8nNow: found.n8nNow,
			complete,
			boundary,
			bound:
				start > 0 && found.rows.length > 0 ? edge(found.rows.slice(0, PAGE), source) : undefined,
			start,
			deepest,
			total,
		},
		tooLow,
		hinted,
		hintPending,
	};
}

/**
 * Newest first, down past the watermark: a window that ends a page below where the watermark
 * stood at the last poll (`depth`) and reaches `wanted` rows above it, so that the oldest changes
 * come first and an idle poll reads one page. The watermark is found by its stamp, not by its
 * position: a window that starts below it starts again higher, one that ends above it reads on.
 * After a downtime, how much `totalCount` grew since the last poll hints where the watermark now
 * lies: when that is below the window's reach, the window moves down to it after the first page
 * (the newer changes are left for the next polls) rather than reading every page above it; a hint
 * that proves wrong (the window found below the watermark) is dropped.
 */
async function readNewestFirst(
	ctx: EventXContext,
	source: PollSource,
	mark: Watermark | undefined,
	state: { depth?: number; deep?: boolean; count?: number },
	wanted: number,
	limits: PollLimits,
	/** Activation: the watermark, known from the first answer (EventX's clock, the newest record). */
	markFrom?: (first: Pick<Read, 'rows' | 'date' | 'n8nNow'>) => Watermark,
): Promise<Read> {
	// How far above the watermark a window reaches: with a cap of one request's rows or fewer, one
	// request (the spare pages and the rows met again are not worth a second).
	const reach = limits.maxRecords <= RANGE ? Math.min(wanted, RANGE) : wanted;
	let depth = Math.max(0, state.depth ?? 0);
	let start = state.deep ? Math.max(0, depth - PAGE) : Math.max(0, depth + PAGE - reach);
	let hint = !state.deep && state.count !== undefined && mark !== undefined;
	// Where the window stood before the hint moved it.
	let unhinted: { depth: number; start: number } | undefined;
	for (;;) {
		const firstRows = state.deep ? RANGE : depth + PAGE - start;
		const window = await readWindow(
			ctx,
			source,
			{ mark, start, firstRows },
			limits,
			markFrom,
			hint ? { depth, count: state.count!, reach } : undefined,
		);
		hint = window.hintPending;
		if (window.hinted !== undefined) {
			unhinted = { depth, start };
			depth = window.hinted;
			start = window.hinted + PAGE - reach;
			hint = false;
		} else if (window.tooLow && unhinted) {
			// The count grew below the watermark (or lies): read as without the hint.
			({ depth, start } = unhinted);
			unhinted = undefined;
		} else if (window.tooLow) {
			start = Math.max(0, start - wanted);
		} else {
			return window.read;
		}
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

/**
 * Records the trigger's first poll finds: the watermark (and the floor) where every poll would
 * put it, EventX's present less the look-back (`settledOf`), known from the first answer; `told`
 * hears EventX's present.
 */
export async function activate(
	ctx: EventXContext,
	source: PollSource,
	limits: PollLimits,
	told?: (present: number | undefined) => void,
): Promise<CursorStart> {
	const read = await readNewestFirst(
		ctx,
		source,
		undefined,
		{},
		MAX_SEEN_AHEAD + PAGE,
		limits,
		(first) => ({ at: settledOf(first) ?? 0 }),
	);
	told?.(presentOf(read));
	const mark: Watermark = read.boundary ?? { at: settledOf(read) ?? 0 };
	// Everything read at or after the watermark is known now, newest first; beyond the memory's
	// room the watermark moves up to the oldest remembered (the rest is history).
	const recent = read.rows.filter((row) => !precedes(row, mark)).sort((a, b) => b.read - a.read);
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

/** A row read that may come out, with its occurrence's stamp. */
interface Candidate extends Row {
	stamp: number;
	/** At or after the read's edge: neighbours may be unread. */
	edge: boolean;
}

/**
 * The rows read from the watermark on, sorted out: those that may come out (in read order), those
 * left out (stamped before the floor: handled before, or older than the trigger reads; stamped
 * after the source's end: not an occurrence it waits for) and how many remembered ones the next
 * read meets again for sure (read at or after where the watermark may go, or at the read's edge).
 */
function sortOut(
	read: Read,
	mark: Watermark,
	floor: number,
	settled: number,
	seen: Seen,
	source: PollSource,
): { candidates: Candidate[]; leftOut: number; afterEnd: number; ahead: number } {
	const candidates: Candidate[] = [];
	let leftOut = 0;
	let afterEnd = 0;
	let ahead = 0;
	const atEdge = (row: Row) => read.bound !== undefined && !precedes(row, read.bound);
	for (const row of read.rows) {
		if (precedes(row, mark)) continue;
		const stamp = source.occurrence(row.record);
		if (stamp === undefined) continue;
		if (seen.has(row.id, stamp)) {
			if (row.read >= settled || atEdge(row)) ahead += 1;
			continue;
		}
		// Stamped before the floor: handled before, or older than the trigger reads.
		if (stamp < floor) {
			leftOut += 1;
			continue;
		}
		// After the source's end: not an occurrence it waits for (the watermark passes it).
		if (source.until !== undefined && stamp > source.until) {
			afterEnd += 1;
			continue;
		}
		// At or after the read's edge: neighbours may be unread, so the watermark stays before it
		// and the next poll reads these again.
		candidates.push({
			record: row.record,
			id: row.id,
			read: row.read,
			position: row.position,
			stamp,
			edge: atEdge(row),
		});
	}
	candidates.sort((a, b) => a.read - b.read || (lower(a.id) < lower(b.id) ? -1 : 1));
	return { candidates, leftOut, afterEnd, ahead };
}

/**
 * How many candidates come out: oldest first, up to the cap; those the next read meets again for
 * sure (read inside the look-back, or at the read's edge) only while the memory has room for them
 * (`ahead` of its `MAX_SEEN_AHEAD` places taken): the rest come out at a later poll. (An
 * occurrence stamped ahead of its record's read stamp, a scanner whose clock runs fast, is not
 * met again: it takes no such room.)
 */
function emittedCount(
	candidates: Candidate[],
	ahead: number,
	settled: number,
	seen: Seen,
	maxRecords: number,
): number {
	let kept = seen.size;
	let n = 0;
	for (const c of candidates) {
		if (n >= maxRecords) break;
		if (c.read >= settled || c.edge) {
			if (ahead >= MAX_SEEN_AHEAD || (c.edge && kept >= MAX_SEEN)) break;
			ahead += 1;
			kept += 1;
		}
		n += 1;
	}
	return n;
}

/**
 * Without an order among records sharing a stamp (no tie-break), a poll never stops inside such a
 * group: the count moves back to the group's start, or past its end when the group starts the poll.
 */
function outsideTies(candidates: Candidate[], n: number, source: PollSource): number {
	if (source.tieBreak || n === 0 || n >= candidates.length) return n;
	const tie = candidates[n].read;
	if (candidates[n - 1].read !== tie) return n;
	let g = n;
	while (g > 0 && candidates[g - 1].read === tie) g -= 1;
	if (g > 0) return g;
	while (n < candidates.length && candidates[n].read === tie) n += 1;
	return n;
}

/**
 * The new watermark: never past EventX's present less the look-back (`settled`), the first record
 * left for later (`cut`), or rows that may have unread neighbours (the read's `bound`); never back.
 */
function nextWatermark(
	mark: Watermark,
	settled: number,
	cut: Candidate | undefined,
	bound: Watermark | undefined,
	source: PollSource,
): Watermark {
	let next: Watermark = { at: settled };
	if (cut) next = earliest(next, markOf(cut, source));
	if (bound !== undefined) next = earliest(next, bound);
	return compareMarks(next, mark) < 0 ? mark : next;
}

/**
 * Remembers what was emitted that a later read may meet again, stamped at or after the new floor;
 * not those at the watermark's stamp before its ID when the occurrence is stamped by the read key
 * (the watermark itself handles them; otherwise their record may change and be read again later
 * with the same occurrence). The floor
 * follows the watermark (less the delay an occurrence may show with), but stays at the oldest
 * occurrence left for a later poll (`left`: one whose record changed since keeps its older stamp).
 * The new floor.
 */
function remember(
	seen: Seen,
	emitted: Candidate[],
	next: Watermark,
	floor: number,
	left: number,
	source: PollSource,
): number {
	const nextFloor = Math.max(floor, Math.min(next.at - source.maxShowDelayMs, left));
	for (const c of emitted) {
		if (c.stamp < nextFloor) continue;
		if (
			source.stampedByReadKey &&
			next.id !== undefined &&
			c.stamp === next.at &&
			precedes(c, next)
		)
			continue;
		seen.add(c.id, c.stamp);
	}
	seen.dropBefore(nextFloor);
	return nextFloor;
}

/**
 * Bounded: a memory over `MAX_SEEN` forgets first what no read is sure to meet again, oldest
 * first; the floor rises past what goes that is stamped before the watermark and before what is
 * left for later (`left`; one stamped after either would come out again only if its record
 * changes). Past the watermark too, if the memory holds more than it may of records the next read
 * meets again. The watermark and floor after it, and what was forgotten.
 */
function boundMemory(
	seen: Seen,
	read: Read,
	next: Watermark,
	floor: number,
	left: number,
	source: PollSource,
): { next: Watermark; floor: number; forgot?: Polled['forgot'] } {
	if (seen.size <= MAX_SEEN) return { next, floor };
	const sure = new Set<string>();
	for (const row of read.rows) {
		const stamp = precedes(row, next) ? undefined : source.occurrence(row.record);
		if (stamp !== undefined) sure.add(Seen.key(row.id, stamp));
	}
	const dropped = seen.forget(seen.size - MAX_SEEN, (key) => !sure.has(key));
	// (not past an occurrence left for a later poll: that one comes out)
	const below = dropped.filter((stamp) => stamp < Math.min(next.at, left));
	if (below.length > 0) floor = Math.max(floor, Math.max(...below) + 1);
	if (seen.size > MAX_SEEN) {
		const keep = seen.keepFrom(MAX_SEEN);
		seen.dropBefore(keep);
		floor = Math.max(floor, keep);
		if (keep > next.at) next = { at: keep };
	}
	return {
		next,
		floor,
		forgot: {
			// Within the delay an occurrence may show with: what shows later stamped before it is left out.
			floor: floor > next.at - source.maxShowDelayMs ? floor : undefined,
			ahead: dropped.length - below.length,
		},
	};
}

/** Newest-first reads: the rows above the new watermark, where the next poll starts reading. */
function depthAbove(read: Read, next: Watermark): number | undefined {
	if (read.start === undefined) return undefined;
	const start = read.start;
	return start + read.rows.filter((row) => row.position >= start && !precedes(row, next)).length;
}

/**
 * The stamp of the oldest occurrence a poll leaves for a later one (`Infinity`: none). A
 * newest-first window that starts below the list's top leaves the records above it unread: an
 * occurrence not stamped by the read key may be of any age there (a registration whose attendee
 * checked in since), so nothing may pass it (`-Infinity`).
 */
function oldestLeft(read: Read, leftOver: Candidate[], source: PollSource): number {
	if ((read.start ?? 0) > 0 && !source.stampedByReadKey) return -Infinity;
	return leftOver.reduce((oldest, c) => Math.min(oldest, c.stamp), Infinity);
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
): Promise<Polled> {
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
			present: presentOf(read),
			pending: true,
		};
	}

	const settled = settledOf(read) ?? mark.at;
	const { candidates, leftOut, afterEnd, ahead } = sortOut(
		read,
		mark,
		floor,
		settled,
		seen,
		source,
	);
	const n = outsideTies(
		candidates,
		emittedCount(candidates, ahead, settled, seen, limits.maxRecords),
		source,
	);
	const emitted = candidates.slice(0, n);
	const left = oldestLeft(read, candidates.slice(n), source);
	const watermark = nextWatermark(mark, settled, candidates[n], read.bound, source);
	const newFloor = remember(seen, emitted, watermark, floor, left, source);
	const {
		next,
		floor: nextFloor,
		forgot,
	} = boundMemory(seen, read, watermark, newFloor, left, source);

	return {
		occurrences: emitted
			.map(({ record, id, stamp }) => ({ record, id, stamp }))
			.sort((a, b) => a.stamp - b.stamp || (lower(a.id) < lower(b.id) ? -1 : 1)),
		state: {
			...state,
			at: iso(next.at),
			id: next.id,
			floor: iso(nextFloor),
			depth: depthAbove(read, next),
			deep: undefined,
			seen: seen.encode(),
			count: read.total,
		},
		present: presentOf(read),
		leftOut: leftOut > 0 ? { count: leftOut, stampedBefore: floor } : undefined,
		afterEnd,
		forgot,
		pending: n < candidates.length || !read.complete,
	};
}

/**
 * Several cursors' memories bounded together (`max` occurrences): what each remembers stamped
 * before its watermark (met again only if its record changes: the lateness a trigger allows) goes
 * first, oldest first across them; each cursor's floor rises past what it forgets. The states,
 * changed where they forgot, and for each of those the new floor.
 */
export function boundMemories(
	states: Record<string, PollState>,
	max: number,
): { states: Record<string, PollState>; floors: Record<string, number> } {
	const memories = Object.entries(states).map(([key, state]) => ({
		key,
		state,
		seen: Seen.decode(state.seen),
		at: Date.parse(state.at),
	}));
	let excess = memories.reduce((n, m) => n + m.seen.size, 0) - max;
	if (excess <= 0) return { states, floors: {} };
	// The stamp before which every cursor forgets: the oldest stamps across them, until enough go.
	const stamps = memories
		.flatMap((m) => m.seen.stamps().filter(([stamp]) => stamp < m.at))
		.sort((a, b) => a[0] - b[0]);
	let cutoff = -Infinity;
	for (const [stamp, count] of stamps) {
		if (excess <= 0) break;
		excess -= count;
		cutoff = stamp + 1;
	}
	const next = { ...states };
	const floors: Record<string, number> = {};
	for (const m of memories) {
		const forgetBefore = Math.min(cutoff, m.at);
		if (!m.seen.stamps().some(([stamp]) => stamp < forgetBefore)) continue;
		m.seen.dropBefore(forgetBefore);
		const floor = Math.max(Date.parse(m.state.floor), forgetBefore);
		next[m.key] = { ...m.state, floor: iso(floor), seen: m.seen.encode() };
		floors[m.key] = floor;
	}
	return { states: next, floors };
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
