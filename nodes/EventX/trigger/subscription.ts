import type { IDataObject, IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { readWebhookActions } from '../helpers/webhookActions';
import { deleteWebhook, listWebhooks, webhookPath } from '../helpers/webhooks';
import { requireUuid } from '../helpers/validation';
import { eventxData } from '../transport';
import { isUrlOf, newSecret, secretOf, signedUrl } from './secret';

type TriggerContext = IHookFunctions | IWebhookFunctions;

/** One webhook the node owns: its ID, the event it is on, and the secret of the URL EventX calls. */
export interface Subscription {
	webhookId: string;
	eventId: string;
	/** Absent in subscriptions made before deliveries carried a secret: those are registered anew. */
	secret?: string;
	/** Registered by "Listen for test event": its deliveries come to the test URL only. */
	test?: true;
}

/**
 * The node's static data: the webhooks it owns, by the node's webhook URL (EventX holds it with
 * the secret added). The production URL and the test URL of "Listen for test event" are separate
 * subscriptions, each removed by its own mode.
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

/** Whether n8n runs the context for "Listen for test event" (test URL, manual mode). */
export function isTestMode(ctx: TriggerContext): boolean {
	return ctx.getMode() === 'manual';
}

/** A subscription as stored: marked when it belongs to the test URL. */
function subscription(ctx: IHookFunctions, webhookId: string, eventId: string, secret: string) {
	const stored: Subscription = { webhookId, eventId, secret };
	if (isTestMode(ctx)) stored.test = true;
	return stored;
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
 * `checkExists`: true only when the event holds the webhook this node registered (its URL with the
 * stored secret) with the chosen actions; other actions are patched (not duplicated). Every other
 * webhook of the event at this node's URL (duplicates, a registration whose removal failed, one
 * made before secrets, one whose secret the node no longer knows) is removed, so that EventX calls
 * no URL but the stored one; answering false then makes n8n register anew.
 */
export async function checkExists(this: IHookFunctions): Promise<boolean> {
	const eventId = readTriggerEventId(this);
	const actions = readTriggerOn(this);
	const url = webhookUrl(this);
	const stored: Subscription | undefined = subscriptions(this)[url];
	// A subscription stored for another event is not this one (the node's event was changed;
	// n8n removed that webhook when it deactivated the previous version).
	const signed =
		stored?.secret && stored.eventId === eventId ? signedUrl(url, stored.secret) : undefined;

	const hooks = await listWebhooks(this, eventId);
	const mine = hooks.filter((hook) => isUrlOf(hook.url, url));
	const keep = signed === undefined ? undefined : mine.find((hook) => hook.url === signed);
	for (const extra of mine) {
		if (extra !== keep) await forget(this, eventId, String(extra.id));
	}
	if (!keep) {
		remember(this, url, undefined);
		return false;
	}
	if (!sameActions(keep.actions, actions)) {
		await eventxData.call(this, {
			method: 'PATCH',
			path: webhookPath(eventId, String(keep.id)),
			body: { actions: [...actions] },
		});
	}
	remember(this, url, subscription(this, String(keep.id), eventId, stored!.secret!));
	return true;
}

/**
 * `create`: registers the node's URL (production or test), with a new secret, for the chosen
 * actions.
 */
export async function create(this: IHookFunctions): Promise<boolean> {
	const eventId = readTriggerEventId(this);
	const actions = readTriggerOn(this);
	const url = webhookUrl(this);
	const secret = newSecret();
	const hook = await eventxData.call(this, {
		method: 'POST',
		path: webhookPath(eventId),
		body: { url: signedUrl(url, secret), actions: [...actions] },
		// EventX's refusal may quote the URL back.
		redact: [secret],
	});
	if (typeof hook.id !== 'string' || hook.id === '') {
		throw new NodeOperationError(this.getNode(), 'EventX created the webhook without an ID');
	}
	remember(this, url, subscription(this, hook.id, eventId, secret));
	// Another activation may have registered this URL at the same time: every activation keeps the
	// first webhook EventX lists for the URL (and the secret its URL carries) and removes the
	// others, so one remains, stored by all. Should this check fail, the webhook just created stays
	// stored (and is removed on deactivation).
	try {
		const mine = (await listWebhooks(this, eventId)).filter((h) => isUrlOf(h.url, url));
		const keep = mine.find((h) => secretOf(h.url as string) !== undefined);
		if (!keep) return true;
		for (const extra of mine) {
			if (extra !== keep) await forget(this, eventId, String(extra.id));
		}
		remember(
			this,
			url,
			subscription(this, String(keep.id), eventId, secretOf(keep.url as string)!),
		);
	} catch {
		// The registration itself succeeded.
	}
	return true;
}

/**
 * `delete`: removes the webhook the node owns (a 404 counts as removed). The stored subscription
 * (and with it the secret) is cleared either way; when the removal failed, the next activation
 * finds the webhook by its URL and removes it. Without a stored ID, webhooks of the event with
 * this node's URL are removed.
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
		for (const hook of hooks.filter((h) => isUrlOf(h.url, url))) {
			await forget(this, eventId, String(hook.id));
		}
		return true;
	} catch {
		return false;
	}
}
