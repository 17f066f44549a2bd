import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { modelFilled } from '../../helpers/tool';
import { requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled({
		displayName: 'Registration Form ID',
		name: 'regFormId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		description: 'The registration form (a UUID), e.g. the ID Create returned',
	}),
];

const displayOptions = { show: { resource: ['registrationForm'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const get: ItemOperation<{ eventId: string; regFormId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			regFormId: requireUuid(
				this,
				this.getNodeParameter('regFormId', itemIndex, ''),
				'Registration Form ID',
				itemIndex,
			).toLowerCase(),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, regFormId }, itemIndex) {
		return await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/reg/event/${eventId}/${regFormId}`,
			itemIndex,
		});
	},
};
