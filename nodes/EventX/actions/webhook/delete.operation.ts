import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { deleteWebhook } from '../../helpers/webhooks';
import type { ItemOperation } from '../types';
import { readWebhookId, webhookLocator } from './fields';

const properties: INodeProperties[] = [
	{
		displayName:
			'Deleting a webhook is permanent: EventX removes it for good and stops its deliveries. It cannot be restored.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	eventLocator(),
	webhookLocator(),
];

const displayOptions = { show: { resource: ['webhook'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	webhookId: string;
}

export const deleteOperation: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex), webhookId: readWebhookId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, webhookId }, itemIndex) {
		await deleteWebhook(this, eventId, webhookId, itemIndex);
		return { id: webhookId, eventId, deleted: true };
	},
};
