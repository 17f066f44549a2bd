import { getAttendeeColumns } from './resourceMapping';

export { listSearchMethods as listSearch } from './listSearch';
export { loadOptionsMethods as loadOptions } from './loadOptions';

export const resourceMapping = { getAttendeeColumns };
