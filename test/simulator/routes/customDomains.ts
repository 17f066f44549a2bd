import { createHash, randomUUID } from 'node:crypto';

import { CUSTOM_DOMAIN_STATUSES } from '../../../nodes/EventX/helpers/enums';
import { ApiError, badRequest, forbidden, noContent, notFound, ok, type Route } from '../http';
import { paginate } from '../paging';
import type { Json, Store } from '../store';

type DomainRecord = Json & { id: string; organizationId: string };

/** An ASCII host name; the top-level label alphabetic or punycode (.xn--p1ai is .рф), as DNS has them. */
const HOSTNAME =
	/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;
/** Verification moves a domain one step: DNS ownership first, then the SSL certificate. */
const NEXT_STATUS: Record<string, string> = { pending: 'pending_ssl', pending_ssl: 'active' };

export function requireOrganization(store: Store, userId: string, orgId: string): void {
	const org = store.organizations.get(orgId);
	if (!org) throw notFound('Organization');
	if (!org.hostIds.includes(userId) && !org.managerIds.includes(userId))
		throw forbidden('You are not a member of this organization');
}

export function requireDomain(store: Store, orgId: string, id: string): DomainRecord {
	const domain = store.customDomains.get(id);
	if (!domain || domain.organizationId !== orgId) throw notFound('Custom domain');
	return domain;
}

/** A JSON object body with only the `allowed` members (the OpenAPI's additionalProperties: false). */
export function body(value: unknown, allowed: string[]): Json {
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest('The body must be an object');
	const unknown = Object.keys(value).filter((k) => !allowed.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown member(s): ${unknown.join(', ')}`);
	return value as Json;
}

/** A 400 for a query parameter the OpenAPI does not document for the route. */
export function onlyQuery(query: URLSearchParams, allowed: string[]): void {
	const unknown = [...query.keys()].filter((k) => !allowed.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown query parameter(s): ${unknown.join(', ')}`);
}

function redirectUrl(value: unknown): string {
	try {
		const url = new URL(String(value));
		if (url.protocol === 'http:' || url.protocol === 'https:') return String(value);
	} catch {
		// Refused below.
	}
	throw badRequest('"defaultRedirectUrl" must be an http(s) URL', { defaultRedirectUrl: value });
}

/** The DNS records the organization must publish for the domain. */
function dnsRecords(domain: DomainRecord): Json[] {
	const token = createHash('sha256').update(domain.id).digest('hex').slice(0, 32);
	return [
		{ type: 'CNAME', name: domain.domain, value: 'custom.eventx.io', ttl: 3600 },
		{ type: 'TXT', name: `_cf-custom-hostname.${String(domain.domain)}`, value: token, ttl: 3600 },
	];
}

const detail = (domain: DomainRecord) => ({ ...domain, dnsRecords: dnsRecords(domain) });

/** Custom domains of an organization (`/org/{orgId}/custom-domains`). */
export function customDomainRoutes(store: Store): Route[] {
	const base = '/public-api/v1/org/:orgId/custom-domains';
	return [
		{
			method: 'GET',
			pattern: base,
			handler: ({ params, query, userId, quirk }) => {
				requireOrganization(store, userId, params.orgId);
				// The OpenAPI documents page, pageSize and status only: no page ranges here.
				onlyQuery(query, ['page', 'pageSize', 'status']);
				const status = query.get('status');
				if (status !== null && !(CUSTOM_DOMAIN_STATUSES as readonly string[]).includes(status))
					throw badRequest(`"status" must be one of ${CUSTOM_DOMAIN_STATUSES.join(', ')}`);
				const domains = [...store.customDomains.values()].filter(
					(d) => d.organizationId === params.orgId && (status === null || d.status === status),
				);
				return ok(paginate(domains, query, quirk));
			},
		},
		{
			method: 'POST',
			pattern: base,
			handler: ({ params, body: raw, userId }) => {
				requireOrganization(store, userId, params.orgId);
				const b = body(raw, ['domain', 'defaultRedirectUrl']);
				const name = typeof b.domain === 'string' ? b.domain : '';
				if (!HOSTNAME.test(name))
					throw badRequest('"domain" must be a host name such as events.example.com', {
						domain: b.domain,
					});
				if ([...store.customDomains.values()].some((d) => d.domain === name))
					throw new ApiError(409, 'DOMAIN_ALREADY_EXISTS', `${name} is already registered`);
				const now = new Date().toISOString();
				const domain: DomainRecord = {
					id: randomUUID(),
					organizationId: params.orgId,
					domain: name,
					defaultRedirectUrl: redirectUrl(b.defaultRedirectUrl),
					status: 'pending',
					createdAt: now,
					updatedAt: now,
				};
				store.customDomains.set(domain.id, domain);
				return ok({ data: detail(domain) });
			},
		},
		{
			method: 'GET',
			pattern: `${base}/:customDomainId`,
			handler: ({ params, userId }) => {
				requireOrganization(store, userId, params.orgId);
				return ok({ data: detail(requireDomain(store, params.orgId, params.customDomainId)) });
			},
		},
		{
			method: 'PUT',
			pattern: `${base}/:customDomainId`,
			handler: ({ params, body: raw, userId }) => {
				requireOrganization(store, userId, params.orgId);
				const domain = requireDomain(store, params.orgId, params.customDomainId);
				const b = body(raw, ['defaultRedirectUrl']);
				domain.defaultRedirectUrl = redirectUrl(b.defaultRedirectUrl);
				domain.updatedAt = new Date().toISOString();
				return ok({ data: detail(domain) });
			},
		},
		{
			method: 'DELETE',
			pattern: `${base}/:customDomainId`,
			handler: ({ params, userId }) => {
				requireOrganization(store, userId, params.orgId);
				requireDomain(store, params.orgId, params.customDomainId);
				store.customDomains.delete(params.customDomainId);
				// Its path mappings go with it.
				for (const mapping of store.pathMappings.values())
					if (mapping.customDomainId === params.customDomainId)
						store.pathMappings.delete(mapping.id);
				return noContent();
			},
		},
		{
			method: 'PUT',
			pattern: `${base}/:customDomainId/verify`,
			handler: ({ params, userId }) => {
				requireOrganization(store, userId, params.orgId);
				const domain = requireDomain(store, params.orgId, params.customDomainId);
				domain.status = NEXT_STATUS[String(domain.status)] ?? domain.status;
				domain.updatedAt = new Date().toISOString();
				return ok({ data: detail(domain) });
			},
		},
	];
}
