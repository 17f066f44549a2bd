import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { API_PREFIX } from '../../transport';
import { attendeeSendOperation, attendeeSendProperties, readSendPlan } from './attendeeSend';

const properties: INodeProperties[] = attendeeSendProperties();

const displayOptions = {
	show: { resource: ['outreach'], operation: ['sendConfirmationWhatsApp'] },
};

export const description = updateDisplayOptions(displayOptions, properties);

/** Send Confirmation WhatsApp: the event's confirmation template, to the attendees of all items (batched, never twice). */
export const sendConfirmationWhatsApp = attendeeSendOperation(
	description,
	function (this: IExecuteFunctions, itemIndex) {
		return readSendPlan(
			this,
			itemIndex,
			'whatsapp',
			(eventId) =>
				`${API_PREFIX}/event/${eventId}/outreach/whatsapp-template/confirmation-message/send`,
		);
	},
);
