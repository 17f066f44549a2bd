import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { sendConfirmationEmail } from './sendConfirmationEmail.operation';
import { sendConfirmationSms } from './sendConfirmationSms.operation';
import { sendConfirmationWhatsApp } from './sendConfirmationWhatsApp.operation';
import { sendManualEmail } from './sendManualEmail.operation';
import { sendTestEmail } from './sendTestEmail.operation';
import { upsertEmailTemplate } from './upsertEmailTemplate.operation';

// n8n's action-casing lint rule reads "WhatsApp" as two words and would lower-case it; n8n's own
// nodes write the brand as WhatsApp does. test/actions/actionNames.test.ts holds the casing.
const WHATSAPP_ACTION = 'Send confirmation WhatsApp messages';

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
			description: "Save one of the event's email templates: subject, content and sender",
			action: 'Create or update an email template',
		},
		{
			name: 'Send Confirmation Email',
			value: 'sendConfirmationEmail',
			description: 'Email the registration confirmation to attendees now, each once per execution',
			action: 'Send confirmation emails',
		},
		{
			name: 'Send Confirmation SMS',
			value: 'sendConfirmationSms',
			description: 'Text the registration confirmation to attendees now, each once per execution',
			action: 'Send confirmation SMS messages',
		},
		{
			name: 'Send Confirmation WhatsApp',
			value: 'sendConfirmationWhatsApp',
			description:
				'Send the registration confirmation on WhatsApp now, each attendee once per execution',
			action: WHATSAPP_ACTION,
		},
		{
			name: 'Send Manual Email',
			value: 'sendManualEmail',
			description: 'Send a drafted manual email to attendees now, each once per execution',
			action: 'Send a manual email',
		},
		{
			name: 'Send Test Email',
			value: 'sendTestEmail',
			description: 'Send a test of a confirmation template to 1 to 5 email addresses',
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
