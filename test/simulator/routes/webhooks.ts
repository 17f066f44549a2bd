import { randomUUID } from 'node:crypto';

import { WEBHOOK_ACTIONS } from '../../../nodes/EventX/helpers/enums';
import { badRequest, notFound, ok, type Route } from '../http';
import type { Json, Store, WebhookRecord } from '../store';
import type { SimulatorServices } from '.';
import { requireEvent } from './events';

export function webhookJson(hook: WebhookRecord): Json {
	return {
		id: hook.id,
		url: hook.url,
		actions: [...hook.actions],
		rawData: { url: hook.url, actions: [...hook.actions] },
	};
}

function validUrl(value: unknown): string {
	if (typeof value !== 'string') throw badRequest('"url" must be a string');
	try {
		const url = new URL(value);
		if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol');
	} catch {
		throw badRequest('"url" must be an http(s) URL', { url: value });
	}
	return value;
}

function validActions(value: unknown): string[] {
	if (!Array.isArray(value) || value.length === 0)
		throw badRequest('"actions" must list at least one action');
	for (const action of value) {
		if (!(WEBHOOK_ACTIONS as readonly string[]).includes(action))
			throw badRequest(`Unknown action "${String(action)}"`, { allowed: WEBHOOK_ACTIONS });
	}
	return [...new Set(value as string[])];
}

function rejectUnknown(body: Json) {
	const unknown = Object.keys(body).filter((k) => k !== 'url' && k !== 'actions');
	if (unknown.length > 0) throw badRequest(`Unknown member(s): ${unknown.join(', ')}`);
}

function requireWebhook(store: Store, eventId: string, webhookId: string): WebhookRecord {
	const hook = store.webhooks.get(webhookId);
	if (!hook || hook.eventId !== eventId) throw notFound('Webhook');
	return hook;
}

export function webhookRoutes(store: Store, services: SimulatorServices): Route[] {
	const base = '/public-api/v1/event/:eventId/webhook';
	return [
		{
			method: 'GET',
			pattern: `${base}/all`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ dataList: store.webhooksOf(params.eventId).map(webhookJson) });
			},
		},
		{
			method: 'POST',
			pattern: base,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const b = (body ?? {}) as Json;
				rejectUnknown(b);
				const hook: WebhookRecord = {
					id: randomUUID(),
					eventId: params.eventId,
					url: validUrl(b.url),
					actions: validActions(b.actions),
				};
				store.webhooks.set(hook.id, hook);
				services.webhookCreated(hook);
				return ok({ data: webhookJson(hook) });
			},
		},
		{
			method: 'PATCH',
			pattern: `${base}/:webhookId`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const hook = requireWebhook(store, params.eventId, params.webhookId);
				const b = (body ?? {}) as Json;
				rejectUnknown(b);
				if (b.url !== undefined) hook.url = validUrl(b.url);
				if (b.actions !== undefined) hook.actions = validActions(b.actions);
				return ok({ data: webhookJson(hook) });
			},
		},
		{
			method: 'DELETE',
			pattern: `${base}/:webhookId`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				requireWebhook(store, params.eventId, params.webhookId);
				store.webhooks.delete(params.webhookId);
				return ok({});
			},
		},
	];
}
