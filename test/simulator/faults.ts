/**
 * Ways to make the simulator misbehave, matched per request:
 * - `status`: answer `status` with the error envelope (or `body`) and `headers`; nothing is applied.
 * - `drop-before`: close the connection without reading or applying the request.
 * - `drop-after`: apply the request, then close the connection without an answer.
 * - `delay`: apply the request, then answer after `delayMs` (a client that times out first never learns it was applied).
 * - `malformed`: apply the request, then answer 200 with a body that is not JSON.
 * - `no-data`: apply the request, then answer 200 `{}` (an envelope without data).
 * - `redirect`: answer `status` (302 by default) with a `Location`: `location` as given, or
 *   `redirectTo` (another origin) followed by the request's own path and query; nothing is applied.
 * - `drip`: apply the request, then send the answer one byte every `intervalMs` (300 by default).
 * - `hang`: accept the request and never answer (until the simulator stops).
 * - `lying-pages`: answer a list read with every page of the range full (the list's first items
 *   over and over) and `pageCount` one page ahead; `totalCount` stays the list's true count.
 * - `status-after`: apply the request, then answer `status` (504 by default) with the error envelope:
 *   a gateway that gave up waiting while the service went on.
 * - `patch-data`: apply the request, then answer its `{ data }` with the members of `data` replaced
 *   (e.g. an `uploadUrl` that is not https).
 * - `url-limit`: a request whose path and query are longer than `maxLength` characters is answered
 *   `status` (414 by default; 431 as Node's own server does) with a body that is not EventX's
 *   envelope, as a proxy in front of the service answers; nothing is applied. Shorter requests pass
 *   and do not count.
 *
 * - `date-skew`: answer as the route does, with a `Date` header `skewMs` off the service's clock (one
 *   of EventX's servers whose clock differs from the others').
 *
 * `host: 'storage'` aims a fault at the storage host of Media Upload's pre-signed URLs instead of
 * the API (`drop-before`, `drop-after`, `delay`, `drip`, `hang`, `status`).
 *
 * Paged lists answered as a real service may (the list itself is right, its paging is not):
 * - `short-pages`: pages of at most `pageSize` rows whatever was asked (offsets at that size),
 *   while `pagination` echoes the page size asked for.
 * - `capped-count`: `totalCount` (and `pageCount`, unless `pageCountUncapped`) capped at
 *   `totalCount` (with `totalCount`, the other two list faults cap it as well).
 * - `out-of-order`: at each page edge the last row and the next page's first row change places.
 * - `remove-after-read`: once the answer is sent, its first `count` rows are removed (deleted
 *   while a reader pages: the later rows move up).
 */
export type FaultKind =
	| 'status'
	| 'drop-before'
	| 'drop-after'
	| 'delay'
	| 'malformed'
	| 'no-data'
	| 'redirect'
	| 'drip'
	| 'hang'
	| 'lying-pages'
	| 'status-after'
	| 'patch-data'
	| 'url-limit'
	| 'date-skew'
	| 'short-pages'
	| 'capped-count'
	| 'out-of-order'
	| 'remove-after-read';

/**
 * What each fault does to the answer the route gave: `intact` (sent as it is, late or slowly),
 * `broken` (replaced or corrupted on purpose: not held to the contract), `none` (never sent).
 */
export const FAULT_ANSWERS: Record<FaultKind, 'intact' | 'broken' | 'none'> = {
	status: 'broken',
	'drop-before': 'none',
	'drop-after': 'none',
	delay: 'intact',
	malformed: 'broken',
	'no-data': 'broken',
	redirect: 'broken',
	drip: 'intact',
	hang: 'none',
	'lying-pages': 'broken',
	'status-after': 'broken',
	'patch-data': 'broken',
	// A proxy's page, not the route's answer (the route never runs).
	'url-limit': 'none',
	// Only the Date header differs: the answer is the route's.
	'date-skew': 'intact',
	// The list faults answer what a real service may: shaped as the contract says, only untrue.
	'short-pages': 'intact',
	'capped-count': 'intact',
	'out-of-order': 'intact',
	'remove-after-read': 'intact',
};

export interface FaultSpec {
	kind: FaultKind;
	/** The listener it applies to: the API (default) or the storage host of upload URLs. */
	host?: 'api' | 'storage';
	method?: string;
	/** A regular expression (source) tested against the path, e.g. "/attendee/bulk-upsert$". */
	path?: string;
	/** How many matching requests it applies to; default 1, 0 for every one. */
	times?: number;
	/** How many matching requests it lets through unchanged before it applies (default 0). */
	skip?: number;
	status?: number;
	code?: string;
	message?: string;
	headers?: Record<string, string>;
	body?: unknown;
	delayMs?: number;
	/** `redirect`: the Location header as it is. */
	location?: string;
	/** `redirect`: an origin such as http://127.0.0.1:4000; the request's path and query follow. */
	redirectTo?: string;
	/** `drip`: milliseconds between two bytes of the answer. */
	intervalMs?: number;
	/** `lying-pages`: the `totalCount` to claim instead of the true one; `capped-count`: the cap. */
	totalCount?: number;
	/** `capped-count`: `pageCount` still counts every row (only `totalCount` is capped). */
	pageCountUncapped?: boolean;
	/** `patch-data`: members that replace those of the answer's `data`. */
	data?: Record<string, unknown>;
	/** `date-skew`: how far the answer's `Date` is from the service's clock (negative: behind). */
	skewMs?: number;
	/** `url-limit`: the longest path and query (in characters) let through. */
	maxLength?: number;
	/** `short-pages`: the most rows a page holds. */
	pageSize?: number;
	/** `remove-after-read`: how many of the answer's rows are removed. */
	count?: number;
}

/** Faults that change how a paged list is answered (`paginate`), not whether it is. */
export const LIST_QUIRKS: readonly FaultKind[] = ['short-pages', 'capped-count', 'out-of-order'];

interface ActiveFault extends FaultSpec {
	remaining: number;
	skipping: number;
	regex?: RegExp;
}

export class Faults {
	private active: ActiveFault[] = [];

	add(spec: FaultSpec): void {
		const times = spec.times ?? 1;
		this.active.push({
			...spec,
			remaining: times === 0 ? Infinity : times,
			skipping: spec.skip ?? 0,
			regex: spec.path ? new RegExp(spec.path) : undefined,
		});
	}

	clear(): void {
		this.active = [];
	}

	/**
	 * The first fault that matches, counted as used. `url` (path and query) decides `url-limit`,
	 * which matches only a request longer than its limit.
	 */
	take(
		method: string,
		path: string,
		host: 'api' | 'storage' = 'api',
		url = path,
	): FaultSpec | undefined {
		const fault = this.active.find(
			(f) =>
				f.remaining > 0 &&
				(f.host ?? 'api') === host &&
				(!f.method || f.method.toUpperCase() === method) &&
				(!f.regex || f.regex.test(path)) &&
				(f.kind !== 'url-limit' || url.length > (f.maxLength ?? 8192)),
		);
		if (!fault) return undefined;
		if (fault.skipping > 0) {
			fault.skipping -= 1;
			return undefined;
		}
		fault.remaining -= 1;
		return fault;
	}
}
