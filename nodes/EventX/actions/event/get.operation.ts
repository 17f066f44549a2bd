import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { readSimplify, simplifyEvent, simplifyProperty } from '../../helpers/simplify';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [eventLocator(), simplifyProperty()];

const displayOptions = { show: { resource: ['event'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const get: ItemOperation<{ eventId: string; simplify: boolean }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex), simplify: readSimplify(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, simplify }, itemIndex) {
		const event = await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}`,
			itemIndex,
		});
		return simplify ? simplifyEvent(event) : event;
	},
};
