import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxList } from '../../transport';
import type { ItemOperation } from '../types';

export const description: INodeProperties[] = [
	eventLocator({ show: { resource: ['attendeeTag'], operation: ['getMany'] } }),
];

export const getMany: ItemOperation<{ eventId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId }, itemIndex) {
		const { dataList } = await eventxList.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/attendee-tag/all`,
			itemIndex,
		});
		return dataList;
	},
};
