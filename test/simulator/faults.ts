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
	| 'lying-pages';

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
};

export interface FaultSpec {
	kind: FaultKind;
	method?: string;
	/** A regular expression (source) tested against the path, e.g. "/attendee/bulk-upsert$". */
	path?: string;
	/** How many matching requests it applies to; default 1, 0 for every one. */
	times?: number;
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
	/** `lying-pages`: the `totalCount` to claim instead of the true one. */
	totalCount?: number;
}

interface ActiveFault extends FaultSpec {
	remaining: number;
	regex?: RegExp;
}

export class Faults {
	private active: ActiveFault[] = [];

	add(spec: FaultSpec): void {
		const times = spec.times ?? 1;
		this.active.push({
			...spec,
			remaining: times === 0 ? Infinity : times,
			regex: spec.path ? new RegExp(spec.path) : undefined,
		});
	}

	clear(): void {
		this.active = [];
	}

	/** The first fault that matches, counted as used. */
	take(method: string, path: string): FaultSpec | undefined {
		const fault = this.active.find(
			(f) =>
				f.remaining > 0 &&
				(!f.method || f.method.toUpperCase() === method) &&
				(!f.regex || f.regex.test(path)),
		);
		if (!fault) return undefined;
		fault.remaining -= 1;
		return fault;
	}
}
