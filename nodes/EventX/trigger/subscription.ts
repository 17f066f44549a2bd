import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { WEBHOOK_ACTIONS } from '../helpers/enums';
import { UUID_PATTERN } from '../helpers/validation';
import { API_PREFIX, eventxData, eventxList, eventxNoContent } from '../transport';

export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];
type TriggerContext = IHookFunctions | IWebhookFunctions;

const UUID_RE = new RegExp(UUID_PATTERN);

/** What the node keeps in its static data about the webhook it owns. */
export interface StoredSubscription {
	webhookId?: string;
	eventId?: string;
	url?: string;
}

export function storedSubscription(ctx: TriggerContext): StoredSubscription & IDataObject {
	return ctx.getWorkflowStaticData('node') as StoredSubscription & IDataObject;
}

function forget(stored: StoredSubscription & IDataObject): void {
	delete stored.webhookId;
	delete stored.eventId;
	delete stored.url;
}

/** The chosen event's ID, from either mode of the resource locator. */
export function readTriggerEventId(ctx: TriggerContext): string {
	const value = ctx.getNodeParameter('eventId', undefined, { extractValue: true });
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw new NodeOperationError(ctx.getNode(), 'Event: is required');
	if (!UUID_RE.test(text))
		throw new NodeOperationError(ctx.getNode(), 'Event: must be an event ID (a UUID)', {
			description: `"${text}" is not a UUID`,
		});
	return text;
}

/** The chosen actions, deduplicated, in the order EventX lists them. */
export function readActions(ctx: TriggerContext): WebhookAction[] {
	const value = ctx.getNodeParameter('events', []) as unknown;
	const chosen = Array.isArray(value) ? value.map(String) : [];
	const unknown = chosen.filter((a) => !(WEBHOOK_ACTIONS as readonly string[]).includes(a));
	if (unknown.length > 0)
		throw new NodeOperationError(ctx.getNode(), `Events: unknown action(s) ${unknown.join(', ')}`);
	const actions = WEBHOOK_ACTIONS.filter((a) => chosen.includes(a));
	if (actions.length === 0)
		throw new NodeOperationError(ctx.getNode(), 'Events: choose at least one event to listen to');
	return actions;
}

function webhookUrl(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n gave this node no webhook URL');
	return url;
}

const webhookPath = (eventId: string) => `${API_PREFIX}/event/${eventId}/webhook`;

export async function listWebhooks(ctx: TriggerContext, eventId: string): Promise<IDataObject[]> {
	const { dataList } = await eventxList.call(ctx, {
		method: 'GET',
		path: `${webhookPath(eventId)}/all`,
	});
	return dataList;
}

function sameActions(actual: unknown, wanted: readonly string[]): boolean {
	if (!Array.isArray(actual)) return false;
	const set = new Set(actual.map(String));
	return set.size === wanted.length && wanted.every((a) => set.has(a));
}

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

/** Deletes one webhook; `true` when it is gone (a 404 means it already was). */
async function deleteWebhook(ctx: TriggerContext, eventId: string, webhookId: string) {
	const failure = await eventxNoContent
		.call(ctx, { method: 'DELETE', path: `${webhookPath(eventId)}/${webhookId}` })
		.then(
			() => undefined,
			(error: unknown) => error,
		);
	if (failure === undefined || isNotFound(failure)) return;
	throw failure instanceof NodeApiError
		? failure
		: new NodeOperationError(ctx.getNode(), failure as Error);
}

/**
 * `checkExists`: true only when the event holds a webhook with this node's URL and the chosen
 * actions. A webhook with this URL but other actions is patched (not duplicated); further
 * webhooks with the same URL are removed so exactly one remains; a stored ID that the event no
 * longer holds (deleted outside n8n) is forgotten.
 */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const eventId = readTriggerEventId(this);
	const actions = readActions(this);
	const url = webhookUrl(this);
	const stored = storedSubscription(this);
	// A subscription stored for another event or URL is not this one (it belongs to another
	// configuration or mode, which removes its own webhook when it stops).
	if (stored.webhookId && (stored.eventId !== eventId || stored.url !== url)) forget(stored);

	const hooks = await listWebhooks(this, eventId);
	if (stored.webhookId && !hooks.some((hook) => hook.id === stored.webhookId)) forget(stored);
	const mine = hooks.filter((hook) => hook.url === url);
	if (mine.length === 0) return false;

	const keep = mine.find((hook) => hook.id === stored.webhookId) ?? mine[0];
	for (const extra of mine) {
		if (extra !== keep) await deleteWebhook(this, eventId, String(extra.id));
	}
	if (!sameActions(keep.actions, actions)) {
		await eventxData.call(this, {
			method: 'PATCH',
			path: `${webhookPath(eventId)}/${String(keep.id)}`,
			body: { actions: [...actions] },
		});
	}
	stored.webhookId = String(keep.id);
	stored.eventId = eventId;
	stored.url = url;
	return true;
}

/** `create`: registers the node's URL (production or test) with the chosen actions. */
export async function create(this: IHookFunctions): Promise<boolean> {
	const eventId = readTriggerEventId(this);
	const actions = readActions(this);
	const url = webhookUrl(this);
	const hook = await eventxData.call(this, {
		method: 'POST',
		path: webhookPath(eventId),
		body: { url, actions: [...actions] },
	});
	if (typeof hook.id !== 'string' || hook.id === '') {
		throw new NodeOperationError(this.getNode(), 'EventX created the webhook without an ID');
	}
	const stored = storedSubscription(this);
	stored.webhookId = hook.id;
	stored.eventId = eventId;
	stored.url = url;
	return true;
}

/**
 * `delete`: removes the webhook the node owns (a 404 counts as removed). The stored IDs are
 * cleared either way; when the removal failed, the next activation finds the webhook by its URL
 * and adopts it rather than adding another. Without a stored ID, webhooks of the event with this
 * node's URL are removed.
 */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const stored = storedSubscription(this);
	const webhookId = stored.webhookId;
	const eventId = stored.eventId;
	forget(stored);
	try {
		if (webhookId && eventId) {
			await deleteWebhook(this, eventId, webhookId);
			return true;
		}
		const current = readTriggerEventId(this);
		const url = webhookUrl(this);
		const hooks = await listWebhooks(this, current);
		for (const hook of hooks.filter((h) => h.url === url)) {
			await deleteWebhook(this, current, String(hook.id));
		}
		return true;
	} catch {
		return false;
	}
}
