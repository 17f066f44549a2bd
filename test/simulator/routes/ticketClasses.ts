import { randomUUID } from 'node:crypto';

import { LOCALES } from '../../../nodes/EventX/helpers/enums';
import { badRequest, notFound, ok, requireUuid, type Route } from '../http';
import type { Json, Store } from '../store';
import { requireEvent } from './events';

/** The members a ticket class is created with (all required, as the OpenAPI says). */
const CREATE_MEMBERS = [
	'contentI18n',
	'price',
	'qty',
	'saleStartsAt',
	'saleEndsAt',
	'addOnIds',
	'minAddOnQty',
	'maxAddOnQty',
	'minQty',
	'maxQty',
];
const I18N_KEYS = ['default', ...LOCALES];

/**
 * A translated text as EventX takes it: `{ default, en?, ja?, ... }`, each a string or null,
 * `default` required (unless `optionalDefault`). Throws a 400 naming `where`.
 */
export function checkI18n(value: unknown, where: string, optionalDefault = false): Json {
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest(`"${where}" must be an object of translations`);
	const text = value as Json;
	const unknown = Object.keys(text).filter((k) => !I18N_KEYS.includes(k));
	if (unknown.length > 0)
		throw badRequest(`"${where}" has unknown locale(s): ${unknown.join(', ')}`);
	if (!optionalDefault && !('default' in text)) throw badRequest(`"${where}.default" is required`);
	for (const [key, v] of Object.entries(text))
		if (v !== null && typeof v !== 'string') throw badRequest(`"${where}.${key}" must be a string`);
	return text;
}

/** A seeded or created add-on with the members EventX answers. */
export function newAddOn(name: string, at: string, fields: Json = {}): Json {
	const record: Json = {
		id: randomUUID(),
		stockQty: 100,
		price: 10,
		accessiblePhysicalSessionIds: [],
		isAccessibleToAllPhysicalSessions: true,
		contentI18n: { name: { default: name } },
		type: 'session',
		createdAt: at,
		updatedAt: at,
		iconMedia: null,
		soldQty: 0,
		...fields,
	};
	record.rawData = {
		stockQty: record.stockQty,
		price: record.price,
		accessiblePhysicalSessionIds: record.accessiblePhysicalSessionIds,
		isAccessibleToAllPhysicalSessions: record.isAccessibleToAllPhysicalSessions,
		contentI18n: record.contentI18n,
		type: record.type,
	};
	return record;
}

/** A ticket class with the members EventX answers, from the members it is created with. */
export function newTicketClass(fields: Json, at: string): Json {
	const created = Object.fromEntries(CREATE_MEMBERS.map((k) => [k, fields[k]]));
	return {
		id: randomUUID(),
		...created,
		createdAt: at,
		updatedAt: at,
		isAccessibleToAllWebinarSession: true,
		accessibleWebinarSessionIds: [],
		isAccessibleToPhysicalEvent: true,
		isAccessibleToAllPhysicalSessions: true,
		accessiblePhysicalSessionIds: [],
		rawData: created,
	};
}

function integer(b: Json, name: string, min: number, nullable = false): number | null {
	const v = b[name];
	if (nullable && v === null) return null;
	if (typeof v !== 'number' || !Number.isInteger(v) || v < min)
		throw badRequest(`"${name}" must be an integer of at least ${min}`, { [name]: v });
	return v;
}

/** POST /ticket-class's body, checked as the OpenAPI declares it (every member required). */
function checkTicketClass(store: Store, eventId: string, body: unknown): Json {
	if (body === null || typeof body !== 'object' || Array.isArray(body))
		throw badRequest('Body must be an object');
	const b = body as Json;
	const unknown = Object.keys(b).filter((k) => !CREATE_MEMBERS.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown member(s): ${unknown.join(', ')}`);
	const missing = CREATE_MEMBERS.filter((k) => !(k in b));
	if (missing.length > 0) throw badRequest(`Missing member(s): ${missing.join(', ')}`);
	const content = b.contentI18n as Json;
	if (content === null || typeof content !== 'object' || Array.isArray(content))
		throw badRequest('"contentI18n" must be an object');
	const parts = Object.keys(content).filter((k) => !['name', 'description', 'message'].includes(k));
	if (parts.length > 0)
		throw badRequest(`"contentI18n" has unknown member(s): ${parts.join(', ')}`);
	for (const [key, text] of Object.entries(content)) checkI18n(text, `contentI18n.${key}`);
	if (typeof b.price !== 'number' || !Number.isFinite(b.price) || b.price < 0)
		throw badRequest('"price" must be a number of at least 0');
	integer(b, 'qty', 1);
	const minQty = integer(b, 'minQty', 0)!;
	const maxQty = integer(b, 'maxQty', 0)!;
	const minAddOnQty = integer(b, 'minAddOnQty', 0)!;
	const maxAddOnQty = integer(b, 'maxAddOnQty', 0, true);
	if (maxQty < minQty) throw badRequest('"maxQty" must not be below "minQty"');
	if (maxAddOnQty !== null && maxAddOnQty < minAddOnQty)
		throw badRequest('"maxAddOnQty" must not be below "minAddOnQty"');
	for (const name of ['saleStartsAt', 'saleEndsAt']) {
		const v = b[name];
		if (name === 'saleEndsAt' && v === null) continue;
		if (typeof v !== 'string' || Number.isNaN(Date.parse(v)))
			throw badRequest(`"${name}" must be an ISO 8601 date-time`);
	}
	if (
		b.saleEndsAt !== null &&
		Date.parse(b.saleEndsAt as string) < Date.parse(b.saleStartsAt as string)
	)
		throw badRequest('"saleEndsAt" must not be before "saleStartsAt"');
	if (!Array.isArray(b.addOnIds)) throw badRequest('"addOnIds" must be an array of UUIDs');
	const addOns = store.ticketClassAddOns.get(eventId) ?? [];
	for (const id of b.addOnIds) {
		requireUuid(id, 'addOnIds');
		if (!addOns.some((a) => a.id === id)) throw notFound('Ticket class add-on');
	}
	return b;
}

export function ticketClassRoutes(store: Store): Route[] {
	const base = '/public-api/v1/event/:eventId';
	return [
		{
			method: 'GET',
			pattern: `${base}/ticket-class/all`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				const addOns = store.ticketClassAddOns.get(params.eventId) ?? [];
				// Each class answers with its add-ons expanded (without their rawData).
				const dataList = (store.ticketClasses.get(params.eventId) ?? []).map((c) => ({
					...c,
					addOns: addOns
						.filter((a) => ((c.addOnIds as string[] | undefined) ?? []).includes(a.id as string))
						.map((a) => {
							const expanded: Json = {
								...a,
								isWaitlistEnabled: false,
								waitlistStockQty: null,
								waitlistAvailableCount: 0,
							};
							for (const key of ['rawData', 'createdAt', 'updatedAt']) delete expanded[key];
							return expanded;
						}),
				}));
				return ok({ dataList });
			},
		},
		{
			method: 'POST',
			pattern: `${base}/ticket-class`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const checked = checkTicketClass(store, params.eventId, body);
				const created = newTicketClass(checked, new Date().toISOString());
				store.ticketClasses.set(params.eventId, [
					...(store.ticketClasses.get(params.eventId) ?? []),
					created,
				]);
				return ok({ data: created });
			},
		},
		{
			method: 'GET',
			pattern: `${base}/ticket-class-add-on/all`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ dataList: store.ticketClassAddOns.get(params.eventId) ?? [] });
			},
		},
	];
}
