import type { IExecuteFunctions } from 'n8n-workflow';

import { API_PREFIX } from '../../transport';
import { attendeeSendOperation, readSendPlan } from './attendeeSend';

/** Send Confirmation SMS: the event's confirmation template, to the attendees of all items (batched, never twice). */
export const sendConfirmationSms = attendeeSendOperation(
	'sendConfirmationSms',
	function (this: IExecuteFunctions, itemIndex) {
		return readSendPlan(
			this,
			itemIndex,
			'sms',
			(eventId) => `${API_PREFIX}/event/${eventId}/outreach/sms-template/confirmation-sms/send`,
		);
	},
);
