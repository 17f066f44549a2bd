/**
 * Workflows the end-to-end test imports into a real n8n. The action workflow is a chain of EventX
 * nodes built from `ACTION_STEPS`: a new resource adds its steps there (one entry per operation,
 * with what n8n must output and what the simulator must have received).
 */
import type { LoggedRequest } from '../simulator/server';
import { mappedColumns } from '../actions/attendee/fixtures';
import { byId } from '../fixtures';
import { registrationSteps } from './registrationSteps';
import { commerceSteps } from './commerceSteps';

export const NODE_TYPE = 'n8n-nodes-eventx.eventX';
export const TRIGGER_TYPE = 'n8n-nodes-eventx.eventXTrigger';
export const CREDENTIAL_ID = 'evxE2eCredential01';

export const ORG_HOSTED = '11111111-1111-4111-8111-111111111111';

type Json = Record<string, unknown>;

export interface SimState {
	seeded: { eventIds: string[]; organizations: Record<string, string> };
	webhooks: Json[];
	deliveries: Json[];
	outbox: Json[];
	attendees: Json[];
	events: Json[];
	ticketClasses: Record<string, Json[]>;
	ticketClassAddOns: Record<string, Json[]>;
	customFields: Record<string, Json[]>;
	emailTemplates: Record<string, Json>;
	media: Json[];
	/** What the storage host behind Media Upload's URLs received (headers, size, status). */
	storageRequests: Json[];
	registrationForms: Json[];
	customDomains: Json[];
	/** Orders with their event (`eventId`). */
	orders: Json[];
	pathMappings: Json[];
}

/** What the action workflow works on: the first seeded event and its lists. */
export interface ActionSeed {
	eventId: string;
	/** A ticket class other than the one seeded attendees hold, and an add-on. */
	ticketClassId: string;
	addOnId: string;
	/** A text question of the event. */
	questionId: string;
	/** An attendee of the event and its short code (EventX answers no short code with an attendee). */
	shortCode: { attendeeId: string; code: string };
}

export function actionSeed(state: SimState): ActionSeed {
	const eventId = state.seeded.eventIds[0];
	const textQuestion = state.customFields[eventId].find((q) => q.type === 'text');
	const withCode = state.attendees.find(
		(a) => a.eventId === eventId && !a.removedAt && a.shortCode,
	);
	return {
		shortCode: { attendeeId: String(withCode?.id), code: String(withCode?.shortCode) },
		eventId,
		ticketClassId: String(state.ticketClasses[eventId][1].id),
		addOnId: String(state.ticketClassAddOns[eventId][0].id),
		questionId: String(textQuestion?.id),
	};
}

export interface StepCheck {
	/** The step's output items in n8n's execution. */
	output: Json[];
	/** API requests the simulator logged (without the /auth exchange), in order. */
	requests: LoggedRequest[];
	state: SimState;
	/** The output items of an earlier step. */
	outputOf: (step: string) => Json[];
}

export interface ActionStep {
	/** Node name, unique in the workflow; later steps refer to it in expressions. */
	name: string;
	parameters: Json;
	/** A node of n8n's own (e.g. Convert to File) instead of EventX: its type and version. */
	node?: { type: string; typeVersion: number };
	check: (result: StepCheck) => void;
}

/** An event's name as EventX stores it (`contentI18n.name.default`). */
export const eventName = (event: Json) =>
	String((event.contentI18n as { name?: { default?: string } } | undefined)?.name?.default ?? '');

/** What the door check-in example answers for a known attendee: the ticket class by name. */
export const doorCheckInAnswer = (guest: Json, state: SimState) => ({
	name: `${String(guest.firstName)} ${String(guest.lastName)}`,
	email: guest.invitationEmail,
	ticketClass: eventName({
		contentI18n: state.ticketClasses[String(guest.eventId)].find(
			(c) => c.id === guest.ticketClassId,
		)?.contentI18n,
	}),
	addOns: guest.addOns ?? [],
	registrationStatus: guest.registrationStatus,
	checkedIn: Boolean(guest.checkedInAt),
});

export { byId };

/**
 * Every EventX operation run by the action workflow, in order. Each node runs once (Execute Once),
 * so a step reads earlier results with `$('<step name>').first().json`.
 */
export function actionSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	return [
		...eventSteps(expect),
		...attendeeSteps(expect, seed),
		...outreachSteps(expect, seed),
		...webhookSteps(expect, seed),
		...attendeeRemovalSteps(expect, seed),
		...registrationSteps(expect, seed),
		...commerceSteps(expect, seed),
	];
}

export const forStep = (requests: LoggedRequest[], method: string, path: RegExp) =>
	requests.filter((r) => r.method === method && path.test(r.path));

/** `={{ $('<step>').first().json.<member> }}` */
export const fromStep = (step: string, member: string) =>
	`={{ $('${step}').first().json.${member} }}`;

function eventSteps(expect: jest.Expect): ActionStep[] {
	return [
		{
			name: 'Get Many Events',
			parameters: {
				resource: 'event',
				operation: 'getMany',
				returnAll: true,
				filters: { organizationId: ORG_HOSTED },
			},
			check: ({ output, requests, state }) => {
				// The state is read after the whole run: leave out the event that a later step creates.
				const hosted = state.events.filter(
					(e) => e.organizationId === ORG_HOSTED && !eventName(e).startsWith('E2E '),
				);
				expect(output.length).toBe(hosted.length);
				expect(output.every((e) => e.organizationId === ORG_HOSTED)).toBe(true);
				const sent = forStep(requests, 'GET', /^\/public-api\/v1\/event$/);
				expect(sent.length).toBeGreaterThanOrEqual(1);
				expect(JSON.parse(sent[0].query.filter)).toEqual({ organizationId: ORG_HOSTED });
			},
		},
		{
			name: 'Create Event',
			parameters: {
				resource: 'event',
				operation: 'create',
				organizationId: byId(ORG_HOSTED),
				name: 'E2E Launch Party',
				startsAt: '2027-03-01T18:00:00Z',
				endsAt: '2027-03-01T23:00:00Z',
				timezone: 'Asia/Hong_Kong',
				format: 'hybrid',
				estimatedAttendeeCount: '101-200',
			},
			check: ({ output, requests, state }) => {
				expect(output).toHaveLength(1);
				expect(eventName(output[0])).toBe('E2E Launch Party');
				expect(output[0].organizationId).toBe(ORG_HOSTED);
				const sent = forStep(requests, 'POST', /^\/public-api\/v1\/event$/);
				expect(sent).toHaveLength(1);
				expect(sent[0].body).toMatchObject({
					name: 'E2E Launch Party',
					startsAt: '2027-03-01T18:00:00.000Z',
					format: 'hybrid',
				});
				expect(state.events.some((e) => e.id === output[0].id)).toBe(true);
			},
		},
		{
			name: 'Get Event',
			parameters: {
				resource: 'event',
				operation: 'get',
				eventId: byId("={{ $('Create Event').first().json.id }}"),
			},
			check: ({ output, requests }) => {
				expect(output).toHaveLength(1);
				expect(eventName(output[0])).toBe('E2E Launch Party');
				expect(forStep(requests, 'GET', new RegExp(`/event/${output[0].id}$`))).toHaveLength(1);
			},
		},
		{
			name: 'Update Event',
			parameters: {
				resource: 'event',
				operation: 'update',
				eventId: byId("={{ $('Create Event').first().json.id }}"),
				name: 'E2E Launch Party (renamed)',
				descriptionHtml: '<p>Updated by n8n</p>',
				startsAt: '2027-03-02T18:00:00Z',
				endsAt: '2027-03-02T23:00:00Z',
				timezone: 'Europe/London',
				estimatedAttendeeCount: '51-100',
				defaultLocale: 'en',
				paymentCurrency: 'JPY',
				categories: ['music'],
				types: ['festival_or_fair'],
			},
			check: ({ output, requests, state }) => {
				expect(output).toHaveLength(1);
				expect(eventName(output[0])).toBe('E2E Launch Party (renamed)');
				expect(output[0].timezone).toBe('Europe/London');
				const sent = forStep(requests, 'PUT', /^\/public-api\/v1\/event\/[0-9a-f-]+$/);
				expect(sent).toHaveLength(1);
				expect(sent[0].body).toMatchObject({
					name: 'E2E Launch Party (renamed)',
					paymentCurrency: 'JPY',
				});
				const stored = state.events.find((e) => e.id === output[0].id);
				expect(stored && eventName(stored)).toBe('E2E Launch Party (renamed)');
			},
		},
	];
}

function attendeeSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const eventId = byId(seed.eventId);
	const attendee = (name: string) => ({ resource: 'attendee', eventId, operation: name });
	return [
		{
			name: 'Get Many Attendees',
			parameters: {
				...attendee('getMany'),
				limit: 3,
				filters: { search: 'Grace' },
				sort: { rules: [{ field: 'createdAt', direction: 'asc' }] },
			},
			check: ({ output, requests }) => {
				expect(output).toHaveLength(3);
				expect(output.every((a) => a.firstName === 'Grace')).toBe(true);
				const created = output.map((a) => String(a.createdAt));
				expect([...created].sort()).toEqual(created);
				// Create or Update reads the list too (its email match): this step's read searches.
				const sent = forStep(requests, 'GET', /\/attendee$/).filter((r) => r.query.q);
				expect(sent).toHaveLength(1);
				expect(sent[0].query).toMatchObject({ q: 'Grace', sort: 'createdAt', pageSize: '3' });
			},
		},
		{
			name: 'Get Attendee',
			parameters: { ...attendee('get'), attendeeId: byId(fromStep('Get Many Attendees', 'id')) },
			check: ({ output, requests }) => {
				expect(output).toHaveLength(1);
				expect(output[0].firstName).toBe('Grace');
				// This step reads the attendee once; the QR code lookup of the same attendee (its door
				// view, Simplify on by default) reads it by ID again.
				expect(forStep(requests, 'GET', new RegExp(`/attendee/${output[0].id}$`))).toHaveLength(2);
			},
		},
		{
			name: 'Get Attendee by QR Code',
			parameters: {
				...attendee('getByQrCodeToken'),
				qrCodeToken: fromStep('Get Many Attendees', 'qrCodeToken'),
			},
			// EventX answers a lookup with the attendee's id, createdAt and customFields only.
			check: ({ output, requests, outputOf }) => {
				expect(output).toEqual([
					expect.objectContaining({ id: outputOf('Get Many Attendees')[0].id }),
				]);
				expect(forStep(requests, 'GET', /\/attendee\/qr-code-token\/[^/]+$/)).toHaveLength(1);
			},
		},
		{
			name: 'Get Attendee by Short Code',
			parameters: {
				...attendee('getByShortCode'),
				shortCode: seed.shortCode.code.toLowerCase(),
				options: { ignoreCase: true },
			},
			check: ({ output, requests }) => {
				expect(output).toEqual([expect.objectContaining({ id: seed.shortCode.attendeeId })]);
				const sent = forStep(requests, 'GET', /\/attendee\/short-code\/[^/]+$/);
				expect(sent).toHaveLength(1);
				expect(sent[0].query).toEqual({ isIgnoreCase: 'true' });
			},
		},
		{
			name: 'Create or Update Attendee',
			parameters: {
				...attendee('upsert'),
				matchOn: 'invitationEmail',
				columns: mappedColumns({
					firstName: 'E2E',
					lastName: 'Newcomer',
					invitationEmail: 'newcomer@example.com',
					registrationStatus: 'registered',
					[seed.questionId]: '11-50',
				}),
			},
			check: ({ output, requests, state }) => {
				expect(output).toHaveLength(1);
				expect(output[0]).toMatchObject({
					result: 'created',
					attendee: { firstName: 'E2E', invitationEmail: 'newcomer@example.com' },
				});
				// Matched on invitation email: the event's attendees are read once, oldest first.
				const reads = forStep(requests, 'GET', /\/attendee$/).filter((r) => !r.query.q);
				expect(reads.map((r) => r.query.sort)).toEqual(['createdAt,id']);
				const sent = forStep(requests, 'PUT', /\/attendee\/bulk-upsert$/);
				expect(sent).toHaveLength(1);
				expect(sent[0].body).toEqual([
					{
						firstName: 'E2E',
						lastName: 'Newcomer',
						invitationEmail: 'newcomer@example.com',
						registrationStatus: 'registered',
						customFields: { [seed.questionId]: { value: '11-50' } },
					},
				]);
				// Deleted by a later step: the store no longer holds it, the request log does.
				const { id } = output[0].attendee as Json;
				expect(state.attendees.some((a) => a.id === id)).toBe(false);
			},
		},
		{
			name: 'Update Attendee',
			parameters: {
				...attendee('update'),
				attendeeId: byId(fromStep('Create or Update Attendee', 'attendee.id')),
				columns: mappedColumns(
					{ jobTitle: 'Head of Events', city: 'Singapore' },
					{ withId: false },
				),
			},
			check: ({ output, requests }) => {
				expect(output).toHaveLength(1);
				expect(output[0]).toMatchObject({
					firstName: 'E2E',
					jobTitle: 'Head of Events',
					city: 'Singapore',
				});
				const sent = forStep(requests, 'PATCH', new RegExp(`/attendee/${output[0].id}$`));
				expect(sent.map((r) => r.body)).toEqual([
					{ jobTitle: 'Head of Events', city: 'Singapore' },
				]);
			},
		},
		{
			name: 'Change Ticket',
			parameters: {
				...attendee('changeTicket'),
				attendeeId: byId(fromStep('Create or Update Attendee', 'attendee.id')),
				ticketClassId: seed.ticketClassId,
				addOns: { addOn: [{ ticketClassAddOnId: seed.addOnId, qty: 2 }] },
			},
			check: ({ output, requests }) => {
				expect(output).toHaveLength(1);
				expect(output[0]).toMatchObject({
					ticketClassId: seed.ticketClassId,
					addOns: [{ ticketClassAddOnId: seed.addOnId, qty: 2 }],
				});
				expect(forStep(requests, 'PATCH', /\/attendee-ticket$/)).toHaveLength(1);
			},
		},
		{
			name: 'Get Many Attendee Tags',
			parameters: { resource: 'attendeeTag', operation: 'getMany', eventId },
			check: ({ output, requests }) => {
				expect(output.map((t) => t.name).sort()).toEqual(['Press', 'VIP']);
				expect(forStep(requests, 'GET', /\/attendee-tag\/all$/)).toHaveLength(1);
			},
		},
	];
}

function outreachSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const eventId = byId(seed.eventId);
	const newcomer = fromStep('Create or Update Attendee', 'attendee.id');
	const outreach = (operation: string) => ({ resource: 'outreach', operation, eventId });
	const sends: Array<[string, string, string, RegExp]> = [
		[
			'Send Confirmation Email',
			'sendConfirmationEmail',
			'email',
			/\/email-template\/confirmation-email\/send$/,
		],
		[
			'Send Confirmation SMS',
			'sendConfirmationSms',
			'sms',
			/\/sms-template\/confirmation-sms\/send$/,
		],
		[
			'Send Confirmation WhatsApp',
			'sendConfirmationWhatsApp',
			'whatsapp',
			/\/whatsapp-template\/confirmation-message\/send$/,
		],
	];
	const DRAFT = '5b0d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';
	return [
		...sends.map(
			([name, operation, channel, path]): ActionStep => ({
				name,
				parameters: { ...outreach(operation), attendeeIds: newcomer },
				check: ({ output, requests, state }) => {
					expect(output).toHaveLength(1);
					expect(output[0]).toMatchObject({ channel, sent: true, eventId: seed.eventId });
					const sent = forStep(requests, 'POST', path);
					expect(sent.map((r) => r.body)).toEqual([{ attendeeIds: output[0].attendeeIds }]);
					const entries = state.outbox.filter((o) => o.channel === channel);
					expect(entries.map((o) => o.attendeeIds)).toEqual([output[0].attendeeIds]);
				},
			}),
		),
		{
			name: 'Send Manual Email',
			parameters: { ...outreach('sendManualEmail'), outreachEmailId: DRAFT, attendeeIds: newcomer },
			check: ({ output, requests, state }) => {
				expect(output).toHaveLength(1);
				expect(output[0]).toMatchObject({ channel: 'manual-email', outreachEmailId: DRAFT });
				const path = new RegExp(
					`^/public-api/v1/outreach/${seed.eventId}/manual-email/${DRAFT}/send$`,
				);
				expect(forStep(requests, 'POST', path)).toHaveLength(1);
				expect(state.outbox.filter((o) => o.outreachEmailId === DRAFT)).toHaveLength(1);
			},
		},
		{
			name: 'Send Test Email',
			parameters: {
				...outreach('sendTestEmail'),
				testTemplateType: 'confirmation-email-with-ticket-summary',
				testEmails: 'qa@example.com, lead@example.com',
			},
			check: ({ output, state }) => {
				expect(output).toHaveLength(1);
				expect(output[0]).toMatchObject({
					sent: true,
					testEmails: ['qa@example.com', 'lead@example.com'],
				});
				expect(state.outbox.filter((o) => o.channel === 'test-email')).toEqual([
					expect.objectContaining({
						templateType: 'confirmation-email-with-ticket-summary',
						testEmails: ['qa@example.com', 'lead@example.com'],
					}),
				]);
			},
		},
		{
			name: 'Create or Update Email Template',
			parameters: {
				...outreach('upsertEmailTemplate'),
				templateType: 'confirmation-email',
				templateFields: {
					subject: 'See you at the launch',
					contentHtml: '<p>Hello {{firstName}}</p>',
					shouldAttachCalendarFile: true,
				},
			},
			check: ({ output, state }) => {
				expect(output).toHaveLength(1);
				expect(output[0]).toMatchObject({ saved: true, subject: 'See you at the launch' });
				expect(state.emailTemplates[`${seed.eventId}/confirmation-email`]).toMatchObject({
					subject: 'See you at the launch',
					contentHtml: '<p>Hello {{firstName}}</p>',
					shouldAttachCalendarFile: true,
				});
			},
		},
	];
}

/**
 * The webhook's URL is on loopback and nothing changes attendees while it exists, so the
 * simulator has nothing to deliver to it.
 */
function webhookSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const eventId = byId(seed.eventId);
	const HOOK_URL = 'http://127.0.0.1:9/e2e-hook';
	const webhook = (operation: string) => ({ resource: 'webhook', operation, eventId });
	const created = fromStep('Create Webhook', 'id');
	return [
		{
			name: 'Create Webhook',
			parameters: {
				...webhook('create'),
				webhookUrl: HOOK_URL,
				webhookActions: ['attendee-create'],
			},
			check: ({ output, requests }) => {
				expect(output).toHaveLength(1);
				expect(output[0]).toMatchObject({ url: HOOK_URL, actions: ['attendee-create'] });
				expect(forStep(requests, 'POST', /\/webhook$/).map((r) => r.body)).toEqual([
					{ url: HOOK_URL, actions: ['attendee-create'] },
				]);
			},
		},
		{
			name: 'Get Many Webhooks',
			parameters: webhook('getMany'),
			check: ({ output }) => {
				expect(output.filter((h) => h.url === HOOK_URL)).toHaveLength(1);
			},
		},
		{
			name: 'Update Webhook',
			parameters: {
				...webhook('update'),
				webhookId: byId(created),
				webhookUpdateFields: { actions: ['attendee-create', 'attendee-check-in'] },
			},
			check: ({ output, requests }) => {
				expect(output).toHaveLength(1);
				expect(output[0].actions).toEqual(['attendee-create', 'attendee-check-in']);
				expect(forStep(requests, 'PATCH', /\/webhook\/[^/]+$/).map((r) => r.body)).toEqual([
					{ actions: ['attendee-create', 'attendee-check-in'] },
				]);
			},
		},
		{
			name: 'Delete Webhook',
			parameters: { ...webhook('delete'), webhookId: byId(created) },
			check: ({ output, requests, state }) => {
				expect(output).toEqual([expect.objectContaining({ deleted: true })]);
				expect(forStep(requests, 'DELETE', /\/webhook\/[^/]+$/)).toHaveLength(1);
				expect(state.webhooks.filter((h) => h.url === HOOK_URL)).toHaveLength(0);
			},
		},
	];
}

function attendeeRemovalSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const eventId = byId(seed.eventId);
	return [
		{
			name: 'Remove Attendee',
			parameters: {
				resource: 'attendee',
				operation: 'remove',
				eventId,
				attendeeIds: "={{ $('Get Many Attendees').last().json.id }}",
			},
			check: ({ output, requests, state }) => {
				expect(output).toHaveLength(1);
				const [id] = output[0].attendeeIds as string[];
				expect(forStep(requests, 'DELETE', /\/bulk-remove$/).map((r) => r.body)).toEqual([
					{ attendeeIds: [id] },
				]);
				// Removed: still stored, but off the event's lists.
				expect(state.attendees.find((a) => a.id === id)?.removedAt).toBeTruthy();
			},
		},
		{
			name: 'Delete Attendee',
			parameters: {
				resource: 'attendee',
				operation: 'delete',
				eventId,
				attendeeIds: fromStep('Create or Update Attendee', 'attendee.id'),
			},
			check: ({ output, requests, state }) => {
				expect(output).toHaveLength(1);
				const [id] = output[0].attendeeIds as string[];
				expect(forStep(requests, 'DELETE', /\/bulk-delete$/).map((r) => r.body)).toEqual([
					{ attendeeIds: [id] },
				]);
				expect(state.attendees.some((a) => a.id === id)).toBe(false);
			},
		},
	];
}

function manualTrigger(): Json {
	return {
		id: 'manual-trigger',
		name: 'Start',
		type: 'n8n-nodes-base.manualTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
}

/**
 * A Webhook node on `path` answering as soon as it has the request: in queue mode a webhook
 * process receives it and a worker runs the execution.
 */
export function webhookTrigger(path: string): Json {
	return {
		id: `webhook-${path}`,
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: path,
		parameters: { httpMethod: 'POST', path, responseMode: 'onReceived', options: {} },
	};
}

export function eventxNode(name: string, parameters: Json, index: number): Json {
	return {
		id: `eventx-${index}`,
		name,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [220 * (index + 1), 0],
		executeOnce: true,
		parameters,
		credentials: { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } },
	};
}

/** Manual Trigger (or `trigger`) → step 1 → step 2 → ... */
export function chainWorkflow(
	id: string,
	name: string,
	steps: Array<{ name: string; parameters: Json; node?: ActionStep['node'] }>,
	trigger: Json = manualTrigger(),
): Json {
	return chainOf(id, name, [
		trigger,
		...steps.map((s, i) => {
			const node = eventxNode(s.name, s.parameters, i);
			if (!s.node) return node;
			return { ...node, ...s.node, executeOnce: undefined, credentials: undefined };
		}),
	]);
}

/** Manual Trigger → the nodes as given, each connected to the next. */
export function manualChain(id: string, name: string, nodes: Json[]): Json {
	return chainOf(id, name, [manualTrigger(), ...nodes]);
}

function chainOf(id: string, name: string, nodes: Json[]): Json {
	const connections: Json = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name as string] = {
			main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]],
		};
	}
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** A trigger node → a No Op node named "Received": what the trigger suites activate. */
function receivedWorkflow(id: string, name: string, trigger: Json): Json {
	const triggerName = String(trigger.name);
	return {
		id,
		name,
		active: false,
		nodes: [
			{
				typeVersion: 1,
				position: [0, 0],
				credentials: { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } },
				...trigger,
			},
			{
				id: 'noop',
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [220, 0],
				parameters: {},
			},
		],
		connections: { [triggerName]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}

/** EventX Trigger → a No Op node, for the activation test (needs the trigger node). */
export function triggerWorkflow(id: string, eventId: string, parameters: Json = {}): Json {
	return receivedWorkflow(id, 'E2E EventX Trigger', {
		id: 'eventx-trigger',
		name: 'EventX Trigger',
		type: TRIGGER_TYPE,
		webhookId: '6f7c1f8e-2d3a-4b5c-9e8f-0a1b2c3d4e5f',
		parameters: { eventId: byId(eventId), ...parameters },
	});
}

export const POLLING_TRIGGER_TYPE = 'n8n-nodes-eventx.eventXPollingTrigger';

/**
 * The test workflows' Poll Times: twice a minute, at :00 and :30. n8n refuses a poll time that
 * fires more often than once a minute, but takes several; two halve every wait on n8n's next
 * poll, and a poll that EventX keeps silent (ended by n8n's poll timeout, 20 s) still ends before
 * the next starts. The examples keep the Poll Times they ship with (the outreach example switched
 * on in the examples suite excepted: its 08:00 would never come).
 */
export const TWICE_A_MINUTE = {
	item: [
		{ mode: 'custom', cronExpression: '0 * * * * *' },
		{ mode: 'custom', cronExpression: '30 * * * * *' },
	],
};

/** How long a check waits for the next poll of a test workflow (TWICE_A_MINUTE), with slack. */
export const NEXT_POLL_MS = 45_000;

/** The time (ms) of the first :00 or :30 after `after`: every active test workflow polls then. */
export const nextPollTick = (after: number) => Math.floor(after / 30_000) * 30_000 + 30_000;

/** EventX Polling Trigger on an event trigger (every event of the account) → a No Op node. */
export function eventPollingWorkflow(id: string, parameters: Json): Json {
	return receivedWorkflow(id, `E2E EventX Polling Trigger (${String(parameters.resource)})`, {
		id: 'eventx-polling-trigger',
		name: 'EventX Polling Trigger',
		type: POLLING_TRIGGER_TYPE,
		parameters: { pollTimes: TWICE_A_MINUTE, events: 'all', ...parameters },
	});
}

/** EventX Polling Trigger (polling twice a minute) → a No Op node named "Received". */
export function pollingWorkflow(id: string, eventId: string, trigger: string): Json {
	return receivedWorkflow(id, `E2E EventX Polling Trigger (${trigger})`, {
		id: 'eventx-polling-trigger',
		name: 'EventX Polling Trigger',
		type: POLLING_TRIGGER_TYPE,
		parameters: {
			pollTimes: TWICE_A_MINUTE,
			resource: trigger,
			eventId: byId(eventId),
		},
	});
}
