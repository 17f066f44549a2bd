import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { modelFilled } from '../../helpers/tool';
import { invalidField } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { show } from './fields';

export const description: INodeProperties[] = [
	eventLocator({ show: show('getByShortCode') }),
	...modelFilled({
		displayName: 'Short Code',
		name: 'shortCode',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. K7Q2XM',
		description:
			"The attendee's short code, the few letters and digits printed on their ticket and confirmation (e.g. K7Q2XM)",
		displayOptions: { show: show('getByShortCode') },
	}),
	{
		displayName: 'Options',
		name: 'shortCodeOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: show('getByShortCode') },
		options: [
			{
				displayName: 'Ignore Case',
				name: 'ignoreCase',
				type: 'boolean',
				default: false,
				description: 'Whether to match the short code regardless of upper and lower case',
			},
		],
	},
];

export const getByShortCode: ItemOperation<{ eventId: string; code: string; ignoreCase: boolean }> =
	{
		description,
		prepare(this: IExecuteFunctions, itemIndex) {
			const raw = this.getNodeParameter('shortCode', itemIndex, '') as unknown;
			const code = typeof raw === 'string' ? raw.trim() : '';
			if (code === '') throw invalidField(this, 'Short Code', 'is required', itemIndex);
			const options = this.getNodeParameter('shortCodeOptions', itemIndex, {}) as IDataObject;
			return {
				eventId: readEventId(this, itemIndex),
				code,
				ignoreCase: options.ignoreCase === true,
			};
		},
		async execute(this: IExecuteFunctions, { eventId, code, ignoreCase }, itemIndex) {
			return await eventxData.call(this, {
				method: 'GET',
				path: `${API_PREFIX}/event/${eventId}/attendee/short-code/${encodeURIComponent(code)}`,
				qs: ignoreCase ? { isIgnoreCase: true } : {},
				itemIndex,
			});
		},
	};
