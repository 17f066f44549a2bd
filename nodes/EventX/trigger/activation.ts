import type { IWebhookFunctions } from 'n8n-workflow';

import { webhookPath } from '../helpers/webhooks';
import { eventxList } from '../transport';
import { subscriptions } from './subscription';

/** How long a delivery waits for EventX's list of webhooks before it is refused. */
const CONFIRM_TIMEOUT_MS = 5_000;

/** A URL without its query and fragment: the endpoint n8n's production URL names. */
function endpointOf(url: unknown): string | undefined {
	if (typeof url !== 'string' || !URL.canParse(url)) return undefined;
	const parsed = new URL(url);
	return `${parsed.origin}${parsed.pathname}`;
}

/**
 * Whether a delivery naming a webhook this node has not stored comes from the webhook its
 * activation has just registered. n8n saves the workflow's static data (where `create` keeps the
 * webhook's ID) only after every webhook of the workflow is registered; in queue mode a delivery
 * EventX sends in between reaches a webhook process that reads the static data without it.
 *
 * Only while no subscription is stored for the production URL (the activation's window): one
 * request lists the event's webhooks, and the delivery counts when EventX lists its webhook on
 * this event pointing at this node's production URL. Once a subscription is stored, deliveries are
 * judged without calling EventX, as before.
 */
export async function registeredWhileActivating(
	ctx: IWebhookFunctions,
	eventId: string,
	webhookId: string,
): Promise<boolean> {
	const production = endpointOf(ctx.getNodeWebhookUrl('default'));
	if (production === undefined) return false;
	if (Object.keys(subscriptions(ctx)).some((url) => endpointOf(url) === production)) return false;
	try {
		const { dataList } = await eventxList.call(ctx, {
			method: 'GET',
			path: `${webhookPath(eventId)}/all`,
			timeout: CONFIRM_TIMEOUT_MS,
			retry: 'none',
		});
		return dataList.some((hook) => hook.id === webhookId && endpointOf(hook.url) === production);
	} catch {
		return false;
	}
}
