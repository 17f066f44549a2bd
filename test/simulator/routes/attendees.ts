import { randomBytes, randomUUID } from 'node:crypto';

import {
	APPROVAL_STATUSES,
	ATTENDEE_SORT_KEYS,
	REGISTRATION_STATUSES,
} from '../../../nodes/EventX/helpers/enums';
import { badRequest, jsonParam, notFound, ok, requireUuid, type Route } from '../http';
import { paginate, sortItems } from '../paging';
import type { Json, Store } from '../store';
import type { SimulatorServices } from './index';
import { deliveryAttendee } from '../deliveries';
import { requireEvent } from './events';

export type AttendeeRecord = Json & { id: string; eventId: string; removedAt?: string };

/** Profile members the write endpoints accept (additionalProperties: false, as the OpenAPI). */
const PROFILE_STRINGS = [
	'name',
	'firstName',
	'lastName',
	'invitationEmail',
	'jobTitle',
	'organization',
	'city',
	'country',
	'areaCode',
	'contactNo',
	'customCheckInToken',
	'qrCodeToken',
];
const PROFILE_MEMBERS = [
	...PROFILE_STRINGS,
	'customFields',
	'approvalStatus',
	'registrationStatus',
	'registerUtmParams',
];
const UTM = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'];

/**
 * The short code of an attendee is kept in the record's `shortCode` but never answered: the
 * OpenAPI's attendee has no member for it (tests read it from the store or `/__sim/state`).
 */
export function newShortCode(): string {
	return randomHex(3).toUpperCase();
}

let randomPool: Buffer = Buffer.alloc(0);
let randomOffset = 0;

/** `bytes` random bytes in hex, drawn from a pool (one system call per 64 KiB, not per attendee). */
function randomHex(bytes: number): string {
	if (randomOffset + bytes > randomPool.length) {
		randomPool = randomBytes(65_536);
		randomOffset = 0;
	}
	randomOffset += bytes;
	return randomPool.toString('hex', randomOffset - bytes, randomOffset);
}

export function attendeeJson(a: AttendeeRecord): Json {
	// One copy without the store's own members (a `delete` would make every answer's object slow).
	const json: Json = {};
	for (const [key, value] of Object.entries(a))
		if (key !== 'eventId' && key !== 'removedAt' && key !== 'shortCode') json[key] = value;
	json.customFields = a.customFields ?? {};
	json.attendeeTagIdList = a.attendeeTagIdList ?? [];
	return json;
}

/** The profile as given: only its texts may be null (an approval status is absent until set). */
function rawDataOf(a: Json): Json {
	const raw: Json = {};
	for (const key of PROFILE_MEMBERS)
		if (a[key] !== undefined && (a[key] !== null || PROFILE_STRINGS.includes(key)))
			raw[key] = a[key];
	return raw;
}

/** Checks one profile object like the OpenAPI; returns it. */
function checkProfile(
	store: Store,
	eventId: string,
	value: unknown,
	where: string,
	extra: string[],
) {
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest(`${where} must be an object`);
	const b = value as Json;
	const unknown = Object.keys(b).filter((k) => !PROFILE_MEMBERS.includes(k) && !extra.includes(k));
	if (unknown.length > 0) throw badRequest(`${where} has unknown member(s): ${unknown.join(', ')}`);
	for (const key of PROFILE_STRINGS) {
		if (b[key] !== undefined && b[key] !== null && typeof b[key] !== 'string')
			throw badRequest(`${where}.${key} must be a string`);
	}
	if (
		b.approvalStatus !== undefined &&
		!(APPROVAL_STATUSES as readonly string[]).includes(b.approvalStatus as string)
	)
		throw badRequest(`${where}.approvalStatus must be one of ${APPROVAL_STATUSES.join(', ')}`);
	if (
		b.registrationStatus !== undefined &&
		!(REGISTRATION_STATUSES as readonly string[]).includes(b.registrationStatus as string)
	)
		throw badRequest(
			`${where}.registrationStatus must be one of ${REGISTRATION_STATUSES.join(', ')}`,
		);
	if (b.registerUtmParams !== undefined) {
		const utm = b.registerUtmParams as Json;
		if (utm === null || typeof utm !== 'object' || Object.keys(utm).some((k) => !UTM.includes(k)))
			throw badRequest(`${where}.registerUtmParams is invalid`);
	}
	if (b.customFields !== undefined) {
		const fields = b.customFields as Json;
		if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
			throw badRequest(`${where}.customFields must be an object`);
		const known = new Set((store.customFields.get(eventId) ?? []).map((q) => q.id as string));
		for (const [questionId, answer] of Object.entries(fields)) {
			if (!known.has(questionId)) throw badRequest(`Unknown custom question "${questionId}"`);
			const a = answer as Json;
			if (a === null || typeof a !== 'object' || Array.isArray(a))
				throw badRequest(`${where}.customFields.${questionId} must be an object { value }`);
			if (Object.keys(a).some((k) => k !== 'value' && k !== 'mediaValues'))
				throw badRequest(`${where}.customFields.${questionId} has unknown members`);
			const v = a.value;
			const okValue =
				v === undefined ||
				v === null ||
				typeof v === 'string' ||
				typeof v === 'boolean' ||
				(Array.isArray(v) && v.every((x) => x === null || typeof x === 'string'));
			if (!okValue) throw badRequest(`${where}.customFields.${questionId}.value has a wrong type`);
		}
	}
	return b;
}

function apply(a: AttendeeRecord, b: Json, now: string) {
	for (const key of PROFILE_MEMBERS) {
		if (b[key] === undefined) continue;
		if (key === 'customFields')
			a.customFields = { ...((a.customFields as Json) ?? {}), ...(b.customFields as Json) };
		else a[key] = b[key];
	}
	if (b.registrationStatus === 'registered' && !a.registeredAt) a.registeredAt = now;
	if (b.approvalStatus === 'approved') a.approvedAt = now;
	if (b.approvalStatus === 'rejected') a.rejectedAt = now;
	a.updatedAt = now;
	a.rawData = rawDataOf(a);
}

export function newAttendee(
	eventId: string,
	profile: Json,
	createdAt = new Date().toISOString(),
): AttendeeRecord {
	const id = randomUUID();
	const a: AttendeeRecord = {
		id,
		eventId,
		name: null,
		firstName: null,
		lastName: null,
		invitationEmail: null,
		jobTitle: null,
		organization: null,
		city: null,
		country: null,
		areaCode: null,
		contactNo: null,
		customCheckInToken: null,
		qrCodeToken: randomHex(12),
		shortCode: newShortCode(),
		roleTags: ['visitor'],
		status: 'registered',
		registrationStatus: 'registered',
		approvalStatus: null,
		approvedAt: null,
		rejectedAt: null,
		attendedAt: null,
		checkedInAt: null,
		checkInMethod: null,
		ticketClassId: null,
		addOns: [],
		attendeeTagIdList: [],
		customFields: {},
		createdAt,
		updatedAt: createdAt,
		// Set by apply() when the attendee is registered; a pending attendee has none until then.
		registeredAt: null,
		firstEnteredWebAppAt: null,
		magicLinkUrl: `https://portal.eventx.io/magic-link/${id}/authorize`,
	};
	apply(a, profile, createdAt);
	a.updatedAt = createdAt;
	if (a.name === null && (a.firstName || a.lastName))
		a.name = [a.firstName, a.lastName].filter(Boolean).join(' ');
	return a;
}

const sortValue = (a: AttendeeRecord, key: string) => {
	if (key === 'email') return a.invitationEmail;
	if (key === 'attendee_tag_id') return (a.attendeeTagIdList as string[] | undefined)?.[0];
	if (key === 'suspendStatus') return a.suspendStatus ?? null;
	return a[key];
};

export function attendeeRoutes(store: Store, services: SimulatorServices): Route[] {
	const base = '/public-api/v1/event/:eventId/attendee';
	const live = (eventId: string) =>
		[...store.attendees.values()].filter(
			(a) => a.eventId === eventId && !a.removedAt,
		) as AttendeeRecord[];
	const requireAttendee = (eventId: string, id: string): AttendeeRecord => {
		requireUuid(id, 'attendeeId');
		const a = store.attendees.get(id) as AttendeeRecord | undefined;
		if (!a || a.eventId !== eventId || a.removedAt) throw notFound('Attendee');
		return a;
	};
	const idsOf = (body: unknown): string[] => {
		const b = (body ?? {}) as Json;
		if (Object.keys(b).some((k) => k !== 'attendeeIds'))
			throw badRequest('Unknown member(s) in body');
		if (!Array.isArray(b.attendeeIds)) throw badRequest('"attendeeIds" must be an array of UUIDs');
		for (const id of b.attendeeIds) requireUuid(id, 'attendeeIds');
		return b.attendeeIds as string[];
	};
	const lookup = (a: AttendeeRecord) => ({
		data: { id: a.id, createdAt: a.createdAt, customFields: a.customFields ?? {} },
	});
	return [
		{
			method: 'GET',
			pattern: '/public-api/v1/event/:eventId/attendee-tag/all',
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ dataList: store.attendeeTags.get(params.eventId) ?? [] });
			},
		},
		{
			method: 'PUT',
			pattern: `${base}/bulk-upsert`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				if (!Array.isArray(body) || body.length === 0)
					throw badRequest('Body must be a non-empty array of attendees');
				// Validate everything first: a rejected request applies nothing.
				const checked = body.map((entry, i) => {
					const b = checkProfile(store, params.eventId, entry, `[${i}]`, ['id', 'status']);
					if (b.status !== undefined && b.registrationStatus !== undefined)
						throw badRequest(`[${i}]: "status" cannot be used together with "registrationStatus"`);
					if (b.status !== undefined && b.status !== 'registered' && b.status !== 'invited')
						throw badRequest(`[${i}].status must be registered or invited`);
					if (b.id !== undefined) requireAttendee(params.eventId, requireUuid(b.id, `[${i}].id`));
					return b;
				});
				const now = store.now();
				const out: Json[] = [];
				for (const b of checked) {
					const profile = { ...b };
					if (profile.status !== undefined) {
						profile.registrationStatus = profile.status === 'invited' ? 'pending' : 'registered';
						delete profile.status;
					}
					delete profile.id;
					if (b.id !== undefined) {
						const a = store.attendees.get(b.id as string) as AttendeeRecord;
						apply(a, profile, now);
						services.notify(params.eventId, 'attendee-update', deliveryAttendee(a));
						out.push(attendeeJson(a));
					} else {
						const a = newAttendee(params.eventId, profile, now);
						store.attendees.set(a.id, a);
						services.notify(params.eventId, 'attendee-create', deliveryAttendee(a));
						out.push(attendeeJson(a));
					}
				}
				return ok({ dataList: out });
			},
		},
		{
			method: 'DELETE',
			pattern: `${base}/bulk-remove`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const ids = idsOf(body);
				const targets = ids.map((id) => requireAttendee(params.eventId, id));
				const now = store.now();
				for (const a of targets) {
					a.removedAt = now;
					services.notify(params.eventId, 'attendee-delete', deliveryAttendee(a));
				}
				return ok({});
			},
		},
		{
			method: 'DELETE',
			pattern: `${base}/bulk-delete`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const ids = idsOf(body);
				const targets = ids.map((id) => {
					const a = store.attendees.get(requireUuid(id, 'attendeeIds')) as
						| AttendeeRecord
						| undefined;
					if (!a || a.eventId !== params.eventId) throw notFound('Attendee');
					return a;
				});
				for (const a of targets) {
					store.attendees.delete(a.id);
					if (!a.removedAt) services.notify(params.eventId, 'attendee-delete', deliveryAttendee(a));
				}
				return ok({});
			},
		},
		{
			method: 'GET',
			pattern: `${base}/qr-code-token/:token`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				const token = decodeURIComponent(params.token);
				const a = live(params.eventId).find((x) => x.qrCodeToken === token);
				if (!a) throw notFound('Attendee');
				return ok(lookup(a));
			},
		},
		{
			method: 'GET',
			pattern: `${base}/short-code/:code`,
			handler: ({ params, query, userId }) => {
				requireEvent(store, userId, params.eventId);
				const code = decodeURIComponent(params.code);
				const ignoreCase = query.get('isIgnoreCase') === 'true';
				const a = live(params.eventId).find((x) =>
					ignoreCase
						? String(x.shortCode).toLowerCase() === code.toLowerCase()
						: x.shortCode === code,
				);
				if (!a) throw notFound('Attendee');
				return ok(lookup(a));
			},
		},
		{
			method: 'PATCH',
			pattern: `${base}/:attendeeId/attendee-ticket`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const a = requireAttendee(params.eventId, params.attendeeId);
				const b = (body ?? {}) as Json;
				if (Object.keys(b).some((k) => k !== 'ticketClassId' && k !== 'addOns'))
					throw badRequest('Unknown member(s) in body');
				const classes = store.ticketClasses.get(params.eventId) ?? [];
				const addOns = store.ticketClassAddOns.get(params.eventId) ?? [];
				if (b.ticketClassId !== undefined) {
					requireUuid(b.ticketClassId, 'ticketClassId');
					if (!classes.some((c) => c.id === b.ticketClassId)) throw notFound('Ticket class');
				}
				if (b.addOns !== undefined) {
					if (!Array.isArray(b.addOns)) throw badRequest('"addOns" must be an array');
					for (const entry of b.addOns as Json[]) {
						if (
							!entry ||
							Object.keys(entry).some((k) => k !== 'ticketClassAddOnId' && k !== 'qty') ||
							!Number.isInteger(entry.qty)
						)
							throw badRequest('"addOns" members need ticketClassAddOnId and an integer qty');
						requireUuid(entry.ticketClassAddOnId, 'ticketClassAddOnId');
						if (!addOns.some((x) => x.id === entry.ticketClassAddOnId))
							throw notFound('Ticket class add-on');
					}
				}
				if (b.ticketClassId !== undefined) a.ticketClassId = b.ticketClassId;
				if (b.addOns !== undefined) a.addOns = b.addOns;
				a.updatedAt = store.now();
				services.notify(params.eventId, 'attendee-update', deliveryAttendee(a));
				return ok({ data: attendeeJson(a) });
			},
		},
		{
			method: 'GET',
			pattern: `${base}/:attendeeId`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ data: attendeeJson(requireAttendee(params.eventId, params.attendeeId)) });
			},
		},
		{
			method: 'PATCH',
			pattern: `${base}/:attendeeId`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const a = requireAttendee(params.eventId, params.attendeeId);
				const b = checkProfile(store, params.eventId, body ?? {}, 'body', []);
				apply(a, b, store.now());
				services.notify(params.eventId, 'attendee-update', deliveryAttendee(a));
				return ok({ data: attendeeJson(a) });
			},
		},
		{
			method: 'GET',
			pattern: base,
			handler: ({ params, query, userId, quirk }) => {
				requireEvent(store, userId, params.eventId);
				// Committed late: not in the list yet.
				let items = live(params.eventId).filter((a) => store.visible(a.id));
				const ids = jsonParam(query, 'attendeeIds');
				if (ids !== undefined) {
					if (!Array.isArray(ids)) throw badRequest('"attendeeIds" must be a JSON array');
					for (const id of ids) requireUuid(id, 'attendeeIds');
					const wanted = new Set(ids as string[]);
					items = items.filter((a) => wanted.has(a.id));
				}
				const after = query.get('createdAt$gt');
				if (after) {
					const t = Date.parse(after);
					if (Number.isNaN(t)) throw badRequest('"createdAt$gt" must be a date-time');
					items = items.filter((a) => Date.parse(a.createdAt as string) > t);
				}
				const fields = jsonParam(query, 'customFields');
				if (fields !== undefined) {
					if (fields === null || typeof fields !== 'object' || Array.isArray(fields))
						throw badRequest('"customFields" must be a JSON object');
					items = items.filter((a) =>
						Object.entries(fields as Json).every(([q, v]) => {
							const answer = ((a.customFields as Json) ?? {})[q] as Json | undefined;
							return JSON.stringify(answer?.value) === JSON.stringify(v);
						}),
					);
				}
				const q = query.get('q');
				if (q) {
					const needle = q.toLowerCase();
					items = items.filter((a) =>
						[a.name, a.firstName, a.lastName, a.invitationEmail].some(
							(v) => typeof v === 'string' && v.toLowerCase().includes(needle),
						),
					);
				}
				const search = jsonParam(query, 'customFieldSearch');
				if (search !== undefined) {
					if (search === null || typeof search !== 'object' || Array.isArray(search))
						throw badRequest('"customFieldSearch" must be a JSON object');
					const questions = store.customFields.get(params.eventId) ?? [];
					for (const questionId of Object.keys(search)) {
						const question = questions.find((x) => x.id === questionId);
						if (!question) throw badRequest(`Unknown custom question "${questionId}"`);
						if (question.type !== 'text' && question.type !== 'textArea')
							throw badRequest(
								`customFieldSearch supports only text and textArea questions ("${questionId}" is ${String(question.type)})`,
							);
					}
					items = items.filter((a) =>
						Object.entries(search as Json).every(([questionId, term]) => {
							const value = (((a.customFields as Json) ?? {})[questionId] as Json | undefined)
								?.value;
							return (
								typeof value === 'string' &&
								value.toLowerCase().includes(String(term).toLowerCase())
							);
						}),
					);
				}
				const sorted = sortItems(items, query.get('sort'), ATTENDEE_SORT_KEYS, '-id', sortValue);
				const page = paginate(sorted, query, quirk);
				return ok({ dataList: page.dataList.map(attendeeJson), pagination: page.pagination });
			},
		},
	];
}

/**
 * The sandbox's way to make attendees change as EventX's admin panel would (outside the public
 * API, no token): create, update, register and remove one. Each fires the webhook deliveries the
 * change would, and the polling trigger sees it in the lists.
 */
export function attendeeControlRoutes(store: Store, services: SimulatorServices): Route[] {
	const attendee = (id: string): AttendeeRecord => {
		const a = store.attendees.get(id) as AttendeeRecord | undefined;
		if (!a || a.removedAt) throw notFound('Attendee');
		return a;
	};
	const changed = (a: AttendeeRecord, action: string) => {
		services.notify(a.eventId, action, deliveryAttendee(a));
		return ok(attendeeJson(a));
	};
	return [
		{
			// Body: the attendee's profile (firstName, invitationEmail, registrationStatus...).
			method: 'POST',
			pattern: '/__sim/events/:eventId/attendees',
			public: true,
			handler: ({ params, body }) => {
				if (!store.events.get(params.eventId)) throw notFound('Event');
				const profile = checkProfile(store, params.eventId, body ?? {}, 'body', []);
				const a = newAttendee(params.eventId, profile, store.now());
				store.attendees.set(a.id, a);
				return changed(a, 'attendee-create');
			},
		},
		{
			method: 'PATCH',
			pattern: '/__sim/attendees/:attendeeId',
			public: true,
			handler: ({ params, body }) => {
				const a = attendee(params.attendeeId);
				apply(a, checkProfile(store, a.eventId, body ?? {}, 'body', []), store.now());
				return changed(a, 'attendee-update');
			},
		},
		{
			// A pending attendee completes the registration.
			method: 'POST',
			pattern: '/__sim/attendees/:attendeeId/register',
			public: true,
			handler: ({ params }) => {
				const a = attendee(params.attendeeId);
				apply(a, { registrationStatus: 'registered' }, store.now());
				return changed(a, 'attendee-update');
			},
		},
		{
			method: 'DELETE',
			pattern: '/__sim/attendees/:attendeeId',
			public: true,
			handler: ({ params }) => {
				const a = attendee(params.attendeeId);
				a.removedAt = store.now();
				return changed(a, 'attendee-delete');
			},
		},
	];
}
