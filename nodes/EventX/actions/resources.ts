import type { INodePropertyOptions } from 'n8n-workflow';

import { attendeeResource } from './attendee/Attendee.resource';
import { attendeeTagResource } from './attendeeTag/AttendeeTag.resource';
import { customFieldResource } from './customField/CustomField.resource';
import { eventResource } from './event/Event.resource';
import { invoiceResource } from './invoice/Invoice.resource';
import { orderResource } from './order/Order.resource';
import { outreachResource } from './outreach/Outreach.resource';
import { ticketAddOnResource } from './ticketAddOn/TicketAddOn.resource';
import { ticketClassResource } from './ticketClass/TicketClass.resource';
import { webhookResource } from './webhook/Webhook.resource';
import type { Resource } from './types';

/** Every resource of the action node. A new resource adds one line here and one option below. */
export const resources: Record<string, Resource> = {
	attendee: attendeeResource,
	attendeeTag: attendeeTagResource,
	customField: customFieldResource,
	event: eventResource,
	invoice: invoiceResource,
	order: orderResource,
	outreach: outreachResource,
	ticketAddOn: ticketAddOnResource,
	ticketClass: ticketClassResource,
	webhook: webhookResource,
};

export const resourceOptions: INodePropertyOptions[] = [
	{ name: 'Attendee', value: 'attendee' },
	{ name: 'Attendee Tag', value: 'attendeeTag' },
	{ name: 'Custom Field', value: 'customField' },
	{ name: 'Event', value: 'event' },
	{ name: 'Invoice', value: 'invoice' },
	{ name: 'Order', value: 'order' },
	{ name: 'Outreach', value: 'outreach' },
	{ name: 'Ticket Add-On', value: 'ticketAddOn' },
	{ name: 'Ticket Class', value: 'ticketClass' },
	{ name: 'Webhook', value: 'webhook' },
];
