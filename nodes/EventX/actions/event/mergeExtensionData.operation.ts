import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField, parseJson, validate } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const scalar = z.union([z.string(), z.number().finite(), z.boolean()]);

/** What EventX merges: strings, numbers, booleans, arrays of those, or null. */
const extensionDataSchema = z.record(z.union([scalar, z.array(scalar), z.null()]));

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Extension Data',
		name: 'extensionData',
		type: 'json',
		default: '{\n  "region": "APAC"\n}',
		required: true,
		description:
			"The keys to set in the event's extension data, with their values (texts, numbers, booleans, lists of those, or null). Keys not given keep their values.",
		hint: 'JSON object, for example { "region": "APAC", "capacity": 300, "tags": ["vip"] }',
	},
];

const displayOptions = { show: { resource: ['event'], operation: ['mergeExtensionData'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	extensionData: IDataObject;
}

export const mergeExtensionData: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const raw = parseJson(
			this,
			this.getNodeParameter('extensionData', itemIndex, ''),
			'Extension Data',
			itemIndex,
		);
		if (raw === undefined || raw === null || typeof raw !== 'object' || Array.isArray(raw))
			throw invalidField(
				this,
				'Extension Data',
				'must be a JSON object of keys and values',
				itemIndex,
			);
		const extensionData = validate(this, extensionDataSchema, raw, 'Extension Data', itemIndex);
		if (Object.keys(extensionData).length === 0)
			throw invalidField(this, 'Extension Data', 'no key given', itemIndex);
		return {
			eventId: readEventId(this, itemIndex),
			extensionData: extensionData as IDataObject,
		};
	},
	async execute(this: IExecuteFunctions, { eventId, extensionData }, itemIndex) {
		// Answers the whole event with its merged extension data.
		return await eventxData.call(this, {
			method: 'PATCH',
			path: `${API_PREFIX}/event/${eventId}/extension-data`,
			body: { extensionData },
			retry: 'write',
			itemIndex,
		});
	},
};
