// Response shapes and paging: one entry point per shape EventX answers with.
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { eventxRequest, eventxResponse } from './request';
import type { EventXContext, EventXRequest } from './types';
import { toNodeApiError } from './errors';

/** A success answer whose body is not what the call expects. */
function malformed(ctx: EventXContext, request: EventXRequest, what: string): NodeApiError {
	return toNodeApiError(
		ctx,
		{ message: `EventX answered without ${what}`, unreadable: true },
		request,
	);
}

function asObject(ctx: EventXContext, request: EventXRequest, body: unknown): IDataObject {
	if (typeof body === 'string') throw malformed(ctx, request, 'a JSON body');
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw malformed(ctx, request, 'a JSON object');
	}
	return body as IDataObject;
}

/** A call answered with `{ data: <resource> }`; returns the resource. */
export async function eventxData(
	this: EventXContext,
	request: EventXRequest,
): Promise<IDataObject> {
	const body = asObject(this, request, await eventxRequest.call(this, request));
	const data = body.data;
	if (data === null || typeof data !== 'object' || Array.isArray(data)) {
		throw malformed(this, request, 'the expected "data" object');
	}
	return data as IDataObject;
}

/** A list answer: its rows, its pagination (paginated lists) and EventX's clock when it answered. */
export interface ListAnswer {
	dataList: IDataObject[];
	pagination?: Pagination;
	/** EventX's `Date` header (epoch milliseconds, whole seconds); undefined without a valid one. */
	date?: number;
}

/** A call answered with `{ dataList: [...] }` (optionally with `pagination`). */
export async function eventxList(this: EventXContext, request: EventXRequest): Promise<ListAnswer> {
	const { body: raw, headers } = await eventxResponse.call(this, request);
	const body = asObject(this, request, raw);
	if (!Array.isArray(body.dataList))
		throw malformed(this, request, 'the expected "dataList" array');
	const date = typeof headers.date === 'string' ? Date.parse(headers.date) : NaN;
	return {
		dataList: body.dataList as IDataObject[],
		pagination: body.pagination as Pagination | undefined,
		date: Number.isNaN(date) ? undefined : date,
	};
}

/** A call whose success carries no resource (`{}`, 204 or empty). Malformed JSON is still refused. */
export async function eventxNoContent(this: EventXContext, request: EventXRequest): Promise<void> {
	const body = await eventxRequest.call(this, request);
	if (typeof body === 'string' && body.trim() !== '') throw malformed(this, request, 'a JSON body');
}

/**
 * A record from an answer whose shape EventX does not document (Event Update): its `data` object
 * if it has one, else the answer itself, else `{ success: true }` for an empty answer.
 */
export async function eventxRecord(
	this: EventXContext,
	request: EventXRequest,
): Promise<IDataObject> {
	const answer = await eventxRequest.call(this, request);
	const data = (answer as IDataObject | undefined)?.data;
	if (data && typeof data === 'object' && !Array.isArray(data)) return data as IDataObject;
	return answer && typeof answer === 'object' && !Array.isArray(answer)
		? (answer as IDataObject)
		: { success: true };
}

export interface Pagination {
	page: number;
	pageSize: number;
	pageCount: number;
	totalCount: number;
}

/** EventX's caps: 100 items a page, 200 pages a request (`page` to `pageEnd`, inclusive). */
export const MAX_PAGE_SIZE = 100;

export const MAX_PAGES_PER_REQUEST = 200;

/** What identifies an item of a list, to notice a server that sends the same items again. */
export function idOf(item: IDataObject): string | undefined {
	const id = item?.id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/** One answer of a ranged read, as the reader hands it over. */
export interface RangeAnswer {
	/** The answer's rows in EventX's order, those read before included. */
	rows: IDataObject[];
	/** The rows no earlier answer of this read brought (by ID). */
	fresh: IDataObject[];
	/** Position of the answer's first row in the list (in the key window, for keyed reads). */
	offset: number;
	/** EventX's clock when it answered (its `Date` header), if it sent one. */
	date?: number;
	/** Whether the list ends with this answer. */
	last: boolean;
	/**
	 * Whether the answer brought every row it asked for (a full range ends the list only by
	 * `endOnCount`).
	 */
	full: boolean;
	/**
	 * Whether the rows up to the answer's end agree with `totalCount`: the list may end here. Not
	 * proof (the count may be capped or estimated); a reader that goes on from where it stopped
	 * later may stop on it.
	 */
	counted: boolean;
	/** The list's `totalCount` as EventX reported it (may be capped or estimated). */
	total?: number;
}

export interface RangeOptions {
	/** The page size to ask for (at most 100); EventX may serve fewer, which the reader follows. */
	pageSize: number;
	/** How many rows the next request should bring beyond those read (0 stops); `request` counts those made. */
	rows: (request: number) => number;
	/** Position to start at (0 by default). */
	start?: number;
	/** Hands over each answer; false stops reading. */
	take: (answer: RangeAnswer) => boolean;
	/**
	 * A list sorted ascending by `field` that filters "strictly after" with the query parameter
	 * `param` (the attendee list's `createdAt$gt`): each range starts from the last row's value,
	 * so rows removed meanwhile shift nothing.
	 */
	key?: { field: string; param: string };
	/** False for a list that documents no `pageEnd` (custom domains): one page a request. */
	pageRanges?: boolean;
	/** When the read must be over (epoch milliseconds): each request gets what is left of it. */
	deadline?: number;
	/**
	 * A full answer that every count of EventX's pagination says is the list's end (see
	 * `countsAgree`) ends the list, without a request to see that nothing follows. A count capped
	 * at exactly that end cannot be told from a true one: such an end is logged.
	 */
	endOnCount?: boolean;
}

/**
 * Whether every count of a full answer says the list ends with it: `totalCount` is the position
 * of its last row and the number of distinct records read so far, `pageCount` is the last page
 * asked for, and `pageSize` the page size asked for. A count that disagrees with any of these
 * (capped below or above the rows, a page count that runs ahead, rows repeated within the range)
 * is not taken at its word.
 */
function countsAgree(
	pagination: Pagination,
	end: number,
	distinct: number,
	lastPage: number,
	size: number,
): boolean {
	const { totalCount, pageCount, pageSize } = pagination;
	return totalCount === end && distinct === end && pageCount === lastPage && pageSize === size;
}

/**
 * The page size EventX served when it answered `rows` rows for `pages` pages of `size`: its
 * pagination's `pageSize` when that is smaller, or the rows per page when they divide evenly.
 * Never more than it served, so that the next page numbers address the rows that follow.
 */
function servedPageSize(rows: number, pages: number, size: number, claimed: unknown): number {
	if (typeof claimed === 'number' && Number.isInteger(claimed) && claimed >= 1 && claimed < size)
		return claimed;
	return rows > 0 && rows % pages === 0 ? Math.min(size, rows / pages) : size;
}

/**
 * Reads a list range by range (one request asks for up to 200 pages), handing each answer to
 * `take`. Used by every reader of more than one page (Return All, Limit, the polling trigger).
 *
 * The end of the list is never concluded from one signal EventX can get wrong:
 * - a range with fewer rows than asked ends the list only when the rows read agree with
 *   `totalCount`; otherwise EventX serves smaller pages than asked (50 for 100), and reading goes
 *   on from the next row at the page size it served, until an answer brings no row beyond those
 *   read;
 * - a full range ends the list only for a reader that asks so (`endOnCount`) and only when every
 *   count agrees (`countsAgree`); otherwise reading goes on (a count may be capped or estimated);
 * - each range after the first reads the last page of the one before again and must find one of
 *   its rows: rows removed meanwhile move the later ones up, and a range that finds none starts
 *   again earlier (twice as far each time) so that none slips between two ranges unseen. Keyed
 *   reads (`key`) start each range from the last row's value instead; lists read one page a
 *   request go on page after page;
 * - a row seen before is not handed over twice, and a full range that brings nothing new is an
 *   error (unless the rows read agree with `totalCount`), not a reason to ask for the next one.
 */
export async function eventxRanges(
	this: EventXContext,
	request: EventXRequest,
	options: RangeOptions,
): Promise<void> {
	const { key, pageRanges = true, deadline } = options;
	let size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(options.pageSize)));
	const seen = new Set<string>();
	// The position of the next row to read; the rows the answer must include (the tail of the one
	// before) when it starts past the first row; how often the range had to start earlier.
	let position = Math.max(0, options.start ?? 0);
	let anchors: Set<string> | undefined;
	let backoff = 0;
	let after: string | undefined;
	for (let sent = 0; ; sent++) {
		const wanted = options.rows(sent);
		if (!(wanted > 0)) return;
		const from = anchors ? Math.max(0, position - size * 2 ** backoff) : position;
		const page = Math.floor(from / size) + 1;
		const first = (page - 1) * size;
		const pages = pageRanges
			? Math.min(MAX_PAGES_PER_REQUEST, Math.max(1, Math.ceil((position + wanted - first) / size)))
			: 1;
		const pageEnd = page + pages - 1;
		const qs: IDataObject = { ...request.qs, page, pageSize: size };
		if (pageEnd > page) qs.pageEnd = pageEnd;
		if (key && after !== undefined) qs[key.param] = after;
		const {
			dataList: rows,
			pagination,
			date,
		} = await eventxList.call(this, {
			...request,
			qs,
			deadline: request.deadline ?? deadline,
		});
		if (!pagination || typeof pagination !== 'object') {
			throw malformed(this, request, 'the expected "pagination" object');
		}
		const connected = first === 0 || !anchors || rows.some((row) => anchors!.has(idOf(row) ?? ''));
		if (!connected) {
			// Rows were removed (or moved) before the position: the rows between the last range and
			// this one may have moved up past it. The range starts again earlier; this answer is
			// not handed over (what it holds, the earlier one holds too).
			backoff += 1;
			continue;
		}
		const fresh: IDataObject[] = [];
		for (const row of rows) {
			const id = idOf(row);
			if (id !== undefined) {
				if (seen.has(id)) continue;
				seen.add(id);
			}
			fresh.push(row);
		}
		backoff = 0;
		const asked = pages * size;
		const beyond = first + rows.length - position;
		const total = typeof pagination.totalCount === 'number' ? pagination.totalCount : undefined;
		const counted = total !== undefined && first + rows.length === total;
		const full = rows.length >= asked;
		let last = beyond <= 0;
		if (!last && !full) {
			if (counted) last = true;
			else size = servedPageSize(rows.length, pages, size, pagination.pageSize);
		} else if (
			!last &&
			options.endOnCount &&
			countsAgree(pagination, first + rows.length, seen.size, pageEnd, size)
		) {
			last = true;
			// The one history this cannot tell apart: a count capped at exactly this row.
			this.logger.info(
				`EventX's list ended at its totalCount of ${total} with a full answer (${request.method} ${request.path}, pages ${page} to ${pageEnd}): no request was made to check that nothing follows`,
			);
		}
		if (!options.take({ rows, fresh, offset: first, date, last, full, counted, total }) || last)
			return;
		if (rows.length >= asked && fresh.length === 0) {
			if (total !== undefined && seen.size === total) return;
			throw toNodeApiError(
				this,
				{
					message: `EventX's pagination does not advance: pages ${page} to ${pageEnd} brought no item that earlier pages had not (it reports ${pagination.pageCount} pages, ${pagination.totalCount} items)`,
				},
				request,
			);
		}
		position = first + rows.length;
		// One page a request cannot read the page before again with the next: those lists (a
		// handful of custom domains) go on page after page.
		anchors = pageRanges ? new Set(rows.slice(-size).map((row) => idOf(row) ?? '')) : undefined;
		if (key) {
			const lastKey = Date.parse(String(rows.at(-1)?.[key.field]));
			const bound = after === undefined ? request.qs?.[key.param] : after;
			const boundTime = typeof bound === 'string' ? Date.parse(bound) : -Infinity;
			if (!Number.isNaN(lastKey) && lastKey - 1 > boundTime) {
				// A new window from the last row's value: the rows sharing it are read again.
				after = new Date(lastKey - 1).toISOString();
				let ties = 0;
				for (let i = rows.length - 1; i >= 0; i--) {
					if (Date.parse(String(rows[i][key.field])) !== lastKey) break;
					ties += 1;
				}
				position = ties;
				anchors = ties > 0 ? new Set(rows.slice(-ties).map((row) => idOf(row) ?? '')) : undefined;
			}
		}
	}
}

/**
 * Reads a paginated list with page ranges: one request returns up to 200 pages of 100, so
 * 20,000 items take one request (a list that ends exactly at a range's end takes one more to see
 * that none follow, unless every count of EventX's pagination says so; a list read one page a
 * request always does). With a limit, only the pages the limit needs are read and exactly `limit`
 * items (or all there are) are returned.
 */
export async function eventxPaginate(
	this: EventXContext,
	request: EventXRequest,
	limit?: number,
	/** False for a list that documents no `pageEnd` (custom domains): one page a request. */
	pageRanges = true,
	key?: RangeOptions['key'],
): Promise<IDataObject[]> {
	const results: IDataObject[] = [];
	const max = limit ?? Infinity;
	await eventxRanges.call(this, request, {
		pageSize: limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, limit)),
		rows: () => max - results.length,
		take: ({ fresh }) => {
			for (const item of fresh) {
				if (results.length >= max) break;
				results.push(item);
			}
			return results.length < max;
		},
		pageRanges,
		key,
		// A list read one page a request would meet a count capped at a round figure at every
		// hundred rows; a range's end (20,000 rows) far less often.
		endOnCount: pageRanges,
	});
	return results;
}
