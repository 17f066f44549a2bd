import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxData } from '../../transport';
import { modelFilled } from '../../helpers/tool';
import type { ItemOperation } from '../types';
import { attendeeIdProperty, readAttendeeId, show } from './fields';

export const description: INodeProperties[] = [
	eventLocator({ show: show('get') }),
	...modelFilled(attendeeIdProperty('get')),
];

export const get: ItemOperation<{ eventId: string; attendeeId: string }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex), attendeeId: readAttendeeId(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, attendeeId }, itemIndex) {
		return await eventxData.call(this, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/attendee/${attendeeId}`,
			itemIndex,
		});
	},
};
