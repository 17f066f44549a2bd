import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { mediaIdProperty, readMediaId } from './fields';

const properties: INodeProperties[] = [eventLocator(), ...mediaIdProperty()];

const displayOptions = { show: { resource: ['media'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const get: ItemOperation<{ eventId: string; mediaId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex), mediaId: readMediaId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, mediaId }, itemIndex) {
		return await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/media/${mediaId}`,
			itemIndex,
		});
	},
};
