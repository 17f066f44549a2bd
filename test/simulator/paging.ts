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
 * `pagination.page` is the first page of the range.
 */
export function paginate<T>(
	items: T[],
	query: URLSearchParams,
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
	const dataList = items.slice((page - 1) * pageSize, pageEnd * pageSize);
	return {
		dataList,
		pagination: {
			page,
			pageSize,
			pageCount: Math.ceil(items.length / pageSize),
			totalCount: items.length,
		},
	};
}

/** Orders as `localeCompare` does, without building a collator per comparison (large lists). */
const collator = new Intl.Collator();

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
	const compare = (a: unknown, b: unknown): number => {
		if (a === b) return 0;
		if (a === null || a === undefined) return 1;
		if (b === null || b === undefined) return -1;
		if (typeof a === 'number' && typeof b === 'number') return a - b;
		return collator.compare(String(a), String(b));
	};
	return [...items].sort((x, y) => {
		for (const { key, desc } of rules) {
			const result = compare(valueOf(x, key), valueOf(y, key));
			if (result !== 0) return desc ? -result : result;
		}
		return 0;
	});
}
