import { updateDisplayOptions } from 'n8n-workflow';

import { bulkRemoval, removalProperties } from './bulkRemoval';

const properties = removalProperties({
	name: 'deleteNotice',
	text: 'Delete is permanent: the attendees and their data are erased and cannot be restored. Use Remove to only cancel their registrations.',
});

const displayOptions = { show: { resource: ['attendee'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const deleteAttendees = bulkRemoval(description, 'bulk-delete');
