// Response shapes and paging: one entry point per shape EventX answers with.
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { eventxRequest } from './request';
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

/** A call answered with `{ dataList: [...] }` (optionally with `pagination`). */
export async function eventxList(
	this: EventXContext,
	request: EventXRequest,
): Promise<{ dataList: IDataObject[]; pagination?: Pagination }> {
	const body = asObject(this, request, await eventxRequest.call(this, request));
	if (!Array.isArray(body.dataList))
		throw malformed(this, request, 'the expected "dataList" array');
	return {
		dataList: body.dataList as IDataObject[],
		pagination: body.pagination as Pagination | undefined,
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
function idOf(item: IDataObject): string | undefined {
	const id = item?.id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * Reads a list range by range: each request asks for `pages(page, request)` pages (at most 200) of
 * `pageSize` from `page` on and hands the items not seen before to `take`, which answers whether
 * to read on. Used by every reader of more than one page (Return All, the polling trigger).
 *
 * EventX's pagination is not trusted to end the loop on its own: an item seen before is not
 * handed over twice, reading stops once `totalCount` distinct items are in, and a full range that
 * brings nothing new is an error rather than a reason to ask for the next one.
 */
export async function eventxRanges(
	this: EventXContext,
	request: EventXRequest,
	options: {
		pageSize: number;
		/** Pages the range from `page` asks for; `request` counts the requests made before it. */
		pages: (page: number, request: number) => number;
		take: (items: IDataObject[]) => boolean;
		/**
		 * Pages each range reads again of the one before (`pages` must ask for more): a record
		 * removed between two requests shifts the later pages, and one would otherwise slip
		 * between them unseen.
		 */
		overlapPages?: number;
	},
): Promise<void> {
	const { pageSize, overlapPages = 0 } = options;
	const seen = new Set<string>();
	let count = 0;
	let page = 1;
	for (let sent = 0; ; sent++) {
		const pagesWanted = Math.min(MAX_PAGES_PER_REQUEST, Math.max(1, options.pages(page, sent)));
		const pageEnd = page + pagesWanted - 1;
		const qs: IDataObject = { ...request.qs, page, pageSize };
		if (pageEnd > page) qs.pageEnd = pageEnd;
		const { dataList, pagination } = await eventxList.call(this, { ...request, qs });
		const fresh: IDataObject[] = [];
		for (const item of dataList) {
			const id = idOf(item);
			if (id !== undefined) {
				if (seen.has(id)) continue;
				seen.add(id);
			}
			fresh.push(item);
		}
		count += fresh.length;
		if (!options.take(fresh)) break;
		if (!pagination || typeof pagination.pageCount !== 'number') {
			throw malformed(this, request, 'the expected "pagination" object');
		}
		// Stop at the last page that EventX reports, when a range came back short, or once as many
		// distinct items as EventX counts are in.
		const full = dataList.length >= (pageEnd - page + 1) * pageSize;
		const total = typeof pagination.totalCount === 'number' ? pagination.totalCount : Infinity;
		if (pageEnd >= pagination.pageCount || !full || count >= total) break;
		if (fresh.length === 0) {
			throw toNodeApiError(
				this,
				{
					message: `EventX's pagination does not advance: pages ${page} to ${pageEnd} brought no item that earlier pages had not (it reports ${pagination.pageCount} pages, ${pagination.totalCount} items)`,
				},
				request,
			);
		}
		page = Math.max(1, pageEnd + 1 - overlapPages);
	}
}

/**
 * Reads a paginated list with page ranges: one request returns up to 200 pages of 100, so
 * 20,000 items take one request. With a limit, only the pages the limit needs are read and
 * exactly `limit` items (or all there are) are returned.
 */
export async function eventxPaginate(
	this: EventXContext,
	request: EventXRequest,
	limit?: number,
	/** False for a list that documents no `pageEnd` (custom domains): one page a request. */
	pageRanges = true,
): Promise<IDataObject[]> {
	const results: IDataObject[] = [];
	const max = limit ?? Infinity;
	const pageSize =
		limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, limit));
	await eventxRanges.call(this, request, {
		pageSize,
		pages: () => (pageRanges ? Math.ceil((max - results.length) / pageSize) : 1),
		take: (items) => {
			results.push(...items.slice(0, max - results.length));
			return results.length < max;
		},
	});
	return results;
}
