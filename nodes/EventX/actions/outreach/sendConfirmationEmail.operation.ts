import type { IExecuteFunctions } from 'n8n-workflow';

import { API_PREFIX } from '../../transport';
import { attendeeSendOperation, readSendPlan } from './attendeeSend';

/** Send Confirmation Email: the event's confirmation template, to the attendees of all items (batched, never twice). */
export const sendConfirmationEmail = attendeeSendOperation(
	'sendConfirmationEmail',
	function (this: IExecuteFunctions, itemIndex) {
		return readSendPlan(
			this,
			itemIndex,
			'email',
			(eventId) => `${API_PREFIX}/event/${eventId}/outreach/email-template/confirmation-email/send`,
		);
	},
);
