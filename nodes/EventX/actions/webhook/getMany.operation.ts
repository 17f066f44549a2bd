import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { readSimplify, simplifyProperty, withoutRawData } from '../../helpers/simplify';
import { API_PREFIX, eventxList } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [eventLocator(), simplifyProperty()];

const displayOptions = { show: { resource: ['webhook'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Every webhook of the event (EventX answers them all at once), one output item each. */
export const getMany: ItemOperation<{ eventId: string; simplify: boolean }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex), simplify: readSimplify(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, simplify }, itemIndex) {
		const { dataList } = await eventxList.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/webhook/all`,
			itemIndex,
		});
		return simplify ? dataList.map(withoutRawData) : dataList;
	},
};
