import type { ILoadOptionsFunctions, ResourceMapperFields } from 'n8n-workflow';

import { attendeeFields, questionFields } from '../actions/attendee/columns';
import { chosenEventId } from '../helpers/eventLocator';
import { API_PREFIX, eventxList } from '../transport';

/**
 * The attendee columns of Create or Update and Update: EventX's attendee fields and
 * the chosen event's custom questions, labels shown and IDs sent. Create or Update adds the
 * attendee's ID (it decides between create and update).
 */
export async function getAttendeeColumns(
	this: ILoadOptionsFunctions,
): Promise<ResourceMapperFields> {
	const withId = this.getCurrentNodeParameter('operation') === 'upsert';
	const eventId = chosenEventId(this);
	if (!eventId) return { fields: attendeeFields(withId) };
	const { dataList } = await eventxList.call(this, {
		method: 'GET',
		path: `${API_PREFIX}/event/${eventId}/custom-field/all`,
	});
	return { fields: [...attendeeFields(withId), ...questionFields(dataList)] };
}
