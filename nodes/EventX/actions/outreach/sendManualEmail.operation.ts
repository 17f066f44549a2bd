import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { requireUuid } from '../../helpers/validation';
import { API_PREFIX } from '../../transport';
import { attendeeSendOperation, attendeeSendProperties, readSendPlan } from './attendeeSend';

const properties: INodeProperties[] = attendeeSendProperties([
	{
		displayName: 'Outreach Email ID',
		name: 'outreachEmailId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 5d0c7a0e-4f59-4d3b-9a52-0f3b8f4c2e1a',
		description:
			"The draft manual email to send (its ID, a UUID). EventX's API offers no list of manual emails to pick from: copy the ID of the draft from EventX's admin panel, where the draft's page shows it.",
	},
]);

const displayOptions = { show: { resource: ['outreach'], operation: ['sendManualEmail'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Send Manual Email: a draft manual email to the attendees of all items (batched, never twice). */
export const sendManualEmail = attendeeSendOperation(
	description,
	function (this: IExecuteFunctions, itemIndex) {
		const outreachEmailId = requireUuid(
			this,
			this.getNodeParameter('outreachEmailId', itemIndex),
			'Outreach Email ID',
			itemIndex,
		).toLowerCase();
		// The manual-email path is the one outreach path outside /event/{eventId}.
		return readSendPlan(
			this,
			itemIndex,
			'manual-email',
			(eventId) => `${API_PREFIX}/outreach/${eventId}/manual-email/${outreachEmailId}/send`,
			{ outreachEmailId },
		);
	},
);
