import type { INodePropertyOptions } from 'n8n-workflow';

import { WEBHOOK_ACTIONS } from './enums';
import { invalidField, readChoices, type NodeContext } from './validation';

/** What EventX calls a webhook's actions; the trigger's Trigger On and the Webhook resource's Actions. */
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

const LABELS: Record<WebhookAction, [string, string]> = {
	'attendee-create': ['Attendee Created', 'An attendee is registered for the event'],
	'attendee-update': ['Attendee Updated', "An attendee's details change"],
	'attendee-delete': ['Attendee Deleted', 'An attendee is removed or deleted'],
	'attendee-check-in': ['Attendee Checked In', 'An attendee checks in at the event'],
	'attendee-check-out': ['Attendee Checked Out', 'An attendee checks out of the event'],
};

/** The five attendee actions a webhook listens to, as the trigger and the Webhook resource offer them. */
export const WEBHOOK_ACTION_OPTIONS: INodePropertyOptions[] = WEBHOOK_ACTIONS.map((value) => ({
	name: LABELS[value][0],
	value,
	description: LABELS[value][1],
})).sort((a, b) => a.name.localeCompare(b.name));

/** The trigger's canvas subtitle: the chosen changes by label, e.g. "Created, Checked In". */
export function triggerSubtitleExpression(): string {
	const short = Object.fromEntries(
		WEBHOOK_ACTIONS.map((value) => [value, LABELS[value][0].replace(/^Attendee /, '')]),
	);
	return `={{ ($parameter["events"] || []).map((e) => (${JSON.stringify(short)})[e] || e).join(", ") }}`;
}

/**
 * The chosen actions (a multi-select, or a list or comma-separated text from an expression):
 * checked, deduplicated, in the order EventX lists them, at least one.
 */
export function readWebhookActions(
	ctx: NodeContext,
	value: unknown,
	field: string,
	itemIndex: number,
): WebhookAction[] {
	const chosen = readChoices(ctx, value, WEBHOOK_ACTIONS, field, itemIndex);
	if (chosen.length === 0) throw invalidField(ctx, field, 'choose at least one action', itemIndex);
	return WEBHOOK_ACTIONS.filter((action) => chosen.includes(action));
}
