/**
 * Workflows the end-to-end test imports into a real n8n. The action workflow is a chain of EventX
 * nodes built from `ACTION_STEPS`: a new resource adds its steps there (one entry per operation,
 * with what n8n must output and what the simulator must have received).
 */
import type { LoggedRequest } from '../simulator/server';

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
}

export interface StepCheck {
	/** The step's output items in n8n's execution. */
	output: Json[];
	/** API requests the simulator logged (without the /auth exchange), in order. */
	requests: LoggedRequest[];
	state: SimState;
}

export interface ActionStep {
	/** Node name, unique in the workflow; later steps refer to it in expressions. */
	name: string;
	parameters: Json;
	check: (result: StepCheck) => void;
}

/** An event's name as EventX stores it (`contentI18n.name.default`). */
const eventName = (event: Json) =>
	String((event.contentI18n as { name?: { default?: string } } | undefined)?.name?.default ?? '');

export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/**
 * Every EventX operation run by the action workflow, in order. Each node runs once (Execute Once),
 * so a step reads earlier results with `$('<step name>').first().json`.
 */
export function actionSteps(expect: jest.Expect): ActionStep[] {
	const forStep = (requests: LoggedRequest[], method: string, path: RegExp) =>
		requests.filter((r) => r.method === method && path.test(r.path));
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
				organizationId: ORG_HOSTED,
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

function eventxNode(name: string, parameters: Json, index: number): Json {
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

/** Manual Trigger → step 1 → step 2 → ... */
export function chainWorkflow(
	id: string,
	name: string,
	steps: Array<{ name: string; parameters: Json }>,
): Json {
	const nodes = [manualTrigger(), ...steps.map((s, i) => eventxNode(s.name, s.parameters, i))];
	const connections: Json = {};
	for (let i = 0; i < nodes.length - 1; i++) {
		connections[nodes[i].name as string] = {
			main: [[{ node: nodes[i + 1].name, type: 'main', index: 0 }]],
		};
	}
	return { id, name, active: false, nodes, connections, settings: { executionOrder: 'v1' } };
}

/** EventX Trigger → a No Op node, for the activation test (needs the trigger node). */
export function triggerWorkflow(id: string, eventId: string, parameters: Json = {}): Json {
	return {
		id,
		name: 'E2E EventX Trigger',
		active: false,
		nodes: [
			{
				id: 'eventx-trigger',
				name: 'EventX Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId: '6f7c1f8e-2d3a-4b5c-9e8f-0a1b2c3d4e5f',
				parameters: { eventId: byId(eventId), ...parameters },
				credentials: { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } },
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
		connections: { 'EventX Trigger': { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
		settings: { executionOrder: 'v1' },
	};
}
