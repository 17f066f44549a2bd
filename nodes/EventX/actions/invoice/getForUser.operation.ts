import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { readSimplify } from '../../helpers/simplify';
import { modelFilled } from '../../helpers/tool';
import { requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { invoiceSimplifyProperty, simplifyInvoice } from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled({
		displayName: 'User ID',
		name: 'userId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		description:
			"The EventX user's ID (a UUID), e.g. an order's userId: EventX finds their ticket and its order",
	}),
	invoiceSimplifyProperty(),
];

const displayOptions = { show: { resource: ['invoice'], operation: ['getForUser'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const getForUser: ItemOperation<{ eventId: string; userId: string; simplify: boolean }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			userId: requireUuid(
				this,
				this.getNodeParameter('userId', itemIndex, ''),
				'User ID',
				itemIndex,
			),
			simplify: readSimplify(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, userId, simplify }, itemIndex) {
		// A read sent as POST (the user ID travels in the body): nothing changes, so any transient
		// failure may be retried.
		const invoice = await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/event/${eventId}/invoice/details`,
			body: { userId },
			retry: 'read',
			itemIndex,
		});
		return simplify ? simplifyInvoice(invoice) : invoice;
	},
};
