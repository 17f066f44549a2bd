import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { requireUrlFits } from '../../helpers/urlLength';
import { pathSegment } from '../../helpers/validation';
import { readSimplify, simplifyProperty } from '../../helpers/simplify';
import { modelFilled } from '../../helpers/tool';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { attendeeAtTheDoor } from './lookup';

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
	simplifyProperty(
		"Whether to return the attendee as door staff need it (read by ID: name, ticket class by name, registration and check-in status, answers by question) instead of EventX's answer (ID, creation time and answers only)",
	),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['getByShortCode'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const getByShortCode: ItemOperation<{
	eventId: string;
	path: string;
	qs: IDataObject;
	simplify: boolean;
}> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const code = pathSegment(
			this,
			this.getNodeParameter('shortCode', itemIndex, ''),
			'Short Code',
			itemIndex,
		);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const path = `${API_PREFIX}/event/${eventId}/attendee/short-code/${code}`;
		const qs = options.ignoreCase === true ? { isIgnoreCase: true } : {};
		requireUrlFits(this, itemIndex, path, qs, [
			{ field: 'Short Code', text: decodeURIComponent(code) },
		]);
		return { eventId, path, qs, simplify: readSimplify(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, path, qs, simplify }, itemIndex) {
		const attendee = await eventxData.call(this, { method: 'GET', path, qs, itemIndex });
		return simplify ? await attendeeAtTheDoor(this, eventId, attendee, itemIndex) : attendee;
	},
};
