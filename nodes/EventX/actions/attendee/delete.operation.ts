import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { attendeeIdsProperty } from '../../helpers/attendeeIds';
import { batchOptionsProperty } from '../../helpers/batching';
import { eventLocator } from '../../helpers/eventLocator';
import { bulkRemoval } from './bulkRemoval';

const properties: INodeProperties[] = [
	{
		displayName:
			'Delete is permanent: the attendees and their data are erased and cannot be restored. Use Remove to only cancel their registrations.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	eventLocator(),
	...attendeeIdsProperty(
		'The attendees of this item: attendee IDs (UUIDs), one or several separated by commas',
	),
	batchOptionsProperty(
		'deleteOptions',
		'How many attendees one request carries. The items of one execution are grouped per event and sent in as few requests as this allows.',
	),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const deleteAttendees = bulkRemoval(description, 'bulk-delete', 'deleteOptions');
