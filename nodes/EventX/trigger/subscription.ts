import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readWebhookActions } from '../helpers/webhookActions';
import { deleteWebhook, listWebhooks, webhookPath } from '../helpers/webhooks';
import { requireUuid } from '../helpers/validation';
import { eventxData } from '../transport';
type TriggerContext = IHookFunctions | IWebhookFunctions;

/** One webhook the node owns: its ID and the event it is on. */
export interface Subscription {
	webhookId: string;
	eventId: string;
}

/**
 * The node's static data: the webhooks it owns, by URL. The production URL and the test URL of
 * "Listen for test event" are separate subscriptions, each removed by its own mode.
 */
interface TriggerStaticData extends IDataObject {
	webhooks?: Record<string, Subscription>;
}

export function subscriptions(ctx: TriggerContext): Record<string, Subscription> {
	return (ctx.getWorkflowStaticData('node') as TriggerStaticData).webhooks ?? {};
}

function remember(ctx: TriggerContext, url: string, subscription: Subscription | undefined) {
	const data = ctx.getWorkflowStaticData('node') as TriggerStaticData;
	const webhooks = { ...(data.webhooks ?? {}) };
	if (subscription) webhooks[url] = subscription;
	else delete webhooks[url];
	// Assigned anew so n8n notices the change and saves the static data.
	if (Object.keys(webhooks).length > 0) data.webhooks = webhooks;
	else delete data.webhooks;
}

/**
 * The chosen event's ID, from either mode of the resource locator, in lower case: EventX spells
 * UUIDs so in its answers and deliveries, and an ID typed in upper case names the same event.
 */
export function readTriggerEventId(ctx: TriggerContext): string {
	const value = ctx.getNodeParameter('eventId', undefined, { extractValue: true });
	return requireUuid(ctx, value, 'Event', 0).toLowerCase();
}

/** Trigger On: the webhook actions that start the workflow. */
function readTriggerOn(ctx: TriggerContext) {
	return readWebhookActions(ctx, ctx.getNodeParameter('events', []), 'Trigger On', 0);
}

function webhookUrl(ctx: IHookFunctions): string {
	const url = ctx.getNodeWebhookUrl('default');
	if (!url) throw new NodeOperationError(ctx.getNode(), 'n8n gave this node no webhook URL');
	return url;
}

function sameActions(actual: unknown, wanted: readonly string[]): boolean {
	if (!Array.isArray(actual)) return false;
	const set = new Set(actual.map(String));
	return set.size === wanted.length && wanted.every((a) => set.has(a));
}

function isNotFound(error: unknown): boolean {
	return error instanceof NodeApiError && error.httpCode === '404';
}

/** Deletes one webhook the node owns; a 404 means it already was. */
async function forget(ctx: TriggerContext, eventId: string, webhookId: string) {
	const failure = await deleteWebhook(ctx, eventId, webhookId).then(
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
	const actions = readTriggerOn(this);
	const url = webhookUrl(this);
	let stored: Subscription | undefined = subscriptions(this)[url];
	// A subscription stored for another event is not this one (the node's event was changed;
	// n8n removed that webhook when it deactivated the previous version).
	if (stored && stored.eventId !== eventId) stored = undefined;

	const hooks = await listWebhooks(this, eventId);
	if (stored && !hooks.some((hook) => hook.id === stored!.webhookId)) stored = undefined;
	const mine = hooks.filter((hook) => hook.url === url);
	if (mine.length === 0) {
		remember(this, url, undefined);
		return false;
	}

	const keep = mine.find((hook) => hook.id === stored?.webhookId) ?? mine[0];
	for (const extra of mine) {
		if (extra !== keep) await forget(this, eventId, String(extra.id));
	}
	if (!sameActions(keep.actions, actions)) {
		await eventxData.call(this, {
			method: 'PATCH',
			path: webhookPath(eventId, String(keep.id)),
			body: { actions: [...actions] },
		});
	}
	remember(this, url, { webhookId: String(keep.id), eventId });
	return true;
}

/** `create`: registers the node's URL (production or test) with the chosen actions. */
export async function create(this: IHookFunctions): Promise<boolean> {
	const eventId = readTriggerEventId(this);
	const actions = readTriggerOn(this);
	const url = webhookUrl(this);
	const hook = await eventxData.call(this, {
		method: 'POST',
		path: webhookPath(eventId),
		body: { url, actions: [...actions] },
	});
	if (typeof hook.id !== 'string' || hook.id === '') {
		throw new NodeOperationError(this.getNode(), 'EventX created the webhook without an ID');
	}
	remember(this, url, { webhookId: hook.id, eventId });
	// Another activation may have registered this URL at the same time: every activation keeps the
	// first webhook EventX lists for the URL and removes the others, so one remains, stored by all.
	// Should this check fail, the webhook just created stays stored (and is removed on deactivation).
	try {
		const mine = (await listWebhooks(this, eventId)).filter((h) => h.url === url);
		const keep = mine[0] ?? hook;
		for (const extra of mine.slice(1)) await forget(this, eventId, String(extra.id));
		remember(this, url, { webhookId: String(keep.id), eventId });
	} catch {
		// The registration itself succeeded.
	}
	return true;
}

/**
 * `delete`: removes the webhook the node owns (a 404 counts as removed). The stored IDs are
 * cleared either way; when the removal failed, the next activation finds the webhook by its URL
 * and adopts it rather than adding another. Without a stored ID, webhooks of the event with this
 * node's URL are removed.
 */
export async function remove(this: IHookFunctions): Promise<boolean> {
	const url = webhookUrl(this);
	const stored = subscriptions(this)[url];
	remember(this, url, undefined);
	try {
		if (stored) {
			await forget(this, stored.eventId, stored.webhookId);
			return true;
		}
		const eventId = readTriggerEventId(this);
		const hooks = await listWebhooks(this, eventId);
		for (const hook of hooks.filter((h) => h.url === url)) {
			await forget(this, eventId, String(hook.id));
		}
		return true;
	} catch {
		return false;
	}
}
