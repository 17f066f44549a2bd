import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { chosenEventId } from '../helpers/eventLocator';
import { isUuid } from '../helpers/validation';
import { listWebhooks } from '../helpers/webhooks';
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

/** "Ada Lovelace (ada@example.com)": the attendee's name and email, whichever are known. */
export function attendeeLabel(attendee: IDataObject): string {
	const name =
		typeof attendee.name === 'string' && attendee.name.trim() !== ''
			? attendee.name.trim()
			: [attendee.firstName, attendee.lastName].filter((v) => typeof v === 'string' && v).join(' ');
	const email = typeof attendee.invitationEmail === 'string' ? attendee.invitationEmail : '';
	if (name && email) return `${name} (${email})`;
	return name || email || String(attendee.id);
}

/**
 * One page of an event's list (`/event/{eventId}/<list>`), newest first, as picker entries;
 * `qs` narrows it to what was typed. Nothing until an event is chosen.
 */
async function searchEventList(
	ctx: ILoadOptionsFunctions,
	list: 'attendee' | 'order',
	qs: IDataObject,
	label: (record: IDataObject) => string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const eventId = chosenEventId(ctx);
	if (!eventId) return { results: [] };
	const page = paginationToken ? Number(paginationToken) : 1;
	const { dataList, pagination } = await eventxList.call(ctx, {
		method: 'GET',
		path: `${API_PREFIX}/event/${eventId}/${list}`,
		qs: { page, pageSize: PAGE_SIZE, sort: '-createdAt', ...qs },
	});
	return {
		results: dataList.map((record) => ({ name: label(record), value: String(record.id) })),
		paginationToken: pagination && page < pagination.pageCount ? String(page + 1) : undefined,
	};
}

/** The event's attendees, newest first; typing searches names and emails (EventX's `q`). */
export async function searchAttendees(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const qs = filter && filter.trim() !== '' ? { q: filter.trim() } : {};
	return await searchEventList(this, 'attendee', qs, attendeeLabel, paginationToken);
}

/** "EVX-0-001: Ada Lovelace (ada@example.com), paid": the order's reference, buyer and status. */
export function orderLabel(order: IDataObject): string {
	const user = (order.user ?? {}) as IDataObject;
	const buyer = [user.name, user.email ? `(${String(user.email)})` : '']
		.filter((v) => typeof v === 'string' && v !== '')
		.join(' ');
	const reference = typeof order.txRef === 'string' && order.txRef !== '' ? order.txRef : order.id;
	return `${String(reference)}${buyer ? `: ${buyer}` : ''}, ${String(order.status ?? '')}`;
}

/** The event's orders, newest first; typing searches references and buyers (the filter's `q`). */
export async function searchOrders(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const qs = filter && filter.trim() !== '' ? { filter: JSON.stringify({ q: filter.trim() }) } : {};
	return await searchEventList(this, 'order', qs, orderLabel, paginationToken);
}

/** The event's webhooks, named by their URL (EventX answers them all at once). */
export async function searchWebhooks(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const eventId = chosenEventId(this);
	if (!eventId) return { results: [] };
	const hooks = await listWebhooks(this, eventId);
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: hooks
			.map((hook) => ({
				name: typeof hook.url === 'string' && hook.url !== '' ? hook.url : String(hook.id),
				value: String(hook.id),
				description: Array.isArray(hook.actions) ? hook.actions.join(', ') : undefined,
			}))
			.filter((hook) => needle === '' || hook.name.toLowerCase().includes(needle))
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

/** The ID chosen in another picker of the node (picked or by ID), or undefined. */
function chosenId(ctx: ILoadOptionsFunctions, name: string): string | undefined {
	const value = ctx.getCurrentNodeParameter(name, { extractValue: true }) as unknown;
	const id = typeof value === 'string' ? value.trim() : '';
	return isUuid(id) ? id : undefined;
}

/**
 * The records of one page of 100 of a list, named by one of their fields (the ID when it is
 * missing), filtered by what the user typed and sorted by name.
 */
async function namedRecords(
	ctx: ILoadOptionsFunctions,
	path: string,
	label: (record: IDataObject) => unknown,
	describe: (record: IDataObject) => unknown,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { dataList } = await eventxList.call(ctx, {
		method: 'GET',
		path,
		qs: { page: 1, pageSize: 100 },
	});
	const needle = filter?.trim().toLowerCase() ?? '';
	const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
	return {
		results: dataList
			.map((record) => ({
				name: text(label(record)) ?? String(record.id),
				value: String(record.id),
				description: text(describe(record)),
			}))
			.filter((record) => needle === '' || record.name.toLowerCase().includes(needle))
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

/** The chosen organization's custom domains, named by their domain (one page of 100). */
export async function searchCustomDomains(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const orgId = chosenId(this, 'organizationId');
	if (!orgId) return { results: [] };
	return await namedRecords(
		this,
		`${API_PREFIX}/org/${orgId}/custom-domains`,
		(domain) => domain.domain,
		(domain) => domain.status,
		filter,
	);
}

/** The chosen custom domain's path mappings, named by their path (one page of 100). */
export async function searchPathMappings(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const orgId = chosenId(this, 'organizationId');
	const customDomainId = chosenId(this, 'customDomainId');
	if (!orgId || !customDomainId) return { results: [] };
	return await namedRecords(
		this,
		`${API_PREFIX}/org/${orgId}/custom-domains/${customDomainId}/path-mappings`,
		(mapping) => (typeof mapping.pathName === 'string' ? `/${mapping.pathName}` : undefined),
		(mapping) => (typeof mapping.eventId === 'string' ? `Event ${mapping.eventId}` : undefined),
		filter,
	);
}

/** How many event pages the organization list reads at most (100 events a page). */
const ORGANIZATION_PAGES = 10;

/**
 * The organizations of the events the user hosts or manages: EventX has no organization list,
 * and an event carries only its organization's ID, so each is named by its events.
 */
export async function searchOrganizations(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const events = new Map<string, string[]>();
	for (let page = 1; page <= ORGANIZATION_PAGES; page++) {
		const { dataList, pagination } = await eventxList.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event`,
			qs: { page, pageSize: 100, sort: '-startsAt' },
		});
		for (const event of dataList) {
			const organizationId = event.organizationId;
			if (typeof organizationId !== 'string' || organizationId === '') continue;
			events.set(organizationId, [...(events.get(organizationId) ?? []), eventName(event)]);
		}
		if (!pagination || page >= pagination.pageCount) break;
	}
	const needle = filter?.trim().toLowerCase() ?? '';
	return {
		results: [...events]
			.map(([id, names]) => ({
				name: organizationLabel(names),
				value: id,
				description: `ID ${id}`,
			}))
			.filter(
				(org) =>
					needle === '' || org.name.toLowerCase().includes(needle) || org.value.includes(needle),
			)
			.sort((a, b) => a.name.localeCompare(b.name)),
	};
}

/** "Organization of Tech Summit 2026, Design Week 2026 and 2 more events". */
export function organizationLabel(eventNames: string[]): string {
	const shown = eventNames.slice(0, 2).join(', ');
	const more = eventNames.length - 2;
	return more > 0
		? `Organization of ${shown} and ${more} more event${more === 1 ? '' : 's'}`
		: `Organization of ${shown}`;
}

/** The action node's and the triggers' list searches (resource locators' From List). */
export const listSearchMethods = {
	searchAttendees,
	searchCustomDomains,
	searchEvents,
	searchOrders,
	searchOrganizations,
	searchPathMappings,
	searchWebhooks,
};
