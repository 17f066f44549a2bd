import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { readSimplify, simplifyAttendees, simplifyProperty } from '../../helpers/simplify';
import { API_PREFIX, eventxData } from '../../transport';
import { modelFilled } from '../../helpers/tool';
import type { ItemOperation } from '../types';
import { ATTENDEE_ID_FOR_MODEL, attendeeLocator, readAttendeeId } from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled(attendeeLocator(), ATTENDEE_ID_FOR_MODEL),
	simplifyProperty(),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const get: ItemOperation<{ eventId: string; attendeeId: string; simplify: boolean }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			attendeeId: readAttendeeId(this, itemIndex),
			simplify: readSimplify(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, { eventId, attendeeId, simplify }, itemIndex) {
		const attendee = await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/attendee/${attendeeId}`,
			itemIndex,
		});
		return simplify ? (await simplifyAttendees(this, eventId, [attendee], itemIndex))[0] : attendee;
	},
};
