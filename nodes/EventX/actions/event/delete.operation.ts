import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxNoContent } from '../../transport';
import type { ItemOperation } from '../types';

// The event is never model-filled (an AI tool deletes only the event its user picked).
const properties: INodeProperties[] = [
	{
		displayName:
			"Deleting an event takes it, with its attendees, orders and webhooks, out of EventX's lists and of this API at once. EventX keeps the record for recovery, but this node cannot restore it.",
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	eventLocator(),
];

const displayOptions = { show: { resource: ['event'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const deleteEvent: ItemOperation<{ eventId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId }, itemIndex) {
		// Not repeated on an ambiguous failure: `write` retries only where nothing was applied.
		await eventxNoContent.call(this, {
			method: 'DELETE',
			path: `${API_PREFIX}/event/${eventId}`,
			retry: 'write',
			itemIndex,
		});
		return { id: eventId, deleted: true };
	},
};
