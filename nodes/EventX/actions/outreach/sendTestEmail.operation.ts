import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { TEST_EMAIL_TEMPLATE_TYPES } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField, isEmail, listEntries, requireOneOf } from '../../helpers/validation';
import { API_PREFIX, eventxNoContent } from '../../transport';
import type { ItemOperation } from '../types';
import { enumOptions } from '../../helpers/labels';

export const MAX_TEST_EMAILS = 5;

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Template Type',
		name: 'testTemplateType',
		type: 'options',
		options: enumOptions(TEST_EMAIL_TEMPLATE_TYPES),
		default: 'confirmation-email',
		required: true,
		description: 'The template to send as a test. EventX sends tests of these two types only.',
	},
	{
		displayName: 'Test Email Addresses',
		name: 'testEmails',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. me@example.com, colleague@example.com',
		description: '1 to 5 addresses: a comma-separated list, or an array from an expression',
	},
];

const displayOptions = { show: { resource: ['outreach'], operation: ['sendTestEmail'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	templateType: string;
	testEmails: string[];
}

export const sendTestEmail: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const templateType = requireOneOf(
			this,
			this.getNodeParameter('testTemplateType', itemIndex),
			TEST_EMAIL_TEMPLATE_TYPES,
			'Template Type',
			itemIndex,
		);
		const raw = this.getNodeParameter('testEmails', itemIndex, '') as unknown;
		const testEmails: string[] = [];
		for (const address of listEntries(raw)) {
			if (typeof address !== 'string')
				throw invalidField(
					this,
					'Test Email Addresses',
					`${JSON.stringify(address)} is not an email address`,
					itemIndex,
				);
			if (!isEmail(address))
				throw invalidField(
					this,
					'Test Email Addresses',
					`"${address}" is not a valid email address`,
					itemIndex,
				);
			testEmails.push(address);
		}
		if (testEmails.length === 0)
			throw invalidField(this, 'Test Email Addresses', 'give at least one address', itemIndex);
		if (testEmails.length > MAX_TEST_EMAILS)
			throw invalidField(
				this,
				'Test Email Addresses',
				`${testEmails.length} addresses given; EventX accepts 1 to ${MAX_TEST_EMAILS}`,
				itemIndex,
			);
		return { eventId, templateType, testEmails };
	},
	async execute(this: IExecuteFunctions, plan, itemIndex) {
		await eventxNoContent.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/event/${plan.eventId}/outreach/email-template/${plan.templateType}/test`,
			body: { testEmails: plan.testEmails },
			retry: 'write',
			itemIndex,
		});
		return { ...plan, sent: true };
	},
};
