import { updateDisplayOptions } from 'n8n-workflow';

import { bulkRemoval, removalProperties } from './bulkRemoval';

const properties = removalProperties({
	name: 'removeNotice',
	text: 'Cancels the registrations of these attendees: they leave the lists of the event, but EventX keeps their records. Use Delete to erase them permanently.',
});

const displayOptions = { show: { resource: ['attendee'], operation: ['remove'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const removeAttendees = bulkRemoval(description, 'bulk-remove');
