import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { pathSegment } from '../../helpers/validation';
import { readSimplify, simplifyAttendees, simplifyProperty } from '../../helpers/simplify';
import { modelFilled } from '../../helpers/tool';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled({
		displayName: 'Short Code',
		name: 'shortCode',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. K7Q2XM',
		description:
			"The attendee's short code, the few letters and digits printed on their ticket and confirmation (e.g. K7Q2XM)",
	}),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
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
	simplifyProperty(),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['getByShortCode'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const getByShortCode: ItemOperation<{
	eventId: string;
	code: string;
	ignoreCase: boolean;
	simplify: boolean;
}> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const code = pathSegment(
			this,
			this.getNodeParameter('shortCode', itemIndex, ''),
			'Short Code',
			itemIndex,
		);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		return {
			eventId: readEventId(this, itemIndex),
			code,
			ignoreCase: options.ignoreCase === true,
			simplify: readSimplify(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, code, ignoreCase, simplify }, itemIndex) {
		const attendee = await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/attendee/short-code/${code}`,
			qs: ignoreCase ? { isIgnoreCase: true } : {},
			itemIndex,
		});
		return simplify ? (await simplifyAttendees(this, eventId, [attendee], itemIndex))[0] : attendee;
	},
};
