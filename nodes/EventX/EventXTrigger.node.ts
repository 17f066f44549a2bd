import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { WEBHOOK_ACTIONS } from './helpers/enums';
import { eventLocator } from './helpers/eventLocator';
import { listSearch } from './methods';
import { receiveDelivery } from './trigger/delivery';
import { checkExists, create, remove } from './trigger/subscription';

const ACTION_LABELS: Record<(typeof WEBHOOK_ACTIONS)[number], [string, string]> = {
	'attendee-create': ['Attendee Created', 'An attendee is registered for the event'],
	'attendee-update': ['Attendee Updated', "An attendee's details change"],
	'attendee-delete': ['Attendee Deleted', 'An attendee is removed or deleted'],
	'attendee-check-in': ['Attendee Checked In', 'An attendee checks in at the event'],
	'attendee-check-out': ['Attendee Checked Out', 'An attendee checks out of the event'],
};

export class EventXTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EventX Trigger',
		name: 'eventXTrigger',
		icon: { light: 'file:eventx.svg', dark: 'file:eventx.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ $parameter["events"].join(", ") }}',
		description: "Starts the workflow when an event's attendees are created, changed or checked in",
		defaults: { name: 'EventX Trigger' },
		eventTriggerDescription: 'Waiting for an attendee of the event to change in EventX',
		activationMessage: 'EventX will now send attendee changes of this event to the workflow.',
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'eventXApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				displayName:
					'EventX must be able to reach this n8n instance: its webhook URL has to be public (not localhost)',
				name: 'reachableNotice',
				type: 'notice',
				default: '',
			},
			{ ...eventLocator({}), description: 'The event whose attendees to watch' },
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				description: 'The attendee changes that start the workflow',
				options: WEBHOOK_ACTIONS.map((value) => ({
					name: ACTION_LABELS[value][0],
					value,
					description: ACTION_LABELS[value][1],
				})),
			},
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				default: 'tidy',
				options: [
					{
						name: 'Tidy Attendee',
						value: 'tidy',
						description:
							"The attendee with camelCase keys (update_at read as updatedAt), with the action and the event's ID",
					},
					{
						name: 'Raw Payload',
						value: 'raw',
						description: 'The body exactly as EventX delivered it (config and attendee)',
					},
				],
			},
		],
	};

	methods = { listSearch };

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await checkExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await create.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await remove.call(this);
			},
		},
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await receiveDelivery.call(this);
	}
}
