import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { modelFilled } from '../../helpers/tool';
import { requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled({
		displayName: 'Order ID',
		name: 'orderId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		description: 'The order (a UUID), e.g. the ID Create Order returned',
	}),
];

const displayOptions = { show: { resource: ['ticketing'], operation: ['getOrderStatus'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const getOrderStatus: ItemOperation<{ eventId: string; orderId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			orderId: requireUuid(
				this,
				this.getNodeParameter('orderId', itemIndex, ''),
				'Order ID',
				itemIndex,
			).toLowerCase(),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, orderId }, itemIndex) {
		const data = await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/reg/event/${eventId}/${orderId}/status`,
			itemIndex,
		});
		// `{ order: { id, status } }`: the order itself is the item.
		const order = data.order as IDataObject | undefined;
		return order && typeof order === 'object' ? { ...order, eventId } : data;
	},
};
