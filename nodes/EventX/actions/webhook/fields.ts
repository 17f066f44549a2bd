import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { WEBHOOK_ACTIONS } from '../../helpers/enums';
import { invalidField, readChoices, requireUuid } from '../../helpers/validation';

export function webhookIdProperty(operation: string): INodeProperties {
	return {
		displayName: 'Webhook ID',
		name: 'webhookId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 9a3f1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b',
		description: 'The webhook (its ID, a UUID); Get Many lists them',
		displayOptions: { show: { resource: ['webhook'], operation: [operation] } },
	};
}

export function readWebhookId(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireUuid(ctx, ctx.getNodeParameter('webhookId', itemIndex), 'Webhook ID', itemIndex);
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

/** At least one of the five actions; a list from an expression is checked too. */
export function readActions(ctx: IExecuteFunctions, value: unknown, itemIndex: number): string[] {
	const actions = readChoices(ctx, value, WEBHOOK_ACTIONS, 'Actions', itemIndex);
	if (actions.length === 0)
		throw invalidField(ctx, 'Actions', 'choose at least one action', itemIndex);
	return actions;
}
