import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField } from '../../helpers/validation';
import { modelFilled } from '../../helpers/tool';
import type { ItemOperation } from '../types';
import { ATTENDEE_ID_FOR_MODEL, attendeeLocator, readAttendeeId } from './fields';
import { changeAttendeeTicket, readTicketChange, ticketProperties } from './ticket';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled(attendeeLocator(), ATTENDEE_ID_FOR_MODEL),
	...ticketProperties(false),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['changeTicket'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	attendeeId: string;
	body: IDataObject;
}

/** One request per attendee: EventX has no bulk endpoint for ticket changes. */
export const changeTicket: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const attendeeId = readAttendeeId(this, itemIndex);
		const body = readTicketChange(this, itemIndex);
		if (!body)
			throw invalidField(
				this,
				'Ticket Class',
				'choose a ticket class or at least one add-on',
				itemIndex,
			);
		return { eventId, attendeeId, body };
	},
	async execute(this: IExecuteFunctions, { eventId, attendeeId, body }, itemIndex) {
		return await changeAttendeeTicket(this, eventId, attendeeId, body, itemIndex);
	},
};
