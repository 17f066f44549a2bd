import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { requestSettingsOptions } from '../transport/requestOptions';

import { attendeeResource } from './attendee/Attendee.resource';
import { attendeeTagResource } from './attendeeTag/AttendeeTag.resource';
import { customDomainResource } from './customDomain/CustomDomain.resource';
import { customDomainPathMappingResource } from './customDomainPathMapping/CustomDomainPathMapping.resource';
import { customFieldResource } from './customField/CustomField.resource';
import { eventResource } from './event/Event.resource';
import { invoiceResource } from './invoice/Invoice.resource';
import { mediaResource } from './media/Media.resource';
import { orderResource } from './order/Order.resource';
import { outreachResource } from './outreach/Outreach.resource';
import { registrationFormResource } from './registrationForm/RegistrationForm.resource';
import { ticketAddOnResource } from './ticketAddOn/TicketAddOn.resource';
import { ticketClassResource } from './ticketClass/TicketClass.resource';
import { ticketingResource } from './ticketing/Ticketing.resource';
import { webhookResource } from './webhook/Webhook.resource';
import type { Resource } from './types';

/** Every resource of the action node. A new resource adds one line here and one option below. */
export const resources: Record<string, Resource> = {
	attendee: attendeeResource,
	attendeeTag: attendeeTagResource,
	customDomain: customDomainResource,
	customDomainPathMapping: customDomainPathMappingResource,
	customField: customFieldResource,
	event: eventResource,
	invoice: invoiceResource,
	media: mediaResource,
	order: orderResource,
	outreach: outreachResource,
	registrationForm: registrationFormResource,
	ticketAddOn: ticketAddOnResource,
	ticketClass: ticketClassResource,
	ticketing: ticketingResource,
	webhook: webhookResource,
};

export const resourceOptions: INodePropertyOptions[] = [
	{ name: 'Attendee', value: 'attendee' },
	{ name: 'Attendee Tag', value: 'attendeeTag' },
	{ name: 'Custom Domain', value: 'customDomain' },
	{ name: 'Custom Domain Path Mapping', value: 'customDomainPathMapping' },
	{ name: 'Custom Field', value: 'customField' },
	{ name: 'Event', value: 'event' },
	{ name: 'Invoice', value: 'invoice' },
	{ name: 'Media', value: 'media' },
	{ name: 'Order', value: 'order' },
	{ name: 'Outreach', value: 'outreach' },
	{ name: 'Registration Form', value: 'registrationForm' },
	{ name: 'Ticket Add-On', value: 'ticketAddOn' },
	{ name: 'Ticket Class', value: 'ticketClass' },
	{ name: 'Ticketing', value: 'ticketing' },
	{ name: 'Webhook', value: 'webhook' },
];

const byName = (a: INodeProperties, b: INodeProperties) =>
	a.displayName.localeCompare(b.displayName);

/**
 * One operation's parameters as the node shows them: its own, then one Options collection holding
 * the operation's own options and the request settings (timeout, retries). The AI tool's
 * collection holds the operation's own options only: a model has no use for timeouts and retries.
 */
export function operationProperties(
	show: { resource: string[]; operation: string[] },
	description: INodeProperties[],
): INodeProperties[] {
	const isOptions = (p: INodeProperties) => p.type === 'collection' && p.name === 'options';
	const own = description.filter(isOptions).flatMap((p) => (p.options ?? []) as INodeProperties[]);
	const collection = (options: INodeProperties[], tool: boolean): INodeProperties => ({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...options].sort(byName),
		displayOptions: { show: { ...show, '@tool': [tool] } },
	});
	return [
		...description.filter((p) => !isOptions(p)),
		collection([...own, ...requestSettingsOptions], false),
		...(own.length > 0 ? [collection(own, true)] : []),
	];
}
