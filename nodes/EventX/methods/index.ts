import {
	searchAttendees,
	searchCustomDomains,
	searchEvents,
	searchOrders,
	searchOrganizations,
	searchPathMappings,
	searchWebhooks,
} from './listSearch';
import {
	getCustomFields,
	getFormFields,
	getTicketClassAddOns,
	getTicketClasses,
} from './loadOptions';
import { getAttendeeColumns } from './resourceMapping';

export const listSearch = {
	searchAttendees,
	searchCustomDomains,
	searchEvents,
	searchOrders,
	searchOrganizations,
	searchPathMappings,
	searchWebhooks,
};

export const loadOptions = {
	getCustomFields,
	getFormFields,
	getTicketClassAddOns,
	getTicketClasses,
};

export const resourceMapping = { getAttendeeColumns };
