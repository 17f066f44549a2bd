import { randomUUID } from 'node:crypto';

import {
	ESTIMATED_ATTENDEE_COUNTS,
	EVENT_CATEGORIES,
	EVENT_FORMATS,
	EVENT_SORT_KEYS,
	EVENT_TYPES,
	LOCALES,
	PAYMENT_CURRENCIES,
	TIMEZONES,
} from '../../../nodes/EventX/helpers/enums';
import {
	badRequest,
	forbidden,
	jsonParam,
	noContent,
	notFound,
	ok,
	requireUuid,
	type RequestContext,
	type Route,
} from '../http';
import { paginate, sortItems } from '../paging';
import type { Json, Store } from '../store';

/** The event, if the caller may see it (member of its organization); 404 otherwise, as for a missing one. */
export function requireEvent(store: Store, userId: string, eventId: string): Json {
	const record = store.events.get(eventId);
	const orgIds = new Set(store.memberOrganizations(userId).map((org) => org.id));
	if (!record || record.deletedAt || !orgIds.has(record.event.organizationId as string))
		throw notFound('Event');
	return record.event;
}

const OPERATORS = ['$eq', '$in', '$nin', '$gt', '$gte', '$lt', '$lte', '$exists'];
const isScalar = (v: unknown) => ['string', 'number', 'boolean'].includes(typeof v);

function validateFilter(filter: unknown): Json {
	if (filter === null || typeof filter !== 'object' || Array.isArray(filter))
		throw badRequest('"filter" must be an object');
	const f = filter as Json;
	const unknown = Object.keys(f).filter(
		(k) => !['organizationId', 'name', 'isPublished', 'extensionData'].includes(k),
	);
	if (unknown.length > 0) throw badRequest(`Unknown filter member(s): ${unknown.join(', ')}`);
	if (f.organizationId !== undefined) requireUuid(f.organizationId, 'filter.organizationId');
	if (f.name !== undefined && typeof f.name !== 'string')
		throw badRequest('"filter.name" must be a string');
	if (f.isPublished !== undefined && typeof f.isPublished !== 'boolean')
		throw badRequest('"filter.isPublished" must be a boolean');
	if (f.extensionData !== undefined) {
		const ext = f.extensionData;
		if (ext === null || typeof ext !== 'object' || Array.isArray(ext))
			throw badRequest('"filter.extensionData" must be an object');
		for (const [key, condition] of Object.entries(ext as Json)) {
			if (isScalar(condition)) continue;
			if (Array.isArray(condition) && condition.every(isScalar)) continue;
			if (condition === null || typeof condition !== 'object' || Array.isArray(condition)) {
				throw badRequest(`"filter.extensionData.${key}" is not a valid condition`);
			}
			for (const [op, operand] of Object.entries(condition as Json)) {
				if (!OPERATORS.includes(op))
					throw badRequest(`Unknown operator "${op}" in filter.extensionData.${key}`);
				const valid =
					op === '$eq'
						? isScalar(operand)
						: op === '$in' || op === '$nin'
							? Array.isArray(operand) && operand.every(isScalar)
							: op === '$exists'
								? typeof operand === 'boolean'
								: typeof operand === 'number';
				if (!valid) throw badRequest(`Invalid operand for "${op}" in filter.extensionData.${key}`);
			}
		}
	}
	return f;
}

const equalsValue = (stored: unknown, wanted: unknown) =>
	Array.isArray(stored) ? stored.includes(wanted) : stored === wanted;

function matchesCondition(stored: unknown, condition: unknown): boolean {
	if (isScalar(condition)) return equalsValue(stored, condition);
	if (Array.isArray(condition))
		return Array.isArray(stored) && JSON.stringify(stored) === JSON.stringify(condition);
	return Object.entries(condition as Json).every(([op, operand]) => {
		switch (op) {
			case '$eq':
				return equalsValue(stored, operand);
			case '$in':
				return (operand as unknown[]).some((v) => equalsValue(stored, v));
			case '$nin':
				return !(operand as unknown[]).some((v) => equalsValue(stored, v));
			case '$gt':
				return typeof stored === 'number' && stored > (operand as number);
			case '$gte':
				return typeof stored === 'number' && stored >= (operand as number);
			case '$lt':
				return typeof stored === 'number' && stored < (operand as number);
			case '$lte':
				return typeof stored === 'number' && stored <= (operand as number);
			case '$exists':
				return (stored !== undefined && stored !== null) === operand;
			default:
				return false;
		}
	});
}

export function eventName(event: Json): string {
	return String(((event.contentI18n as Json)?.name as Json)?.default ?? '');
}

function listEvents(store: Store, ctx: RequestContext, hostOnly: boolean) {
	const fromQuery = ctx.query.get('filter');
	const fromBody = (ctx.body as Json | undefined)?.filter;
	if (fromQuery !== null && fromBody !== undefined) {
		throw badRequest('Provide "filter" either in the query or in the body, not both');
	}
	const filter =
		fromBody !== undefined
			? validateFilter(fromBody)
			: fromQuery !== null
				? validateFilter(jsonParam(ctx.query, 'filter'))
				: {};
	let events = store.visibleEvents(ctx.userId, hostOnly);
	if (filter.organizationId)
		events = events.filter((e) => e.organizationId === filter.organizationId);
	// Name matching: case-insensitive "contains" (EventX does not say; this is what a search box expects).
	if (typeof filter.name === 'string') {
		const needle = filter.name.toLowerCase();
		events = events.filter((e) => eventName(e).toLowerCase().includes(needle));
	}
	if (typeof filter.isPublished === 'boolean')
		events = events.filter((e) => (e.isPublished ?? false) === filter.isPublished);
	if (filter.extensionData) {
		const conditions = Object.entries(filter.extensionData as Json);
		events = events.filter((e) =>
			conditions.every(([key, c]) => matchesCondition((e.extensionData as Json)[key], c)),
		);
	}
	const sorted = sortItems(
		events,
		ctx.query.get('sort'),
		EVENT_SORT_KEYS,
		'-createdAt',
		(e, key) => (key === 'name' ? eventName(e) : e[key]),
	);
	return ok(paginate(sorted, ctx.query, ctx.quirk));
}

function requireOneOf(value: unknown, allowed: readonly string[], name: string): string {
	if (typeof value !== 'string' || !allowed.includes(value))
		throw badRequest(`"${name}" must be one of the documented values`, { [name]: value });
	return value;
}

function requireDate(value: unknown, name: string, nullable = false): string | null {
	if (nullable && (value === null || value === undefined)) return null;
	if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
		throw badRequest(`"${name}" must be an ISO 8601 date-time`);
	return new Date(value).toISOString();
}

const UNIT_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/**
 * A time given to a control route: an ISO 8601 date-time, or one relative to the record clock
 * ("+90s", "+2m", "+1h", "+1d"; "-59m" for one past) so that a command pasted later still means
 * "soon" or "just now". `now` is the request's one reading of that clock: every time of one
 * request is relative to the same moment.
 */
function controlDate(now: string, value: unknown, name: string, nullable = false) {
	const relative = typeof value === 'string' ? /^([+-])(\d+)([smhd])$/.exec(value) : null;
	if (!relative) return requireDate(value, name, nullable);
	const ms = Number(relative[2]) * UNIT_MS[relative[3] as keyof typeof UNIT_MS];
	return new Date(Date.parse(now) + (relative[1] === '-' ? -ms : ms)).toISOString();
}

function requireString(value: unknown, name: string): string {
	if (typeof value !== 'string' || value.trim() === '') throw badRequest(`"${name}" is required`);
	return value;
}

function rejectUnknown(body: Json, allowed: string[]) {
	const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown member(s): ${unknown.join(', ')}`);
}

const RAW_DATA_KEYS = [
	'locationLatLng',
	'startsAt',
	'endsAt',
	'entryStartsAt',
	'entryEndsAt',
	'timezone',
	'types',
	'categories',
	'format',
	'entryType',
	'defaultLocale',
	'supportedLocales',
	'extensionData',
];

/** The `rawData` copy: the stored values from locationLatLng to contentI18n (text parts only). */
export function withRawData(event: Json): Json {
	const textOnly = Object.fromEntries(
		Object.entries((event.contentI18n as Json) ?? {}).filter(([key]) => !key.endsWith('Media')),
	);
	const rawData = Object.fromEntries(RAW_DATA_KEYS.map((key) => [key, event[key]]));
	return { ...event, rawData: { ...rawData, contentI18n: textOnly } };
}

export function newEvent(fields: {
	organizationId: string;
	name: string;
	startsAt: string;
	endsAt: string;
	timezone: string;
	format: string;
	extensionData?: Json;
	isPublished?: boolean;
	createdAt?: string;
}): Json {
	const now = fields.createdAt ?? new Date().toISOString();
	return withRawData({
		id: randomUUID(),
		locationLatLng: null,
		startsAt: fields.startsAt,
		endsAt: fields.endsAt,
		entryStartsAt: null,
		entryEndsAt: null,
		timezone: fields.timezone,
		types: [],
		categories: [],
		format: fields.format,
		entryType: 'public',
		defaultLocale: 'en',
		supportedLocales: ['en'],
		extensionData: fields.extensionData ?? {},
		contentI18n: {
			name: { default: fields.name },
			descriptionHtml: { default: '' },
			organizerName: {},
		},
		organizationId: fields.organizationId,
		isPublished: fields.isPublished ?? false,
		publishedAt: fields.isPublished ? now : null,
		createdAt: now,
		updatedAt: now,
	});
}

/** The event's times an organizer can move (a reschedule); each null or absent one is kept. */
export interface EventTimes {
	startsAt?: string;
	endsAt?: string;
	entryStartsAt?: string | null;
	entryEndsAt?: string | null;
}

/** Adds an event's change to the history, with its times and publication after it. */
export function recordEventChange(store: Store, kind: string, eventId: string): void {
	const record = store.events.get(eventId);
	if (!record) return;
	const e = record.event;
	store.recordChange(kind, eventId, eventId, {
		startsAt: e.startsAt,
		endsAt: e.endsAt,
		entryStartsAt: e.entryStartsAt ?? null,
		entryEndsAt: e.entryEndsAt ?? null,
		timezone: e.timezone,
		isPublished: e.isPublished,
		publishedAt: e.publishedAt ?? null,
		createdAt: e.createdAt,
		updatedAt: e.updatedAt,
		deletedAt: record.deletedAt ?? null,
	});
}

/** The event's record, live (not deleted), or a 404 as EventX answers. */
function liveRecord(store: Store, eventId: string) {
	const record = store.events.get(eventId);
	if (!record || record.deletedAt) throw notFound('Event');
	return record;
}

/**
 * Publishes or unpublishes an event, as an organizer does in EventX's admin panel (the public
 * API has no such call): `publishedAt` becomes the record clock's now (or null), and so does
 * `updatedAt`.
 */
export function publishEvent(store: Store, eventId: string, published: boolean): Json {
	const record = liveRecord(store, eventId);
	const now = store.now();
	record.event = withRawData({
		...record.event,
		isPublished: published,
		publishedAt: published ? now : null,
		updatedAt: now,
	});
	recordEventChange(store, published ? 'event-publish' : 'event-unpublish', eventId);
	return record.event;
}

/** Moves an event's times (the given ones; `null` clears an entry time); `updatedAt` is now. */
export function rescheduleEvent(store: Store, eventId: string, times: EventTimes): Json {
	const record = liveRecord(store, eventId);
	const now = store.now();
	const next: Json = { ...record.event };
	for (const key of ['startsAt', 'endsAt', 'entryStartsAt', 'entryEndsAt'] as const) {
		const value = times[key];
		if (value === undefined) continue;
		if (value === null && (key === 'startsAt' || key === 'endsAt'))
			throw badRequest(`"${key}" cannot be cleared`);
		next[key] = value === null ? null : controlDate(now, value, key);
	}
	if (Date.parse(String(next.endsAt)) < Date.parse(String(next.startsAt)))
		throw badRequest('"endsAt" must not be before "startsAt"');
	record.event = withRawData({ ...next, updatedAt: now });
	recordEventChange(store, 'event-schedule', eventId);
	return record.event;
}

/** Soft-deletes an event: it leaves every list and answers 404 (`deletedAt` on the record clock). */
export function deleteEvent(store: Store, eventId: string): void {
	liveRecord(store, eventId).deletedAt = store.now();
	recordEventChange(store, 'event-delete', eventId);
}

/**
 * Adds an event to an organization, created now on the record clock, with the given times and
 * publication (for tests and the sandbox: EventX's own Create takes no entry times).
 */
export function addEvent(
	store: Store,
	fields: EventTimes & {
		organizationId: string;
		name: string;
		startsAt: string;
		endsAt: string;
		timezone?: string;
		isPublished?: boolean;
	},
): Json {
	if (!store.organizations.has(fields.organizationId)) throw notFound('Organization');
	const now = store.now();
	const event = newEvent({
		organizationId: fields.organizationId,
		name: fields.name,
		startsAt: controlDate(now, fields.startsAt, 'startsAt')!,
		endsAt: controlDate(now, fields.endsAt, 'endsAt')!,
		timezone: fields.timezone ?? 'GMT',
		format: 'in-person',
		isPublished: fields.isPublished ?? true,
		createdAt: now,
	});
	store.events.set(event.id as string, {
		event,
		settings: { estimatedAttendeeCount: '51-100', paymentCurrency: 'USD' },
	});
	if (fields.entryStartsAt !== undefined || fields.entryEndsAt !== undefined) {
		const record = store.events.get(event.id as string)!;
		record.event = withRawData({
			...record.event,
			entryStartsAt: controlDate(now, fields.entryStartsAt, 'entryStartsAt', true),
			entryEndsAt: controlDate(now, fields.entryEndsAt, 'entryEndsAt', true),
		});
	}
	recordEventChange(store, 'event-create', event.id as string);
	return store.events.get(event.id as string)!.event;
}

export function eventRoutes(store: Store): Route[] {
	return [
		{
			method: 'GET',
			pattern: '/public-api/v1/event',
			handler: (ctx) => listEvents(store, ctx, false),
		},
		{
			method: 'GET',
			pattern: '/public-api/v1/event/hosting-event',
			handler: (ctx) => listEvents(store, ctx, true),
		},
		{
			method: 'POST',
			pattern: '/public-api/v1/event',
			handler: ({ body, userId }) => {
				const b = (body ?? {}) as Json;
				rejectUnknown(b, [
					'organizationId',
					'name',
					'startsAt',
					'endsAt',
					'timezone',
					'format',
					'estimatedAttendeeCount',
				]);
				const organizationId = requireUuid(b.organizationId, 'organizationId');
				if (!store.memberOrganizations(userId).some((org) => org.id === organizationId)) {
					throw forbidden('You are not a member of this organization');
				}
				const startsAt = requireDate(b.startsAt, 'startsAt')!;
				const endsAt = requireDate(b.endsAt, 'endsAt')!;
				if (Date.parse(endsAt) < Date.parse(startsAt))
					throw badRequest('"endsAt" must not be before "startsAt"');
				const event = newEvent({
					createdAt: store.now(),
					organizationId,
					name: requireString(b.name, 'name'),
					startsAt,
					endsAt,
					timezone: requireOneOf(b.timezone, TIMEZONES, 'timezone'),
					format: requireOneOf(b.format, EVENT_FORMATS, 'format'),
				});
				const settings = {
					estimatedAttendeeCount: requireOneOf(
						b.estimatedAttendeeCount,
						ESTIMATED_ATTENDEE_COUNTS,
						'estimatedAttendeeCount',
					),
				};
				store.events.set(event.id as string, { event, settings });
				recordEventChange(store, 'event-create', event.id as string);
				return ok({ data: event });
			},
		},
		{
			method: 'GET',
			pattern: '/public-api/v1/event/:eventId',
			handler: ({ params, userId }) => ok({ data: requireEvent(store, userId, params.eventId) }),
		},
		{
			method: 'PUT',
			pattern: '/public-api/v1/event/:eventId',
			handler: ({ params, body, userId }) => {
				const current = requireEvent(store, userId, params.eventId);
				const b = (body ?? {}) as Json;
				rejectUnknown(b, [
					'name',
					'descriptionHtml',
					'startsAt',
					'endsAt',
					'timezone',
					'estimatedAttendeeCount',
					'categories',
					'types',
					'isMagicLinkActivated',
					'isSmsNotifyActivated',
					'isWhatsappNotificationActivated',
					'isEntrySettingEnabled',
					'isSpecialRoleEarlyEntryAllowed',
					'entryStartsAt',
					'entryEndsAt',
					'defaultLocale',
					'paymentCurrency',
				]);
				const list = (value: unknown, allowed: readonly string[], name: string) => {
					if (!Array.isArray(value)) throw badRequest(`"${name}" must be an array`);
					return value.map((v) => requireOneOf(v, allowed, name));
				};
				const flags = [
					'isMagicLinkActivated',
					'isSmsNotifyActivated',
					'isWhatsappNotificationActivated',
					'isEntrySettingEnabled',
					'isSpecialRoleEarlyEntryAllowed',
				];
				for (const flag of flags) {
					if (b[flag] !== undefined && typeof b[flag] !== 'boolean')
						throw badRequest(`"${flag}" must be a boolean`);
				}
				if (typeof b.descriptionHtml !== 'string')
					throw badRequest('"descriptionHtml" is required');
				const startsAt = requireDate(b.startsAt, 'startsAt')!;
				const endsAt = requireDate(b.endsAt, 'endsAt')!;
				const defaultLocale = requireOneOf(b.defaultLocale, LOCALES, 'defaultLocale');
				const updated = withRawData({
					...current,
					startsAt,
					endsAt,
					entryStartsAt: requireDate(b.entryStartsAt, 'entryStartsAt', true),
					entryEndsAt: requireDate(b.entryEndsAt, 'entryEndsAt', true),
					timezone: requireOneOf(b.timezone, TIMEZONES, 'timezone'),
					categories: list(b.categories, EVENT_CATEGORIES, 'categories'),
					types: list(b.types, EVENT_TYPES, 'types'),
					defaultLocale,
					supportedLocales: [
						...new Set([defaultLocale, ...((current.supportedLocales as string[]) ?? [])]),
					],
					contentI18n: {
						...(current.contentI18n as Json),
						name: { default: requireString(b.name, 'name') },
						descriptionHtml: { default: b.descriptionHtml },
					},
					updatedAt: store.now(),
				});
				const record = store.events.get(params.eventId)!;
				record.event = updated;
				recordEventChange(store, 'event-update', params.eventId);
				record.settings = {
					...record.settings,
					estimatedAttendeeCount: requireOneOf(
						b.estimatedAttendeeCount,
						ESTIMATED_ATTENDEE_COUNTS,
						'estimatedAttendeeCount',
					),
					paymentCurrency: requireOneOf(b.paymentCurrency, PAYMENT_CURRENCIES, 'paymentCurrency'),
					...Object.fromEntries(flags.map((flag) => [flag, b[flag] ?? false])),
				};
				return ok({ data: updated });
			},
		},
		{
			// Soft delete: the event keeps its record with deletedAt and answers 404 from now on.
			method: 'DELETE',
			pattern: '/public-api/v1/event/:eventId',
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				store.events.get(params.eventId)!.deletedAt = store.now();
				recordEventChange(store, 'event-delete', params.eventId);
				return noContent();
			},
		},
		{
			method: 'PATCH',
			pattern: '/public-api/v1/event/:eventId/extension-data',
			handler: ({ params, body, userId }) => {
				const current = requireEvent(store, userId, params.eventId);
				const b = (body ?? {}) as Json;
				rejectUnknown(b, ['extensionData']);
				const patch = b.extensionData;
				if (patch === null || typeof patch !== 'object' || Array.isArray(patch))
					throw badRequest('"extensionData" must be an object');
				// String, number, boolean, an array of those, or null (the description allows null).
				for (const [key, value] of Object.entries(patch as Json)) {
					const valid =
						value === null || isScalar(value) || (Array.isArray(value) && value.every(isScalar));
					if (!valid)
						throw badRequest(
							`"extensionData.${key}" must be a string, number, boolean, an array of those, or null`,
						);
				}
				const updated = withRawData({
					...current,
					extensionData: { ...(current.extensionData as Json), ...(patch as Json) },
					updatedAt: store.now(),
				});
				store.events.get(params.eventId)!.event = updated;
				recordEventChange(store, 'event-update', params.eventId);
				return ok({ data: updated });
			},
		},
	];
}
