import {
	EMAIL_TEMPLATE_TYPES,
	TEST_EMAIL_TEMPLATE_TYPES,
} from '../../../nodes/EventX/helpers/enums';
import { ApiError, badRequest, noContent, requireUuid, UUID_RE, type Route } from '../http';
import type { Json, OutboxEntry, Store } from '../store';
import { requireEvent } from './events';

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function rejectUnknown(body: Json, allowed: string[]) {
	const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown member(s): ${unknown.join(', ')}`);
}

function objectBody(body: unknown): Json {
	if (body === null || typeof body !== 'object' || Array.isArray(body))
		throw badRequest('The body must be a JSON object');
	return body as Json;
}

/**
 * `{ attendeeIds: uuid[] }`. The OpenAPI gives no minimum, so an empty list is accepted (and
 * recorded as a send to nobody). Choice of the simulator: IDs that are not live attendees of the
 * event answer 404 NOT_FOUND (meta.attendeeIds lists them) and nothing of the request is sent.
 */
function attendeeIdsOf(store: Store, eventId: string, body: unknown): string[] {
	const b = objectBody(body);
	rejectUnknown(b, ['attendeeIds']);
	const ids = b.attendeeIds;
	if (!Array.isArray(ids)) throw badRequest('"attendeeIds" must be an array of UUIDs');
	for (const id of ids) {
		if (typeof id !== 'string' || !UUID_RE.test(id))
			throw badRequest('"attendeeIds" must be an array of UUIDs', { attendeeId: id });
	}
	const unknown = (ids as string[]).filter((id) => {
		const attendee = store.attendees.get(id);
		return !attendee || attendee.eventId !== eventId || attendee.removedAt !== undefined;
	});
	if (unknown.length > 0)
		throw new ApiError(404, 'NOT_FOUND', 'Attendee not found', { attendeeIds: unknown });
	return [...(ids as string[])];
}

const TEMPLATE_FIELDS: Record<string, (v: unknown) => boolean> = {
	senderId: (v) => typeof v === 'string' && UUID_RE.test(v),
	contentHtml: (v) => typeof v === 'string',
	design: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
	senderName: (v) => typeof v === 'string',
	subject: (v) => typeof v === 'string',
	shouldAttachCalendarFile: (v) => typeof v === 'boolean',
	shouldAttachCheckInQRCodeFile: (v) => typeof v === 'boolean',
	isDisabled: (v) => typeof v === 'boolean',
	replyToEmail: (v) => v === null || typeof v === 'string',
};

function templateBody(body: unknown): Json {
	const b = objectBody(body ?? {});
	rejectUnknown(b, Object.keys(TEMPLATE_FIELDS));
	for (const [name, value] of Object.entries(b)) {
		if (!TEMPLATE_FIELDS[name](value))
			throw badRequest(`"${name}" has the wrong type`, { [name]: value });
	}
	return b;
}

function requireType(value: string, allowed: readonly string[]): string {
	if (!allowed.includes(value))
		throw badRequest(`Unknown email template type "${value}"`, { allowed: [...allowed] });
	return value;
}

export function outreachRoutes(store: Store): Route[] {
	const event = '/public-api/v1/event/:eventId/outreach';
	const record = (entry: Omit<OutboxEntry, 'at'>) => {
		store.outbox.push({ ...entry, at: new Date().toISOString() });
		return noContent();
	};
	const send = (
		pattern: string,
		channel: OutboxEntry['channel'],
		templateType?: string,
	): Route => ({
		method: 'POST',
		pattern,
		handler: ({ params, body, userId }) => {
			requireEvent(store, userId, params.eventId);
			const attendeeIds = attendeeIdsOf(store, params.eventId, body);
			return record({ eventId: params.eventId, channel, templateType, attendeeIds });
		},
	});
	return [
		send(`${event}/email-template/confirmation-email/send`, 'email', 'confirmation-email'),
		send(`${event}/sms-template/confirmation-sms/send`, 'sms', 'confirmation-sms'),
		send(
			`${event}/whatsapp-template/confirmation-message/send`,
			'whatsapp',
			'confirmation-message',
		),
		{
			method: 'POST',
			pattern: '/public-api/v1/outreach/:eventId/manual-email/:outreachEmailId/send',
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const outreachEmailId = requireUuid(params.outreachEmailId, 'outreachEmailId');
				const attendeeIds = attendeeIdsOf(store, params.eventId, body);
				return record({
					eventId: params.eventId,
					channel: 'manual-email',
					outreachEmailId,
					attendeeIds,
				});
			},
		},
		{
			method: 'POST',
			pattern: `${event}/email-template/:type/test`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const templateType = requireType(params.type, TEST_EMAIL_TEMPLATE_TYPES);
				const b = objectBody(body);
				rejectUnknown(b, ['testEmails']);
				const emails = b.testEmails;
				if (!Array.isArray(emails) || emails.length < 1 || emails.length > 5)
					throw badRequest('"testEmails" must list 1 to 5 addresses');
				for (const email of emails) {
					if (typeof email !== 'string' || !EMAIL_RE.test(email))
						throw badRequest('"testEmails" must be email addresses', { email });
				}
				return record({
					eventId: params.eventId,
					channel: 'test-email',
					templateType,
					attendeeIds: [],
					testEmails: [...(emails as string[])],
				});
			},
		},
		{
			method: 'PUT',
			pattern: `${event}/email-template/:type`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const type = requireType(params.type, EMAIL_TEMPLATE_TYPES);
				const fields = templateBody(body);
				const key = `${params.eventId}/${type}`;
				store.emailTemplates.set(key, { ...(store.emailTemplates.get(key) ?? {}), ...fields });
				return noContent();
			},
		},
	];
}
