import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import { modelFilled } from '../../helpers/tool';
import { nodeVersion, v1AndV2, v3Only } from '../../helpers/versions';
import type { ItemOperation } from '../types';
import { columnsProperty, readColumns, unknownFieldsOption } from './columns';
import {
	ATTENDEE_ID_FOR_MODEL,
	attendeeLocator,
	customFieldsProperty,
	profileProperty,
	readAttendeeId,
	readProfile,
} from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	...attendeeLocator().flatMap((p) => modelFilled(p, ATTENDEE_ID_FOR_MODEL)),
	v1AndV2(profileProperty('updateFields', 'Update Fields', false)),
	v1AndV2(customFieldsProperty('updateCustomFields')),
	v3Only(columnsProperty('update')),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [unknownFieldsOption],
	},
];

const displayOptions = { show: { resource: ['attendee'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	attendeeId: string;
	body: IDataObject;
}

export const update: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const attendeeId = readAttendeeId(this, itemIndex);
		const v3 = nodeVersion(this) >= 3;
		const body = v3
			? readColumns(this, itemIndex, false).body
			: readProfile(this, itemIndex, 'updateFields', 'updateCustomFields');
		if (Object.keys(body).length === 0)
			throw invalidField(
				this,
				v3 ? 'Columns' : 'Update Fields',
				v3 ? 'no column has a value to update' : 'add at least one field to update',
				itemIndex,
			);
		return { eventId, attendeeId, body };
	},
	async execute(this: IExecuteFunctions, { eventId, attendeeId, body }, itemIndex) {
		return await eventxData.call(this, {
			method: 'PATCH',
			path: `${API_PREFIX}/event/${eventId}/attendee/${attendeeId}`,
			body,
			retry: 'write',
			itemIndex,
		});
	},
};
