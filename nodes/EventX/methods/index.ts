import { searchEvents } from './listSearch';
import { getCustomFields, getTicketClassAddOns, getTicketClasses } from './loadOptions';

export const listSearch = { searchEvents };

export const loadOptions = { getCustomFields, getTicketClassAddOns, getTicketClasses };
