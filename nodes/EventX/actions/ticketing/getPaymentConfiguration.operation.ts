import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [eventLocator()];

const displayOptions = {
	show: { resource: ['ticketing'], operation: ['getPaymentConfiguration'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

export const getPaymentConfiguration: ItemOperation<{ eventId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId }, itemIndex) {
		const config = await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/reg/event/${eventId}`,
			itemIndex,
		});
		return { eventId, ...config };
	},
};
