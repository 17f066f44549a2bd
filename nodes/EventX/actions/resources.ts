import type { INodePropertyOptions } from 'n8n-workflow';

import { attendeeResource } from './attendee/Attendee.resource';
import { attendeeTagResource } from './attendeeTag/AttendeeTag.resource';
import { eventResource } from './event/Event.resource';
import { orderResource } from './order/Order.resource';
import { outreachResource } from './outreach/Outreach.resource';
import { webhookResource } from './webhook/Webhook.resource';
import type { Resource } from './types';

/** Every resource of the action node. A new resource adds one line here and one option below. */
export const resources: Record<string, Resource> = {
	attendee: attendeeResource,
	attendeeTag: attendeeTagResource,
	event: eventResource,
	order: orderResource,
	outreach: outreachResource,
	webhook: webhookResource,
};

export const resourceOptions: INodePropertyOptions[] = [
	{ name: 'Attendee', value: 'attendee' },
	{ name: 'Attendee Tag', value: 'attendeeTag' },
	{ name: 'Event', value: 'event' },
	{ name: 'Order', value: 'order' },
	{ name: 'Outreach', value: 'outreach' },
	{ name: 'Webhook', value: 'webhook' },
];
