import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { WEBHOOK_ACTIONS } from '../helpers/enums';
import { subscriptionBeingSaved } from './activation';
import { isSecret, SECRET_PARAM, withoutSecret } from './secret';
import { isTestMode, subscriptions } from './subscription';

const isObject = (value: unknown): value is IDataObject =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** snake_case to camelCase; keys already in camelCase, and leading or trailing underscores, are kept. */
function camel(key: string): string {
	return key.replace(/(?<=[A-Za-z0-9])_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** Keys of the delivery's attendee that EventX spells differently from its own API. */
const RENAMED: Record<string, string> = { update_at: 'updatedAt' };

/**
 * Tidy names already worked out: EventX's attendee has a few dozen keys, and a catch-up of the
 * polling trigger tidies 100,000 attendees. Bounded, as a delivery may carry any key.
 */
const tidyNames = new Map<string, string>();
const MAX_TIDY_NAMES = 1000;

function tidyName(key: string): string {
	let name = tidyNames.get(key);
	if (name === undefined) {
		name = Object.hasOwn(RENAMED, key) ? RENAMED[key] : camel(key);
		if (tidyNames.size < MAX_TIDY_NAMES) tidyNames.set(key, name);
	}
	return name;
}

/** The attendee with camelCase keys (`update_at` read as `updatedAt`), action and event alongside. */
export function tidyAttendee(action: string, eventId: string, attendee: IDataObject): IDataObject {
	const tidy: IDataObject = { action, eventId };
	// Own keys only, each a plain property: a key named like one of Object's own (`constructor`,
	// `toString`...) is kept as the data it is, never looked up on the prototype; `__proto__`, the
	// one whose assignment would change the prototype, is defined instead.
	for (const key of Object.keys(attendee)) {
		const name = tidyName(key);
		// Both spellings of the name arrive; the first one seen wins, both hold the same value.
		if (Object.hasOwn(tidy, name) && tidy[name] !== undefined) continue;
		const value = attendee[key];
		if (name === '__proto__')
			Object.defineProperty(tidy, name, {
				value,
				enumerable: true,
				writable: true,
				configurable: true,
			});
		else tidy[name] = value;
	}
	return tidy;
}

function answer(ctx: IWebhookFunctions, status: number, message: string): IWebhookResponseData {
	const res = ctx.getResponseObject();
	res.status(status).json({ message });
	return { noWebhookResponse: true };
}

/**
 * A delivery that starts nothing: answered with `status`, and why written to n8n's log, since the
 * sender (EventX) shows nobody the answer. The log names IDs only, never the URL.
 */
function refuse(
	ctx: IWebhookFunctions,
	status: number,
	message: string,
	why: string,
): IWebhookResponseData {
	ctx.logger.warn(`EventX Trigger: refused a delivery (HTTP ${status}): ${why}`, {
		workflowId: ctx.getWorkflow().id,
		node: ctx.getNode().name,
	});
	return answer(ctx, status, message);
}

/** UUIDs compared as EventX means them: in any case. */
const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The body with the secret taken out of `config.endpoint_url` (EventX repeats the URL there). */
function withoutSecretInBody(body: IDataObject, config: IDataObject): IDataObject {
	const url = config.endpoint_url;
	if (typeof url !== 'string') return body;
	return { ...body, config: { ...config, endpoint_url: withoutSecret(url) } };
}

/**
 * A delivery: refused with 401, before its body is looked at, when its URL does not carry the
 * secret of the node's registration of that path (production or test); with 400 when its body is
 * not the documented shape; with 401 when it does not name that registration's webhook and the
 * node's event. Otherwise one item, answered with 200 as soon as n8n has it.
 */
export async function receiveDelivery(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	// Judged from the node's own static data: asking EventX about an unknown webhook would let
	// anyone who knows the URL spend the account's quota. n8n hands test deliveries the static data
	// of their own activation, so the test URL's registration is known the same way. Only while the
	// activation's subscription is not saved yet is EventX asked (subscriptionBeingSaved).
	const testing = isTestMode(this);
	const given = (this.getQueryData() as IDataObject)[SECRET_PARAM];
	const subscription =
		Object.values(subscriptions(this)).find(
			(sub) =>
				(sub.test === true) === testing && sub.secret !== undefined && isSecret(given, sub.secret),
		) ?? (await subscriptionBeingSaved(this, given));
	if (!subscription) {
		return refuse(
			this,
			401,
			"This delivery is not for this trigger's webhook",
			given === undefined
				? 'its URL carries no secret (a forged delivery, or a webhook registered before secrets: publishing the workflow again registers it anew)'
				: "its URL's secret is not the one of this trigger's registration (an old or forged URL; publishing the workflow again registers the trigger anew)",
		);
	}

	const body = this.getBodyData() as unknown;
	if (!isObject(body) || !isObject(body.config) || !isObject(body.attendee)) {
		return refuse(
			this,
			400,
			'Expected a JSON body with "config" and "attendee" objects',
			'the body has no "config" and "attendee" objects',
		);
	}
	const { config, attendee } = body;
	const action = config.action;
	if (
		typeof config.webhook_id !== 'string' ||
		typeof config.event_id !== 'string' ||
		typeof action !== 'string' ||
		!(WEBHOOK_ACTIONS as readonly string[]).includes(action)
	) {
		return refuse(
			this,
			400,
			'The delivery\'s "config" lacks webhook_id, event_id or action',
			'its "config" lacks webhook_id, event_id or a known action',
		);
	}

	// The node's event as its registration stored it (the Event parameter, in lower case): every
	// activation stores it anew, and drops a subscription stored for another event, so it is not
	// read again per delivery.
	const { eventId } = subscription;
	if (!sameId(config.event_id, eventId)) {
		return refuse(
			this,
			401,
			"This delivery is not for this trigger's webhook",
			`it is for event ${config.event_id}, and this trigger watches event ${eventId}`,
		);
	}
	if (!sameId(config.webhook_id, subscription.webhookId)) {
		return refuse(
			this,
			401,
			"This delivery is not for this trigger's webhook",
			`it names webhook ${config.webhook_id}, and this trigger's webhook is ${subscription.webhookId}`,
		);
	}

	// The two parameters a delivery needs; read when it has passed the checks above.
	const actions = this.getNodeParameter('events', []) as string[];
	if (!actions.includes(action)) {
		// A subscribed webhook may briefly carry actions the node no longer listens to.
		this.logger.info(
			`EventX Trigger: 1 delivery of "${action}" left out: the trigger does not listen to it`,
			{ workflowId: this.getWorkflow().id, node: this.getNode().name },
		);
		return answer(this, 200, 'Ignored: the trigger does not listen to this action');
	}

	const output = this.getNodeParameter('output', 'raw') as string;
	const json =
		output === 'tidy' ? tidyAttendee(action, eventId, attendee) : withoutSecretInBody(body, config);
	return { workflowData: [[{ json }]] };
}
