import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, recordLocator } from '../../helpers/locators';
import { readHttpUrl } from '../../helpers/validation';

/** The webhook of Update and Delete: picked from the event's webhooks (shown by URL), or by ID. */
export function webhookLocator(): INodeProperties {
	return recordLocator({
		name: 'webhookId',
		label: 'Webhook',
		searchListMethod: 'searchWebhooks',
		searchable: true,
		placeholder: 'Select a webhook...',
		description: "The webhook to work on: the event's webhooks are listed by URL",
	});
}

export function readWebhookId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'webhookId', 'Webhook ID', itemIndex);
}

/** The webhook's URL: EventX posts the deliveries there. */
export function readUrl(ctx: IExecuteFunctions, value: unknown, itemIndex: number): string {
	return readHttpUrl(ctx, value, 'URL', itemIndex);
}
