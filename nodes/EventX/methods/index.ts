import {
	searchAttendees,
	searchCustomDomains,
	searchEvents,
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

export const listSearch = {
	searchAttendees,
	searchCustomDomains,
	searchEvents,
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
