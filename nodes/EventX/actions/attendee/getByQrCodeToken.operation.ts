import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { modelFilled } from '../../helpers/tool';
import { invalidField } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { show } from './fields';

export const description: INodeProperties[] = [
	eventLocator({ show: show('getByQrCodeToken') }),
	...modelFilled({
		displayName: 'QR Code Token',
		name: 'qrCodeToken',
		type: 'string',
		default: '',
		required: true,
		description: "The token encoded in the attendee's check-in QR code",
		displayOptions: { show: show('getByQrCodeToken') },
	}),
];

export const getByQrCodeToken: ItemOperation<{ eventId: string; token: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const raw = this.getNodeParameter('qrCodeToken', itemIndex, '') as unknown;
		const token = typeof raw === 'string' ? raw.trim() : '';
		if (token === '') throw invalidField(this, 'QR Code Token', 'is required', itemIndex);
		return { eventId: readEventId(this, itemIndex), token };
	},
	async execute(this: IExecuteFunctions, { eventId, token }, itemIndex) {
		return await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/attendee/qr-code-token/${encodeURIComponent(token)}`,
			itemIndex,
		});
	},
};
