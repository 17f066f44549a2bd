import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { EVENT_FORMATS } from '../../helpers/enums';
import { requireOneOf, requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { coreEventProperties, formatOptions, readCoreEventFields } from './fields';

const show = { resource: ['event'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Organization ID',
		name: 'organizationId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7c9e6679-7425-40de-944b-e07fc1f90ae7',
		description:
			'The organization that will own the event. Its ID is on every event of that organization.',
		displayOptions: { show },
	},
	...coreEventProperties(show),
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		options: formatOptions,
		default: 'in-person',
		required: true,
		displayOptions: { show },
	},
];

export const create: ItemOperation<IDataObject> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			organizationId: requireUuid(
				this,
				this.getNodeParameter('organizationId', itemIndex),
				'Organization ID',
				itemIndex,
			),
			...readCoreEventFields(this, itemIndex),
			format: requireOneOf(
				this,
				this.getNodeParameter('format', itemIndex),
				EVENT_FORMATS,
				'Format',
				itemIndex,
			),
		};
	},
	async execute(this: IExecuteFunctions, body, itemIndex) {
		return await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/event`,
			body,
			itemIndex,
		});
	},
};
