import type { FaultSpec } from './faults';
import { badRequest, intParam } from './http';

export interface Pagination {
	page: number;
	pageSize: number;
	pageCount: number;
	totalCount: number;
}

export const MAX_PAGE_RANGE = 200;

/**
 * `page` (default 1), `pageSize` (1..100, default 25) and the optional inclusive `pageEnd`
 * (at most 200 pages from `page`). A range answers the items of all its pages in one list;
 * `pagination.page` is the first page of the range. `quirk` (a list fault of the request) answers
 * as a service whose paging misbehaves: short pages, a capped count, rows out of order at the
 * page edges.
 */
export function paginate<T>(
	items: T[],
	query: URLSearchParams,
	quirk?: FaultSpec,
): { dataList: T[]; pagination: Pagination } {
	const page = intParam(query, 'page', 1)!;
	const pageSize = intParam(query, 'pageSize', 25)!;
	const pageEnd = intParam(query, 'pageEnd', page)!;
	if (page < 1) throw badRequest('"page" must be at least 1', { page });
	if (pageSize < 1 || pageSize > 100)
		throw badRequest('"pageSize" must be between 1 and 100', { pageSize });
	if (pageEnd < page) throw badRequest('"pageEnd" must not be before "page"', { page, pageEnd });
	if (pageEnd - page + 1 > MAX_PAGE_RANGE) {
		throw badRequest(`A page range may span at most ${MAX_PAGE_RANGE} pages`, { page, pageEnd });
	}
	// Short pages: the service serves (and counts offsets in) pages of its own size.
	const served =
		quirk?.kind === 'short-pages'
			? Math.min(pageSize, Math.max(1, quirk.pageSize ?? 50))
			: pageSize;
	let list = items;
	if (quirk?.kind === 'out-of-order') {
		list = [...items];
		for (let edge = served; edge < list.length; edge += served)
			[list[edge - 1], list[edge]] = [list[edge], list[edge - 1]];
	}
	const dataList = list.slice((page - 1) * served, pageEnd * served);
	// A capped count (with any list fault that names one: short pages and a wrong count at once).
	const cap = quirk?.kind === 'capped-count' ? (quirk.totalCount ?? 10_000) : quirk?.totalCount;
	const totalCount = cap === undefined ? items.length : Math.min(items.length, cap);
	const counted = quirk?.pageCountUncapped ? items.length : totalCount;
	return {
		dataList,
		pagination: { page, pageSize, pageCount: Math.ceil(counted / pageSize), totalCount },
	};
}

/** Orders as `localeCompare` does, without building a collator per comparison (large lists). */
const collator = new Intl.Collator();
/** Lowercase UUIDs (the default sort key) and UTC timestamps as `toISOString` writes them. */
const PLAIN = [
	/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
	/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/,
];

/**
 * Two sort values as `localeCompare` orders them. Strings of one of the `PLAIN` shapes are
 * compared by code point: for strings of one shape made of digits, a-f and fixed separators the
 * collator orders them the same (timestamps in time order), and a list of 500,000 is sorted in a
 * fraction of the time.
 */
function compareValues(a: unknown, b: unknown, aUuid: boolean, bUuid: boolean): number {
	if (a === b) return 0;
	if (a === null || a === undefined) return 1;
	if (b === null || b === undefined) return -1;
	if (typeof a === 'number' && typeof b === 'number') return a - b;
	if (aUuid && bUuid) return (a as string) < (b as string) ? -1 : 1;
	return collator.compare(String(a), String(b));
}

/** EventX's sort syntax: comma-separated keys, "-" for descending. Unknown keys are a 400. */
export function sortItems<T>(
	items: T[],
	sort: string | null,
	allowed: readonly string[],
	fallback: string,
	valueOf: (item: T, key: string) => unknown,
): T[] {
	const spec = (sort === null || sort.trim() === '' ? fallback : sort)
		.split(',')
		.map((part) => part.trim());
	const rules = spec.map((part) => {
		const desc = part.startsWith('-');
		const key = desc ? part.slice(1) : part;
		if (!allowed.includes(key)) throw badRequest(`Unknown sort key "${key}"`, { allowed });
		return { key, desc };
	});
	// Each item's sort values are read once, not at every comparison.
	const keyed = items.map((item) => {
		const values = rules.map(({ key }) => valueOf(item, key));
		return {
			item,
			values,
			uuid: values.map((v) => typeof v === 'string' && PLAIN.some((shape) => shape.test(v))),
		};
	});
	keyed.sort((x, y) => {
		for (let i = 0; i < rules.length; i++) {
			const result = compareValues(x.values[i], y.values[i], x.uuid[i], y.uuid[i]);
			if (result !== 0) return rules[i].desc ? -result : result;
		}
		return 0;
	});
	return keyed.map((k) => k.item);
}
