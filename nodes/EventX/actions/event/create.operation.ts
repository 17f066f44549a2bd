import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { EVENT_FORMATS } from '../../helpers/enums';
import { organizationLocator, readOrganizationId } from '../../helpers/locators';
import { requireOneOf } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { coreEventProperties, formatOptions, readCoreEventFields } from './fields';

const properties: INodeProperties[] = [
	organizationLocator(
		'The organization that will own the event. The list shows the organizations of the events you host or manage.',
	),
	...coreEventProperties(),
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		options: formatOptions,
		default: 'in-person',
		required: true,
	},
];

const displayOptions = { show: { resource: ['event'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const create: ItemOperation<IDataObject> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			organizationId: readOrganizationId(this, itemIndex),
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
