import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { readSimplify } from '../../helpers/simplify';
import { modelFilled } from '../../helpers/tool';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import {
	ORDER_ID_FOR_MODEL,
	orderLocator,
	orderSimplifyProperty,
	readOrderId,
	simplifyOrder,
} from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	...orderLocator().flatMap((p) => modelFilled(p, ORDER_ID_FOR_MODEL)),
	orderSimplifyProperty(),
];

const displayOptions = { show: { resource: ['order'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const get: ItemOperation<{ eventId: string; orderId: string; simplify: boolean }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			orderId: readOrderId(this, itemIndex),
			simplify: readSimplify(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, orderId, simplify }, itemIndex) {
		const order = await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/order/${orderId}`,
			itemIndex,
		});
		return simplify ? simplifyOrder(order) : order;
	},
};
