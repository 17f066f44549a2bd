import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { attendeeIdsProperty } from '../../helpers/attendeeIds';
import { batchOptionsProperty } from '../../helpers/batching';
import { eventLocator } from '../../helpers/eventLocator';
import { bulkRemoval } from './bulkRemoval';

const properties: INodeProperties[] = [
	{
		displayName:
			'Cancels the registrations of these attendees: they leave the lists of the event, but EventX keeps their records. Use Delete to erase them permanently.',
		name: 'removeNotice',
		type: 'notice',
		default: '',
	},
	eventLocator(),
	...attendeeIdsProperty(
		'The attendees of this item: attendee IDs (UUIDs), one or several separated by commas',
	),
	batchOptionsProperty(
		'removeOptions',
		'How many attendees one request carries. The items of one execution are grouped per event and sent in as few requests as this allows.',
	),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['remove'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const removeAttendees = bulkRemoval(description, 'bulk-remove', 'removeOptions');
