import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { webhookPath } from '../../helpers/webhooks';
import { eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { readWebhookActions, WEBHOOK_ACTION_OPTIONS } from '../../helpers/webhookActions';
import { readUrl } from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/hooks/eventx',
		description: 'Where EventX posts the deliveries (http or https)',
	},
	{
		displayName: 'Actions',
		name: 'webhookActions',
		type: 'multiOptions',
		options: WEBHOOK_ACTION_OPTIONS,
		default: [],
		required: true,
		description: 'The attendee actions that trigger a delivery (at least one)',
	},
];

const displayOptions = { show: { resource: ['webhook'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	url: string;
	actions: string[];
}

export const create: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			url: readUrl(this, this.getNodeParameter('webhookUrl', itemIndex), itemIndex),
			actions: readWebhookActions(
				this,
				this.getNodeParameter('webhookActions', itemIndex),
				'Actions',
				itemIndex,
			),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, url, actions }, itemIndex) {
		// A create is not idempotent: `write` retries only where nothing was applied (429, refused).
		return await eventxData.call(this, {
			method: 'POST',
			path: webhookPath(eventId),
			body: { url, actions },
			retry: 'write',
			itemIndex,
		});
	},
};
