import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField } from '../../helpers/validation';
import { webhookPath } from '../../helpers/webhooks';
import { eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { readWebhookActions, WEBHOOK_ACTION_OPTIONS } from '../../helpers/webhookActions';
import { readUrl, readWebhookId, webhookLocator } from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	webhookLocator(),
	{
		displayName: 'Update Fields',
		name: 'webhookUpdateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Actions',
				name: 'actions',
				type: 'multiOptions',
				options: WEBHOOK_ACTION_OPTIONS,
				default: [],
				description: 'Replaces the actions (at least one)',
			},
			{
				displayName: 'URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://example.com/hooks/eventx',
				description: 'Where EventX posts the deliveries (http or https)',
			},
		],
	},
];

const displayOptions = { show: { resource: ['webhook'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	webhookId: string;
	body: IDataObject;
}

export const update: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const fields = this.getNodeParameter('webhookUpdateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		if (fields.url !== undefined) body.url = readUrl(this, fields.url, itemIndex);
		if (fields.actions !== undefined)
			body.actions = readWebhookActions(this, fields.actions, 'Actions', itemIndex);
		if (Object.keys(body).length === 0)
			throw invalidField(this, 'Update Fields', 'set the URL, the actions or both', itemIndex);
		return {
			eventId: readEventId(this, itemIndex),
			webhookId: readWebhookId(this, itemIndex),
			body,
		};
	},
	async execute(this: IExecuteFunctions, { eventId, webhookId, body }, itemIndex) {
		return await eventxData.call(this, {
			method: 'PATCH',
			path: webhookPath(eventId, webhookId),
			body,
			retry: 'write',
			itemIndex,
		});
	},
};
