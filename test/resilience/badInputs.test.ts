/**
 * A catalogue of bad inputs across every operation. Each case runs two items through the node:
 * item 0 with a good value, item 1 with the bad one (both given by expression). The bad item is
 * refused before any request with a NodeOperationError that names the field and the item; with
 * Continue On Fail, item 0 still runs and item 1 carries the error.
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, run, useSimulator } from '../helpers';
import { print } from '../platform.cjs';
import type { Simulator } from '../simulator/server';
import { DEMO_API_TOKEN } from '../simulator/store';

const ctx = useSimulator();

const BAD = '={{ $json.v }}';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const event = (sim: Simulator) => sim.seeded.eventIds[0];
const attendee = (sim: Simulator, i = 0) => sim.seeded.attendeeIds[event(sim)][i];
const ticketClass = (sim: Simulator, i = 1) =>
	String(sim.store.ticketClasses.get(event(sim))![i].id);
const addOn = (sim: Simulator) => String(sim.store.ticketClassAddOns.get(event(sim))![0].id);
const textQuestion = (sim: Simulator) => String(sim.store.customFields.get(event(sim))![0].id);

interface Case {
	/** The operation and what is wrong. */
	name: string;
	/** The node's parameters; the field under test reads `={{ $json.v }}`. */
	parameters: (sim: Simulator) => INodeParameters;
	good: (sim: Simulator) => unknown;
	bad: unknown;
	/** How the error names the field. */
	field: RegExp;
}

/** The parameters of an operation on the first event, with the field under test among `extra`. */
const params =
	(resource: string, operation: string, extra: INodeParameters = {}) =>
	(sim: Simulator) => ({
		resource,
		operation,
		// Event Get Many and Create take no event.
		...(resource === 'event' && operation !== 'get' && operation !== 'update'
			? {}
			: { eventId: byId(event(sim)) }),
		...extra,
	});
const eventParams = (operation: string, extra?: INodeParameters) =>
	params('event', operation, extra);
const attendeeParams = (operation: string, extra?: INodeParameters) =>
	params('attendee', operation, extra);
const outreachParams = (operation: string, extra?: INodeParameters) =>
	params('outreach', operation, extra);
const webhookParams = (operation: string, extra?: INodeParameters) =>
	params('webhook', operation, extra);
const eventCreate = (field: string) => (sim: Simulator) => ({
	resource: 'event',
	operation: 'create',
	organizationId: sim.seeded.organizations.hosted,
	name: 'Catalogue',
	startsAt: '2027-03-01T18:00:00Z',
	endsAt: '2027-03-01T23:00:00Z',
	timezone: 'GMT',
	format: 'virtual',
	estimatedAttendeeCount: '1-10',
	[field]: BAD,
});
const eventUpdate = (extra: INodeParameters) => (sim: Simulator) => ({
	...eventCreate('name')(sim),
	operation: 'update',
	eventId: byId(event(sim)),
	name: 'Catalogue (updated)',
	defaultLocale: 'en',
	paymentCurrency: 'USD',
	...extra,
});
const testEmail = (extra: INodeParameters) =>
	outreachParams('sendTestEmail', {
		testTemplateType: 'confirmation-email',
		testEmails: 'qa@example.com',
		...extra,
	});
const template = (fields: INodeParameters) =>
	outreachParams('upsertEmailTemplate', {
		templateType: 'confirmation-email',
		templateFields: fields,
	});
const anEvent = (sim: Simulator) => event(sim);
/** A webhook of the event, for the item with the good value to act on. */
const aWebhook = (sim: Simulator) => {
	const id = randomUUID();
	sim.store.webhooks.set(id, {
		id,
		eventId: event(sim),
		url: 'http://127.0.0.1:9/hook',
		actions: ['attendee-create'],
	});
	return id;
};
const anAttendee = (sim: Simulator) => attendee(sim);

const CASES: Case[] = [
	// Event
	{
		name: 'Event Get Many: a limit of 0',
		parameters: eventParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 2,
		bad: 0,
		field: /^Limit:/,
	},
	{
		name: 'Event Get Many: a fractional limit',
		parameters: eventParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 2,
		bad: 1.5,
		field: /^Limit:/,
	},
	{
		name: 'Event Get Many: a limit as text',
		parameters: eventParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 2,
		bad: 'ten',
		field: /^Limit:/,
	},
	{
		name: 'Event Get Many: an organization ID that is not a UUID',
		parameters: eventParams('getMany', { returnAll: true, filters: { organizationId: BAD } }),
		good: (sim) => sim.seeded.organizations.hosted,
		bad: 'acme',
		field: /^Filters: "organizationId"/,
	},
	{
		name: 'Event Get Many: extension data that is not JSON',
		parameters: eventParams('getMany', { returnAll: true, filters: { extensionData: BAD } }),
		good: () => '{}',
		bad: '{region: APAC',
		field: /^Filters/,
	},
	{
		name: 'Event Get Many: an unknown extension data operator',
		parameters: eventParams('getMany', { returnAll: true, filters: { extensionData: BAD } }),
		good: () => '{"region": "APAC"}',
		bad: '{"region": {"$regex": "AP"}}',
		field: /^Filters: "extensionData\.region/,
	},
	{
		name: 'Event Get Many: a non-numeric $gt',
		parameters: eventParams('getMany', { returnAll: true, filters: { extensionData: BAD } }),
		good: () => '{"capacity": {"$gt": 100}}',
		bad: '{"capacity": {"$gt": "ten"}}',
		field: /^Filters: "extensionData\.capacity/,
	},
	{
		name: 'Event Get Many: an unknown sort key typed by expression',
		parameters: eventParams('getMany', {
			returnAll: true,
			sort: { rules: [{ field: BAD, direction: 'asc' }] },
		}),
		good: () => 'createdAt',
		bad: 'popularity',
		field: /^Sort > Field:/,
	},
	{
		name: 'Event Get: an event ID that is not a UUID',
		parameters: () => ({ resource: 'event', operation: 'get', eventId: byId(BAD) }),
		good: anEvent,
		bad: 'my-event',
		field: /^Event:/,
	},
	{
		name: 'Event Create: a start that is not a date',
		parameters: eventCreate('startsAt'),
		good: () => '2027-03-01T18:00:00Z',
		bad: 'next Tuesday',
		field: /^Starts At:/,
	},
	{
		name: 'Event Create: an end before the start',
		parameters: eventCreate('endsAt'),
		good: () => '2027-03-01T23:00:00Z',
		bad: '2027-03-01T08:00:00Z',
		field: /^Ends At:/,
	},
	{
		name: 'Event Create: an unknown timezone',
		parameters: eventCreate('timezone'),
		good: () => 'Asia/Hong_Kong',
		bad: 'Mars/Olympus_Mons',
		field: /^Timezone:/,
	},
	{
		name: 'Event Create: an unknown format',
		parameters: eventCreate('format'),
		good: () => 'hybrid',
		bad: 'holographic',
		field: /^Format:/,
	},
	{
		name: 'Event Create: an unknown attendee count',
		parameters: eventCreate('estimatedAttendeeCount'),
		good: () => '21-50',
		bad: '9000',
		field: /^Estimated Attendee Count:/,
	},
	{
		name: 'Event Create: an organization that is not a UUID',
		parameters: eventCreate('organizationId'),
		good: (sim) => sim.seeded.organizations.hosted,
		bad: 'Acme Events',
		field: /^Organization ID:/,
	},
	{
		name: 'Event Update: an unknown currency',
		parameters: eventUpdate({ paymentCurrency: BAD }),
		good: () => 'JPY',
		bad: 'DOGE',
		field: /^Payment Currency:/,
	},
	{
		name: 'Event Update: an unknown locale',
		parameters: eventUpdate({ defaultLocale: BAD }),
		good: () => 'ja',
		bad: 'klingon',
		field: /^Default Language:/,
	},
	// Attendee
	{
		name: 'Attendee Get: an attendee ID that is not a UUID',
		parameters: attendeeParams('get', { attendeeId: BAD }),
		good: anAttendee,
		bad: 42,
		field: /^Attendee ID:/,
	},
	{
		name: 'Attendee Get by QR Code Token: an empty token',
		parameters: attendeeParams('getByQrCodeToken', { qrCodeToken: BAD }),
		good: (sim) => sim.store.attendees.get(attendee(sim))!.qrCodeToken,
		bad: '  ',
		field: /^QR Code Token:/,
	},
	{
		name: 'Attendee Get by Short Code: an empty code',
		parameters: attendeeParams('getByShortCode', { shortCode: BAD }),
		good: (sim) => sim.store.attendees.get(attendee(sim))!.shortCode,
		bad: '',
		field: /^Short Code:/,
	},
	{
		name: 'Attendee Get Many: attendee IDs that are not UUIDs',
		parameters: attendeeParams('getMany', { returnAll: true, filters: { attendeeIds: BAD } }),
		good: anAttendee,
		bad: 'ada, grace',
		field: /^Filters > Attendee IDs:/,
	},
	{
		name: 'Attendee Get Many: a created-after that is not a date',
		parameters: attendeeParams('getMany', { returnAll: true, filters: { createdAfter: BAD } }),
		good: () => '2026-01-01T00:00:00Z',
		bad: 'last week',
		field: /^Filters > Created After:/,
	},
	{
		name: 'Attendee Get Many: a negative limit',
		parameters: attendeeParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 5,
		bad: -3,
		field: /^Limit:/,
	},
	{
		name: 'Attendee Create or Update: an attendee ID that is not a UUID',
		parameters: attendeeParams('upsert', { attendeeId: BAD, upsertFields: { firstName: 'Cat' } }),
		good: () => '',
		bad: 'new',
		field: /^Attendee ID:/,
	},
	{
		name: 'Attendee Create or Update: both status fields',
		parameters: attendeeParams('upsert', {
			upsertFields: { firstName: 'Cat', registrationStatus: 'registered', status: BAD },
		}),
		good: () => '',
		bad: 'invited',
		field: /^Status \(Deprecated\):/,
	},
	{
		name: 'Attendee Create or Update: an unknown approval status',
		parameters: attendeeParams('upsert', {
			upsertFields: { firstName: 'Cat', approvalStatus: BAD },
		}),
		good: () => 'approved',
		bad: 'maybe',
		field: /^Approval Status:/,
	},
	{
		name: 'Attendee Create or Update: a custom field answer of the wrong shape',
		parameters: (sim) =>
			attendeeParams('upsert', {
				upsertFields: { firstName: 'Cat' },
				upsertCustomFields: { fields: [{ questionId: textQuestion(sim), value: BAD }] },
			})(sim),
		good: () => '11-50',
		bad: '{"value": 5}',
		field: /^Custom Fields > Value/,
	},
	{
		name: 'Attendee Create or Update: a custom field answer that is broken JSON',
		parameters: (sim) =>
			attendeeParams('upsert', {
				upsertFields: { firstName: 'Cat' },
				upsertCustomFields: { fields: [{ questionId: textQuestion(sim), value: BAD }] },
			})(sim),
		good: () => '["a", "b"]',
		bad: '{"value": ',
		field: /^Custom Fields > Value: is not valid JSON/,
	},
	{
		name: 'Attendee Create or Update: a batch size of 0',
		parameters: attendeeParams('upsert', {
			upsertFields: { firstName: 'Cat' },
			upsertOptions: { batchSize: BAD },
		}),
		good: () => 10,
		bad: 0,
		field: /^Batch Size:/,
	},
	{
		name: 'Attendee Update: a profile field that is not text',
		parameters: attendeeParams('update', {
			attendeeId: '={{ $json.id }}',
			updateFields: { jobTitle: BAD },
		}),
		good: () => 'CTO',
		bad: { title: 'CTO' },
		field: /^Job Title:/,
	},
	{
		name: 'Attendee Change Ticket: a ticket class that is not a UUID',
		parameters: attendeeParams('changeTicket', {
			attendeeId: '={{ $json.id }}',
			ticketClassId: BAD,
		}),
		good: (sim) => ticketClass(sim),
		bad: 'VIP Pass',
		field: /^Ticket Class:/,
	},
	{
		name: 'Attendee Change Ticket: a negative add-on quantity',
		parameters: (sim) =>
			attendeeParams('changeTicket', {
				attendeeId: '={{ $json.id }}',
				addOns: { addOn: [{ ticketClassAddOnId: addOn(sim), qty: BAD }] },
			})(sim),
		good: () => 1,
		bad: -1,
		field: /^Add-Ons > Quantity:/,
	},
	{
		name: 'Attendee Remove: an empty attendee ID list',
		parameters: attendeeParams('remove', { attendeeIds: BAD }),
		good: anAttendee,
		bad: '',
		field: /^Attendee IDs:/,
	},
	{
		name: 'Attendee Delete: an attendee ID that is not a UUID',
		parameters: attendeeParams('delete', { attendeeIds: BAD }),
		good: anAttendee,
		bad: 'all',
		field: /^Attendee IDs:/,
	},
	// Attendee Tag
	{
		name: 'Attendee Tag Get Many: an empty event',
		parameters: () => ({ resource: 'attendeeTag', operation: 'getMany', eventId: byId(BAD) }),
		good: anEvent,
		bad: '',
		field: /^Event:/,
	},
	// Outreach
	{
		name: 'Send Confirmation Email: an empty array of IDs',
		parameters: outreachParams('sendConfirmationEmail', { attendeeIds: BAD }),
		good: anAttendee,
		bad: [],
		field: /^Attendee IDs:/,
	},
	{
		name: 'Send Confirmation SMS: an ID that is a number',
		parameters: outreachParams('sendConfirmationSms', { attendeeIds: BAD }),
		good: anAttendee,
		bad: 12345,
		field: /^Attendee IDs:/,
	},
	{
		name: 'Send Confirmation WhatsApp: a batch size above 1,000',
		parameters: outreachParams('sendConfirmationWhatsApp', {
			attendeeIds: '={{ $json.id }}',
			sendOptions: { batchSize: BAD },
		}),
		good: () => 100,
		bad: 5000,
		field: /^Batch Size:/,
	},
	{
		name: 'Send Manual Email: a draft ID that is not a UUID',
		parameters: outreachParams('sendManualEmail', {
			outreachEmailId: BAD,
			attendeeIds: '={{ $json.id }}',
		}),
		good: () => '5b0d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e',
		bad: 'welcome-draft',
		field: /^Outreach Email ID:/,
	},
	{
		name: 'Send Test Email: six addresses',
		parameters: testEmail({ testEmails: BAD }),
		good: () => 'a@example.com, b@example.com',
		bad: 'a@x.io, b@x.io, c@x.io, d@x.io, e@x.io, f@x.io',
		field: /^Test Email Addresses:/,
	},
	{
		name: 'Send Test Email: no address',
		parameters: testEmail({ testEmails: BAD }),
		good: () => 'a@example.com',
		bad: ' , ',
		field: /^Test Email Addresses:/,
	},
	{
		name: 'Send Test Email: a malformed address',
		parameters: testEmail({ testEmails: BAD }),
		good: () => ['a@example.com'],
		bad: ['a@example.com', 'not-an-email'],
		field: /^Test Email Addresses:/,
	},
	{
		name: 'Send Test Email: a template type EventX does not test',
		parameters: testEmail({ testTemplateType: BAD }),
		good: () => 'confirmation-email-with-ticket-summary',
		bad: 'reminder-email',
		field: /^Template Type:/,
	},
	{
		name: 'Create or Update Email Template: an unknown template type',
		parameters: outreachParams('upsertEmailTemplate', {
			templateType: BAD,
			templateFields: { subject: 'Hi' },
		}),
		good: () => 'confirmation-email',
		bad: 'birthday-email',
		field: /^Template Type:/,
	},
	{
		name: 'Create or Update Email Template: a design that is not JSON',
		parameters: template({ design: BAD }),
		good: () => '{"body": {}}',
		bad: '<html>',
		field: /^Design \(JSON\):/,
	},
	{
		name: 'Create or Update Email Template: a sender that is not a UUID',
		parameters: template({ senderId: BAD }),
		good: () => '6c2d8e4f-1a3b-4c5d-9e7f-8a9b0c1d2e3f',
		bad: 'events@example.com',
		field: /^Sender ID:/,
	},
	{
		name: 'Create or Update Email Template: a malformed reply-to address',
		parameters: template({ replyToEmail: BAD }),
		good: () => 'events@example.com',
		bad: 'events at example',
		field: /^Reply-To Email:/,
	},
	{
		name: 'Create or Update Email Template: a switch that is not true or false',
		parameters: template({ isDisabled: BAD }),
		good: () => false,
		bad: 'no',
		field: /^Disabled:/,
	},
	// Webhook
	{
		name: 'Webhook Create: a URL that is not http(s)',
		parameters: webhookParams('create', { webhookUrl: BAD, webhookActions: ['attendee-create'] }),
		good: () => 'https://hooks.example.com/a',
		bad: 'ftp://hooks.example.com/a',
		field: /^URL:/,
	},
	{
		name: 'Webhook Create: text that is not a URL',
		parameters: webhookParams('create', { webhookUrl: BAD, webhookActions: ['attendee-create'] }),
		good: () => 'http://127.0.0.1:9/b',
		bad: 'hooks dot example',
		field: /^URL:/,
	},
	{
		name: 'Webhook Create: no action',
		parameters: webhookParams('create', {
			webhookUrl: 'https://hooks.example.com/c',
			webhookActions: BAD,
		}),
		good: () => ['attendee-update'],
		bad: [],
		field: /^Actions:/,
	},
	{
		name: 'Webhook Create: an unknown action',
		parameters: webhookParams('create', {
			webhookUrl: 'https://hooks.example.com/d',
			webhookActions: BAD,
		}),
		good: () => ['attendee-delete'],
		bad: ['attendee-explode'],
		field: /^Actions:/,
	},
	{
		name: 'Webhook Update: a webhook ID that is not a UUID',
		parameters: webhookParams('update', {
			webhookId: BAD,
			webhookUpdateFields: { actions: ['attendee-create'] },
		}),
		good: aWebhook,
		bad: 'hook-1',
		field: /^Webhook ID:/,
	},
	{
		name: 'Webhook Delete: an empty webhook ID',
		parameters: webhookParams('delete', { webhookId: BAD }),
		good: aWebhook,
		bad: '',
		field: /^Webhook ID:/,
	},
];

describe(`bad inputs (${CASES.length} cases)`, () => {
	afterAll(() => {
		print(`bad inputs: ${CASES.length} tried, each refused before any request`);
	});

	test.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
		const sim = ctx.sim;
		const items = [
			{ v: c.good(sim), id: attendee(sim, 1) },
			{ v: c.bad, id: attendee(sim, 1) },
		] as IDataObject[];
		const parameters = c.parameters(sim);

		const refused = await run(sim, { parameters, items });
		expect(refused.error?.name).toBe('NodeOperationError');
		expect(refused.error?.message).toMatch(c.field);
		expect(refused.error?.context?.itemIndex).toBe(1);
		expect(apiRequests(sim)).toHaveLength(0);

		const continued = await run(sim, { parameters, items, continueOnFail: true });
		expect(continued.error).toBeUndefined();
		const paired = continued.items.map((i) => (i.pairedItem as { item: number }).item);
		expect(paired).toContain(0);
		expect(continued.items.filter((i) => i.json.error === undefined).length).toBeGreaterThan(0);
		const failed = continued.items.filter((i) => i.json.error !== undefined);
		expect(failed.map((i) => (i.pairedItem as { item: number }).item)).toEqual([1]);
		expect(String(failed[0].json.error)).toMatch(c.field);
		expect(apiRequests(sim).length).toBeGreaterThan(0);
	});
});

describe('bad credentials', () => {
	test('a base URL that is not http(s) is refused before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getMany', returnAll: true },
			credentials: {
				baseUrl: 'ftp://esaas-api.eventx.io',
				authentication: 'apiToken',
				apiToken: DEMO_API_TOKEN,
			},
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(/^Base URL: /);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('no credential at all is refused before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getMany', returnAll: true },
			credentials: null,
		});
		expect(error?.message).toMatch(/credential/i);
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
