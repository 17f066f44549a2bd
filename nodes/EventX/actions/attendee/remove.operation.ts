import { bulkRemoval } from './bulkRemoval';

export const removeAttendees = bulkRemoval(
	'remove',
	'bulk-remove',
	'Cancels the registrations of these attendees: they leave the lists of the event, but EventX keeps their records. Use Delete to erase them permanently.',
);
