import { searchAttendees, searchEvents, searchOrganizations, searchWebhooks } from './listSearch';
import { getCustomFields, getTicketClassAddOns, getTicketClasses } from './loadOptions';
import { getAttendeeColumns } from './resourceMapping';

export const listSearch = { searchAttendees, searchEvents, searchOrganizations, searchWebhooks };

export const loadOptions = { getCustomFields, getTicketClassAddOns, getTicketClasses };

export const resourceMapping = { getAttendeeColumns };
