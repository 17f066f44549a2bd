/**
 * What each node outputs, one entry per operation or trigger event: EventX's answer as its
 * OpenAPI describes it, and what the node does to it (Simplify, the batch outcome, the trigger's
 * delivery shape), through the node's own functions where it has them (`derive`).
 *
 * A new operation or trigger event adds one entry here (for a polling trigger event, one entry of
 * POLL_TRIGGERS is enough when its list is in POLL_LISTS); `npm run gen` writes its schema and
 * test/schemas/outputs.test.ts runs it against the simulator (add its run to test/schemas/steps.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { simplifyInvoice } from '../../nodes/EventX/actions/invoice/fields';
import { simplifyOrder } from '../../nodes/EventX/actions/order/fields';
import {
	CUSTOM_DOMAIN_STATUSES,
	EMAIL_TEMPLATE_TYPES,
	TEST_EMAIL_TEMPLATE_TYPES,
	WEBHOOK_ACTIONS,
} from '../../nodes/EventX/helpers/enums';
import { simplifyEvent, withoutRawData } from '../../nodes/EventX/helpers/simplify';
import {
	EVENT_TRIGGERS,
	eventItemJson,
	type EventTrigger,
} from '../../nodes/EventX/polling/eventTriggers';
import { toItem } from '../../nodes/EventX/polling/items';
import { POLL_TRIGGERS, pollTrigger, type PollTrigger } from '../../nodes/EventX/polling/triggers';
import { EventXPollingTrigger } from '../../nodes/EventXPollingTrigger/EventXPollingTrigger.node';
import { tidyAttendee } from '../../nodes/EventX/trigger/delivery';
import { derive } from './derive';
import { nullable, type JsonSchema } from './jsonSchema';
import type { EventXAnswers } from './openapi';

export type NodeFolder = 'EventX' | 'EventXTrigger' | 'EventXPollingTrigger';

export interface Output {
	/** The node's folder under nodes/: its schemas go to `__schema__/` beside it. */
	node: NodeFolder;
	/**
	 * The parameters n8n picks the schema by, in order: resource and operation (the action node),
	 * the event (`resource` of the polling trigger), or none (the webhook trigger).
	 */
	key: string[];
	schema: (api: EventXAnswers) => JsonSchema;
}

// Small schemas, for what the node itself adds.
const string: JsonSchema = { type: 'string' };
const uuid: JsonSchema = { type: 'string', format: 'uuid' };
const dateTime: JsonSchema = { type: 'string', format: 'date-time' };
const always = (value: unknown): JsonSchema => ({ type: typeof value, enum: [value] });
const enumOf = (values: readonly string[]): JsonSchema => ({ type: 'string', enum: [...values] });
const list = (items: JsonSchema): JsonSchema => ({ type: 'array', items });
const map = (values: JsonSchema): JsonSchema => ({ type: 'object', additionalProperties: values });
/** An object with exactly these members; `optional` ones may be left out. */
function object(
	properties: Record<string, JsonSchema>,
	optional: string[] = [],
	open = false,
): JsonSchema {
	return {
		type: 'object',
		properties,
		required: Object.keys(properties).filter((k) => !optional.includes(k)),
		additionalProperties: open,
	};
}
/** Either shape; n8n's editor shows the members of both. */
function either(...shapes: JsonSchema[]): JsonSchema {
	const properties: Record<string, JsonSchema> = {};
	for (const shape of shapes) Object.assign(properties, shape.properties);
	return { type: 'object', properties, anyOf: shapes };
}
/** `schema` with more members (required, unless named in `optional`). */
function extend(
	schema: JsonSchema,
	more: Record<string, JsonSchema>,
	optional: string[] = [],
): JsonSchema {
	return {
		...schema,
		properties: { ...schema.properties, ...more },
		required: [
			...(schema.required ?? []),
			...Object.keys(more).filter((k) => !optional.includes(k)),
		],
	};
}
const withEventId = (schema: JsonSchema) => extend(schema, { eventId: uuid });

/** Simplify of the lists without rawData (webhooks, tags, ticket classes, questions...). */
const noRawData = (record: JsonSchema) => derive(record, (r: IDataObject) => withoutRawData(r));

/**
 * Simplify of an attendee (helpers/simplify.ts): no rawData; the answers keyed by the question's
 * label, each its value (or the whole answer, with files); the question IDs under the same keys.
 */
function simplifiedAttendee(record: JsonSchema): JsonSchema {
	const properties = { ...record.properties };
	delete properties.rawData;
	const answer = properties.customFields?.additionalProperties;
	if (answer && typeof answer === 'object' && answer.properties?.value) {
		properties.customFields = map({ anyOf: [answer.properties.value, answer] });
		properties.customFieldIds = map(string);
	}
	return {
		...record,
		properties,
		required: record.required?.filter((k) => k !== 'rawData'),
	};
}

/**
 * A lookup by QR code token or short code (actions/attendee/lookup.ts): the attendee read by ID
 * and simplified, with its ticket class by name and whether it has checked in.
 */
const atTheDoor = (api: EventXAnswers) =>
	extend(simplifiedAttendee(api.data('GET /event/{eventId}/attendee/{attendeeId}')), {
		ticketClassName: nullable(string),
		checkedIn: { type: 'boolean' },
	});

/** What Delete answers for a record EventX removes without an answer of its own. */
const deleted = (ids: Record<string, JsonSchema>) => object({ ...ids, deleted: always(true) });

/**
 * A record EventX's bulk answer holds none for (attendees, questions): the node says so on the
 * item rather than showing `{}` (actions/attendee/upsert.operation.ts, matchAnswer).
 */
const unmatched = (extra: Record<string, JsonSchema>) =>
	object({ matched: always(false), reason: string, ...extra }, Object.keys(extra));

/** Custom domains: EventX's OpenAPI documents no answer; the node passes on `data` as it comes. */
const customDomain = object(
	{
		id: uuid,
		organizationId: uuid,
		domain: string,
		defaultRedirectUrl: string,
		status: enumOf(CUSTOM_DOMAIN_STATUSES),
		createdAt: dateTime,
		updatedAt: dateTime,
		dnsRecords: list(
			object({ type: string, name: string, value: string, ttl: { type: 'number' } }, ['ttl'], true),
		),
	},
	['dnsRecords', 'createdAt', 'updatedAt'],
	true,
);
const pathMapping = object(
	{
		id: uuid,
		customDomainId: uuid,
		eventId: uuid,
		eventRegFormId: nullable(uuid),
		pathName: string,
		createdAt: dateTime,
		updatedAt: dateTime,
	},
	['eventRegFormId', 'createdAt', 'updatedAt'],
	true,
);

/** A send to attendees (actions/outreach/attendeeSend.ts). */
const sent = (channel: string, extra: Record<string, JsonSchema> = {}) =>
	object({
		eventId: uuid,
		channel: always(channel),
		...extra,
		attendeeIds: list(uuid),
		sent: always(true),
	});

const ACTIONS: Array<[string, string, (api: EventXAnswers) => JsonSchema]> = [
	[
		'attendee',
		'changeTicket',
		(api) => api.data('PATCH /event/{eventId}/attendee/{attendeeId}/attendee-ticket'),
	],
	['attendee', 'delete', () => object({ success: always(true), attendeeIds: list(uuid) })],
	[
		'attendee',
		'get',
		(api) => simplifiedAttendee(api.data('GET /event/{eventId}/attendee/{attendeeId}')),
	],
	['attendee', 'getByQrCodeToken', atTheDoor],
	['attendee', 'getByShortCode', atTheDoor],
	[
		'attendee',
		'getMany',
		(api) => simplifiedAttendee(api.listItem('GET /event/{eventId}/attendee')),
	],
	['attendee', 'remove', () => object({ success: always(true), attendeeIds: list(uuid) })],
	['attendee', 'update', (api) => api.data('PATCH /event/{eventId}/attendee/{attendeeId}')],
	[
		'attendee',
		'upsert',
		(api) =>
			object(
				{
					result: enumOf(['created', 'updated']),
					attendee: either(
						api.listItem('PUT /event/{eventId}/attendee/bulk-upsert'),
						unmatched({ id: uuid, invitationEmail: string }),
					),
					sameAttendeeAs: list(object({ item: { type: 'number' } })),
					note: string,
					ignoredFields: list(string),
				},
				['sameAttendeeAs', 'note', 'ignoredFields'],
			),
	],
	[
		'attendeeTag',
		'getMany',
		(api) => noRawData(api.listItem('GET /event/{eventId}/attendee-tag/all')),
	],
	['customDomain', 'create', () => customDomain],
	['customDomain', 'delete', () => deleted({ id: uuid, organizationId: uuid })],
	['customDomain', 'get', () => customDomain],
	['customDomain', 'getMany', () => customDomain],
	['customDomain', 'update', () => customDomain],
	['customDomain', 'verify', () => customDomain],
	['customDomainPathMapping', 'create', () => pathMapping],
	[
		'customDomainPathMapping',
		'delete',
		() => deleted({ id: uuid, customDomainId: uuid, organizationId: uuid }),
	],
	['customDomainPathMapping', 'getMany', () => pathMapping],
	['customDomainPathMapping', 'update', () => pathMapping],
	[
		'customField',
		'getMany',
		(api) => noRawData(api.listItem('GET /event/{eventId}/custom-field/all')),
	],
	[
		'customField',
		'upsert',
		(api) => {
			const question = api.listItem('PUT /event/{eventId}/custom-field/bulk-upsert');
			return either(
				question,
				unmatched({ id: uuid, contentI18n: question.properties?.contentI18n ?? {} }),
			);
		},
	],
	['event', 'create', (api) => api.data('POST /event')],
	['event', 'delete', () => deleted({ id: uuid })],
	[
		'event',
		'get',
		(api) => derive(api.data('GET /event/{eventId}'), (e: IDataObject) => simplifyEvent(e)),
	],
	[
		'event',
		'getMany',
		(api) => derive(api.listItem('GET /event'), (e: IDataObject) => simplifyEvent(e)),
	],
	[
		'event',
		'getAsICalendar',
		(api) => {
			const event = api.data('GET /event/{eventId}');
			// The file's name and each event in it (the .ics itself is the item's binary).
			return object({
				fileName: string,
				events: list(
					object({
						id: uuid,
						name: string,
						startsAt: member(event, 'startsAt'),
						endsAt: member(event, 'endsAt'),
						timezone: member(event, 'timezone'),
					}),
				),
			});
		},
	],
	['event', 'mergeExtensionData', (api) => api.data('PATCH /event/{eventId}/extension-data')],
	['event', 'update', (api) => api.data('PUT /event/{eventId}')],
	[
		'invoice',
		'getForOrder',
		(api) =>
			derive(api.data('GET /event/{eventId}/invoice/{orderId}'), (i: IDataObject) =>
				simplifyInvoice(i),
			),
	],
	[
		'invoice',
		'getForUser',
		(api) =>
			derive(api.data('POST /event/{eventId}/invoice/details'), (i: IDataObject) =>
				simplifyInvoice(i),
			),
	],
	['media', 'delete', () => deleted({ id: uuid, eventId: uuid })],
	['media', 'get', (api) => api.data('GET /event/{eventId}/media/{mediaId}')],
	[
		'media',
		'upload',
		() =>
			object({
				id: uuid,
				eventId: uuid,
				fileName: string,
				mimeType: string,
				byteSize: { type: 'number' },
				checksum: string,
				uploaded: always(true),
			}),
	],
	[
		'order',
		'get',
		(api) =>
			derive(api.data('GET /event/{eventId}/order/{orderId}'), (o: IDataObject) =>
				simplifyOrder(o),
			),
	],
	[
		'order',
		'getMany',
		(api) =>
			derive(api.listItem('GET /event/{eventId}/order'), (o: IDataObject) => simplifyOrder(o)),
	],
	['outreach', 'sendConfirmationEmail', () => sent('email')],
	['outreach', 'sendConfirmationSms', () => sent('sms')],
	['outreach', 'sendConfirmationWhatsApp', () => sent('whatsapp')],
	['outreach', 'sendManualEmail', () => sent('manual-email', { outreachEmailId: uuid })],
	[
		'outreach',
		'sendTestEmail',
		() =>
			object({
				eventId: uuid,
				templateType: enumOf(TEST_EMAIL_TEMPLATE_TYPES),
				testEmails: list(string),
				sent: always(true),
			}),
	],
	[
		'outreach',
		'upsertEmailTemplate',
		(api) => {
			const body = api.requestBody(
				'PUT /event/{eventId}/outreach/email-template/{emailTemplateType}',
			);
			return extend(
				{ ...body, required: [] },
				{ eventId: uuid, templateType: enumOf(EMAIL_TEMPLATE_TYPES), saved: always(true) },
			);
		},
	],
	['registrationForm', 'create', (api) => api.data('POST /event/{eventId}/registration-form')],
	['registrationForm', 'get', (api) => api.data('GET /reg/event/{eventId}/{eventRegFormId}')],
	[
		'ticketAddOn',
		'getMany',
		(api) => noRawData(api.listItem('GET /event/{eventId}/ticket-class-add-on/all')),
	],
	['ticketClass', 'create', (api) => api.data('POST /event/{eventId}/ticket-class')],
	[
		'ticketClass',
		'getMany',
		(api) => noRawData(api.listItem('GET /event/{eventId}/ticket-class/all')),
	],
	// Create Order and Get Order Status answer `{ order }`: the order is the item, with its event.
	[
		'ticketing',
		'createOrder',
		(api) => withEventId(member(api.data('POST /reg/event/{eventId}'), 'order')),
	],
	[
		'ticketing',
		'getOrderStatus',
		(api) => withEventId(member(api.data('GET /reg/event/{eventId}/{orderId}/status'), 'order')),
	],
	[
		'ticketing',
		'getPaymentConfiguration',
		(api) => withEventId(api.data('GET /reg/event/{eventId}')),
	],
	['ticketing', 'getQuotation', (api) => api.data('POST /reg/event/{eventId}/quotation')],
	['webhook', 'create', (api) => api.data('POST /event/{eventId}/webhook')],
	['webhook', 'delete', () => deleted({ id: uuid, eventId: uuid })],
	['webhook', 'getMany', (api) => noRawData(api.listItem('GET /event/{eventId}/webhook/all'))],
	['webhook', 'update', (api) => api.data('PATCH /event/{eventId}/webhook/{webhookId}')],
];

function member(schema: JsonSchema, key: string): JsonSchema {
	const found = schema.properties?.[key];
	if (!found) throw new Error(`the answer has no "${key}"`);
	return found;
}

/**
 * The attendee of a webhook delivery, as EventX's brief lists it (the OpenAPI does not describe
 * deliveries): snake_case, with `first_name` and `firstName` both, `update_at` spelled so.
 */
const deliveryAttendee = object(
	{
		id: uuid,
		first_name: string,
		last_name: string,
		firstName: string,
		lastName: string,
		name: string,
		email: string,
		registration_status: string,
		virtual_attendance_status: string,
		first_entered_web_app_at: nullable(dateTime),
		magic_link_url: string,
		attendance_type: string,
		role_tags: list(string),
		ticket_class_id: nullable(uuid),
		ticket_class_name: nullable(string),
		job_title: string,
		organization: string,
		city: nullable(string),
		country: string,
		area_code: string,
		contact_no: string,
		source: nullable(string),
		created_at: dateTime,
		update_at: dateTime,
		attended_at: nullable(dateTime),
		registered_at: dateTime,
		checked_in_at: nullable(dateTime),
		custom_fields: { type: 'object' },
		check_in_method: nullable(string),
	},
	[],
	true,
);

/** The event the polling trigger's Trigger On starts with. */
const DEFAULT_POLL_TRIGGER = new EventXPollingTrigger().description.properties.find(
	(p) => p.name === 'resource',
)?.default;

/** The list each polling trigger resource reads (polling/poll.ts). */
const POLL_LISTS: Record<PollTrigger['resource'], string> = {
	attendee: 'GET /event/{eventId}/attendee',
	order: 'GET /event/{eventId}/order',
};

/** Every output schema the package ships. */
export function outputs(): Output[] {
	return [
		...ACTIONS.map(
			([resource, operation, schema]): Output => ({
				node: 'EventX',
				key: [resource, operation],
				schema,
			}),
		),
		// The webhook trigger's default output (Tidy Attendee), whichever of its actions fired.
		{
			node: 'EventXTrigger',
			key: [],
			schema: () =>
				derive(
					object({ action: enumOf(WEBHOOK_ACTIONS), eventId: uuid, attendee: deliveryAttendee }),
					(d: { action: string; eventId: string; attendee: IDataObject }) =>
						tidyAttendee(d.action, d.eventId, d.attendee),
				),
		},
		...POLL_TRIGGERS.map(
			(trigger): Output => ({
				node: 'EventXPollingTrigger',
				key: [trigger.value],
				schema: (api) => pollItem(api, trigger),
			}),
		),
		...EVENT_TRIGGERS.map(
			(trigger): Output => ({
				node: 'EventXPollingTrigger',
				key: [trigger.value],
				schema: (api) => eventTriggerItem(api, trigger),
			}),
		),
		// n8n's AI builder reads `output.json` for a node given without its discriminator: the
		// polling trigger's default event.
		{
			node: 'EventXPollingTrigger',
			key: ['output'],
			schema: (api) => pollItem(api, pollTrigger(DEFAULT_POLL_TRIGGER)!),
		},
	];
}

/** What the polling trigger emits for `trigger` (polling/poll.ts, toItem). */
function pollItem(api: EventXAnswers, trigger: PollTrigger): JsonSchema {
	return derive(
		object({ eventId: uuid, record: api.listItem(POLL_LISTS[trigger.resource]) }),
		(p: { eventId: string; record: IDataObject }) => toItem(trigger, p.eventId, p.record).json,
	);
}

/**
 * What an event trigger emits (polling/eventTriggers.ts, eventItemJson): the event as Event > Get
 * simplifies it; a moment adds when and how it fired (polling/eventPoll.ts, momentItem).
 */
function eventTriggerItem(api: EventXAnswers, trigger: EventTrigger): JsonSchema {
	const item = derive(api.listItem('GET /event'), (e: IDataObject) =>
		eventItemJson(trigger.action, e),
	);
	if (trigger.kind === 'change') return item;
	return extend(item, {
		moment: object(
			{
				trigger: always(trigger.value),
				of: always(trigger.field),
				time: dateTime,
				firesAt: dateTime,
				late: { type: 'boolean' },
				lateByMinutes: { type: 'integer', minimum: 0 },
				backfill: { type: 'boolean' },
				rescheduled: { type: 'boolean' },
				previousTime: dateTime,
			},
			['previousTime'],
		),
	});
}
