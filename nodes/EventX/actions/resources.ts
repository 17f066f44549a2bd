import type { INodePropertyOptions } from 'n8n-workflow';

import { attendeeResource } from './attendee/Attendee.resource';
import { attendeeTagResource } from './attendeeTag/AttendeeTag.resource';
import { eventResource } from './event/Event.resource';
import { outreachResource } from './outreach/Outreach.resource';
import { webhookResource } from './webhook/Webhook.resource';
import type { Resource } from './types';

/** Every resource of the action node. A new resource adds one line here and one option below. */
export const resources: Record<string, Resource> = {
	attendee: attendeeResource,
	attendeeTag: attendeeTagResource,
	event: eventResource,
	outreach: outreachResource,
	webhook: webhookResource,
};

export const resourceOptions: INodePropertyOptions[] = [
	{ name: 'Attendee', value: 'attendee' },
	{ name: 'Attendee Tag', value: 'attendeeTag' },
	{ name: 'Event', value: 'event' },
	{ name: 'Outreach', value: 'outreach' },
	{ name: 'Webhook', value: 'webhook' },
];

/**
 * The canvas subtitle: "Get Many: Event" for the chosen operation and resource, looked up in a
 * table of their labels (the parameters hold only their values).
 */
export function subtitleExpression(): string {
	const labels = Object.fromEntries(
		resourceOptions.flatMap(({ name: resourceName, value: resource }) =>
			(resources[resource as string].operationProperty.options as INodePropertyOptions[]).map(
				({ name, value }) => [`${resource}:${value}`, `${name}: ${resourceName}`],
			),
		),
	);
	return `={{ ${JSON.stringify(labels)}[$parameter["resource"] + ":" + $parameter["operation"]] }}`;
}
