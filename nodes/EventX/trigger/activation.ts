import type { IWebhookFunctions } from 'n8n-workflow';

import { webhookPath } from '../helpers/webhooks';
import { eventxList } from '../transport';
import { isSecret, isUrlOf, secretOf } from './secret';
import { isTestMode, readTriggerEventId, subscriptions, type Subscription } from './subscription';

/** How long a delivery waits for EventX's list of webhooks before it is refused. */
const CONFIRM_TIMEOUT_MS = 5_000;

/** What a secret of ours looks like (43 characters of base64url): anything else is not asked about. */
const SECRET_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * The subscription a delivery's secret belongs to, while n8n has not saved the activation's.
 * n8n saves the workflow's static data (where `create` keeps the webhook and its secret) only after
 * every webhook of the workflow is registered; in queue mode a delivery EventX sends in between
 * reaches a webhook process that reads the static data without it.
 *
 * Only while no production subscription is stored, and only for a delivery whose URL carries a
 * secret: one request lists the event's webhooks, and the delivery counts when EventX holds a
 * webhook at this node's production URL with that very secret. Once a subscription is stored,
 * deliveries are judged without calling EventX.
 */
export async function subscriptionBeingSaved(
	ctx: IWebhookFunctions,
	given: unknown,
): Promise<Subscription | undefined> {
	if (isTestMode(ctx) || typeof given !== 'string' || !SECRET_SHAPE.test(given)) return undefined;
	const production = ctx.getNodeWebhookUrl('default');
	if (!production) return undefined;
	if (Object.values(subscriptions(ctx)).some((sub) => sub.test !== true)) return undefined;
	const eventId = readTriggerEventId(ctx);
	try {
		const { dataList } = await eventxList.call(ctx, {
			method: 'GET',
			path: `${webhookPath(eventId)}/all`,
			timeout: CONFIRM_TIMEOUT_MS,
			retry: 'none',
		});
		for (const hook of dataList) {
			const secret = isUrlOf(hook.url, production) ? secretOf(hook.url) : undefined;
			if (secret !== undefined && typeof hook.id === 'string' && isSecret(given, secret)) {
				return { webhookId: hook.id, eventId, secret };
			}
		}
	} catch {
		// EventX could not confirm it: refused like any unknown delivery
	}
	return undefined;
}
