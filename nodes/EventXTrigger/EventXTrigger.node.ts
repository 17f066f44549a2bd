import type {
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { eventLocator } from '../EventX/helpers/eventLocator';
import { ACTION_DESCRIPTION } from '../EventX/helpers/nodeDescription';
import {
	triggerSubtitleExpression,
	WEBHOOK_ACTION_OPTIONS,
} from '../EventX/helpers/webhookActions';
import { listSearch } from '../EventX/methods';
import { receiveDelivery } from '../EventX/trigger/delivery';
import { checkExists, create, remove } from '../EventX/trigger/subscription';

export class EventXTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EventX Trigger',
		name: 'eventXTrigger',
		icon: { light: 'file:../EventX/eventx.svg', dark: 'file:../EventX/eventx.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: triggerSubtitleExpression(),
		// The node panel's one EventX entry shows this (see ACTION_DESCRIPTION).
		description: `${ACTION_DESCRIPTION}, and start workflows when attendees are created, changed or checked in`,
		defaults: { name: 'EventX Trigger' },
		eventTriggerDescription: 'Waiting for an attendee of the event to change in EventX',
		builderHint: {
			searchHint:
				"Starts on an EventX attendee change at once; EventX must reach n8n's webhook URL, else use EventX Polling Trigger",
		},
		activationMessage: 'EventX will now send attendee changes of this event to the workflow.',
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'eventXApi', required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		properties: [
			{
				// A condition, not a claim: n8n's URL and where EventX runs are unknown here, and a local
				// EventX (the sandbox's simulator) reaches a localhost URL.
				displayName:
					"EventX calls this trigger's webhook URL when an attendee changes, so the URL must be reachable from where EventX runs: a public URL for the EventX service, localhost for an EventX on this machine (the sandbox's simulator).",
				name: 'reachableNotice',
				type: 'notice',
				default: '',
			},
			// First: n8n's node panel offers a trigger's actions ("On Attendee Created") from its
			// first options parameter.
			{
				displayName: 'Trigger On',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [],
				description: 'The attendee changes that start the workflow',
				options: WEBHOOK_ACTION_OPTIONS,
			},
			{ ...eventLocator(), description: 'The event whose attendees to watch' },
			{
				displayName: 'Output',
				name: 'output',
				type: 'options',
				default: 'tidy',
				builderHint: {
					propertyHint:
						'Tidy Attendee: camelCase keys, as EventX Polling Trigger outputs; Raw Payload: the body as EventX sent it',
				},
				options: [
					{
						name: 'Raw Payload',
						value: 'raw',
						description: 'The body exactly as EventX delivered it (config and attendee)',
					},
					{
						name: 'Tidy Attendee',
						value: 'tidy',
						description:
							"The attendee with camelCase keys (update_at read as updatedAt), with the action and the event's ID",
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
