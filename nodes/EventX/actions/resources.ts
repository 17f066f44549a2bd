import type { INodePropertyOptions } from 'n8n-workflow';

import { attendeeResource } from './attendee/Attendee.resource';
import { attendeeTagResource } from './attendeeTag/AttendeeTag.resource';
import { customDomainResource } from './customDomain/CustomDomain.resource';
import { customDomainPathMappingResource } from './customDomainPathMapping/CustomDomainPathMapping.resource';
import { eventResource } from './event/Event.resource';
import { mediaResource } from './media/Media.resource';
import { outreachResource } from './outreach/Outreach.resource';
import { registrationFormResource } from './registrationForm/RegistrationForm.resource';
import { ticketingResource } from './ticketing/Ticketing.resource';
import { webhookResource } from './webhook/Webhook.resource';
import type { Resource } from './types';

/** Every resource of the action node. A new resource adds one line here and one option below. */
export const resources: Record<string, Resource> = {
	attendee: attendeeResource,
	attendeeTag: attendeeTagResource,
	customDomain: customDomainResource,
	customDomainPathMapping: customDomainPathMappingResource,
	event: eventResource,
	media: mediaResource,
	outreach: outreachResource,
	registrationForm: registrationFormResource,
	ticketing: ticketingResource,
	webhook: webhookResource,
};

export const resourceOptions: INodePropertyOptions[] = [
	{ name: 'Attendee', value: 'attendee' },
	{ name: 'Attendee Tag', value: 'attendeeTag' },
	{ name: 'Custom Domain', value: 'customDomain' },
	{ name: 'Custom Domain Path Mapping', value: 'customDomainPathMapping' },
	{ name: 'Event', value: 'event' },
	{ name: 'Media', value: 'media' },
	{ name: 'Outreach', value: 'outreach' },
	{ name: 'Registration Form', value: 'registrationForm' },
	{ name: 'Ticketing', value: 'ticketing' },
	{ name: 'Webhook', value: 'webhook' },
];
