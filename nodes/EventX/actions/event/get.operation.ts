import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

export const description: INodeProperties[] = [
	eventLocator({ show: { resource: ['event'], operation: ['get'] } }),
];

export const get: ItemOperation<{ eventId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId }, itemIndex) {
		return await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}`,
			itemIndex,
		});
	},
};
