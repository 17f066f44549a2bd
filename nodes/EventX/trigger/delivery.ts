import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { WEBHOOK_ACTIONS } from '../helpers/enums';
import { listWebhooks, readTriggerEventId, subscriptions } from './subscription';

const isObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** snake_case to camelCase; keys already in camelCase are kept. */
function camel(key: string): string {
	return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Keys of the delivery's attendee that EventX spells differently from its own API. */
const RENAMED: Record<string, string> = { update_at: 'updatedAt' };

/** The attendee with camelCase keys (`update_at` read as `updatedAt`), action and event alongside. */
export function tidyAttendee(action: string, eventId: string, attendee: IDataObject): IDataObject {
	const tidy: IDataObject = { action, eventId };
	for (const [key, value] of Object.entries(attendee)) {
		const name = RENAMED[key] ?? camel(key);
		// Both spellings of the name arrive; the first one seen wins, both hold the same value.
		if (!(name in tidy) || tidy[name] === undefined) tidy[name] = value;
	}
	return tidy;
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.status(status).json({ message });
	return { noWebhookResponse: true };
}

/**
 * A delivery: refused with 400 when its body is not the documented shape, with 401 when it does
 * not name this node's webhook and event (deliveries carry no signature, so this is the guard);
 * otherwise one item, answered with 200 as soon as n8n has it.
 */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const body = this.getBodyData() as unknown;
	if (!isObject(body) || !isObject(body.config) || !isObject(body.attendee)) {
		return answer(this, 400, 'Expected a JSON body with "config" and "attendee" objects');
	}
	const { config, attendee } = body;
	const action = config.action;
	if (
		typeof config.webhook_id !== 'string' ||
		typeof config.event_id !== 'string' ||
		typeof action !== 'string' ||
		!(WEBHOOK_ACTIONS as readonly string[]).includes(action)
	) {
		return answer(this, 400, 'The delivery\'s "config" lacks webhook_id, event_id or action');
	}

	const eventId = readTriggerEventId(this);
	let known =
		config.event_id === eventId &&
		Object.values(subscriptions(this)).some(
			(sub) => sub.webhookId === config.webhook_id && sub.eventId === eventId,
		);
	if (!known && config.event_id === eventId) {
		// Not among the webhooks stored in this process (e.g. a test run whose static data is
		// not shared): ask EventX whether the event holds that webhook at this node's path. The
		// production and test URLs differ only in their base, so the node's own path (its
		// webhook ID and path) is what must match.
		const ownPath = (this.getNodeWebhookUrl('default') ?? '').split('/').slice(-2).join('/');
		const hooks = await listWebhooks(this, eventId).catch(() => undefined);
		// EventX could not be asked: 503, so that a sender that retries may deliver it again.
		if (hooks === undefined) return answer(this, 503, 'The delivery could not be verified');
		known =
			ownPath !== '' &&
			hooks.some(
				(hook) =>
					hook.id === config.webhook_id &&
					typeof hook.url === 'string' &&
					hook.url.endsWith(`/${ownPath}`),
			);
	}
	if (!known) return answer(this, 401, "This delivery is not for this trigger's webhook");

	const actions = this.getNodeParameter('events', []) as string[];
	if (!actions.includes(action)) {
		// A subscribed webhook may briefly carry actions the node no longer listens to.
		return answer(this, 200, 'Ignored: the trigger does not listen to this action');
	}

	const output = this.getNodeParameter('output', 'raw') as string;
	const json = output === 'tidy' ? tidyAttendee(action, eventId, attendee) : body;
	return { workflowData: [[{ json }]] };
}
