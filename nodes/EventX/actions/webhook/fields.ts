import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, recordLocator } from '../../helpers/locators';
import { invalidField } from '../../helpers/validation';

/** The webhook of Update and Delete: picked from the event's webhooks (shown by URL), or by ID. */
export function webhookLocator(): INodeProperties[] {
	return recordLocator({
		name: 'webhookId',
		label: 'Webhook',
		searchListMethod: 'searchWebhooks',
		searchable: true,
		placeholder: 'Select a webhook...',
		description: "The webhook to work on: the event's webhooks are listed by URL",
		v1Description: 'The webhook (its ID, a UUID); Get Many lists them',
	});
}

export function readWebhookId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'webhookId', 'Webhook ID', itemIndex);
}

/** An absolute http(s) URL: EventX posts the deliveries there. */
export function readUrl(ctx: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw invalidField(ctx, 'URL', 'is required', itemIndex);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw invalidField(ctx, 'URL', `"${text}" is not a URL`, itemIndex);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw invalidField(ctx, 'URL', `"${text}" is not an http or https URL`, itemIndex);
	return text;
}
