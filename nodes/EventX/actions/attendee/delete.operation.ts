import { bulkRemoval } from './bulkRemoval';

export const deleteAttendees = bulkRemoval(
	'delete',
	'bulk-delete',
	'Delete is permanent: the attendees and their data are erased and cannot be restored. Use Remove to only cancel their registrations.',
);
