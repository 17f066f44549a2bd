import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { API_PREFIX, eventxList } from '../transport';

const PAGE_SIZE = 50;

/** The event's name in its default language, falling back to its ID. */
export function eventName(event: IDataObject): string {
	const name = ((event.contentI18n as IDataObject | undefined)?.name as IDataObject | undefined)
		?.default;
	return typeof name === 'string' && name !== '' ? name : String(event.id);
}

export async function searchEvents(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = paginationToken ? Number(paginationToken) : 1;
	const qs: IDataObject = { page, pageSize: PAGE_SIZE, sort: '-startsAt' };
	if (filter) qs.filter = JSON.stringify({ name: filter });
	const { dataList, pagination } = await eventxList.call(this, {
		method: 'GET',
		path: `${API_PREFIX}/event`,
		qs,
	});
	return {
		results: dataList.map((event) => ({ name: eventName(event), value: String(event.id) })),
		paginationToken: pagination && page < pagination.pageCount ? String(page + 1) : undefined,
	};
}
