import { searchEvents } from './listSearch';

export const listSearch = { searchEvents };
