import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import { modelFilled } from '../../helpers/tool';
import type { ItemOperation } from '../types';
import { columnsProperty, readColumns, unknownFieldsOption } from './columns';
import { ATTENDEE_ID_FOR_MODEL, attendeeLocator, readAttendeeId } from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled(attendeeLocator(), ATTENDEE_ID_FOR_MODEL),
	columnsProperty('update'),
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
		const { body } = readColumns(this, itemIndex, false);
		if (Object.keys(body).length === 0)
			throw invalidField(this, 'Columns', 'no column has a value to update', itemIndex);
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
