/**
 * The workflows a season keeps active at once, each ending in a Ledger node that records every
 * item it received in the simulator's ledger (POST /__sim/ledger, keyed by workflow, execution
 * and item: a retried write counts once). Each workflow has a credential of its own, with an API
 * token the simulator knows by the workflow's name, so that its requests can be told apart.
 */
import { TRIGGER_TYPE, POLLING_TRIGGER_TYPE, NODE_TYPE } from './workflows';

type Json = Record<string, unknown>;

/** How often the polling triggers poll and the send runs (n8n refuses one Poll Time under a minute). */
export type Cadence = 'minute' | 'halfMinute';

export const CADENCE_MS: Record<Cadence, number> = { minute: 60_000, halfMinute: 30_000 };

const POLL_TIMES: Record<Cadence, Json> = {
	minute: { item: [{ mode: 'everyMinute' }] },
	// Two Poll Times, at :00 and :30 (as the polling e2e does).
	halfMinute: {
		item: [
			{ mode: 'custom', cronExpression: '0 * * * * *' },
			{ mode: 'custom', cronExpression: '30 * * * * *' },
		],
	},
};

/** The moment triggers' offsets, in minutes of EventX's clock. */
export const LEAD_MINUTES = 30;
export const DELAY_MINUTES = 15;

/** What a season's workflow listens to; `label` names it in the ledger, the log and the table. */
export interface SeasonWorkflow {
	id: string;
	label: string;
	kind: 'webhook' | 'poll' | 'send';
	/** The trigger node's parameters (webhook and polling triggers). */
	trigger?: Json;
	/** The webhook trigger's and the send's event. */
	eventId?: string;
}

export interface SeasonEvents {
	/** The two events of the webhook triggers and the event of the scheduled send. */
	webhookA: string;
	webhookB: string;
	send: string;
}

const pollTrigger = (resource: string, extra: Json = {}): Json => ({ resource, ...extra });
const ALL_ACTIONS = [
	'attendee-create',
	'attendee-update',
	'attendee-delete',
	'attendee-check-in',
	'attendee-check-out',
];

/** The season's workflows: two webhook triggers, ten polling triggers, one scheduled send. */
export function seasonWorkflows(events: SeasonEvents): SeasonWorkflow[] {
	const running = { events: 'running' };
	const all = { events: 'all' };
	const id = (n: number) => `evxSeason${String(n).padStart(10, '0')}`;
	return [
		{
			id: id(1),
			label: 'Webhook A',
			kind: 'webhook',
			eventId: events.webhookA,
			trigger: { events: ALL_ACTIONS, output: 'tidy' },
		},
		{
			id: id(2),
			label: 'Webhook B',
			kind: 'webhook',
			eventId: events.webhookB,
			trigger: { events: ALL_ACTIONS, output: 'tidy' },
		},
		{
			id: id(3),
			label: 'New Attendee',
			kind: 'poll',
			trigger: pollTrigger('newAttendee', running),
		},
		{
			id: id(4),
			label: 'Attendee Updated',
			kind: 'poll',
			trigger: pollTrigger('attendeeUpdated', running),
		},
		{
			id: id(5),
			label: 'Attendee Checked In',
			kind: 'poll',
			trigger: pollTrigger('attendeeCheckedIn', running),
		},
		{ id: id(6), label: 'New Order', kind: 'poll', trigger: pollTrigger('newOrder', running) },
		{ id: id(7), label: 'Order Paid', kind: 'poll', trigger: pollTrigger('orderPaid', running) },
		{ id: id(8), label: 'New Event', kind: 'poll', trigger: pollTrigger('newEvent', all) },
		{
			id: id(9),
			label: 'Event Published',
			kind: 'poll',
			trigger: pollTrigger('eventPublished', all),
		},
		{ id: id(10), label: 'Doors Opening', kind: 'poll', trigger: pollTrigger('doorsOpening', all) },
		{
			id: id(11),
			label: 'Event Starting',
			kind: 'poll',
			trigger: pollTrigger('eventStarting', {
				...all,
				when: 'before',
				leadTime: LEAD_MINUTES,
				timeUnit: 'minutes',
			}),
		},
		{
			id: id(12),
			label: 'Event Ended',
			kind: 'poll',
			trigger: pollTrigger('eventEnded', {
				...all,
				when: 'after',
				delay: DELAY_MINUTES,
				timeUnit: 'minutes',
			}),
		},
		{ id: id(13), label: 'Confirmation Send', kind: 'send', eventId: events.send },
	];
}

/** n8n's webhook ID of a webhook trigger (its path: /webhook/<ID>/webhook). */
export const webhookIdOf = (workflow: SeasonWorkflow) =>
	`5ea50000-0000-4000-8000-${workflow.id.slice(-12)}`;

/** The API token of a workflow's credential (the simulator names its requests by it). */
export const apiTokenOf = (workflow: SeasonWorkflow) => `evx_season_${workflow.id}`;

const credentials = (workflow: SeasonWorkflow, credentialId: string) => ({
	eventXApi: { id: credentialId, name: `EventX API (${workflow.label})` },
});

/** The Ledger node: one POST per item, its key the workflow, the execution and the item's index. */
function ledgerNode(simulatorUrl: string, label: string, item: string, x: number): Json {
	return {
		id: 'ledger',
		name: 'Ledger',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [x, 0],
		// The ledger is outside every fault; a retry of a write that did arrive counts once.
		retryOnFail: true,
		maxTries: 5,
		waitBetweenTries: 1000,
		parameters: {
			method: 'POST',
			url: `${simulatorUrl}/__sim/ledger`,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ key: $workflow.id + ':' + $execution.id + ':' + $itemIndex, workflow: ${JSON.stringify(label)}, item: ${item} }) }}`,
			options: {},
		},
	};
}

const connect = (from: string, to: string, output = 0): Json => ({
	[from]: {
		main: Array.from({ length: output + 1 }, (_, i) =>
			i === output ? [{ node: to, type: 'main', index: 0 }] : [],
		),
	},
});

function triggerNode(workflow: SeasonWorkflow, cadence: Cadence, credentialId: string): Json {
	if (workflow.kind === 'webhook')
		return {
			id: 'trigger',
			name: 'Trigger',
			type: TRIGGER_TYPE,
			typeVersion: 1,
			position: [0, 0],
			// A path of its own per workflow (n8n's webhook ID).
			webhookId: webhookIdOf(workflow),
			parameters: {
				eventId: { __rl: true, mode: 'list', value: workflow.eventId },
				...workflow.trigger,
			},
			credentials: credentials(workflow, credentialId),
		};
	return {
		id: 'trigger',
		name: 'Trigger',
		type: POLLING_TRIGGER_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { pollTimes: POLL_TIMES[cadence], ...workflow.trigger },
		credentials: credentials(workflow, credentialId),
	};
}

/**
 * The scheduled confirmation send, built for queue mode (where workflows get no static data) and
 * for runs that overlap (a run EventX keeps waiting lasts longer than the schedule's interval):
 * it reads the event's attendees, leaves out those its ledger holds, claims each of the others in
 * the ledger (a key per attendee: of two runs, one gets it; the claim names its execution), sends
 * to those it claimed, and gives back the claims of a request that failed, for the next run. A run
 * that dies between its claim and its send (a worker killed) leaves the claim: at most once.
 */
function sendWorkflow(
	workflow: SeasonWorkflow,
	simulatorUrl: string,
	cadence: Cadence,
	credentialId: string,
): Json {
	const ledger = `${simulatorUrl}/__sim/ledger`;
	const http = (id: string, name: string, x: number, parameters: Json): Json => ({
		id,
		name,
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		position: [x, 0],
		parameters: { ...parameters, options: {} },
	});
	const code = (id: string, name: string, x: number, lines: string[]): Json => ({
		id,
		name,
		type: 'n8n-nodes-base.code',
		typeVersion: 2,
		position: [x, 0],
		parameters: { jsCode: lines.join('\n') },
	});
	const nodes: Json[] = [
		{
			id: 'schedule',
			name: 'Schedule',
			type: 'n8n-nodes-base.scheduleTrigger',
			typeVersion: 1.2,
			position: [0, 0],
			parameters: {
				rule: {
					interval: [
						cadence === 'minute'
							? { field: 'minutes', minutesInterval: 1 }
							: { field: 'seconds', secondsInterval: 30 },
					],
				},
			},
		},
		http('confirmed', 'Confirmed So Far', 220, {
			url: `${ledger}?workflow=${encodeURIComponent(workflow.label)}`,
		}),
		{
			id: 'attendees',
			name: 'Attendees',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [440, 0],
			executeOnce: true,
			parameters: {
				resource: 'attendee',
				operation: 'getMany',
				eventId: { __rl: true, mode: 'id', value: workflow.eventId },
				returnAll: true,
			},
			credentials: credentials(workflow, credentialId),
		},
		code('not-yet', 'Not Yet Confirmed', 660, [
			"const sent = new Set($('Confirmed So Far').first().json.entries.map((e) => e.item.id));",
			'return $input.all().filter((item) => !sent.has(item.json.id));',
		]),
		http('claim', 'Claim', 880, {
			method: 'POST',
			url: ledger,
			sendBody: true,
			specifyBody: 'json',
			jsonBody: `={{ JSON.stringify({ key: 'send:' + $json.id, workflow: ${JSON.stringify(workflow.label)}, item: { id: $json.id, execution: $execution.id } }) }}`,
		}),
		code('claimed', 'Claimed', 1100, [
			'return $input.all().filter((item) => item.json.recorded).map((item) => ({ json: item.json.item }));',
		]),
		{
			id: 'send',
			name: 'Send Confirmation',
			type: NODE_TYPE,
			typeVersion: 1,
			position: [1320, 0],
			executeOnce: false,
			onError: 'continueErrorOutput',
			parameters: {
				resource: 'outreach',
				operation: 'sendConfirmationEmail',
				eventId: { __rl: true, mode: 'id', value: workflow.eventId },
				attendeeIds: '={{ $json.id }}',
				options: { batchSize: 50 },
			},
			credentials: credentials(workflow, credentialId),
		},
		http('give-back', 'Give Back', 1540, {
			method: 'DELETE',
			url: `={{ '${ledger}/' + encodeURIComponent('send:' + $('Claimed').item.json.id) }}`,
		}),
	];
	return {
		name: `Season: ${workflow.label}`,
		nodes,
		connections: {
			...connect('Schedule', 'Confirmed So Far'),
			...connect('Confirmed So Far', 'Attendees'),
			...connect('Attendees', 'Not Yet Confirmed'),
			...connect('Not Yet Confirmed', 'Claim'),
			...connect('Claim', 'Claimed'),
			...connect('Claimed', 'Send Confirmation'),
			...connect('Send Confirmation', 'Give Back', 1),
		},
		settings: { executionOrder: 'v1' },
	};
}

/** n8n's JSON of a season's workflow, its EventX nodes on the credential `credentialId`. */
export function workflowJson(
	workflow: SeasonWorkflow,
	simulatorUrl: string,
	cadence: Cadence,
	credentialId: string,
): Json {
	if (workflow.kind === 'send') return sendWorkflow(workflow, simulatorUrl, cadence, credentialId);
	return {
		name: `Season: ${workflow.label}`,
		nodes: [
			triggerNode(workflow, cadence, credentialId),
			ledgerNode(simulatorUrl, workflow.label, '$json', 220),
		],
		connections: connect('Trigger', 'Ledger'),
		settings: { executionOrder: 'v1' },
	};
}
