import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxNoContent } from '../../transport';
import type { ItemOperation } from '../types';
import { mediaIdProperty, readMediaId } from './fields';

const properties: INodeProperties[] = [
	{
		displayName:
			'Deleting a media file is permanent: EventX removes the record and its file, and an event or page that shows it loses the image. It cannot be restored.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
	},
	eventLocator(),
	...mediaIdProperty(),
];

const displayOptions = { show: { resource: ['media'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const deleteMedia: ItemOperation<{ eventId: string; mediaId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex), mediaId: readMediaId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, mediaId }, itemIndex) {
		await eventxNoContent.call(this, {
			method: 'DELETE',
			path: `${API_PREFIX}/event/${eventId}/media/${mediaId}`,
			retry: 'write',
			itemIndex,
		});
		return { id: mediaId, eventId, deleted: true };
	},
};
