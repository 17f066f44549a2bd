import { randomUUID } from 'node:crypto';

import { ApiError, badRequest, noContent, notFound, ok, requireUuid, type Route } from '../http';
import { paginate } from '../paging';
import type { Json, Store } from '../store';
import { body, onlyQuery, requireDomain, requireOrganization } from './customDomains';

type MappingRecord = Json & { id: string; customDomainId: string };

/** A path under the domain: segments of URL-safe characters, no leading slash, no dot segments. */
const PATH_NAME = /^(?!.*(^|\/)\.{1,2}(\/|$))[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;

/** The event, which must belong to the domain's organization (another's answers 404, as elsewhere). */
function requireEvent(store: Store, orgId: string, value: unknown): string {
	const eventId = requireUuid(value, 'eventId');
	const record = store.events.get(eventId);
	if (!record || record.deletedAt || record.event.organizationId !== orgId) throw notFound('Event');
	return eventId;
}

function requireForm(store: Store, eventId: string, value: unknown): string {
	const formId = requireUuid(value, 'eventRegFormId');
	if (store.registrationForms.get(formId)?.eventId !== eventId)
		throw badRequest('"eventRegFormId" is not a registration form of the event', {
			eventRegFormId: value,
		});
	return formId;
}

function requirePathName(store: Store, customDomainId: string, value: unknown, self?: string) {
	if (typeof value !== 'string' || value.length > 200 || !PATH_NAME.test(value))
		throw badRequest('"pathName" must be a path such as summit-2026', { pathName: value });
	const taken = [...store.pathMappings.values()].some(
		(m) => m.customDomainId === customDomainId && m.pathName === value && m.id !== self,
	);
	if (taken) throw new ApiError(409, 'PATH_ALREADY_EXISTS', `/${value} is already mapped`);
	return value;
}

/** Path mappings of a custom domain (`/org/{orgId}/custom-domains/{customDomainId}/path-mappings`). */
export function pathMappingRoutes(store: Store): Route[] {
	const base = '/public-api/v1/org/:orgId/custom-domains/:customDomainId/path-mappings';
	const domainOf = (params: Record<string, string>, userId: string) => {
		requireOrganization(store, userId, params.orgId);
		return requireDomain(store, params.orgId, params.customDomainId).id;
	};
	const requireMapping = (customDomainId: string, id: string): MappingRecord => {
		const mapping = store.pathMappings.get(id);
		if (!mapping || mapping.customDomainId !== customDomainId) throw notFound('Path mapping');
		return mapping;
	};
	return [
		{
			method: 'GET',
			pattern: base,
			handler: ({ params, query, userId, quirk }) => {
				const customDomainId = domainOf(params, userId);
				onlyQuery(query, ['page', 'pageSize']);
				const mappings = [...store.pathMappings.values()].filter(
					(m) => m.customDomainId === customDomainId,
				);
				return ok(paginate(mappings, query, quirk));
			},
		},
		{
			method: 'POST',
			pattern: base,
			handler: ({ params, body: raw, userId }) => {
				const customDomainId = domainOf(params, userId);
				const b = body(raw, ['eventId', 'eventRegFormId', 'pathName']);
				const eventId = requireEvent(store, params.orgId, b.eventId);
				const now = new Date().toISOString();
				const mapping: MappingRecord = {
					id: randomUUID(),
					customDomainId,
					eventId,
					eventRegFormId:
						b.eventRegFormId === undefined ? null : requireForm(store, eventId, b.eventRegFormId),
					pathName: requirePathName(store, customDomainId, b.pathName),
					createdAt: now,
					updatedAt: now,
				};
				store.pathMappings.set(mapping.id, mapping);
				return ok({ data: mapping });
			},
		},
		{
			method: 'PUT',
			pattern: `${base}/:pathMappingId`,
			handler: ({ params, body: raw, userId }) => {
				const customDomainId = domainOf(params, userId);
				const mapping = requireMapping(customDomainId, params.pathMappingId);
				const b = body(raw, ['eventId', 'eventRegFormId', 'pathName']);
				const eventId =
					b.eventId === undefined ? mapping.eventId : requireEvent(store, params.orgId, b.eventId);
				const formId = b.eventRegFormId === undefined ? mapping.eventRegFormId : b.eventRegFormId;
				// The form, kept or given, must be one of the (possibly new) event's.
				const eventRegFormId = formId === null ? null : requireForm(store, String(eventId), formId);
				const pathName =
					b.pathName === undefined
						? mapping.pathName
						: requirePathName(store, customDomainId, b.pathName, mapping.id);
				Object.assign(mapping, {
					eventId,
					eventRegFormId,
					pathName,
					updatedAt: new Date().toISOString(),
				});
				return ok({ data: mapping });
			},
		},
		{
			method: 'DELETE',
			pattern: `${base}/:pathMappingId`,
			handler: ({ params, userId }) => {
				const customDomainId = domainOf(params, userId);
				store.pathMappings.delete(requireMapping(customDomainId, params.pathMappingId).id);
				return noContent();
			},
		},
	];
}
