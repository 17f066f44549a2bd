import { randomUUID } from 'node:crypto';

import { WEBHOOK_ACTIONS } from '../../../nodes/EventX/helpers/enums';
import { badRequest, notFound, ok, type Route } from '../http';
import type { Json, Store, WebhookRecord } from '../store';
import type { SimulatorServices } from './index';
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

/**
 * The event of a webhook route. UUIDs are read in either case (as a database's uuid column reads
 * them); EventX's answers and deliveries spell them in lower case.
 */
function eventOf(store: Store, userId: string, params: Record<string, string>): string {
	const eventId = params.eventId.toLowerCase();
	requireEvent(store, userId, eventId);
	return eventId;
}

export function webhookRoutes(store: Store, services: SimulatorServices): Route[] {
	const base = '/public-api/v1/event/:eventId/webhook';
	return [
		{
			method: 'GET',
			pattern: `${base}/all`,
			handler: ({ params, userId }) => {
				const eventId = eventOf(store, userId, params);
				return ok({ dataList: store.webhooksOf(eventId).map(webhookJson) });
			},
		},
		{
			method: 'POST',
			pattern: base,
			handler: ({ params, body, userId }) => {
				const eventId = eventOf(store, userId, params);
				const b = (body ?? {}) as Json;
				rejectUnknown(b);
				const hook: WebhookRecord = {
					id: randomUUID(),
					eventId,
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
				const eventId = eventOf(store, userId, params);
				const hook = requireWebhook(store, eventId, params.webhookId.toLowerCase());
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
				const eventId = eventOf(store, userId, params);
				const hook = requireWebhook(store, eventId, params.webhookId.toLowerCase());
				store.webhooks.delete(hook.id);
				return ok({});
			},
		},
	];
}
