import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { sendConfirmationEmail } from './sendConfirmationEmail.operation';
import { sendConfirmationSms } from './sendConfirmationSms.operation';
import { sendConfirmationWhatsApp } from './sendConfirmationWhatsApp.operation';
import { sendManualEmail } from './sendManualEmail.operation';
import { sendTestEmail } from './sendTestEmail.operation';
import { upsertEmailTemplate } from './upsertEmailTemplate.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['outreach'] } },
	options: [
		{
			name: 'Create or Update Email Template',
			value: 'upsertEmailTemplate',
			description: "Create or update one of the event's email templates",
			action: 'Create or update an email template',
		},
		{
			name: 'Send Confirmation Email',
			value: 'sendConfirmationEmail',
			description: 'Email the confirmation to attendees (each attendee once per execution)',
			action: 'Send confirmation emails',
		},
		{
			name: 'Send Confirmation SMS',
			value: 'sendConfirmationSms',
			description: 'Text the confirmation to attendees (each attendee once per execution)',
			action: 'Send confirmation SMS',
		},
		{
			name: 'Send Confirmation WhatsApp',
			value: 'sendConfirmationWhatsApp',
			description: 'Send the confirmation on WhatsApp (each attendee once per execution)',
			action: 'Send confirmation whatsapp messages',
		},
		{
			name: 'Send Manual Email',
			value: 'sendManualEmail',
			description: 'Send a draft manual email to attendees (each attendee once per execution)',
			action: 'Send a manual email',
		},
		{
			name: 'Send Test Email',
			value: 'sendTestEmail',
			description: 'Send a test of a confirmation template to 1 to 5 addresses',
			action: 'Send a test email',
		},
	],
	default: 'sendConfirmationEmail',
};

export const outreachResource: Resource = {
	operationProperty,
	operations: {
		sendConfirmationEmail,
		sendConfirmationSms,
		sendConfirmationWhatsApp,
		sendManualEmail,
		sendTestEmail,
		upsertEmailTemplate,
	},
};
