/**
 * The workflows the queue-mode suite imports: the trigger's, the action chain behind a Webhook
 * node (so that a worker runs it), a send to every attendee of an event, and an import
 * (Return All, then Create or Update of every attendee read).
 */
import { mappedColumns } from '../actions/attendee/fixtures';
import { byId, chainWorkflow, eventxNode, webhookTrigger, type ActionStep } from './workflows';

type Json = Record<string, unknown>;

export const QUEUE_IDS = {
	trigger: 'evxQueueTrigger0001',
	/** The EventX Trigger activated for the first time while attendees arrive (the activation race). */
	race: 'evxQueueRace0000001',
	actions: 'evxQueueActions0001',
	send: 'evxQueueSend0000001',
	import: 'evxQueueImport00001',
} as const;

export const QUEUE_PATHS = {
	actions: 'eventx-queue-actions',
	send: 'eventx-queue-send',
	import: 'eventx-queue-import',
} as const;

/** Webhook → EventX nodes in a row; every node runs on each item unless it says `executeOnce`. */
function pipeline(id: string, name: string, path: string, nodes: Json[]): Json {
	const all = [webhookTrigger(path), ...nodes];
	const connections: Json = {};
	for (let i = 0; i < all.length - 1; i++) {
		connections[all[i].name as string] = {
			main: [[{ node: all[i + 1].name, type: 'main', index: 0 }]],
		};
	}
	return { id, name, active: false, nodes: all, connections, settings: { executionOrder: 'v1' } };
}

const readAll = (eventId: string) =>
	eventxNode(
		'Get Attendees',
		{ resource: 'attendee', operation: 'getMany', eventId: byId(eventId), returnAll: true },
		0,
	);

/** A node of the package that runs once per input item (the batched operations gather them). */
function perItem(name: string, parameters: Json, index: number): Json {
	return { ...eventxNode(name, parameters, index), executeOnce: false };
}

export function queueWorkflows(actionSteps: ActionStep[], bulkEventId: string): Json[] {
	return [
		chainWorkflow(
			QUEUE_IDS.actions,
			'Queue: EventX actions',
			actionSteps,
			webhookTrigger(QUEUE_PATHS.actions),
		),
		pipeline(QUEUE_IDS.send, 'Queue: confirm every attendee', QUEUE_PATHS.send, [
			readAll(bulkEventId),
			perItem(
				'Send Confirmation',
				{
					resource: 'outreach',
					operation: 'sendConfirmationEmail',
					eventId: byId(bulkEventId),
					attendeeIds: '={{ $json.id }}',
					options: { batchSize: 50 },
				},
				1,
			),
		]),
		pipeline(QUEUE_IDS.import, 'Queue: import attendees', QUEUE_PATHS.import, [
			readAll(bulkEventId),
			perItem(
				'Import Attendees',
				{
					resource: 'attendee',
					operation: 'upsert',
					eventId: byId(bulkEventId),
					matchOn: 'id',
					columns: mappedColumns({ id: '={{ $json.id }}', jobTitle: 'Imported' }),
				},
				1,
			),
		]),
	];
}
