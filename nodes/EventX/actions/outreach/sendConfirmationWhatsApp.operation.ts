import type { IExecuteFunctions } from 'n8n-workflow';

import { API_PREFIX } from '../../transport';
import { attendeeSendOperation, readSendPlan } from './attendeeSend';

/** Send Confirmation WhatsApp: the event's confirmation template, to the attendees of all items (batched, never twice). */
export const sendConfirmationWhatsApp = attendeeSendOperation(
	'sendConfirmationWhatsApp',
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
