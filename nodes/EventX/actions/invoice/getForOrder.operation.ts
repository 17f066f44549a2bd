import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { readSimplify } from '../../helpers/simplify';
import { modelFilled } from '../../helpers/tool';
import { API_PREFIX, eventxData } from '../../transport';
import { ORDER_ID_FOR_MODEL, orderLocator, readOrderId } from '../order/fields';
import type { ItemOperation } from '../types';
import { invoiceSimplifyProperty, simplifyInvoice } from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	...orderLocator().flatMap((p) => modelFilled(p, ORDER_ID_FOR_MODEL)),
	invoiceSimplifyProperty(),
];

const displayOptions = { show: { resource: ['invoice'], operation: ['getForOrder'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const getForOrder: ItemOperation<{ eventId: string; orderId: string; simplify: boolean }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			orderId: readOrderId(this, itemIndex),
			simplify: readSimplify(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, orderId, simplify }, itemIndex) {
		const invoice = await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/invoice/${orderId}`,
			itemIndex,
		});
		return simplify ? simplifyInvoice(invoice) : invoice;
	},
};
