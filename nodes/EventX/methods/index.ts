import { searchAttendees, searchEvents, searchOrganizations, searchWebhooks } from './listSearch';
import { getCustomFields, getTicketClassAddOns, getTicketClasses } from './loadOptions';

export const listSearch = { searchAttendees, searchEvents, searchOrganizations, searchWebhooks };

export const loadOptions = { getCustomFields, getTicketClassAddOns, getTicketClasses };
