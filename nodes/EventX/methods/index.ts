import {
	searchAttendees,
	searchEvents,
	searchOrders,
	searchOrganizations,
	searchWebhooks,
} from './listSearch';
import { getCustomFields, getTicketClassAddOns, getTicketClasses } from './loadOptions';

export const listSearch = {
	searchAttendees,
	searchEvents,
	searchOrders,
	searchOrganizations,
	searchWebhooks,
};

export const loadOptions = { getCustomFields, getTicketClassAddOns, getTicketClasses };
