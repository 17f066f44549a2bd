import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { EMAIL_TEMPLATE_TYPES } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import {
	compact,
	invalidField,
	isEmail,
	parseJson,
	requireOneOf,
	requireUuid,
} from '../../helpers/validation';
import { API_PREFIX, eventxNoContent } from '../../transport';
import type { ItemOperation } from '../types';
import { enumOptions } from '../../helpers/labels';

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Template Type',
		name: 'templateType',
		type: 'options',
		options: enumOptions(EMAIL_TEMPLATE_TYPES),
		default: 'confirmation-email',
		required: true,
		description: 'The template of the event to create or update',
	},
	{
		displayName: 'Template Fields',
		name: 'templateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description: 'Only the fields set here are sent; the others keep their values',
		options: [
			{
				displayName: 'Attach Calendar File',
				name: 'shouldAttachCalendarFile',
				type: 'boolean',
				default: false,
				description: 'Whether the email carries a calendar file of the event',
			},
			{
				displayName: 'Attach Check-In QR Code',
				name: 'shouldAttachCheckInQRCodeFile',
				type: 'boolean',
				default: false,
				description: "Whether the email carries the attendee's check-in QR code",
			},
			{
				displayName: 'Content (HTML)',
				name: 'contentHtml',
				type: 'string',
				typeOptions: { rows: 6 },
				default: '',
			},
			{
				displayName: 'Design (JSON)',
				name: 'design',
				type: 'json',
				default: '{}',
				description: "The email editor's design document, a JSON object",
			},
			{
				displayName: 'Disabled',
				name: 'isDisabled',
				type: 'boolean',
				default: false,
				description: 'Whether the template is switched off (EventX then does not send it)',
			},
			{
				displayName: 'Reply-To Email',
				name: 'replyToEmail',
				type: 'string',
				default: '',
				placeholder: 'e.g. events@example.com',
				description: 'Leave empty to remove the reply-to address',
			},
			{
				displayName: 'Sender ID',
				name: 'senderId',
				type: 'string',
				default: '',
				placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
				description: 'The sender (a UUID) that the email is sent from',
			},
			{ displayName: 'Sender Name', name: 'senderName', type: 'string', default: '' },
			{ displayName: 'Subject', name: 'subject', type: 'string', default: '' },
		],
	},
];

const displayOptions = { show: { resource: ['outreach'], operation: ['upsertEmailTemplate'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	templateType: string;
	body: IDataObject;
}

const booleanFields: Record<string, string> = {
	isDisabled: 'Disabled',
	shouldAttachCalendarFile: 'Attach Calendar File',
	shouldAttachCheckInQRCodeFile: 'Attach Check-In QR Code',
};
const stringFields: Record<string, string> = {
	contentHtml: 'Content (HTML)',
	senderName: 'Sender Name',
	subject: 'Subject',
};

export const upsertEmailTemplate: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const templateType = requireOneOf(
			this,
			this.getNodeParameter('templateType', itemIndex),
			EMAIL_TEMPLATE_TYPES,
			'Template Type',
			itemIndex,
		);
		const fields = this.getNodeParameter('templateFields', itemIndex, {}) as IDataObject;
		const body: IDataObject = {};
		for (const [name, label] of Object.entries(stringFields)) {
			if (fields[name] === undefined) continue;
			if (typeof fields[name] !== 'string')
				throw invalidField(this, label, 'must be text', itemIndex);
			body[name] = fields[name];
		}
		for (const [name, label] of Object.entries(booleanFields)) {
			if (fields[name] === undefined) continue;
			if (typeof fields[name] !== 'boolean')
				throw invalidField(this, label, 'must be true or false', itemIndex);
			body[name] = fields[name];
		}
		if (fields.senderId !== undefined)
			body.senderId = requireUuid(this, fields.senderId, 'Sender ID', itemIndex);
		if (fields.replyToEmail !== undefined) {
			const replyTo = fields.replyToEmail;
			if (replyTo === null || (typeof replyTo === 'string' && replyTo.trim() === ''))
				body.replyToEmail = null;
			else if (typeof replyTo !== 'string' || !isEmail(replyTo.trim()))
				throw invalidField(
					this,
					'Reply-To Email',
					`${JSON.stringify(replyTo)} is not a valid email address`,
					itemIndex,
				);
			else body.replyToEmail = replyTo.trim();
		}
		if (fields.design !== undefined) {
			const design = parseJson(this, fields.design, 'Design (JSON)', itemIndex);
			if (design === null || typeof design !== 'object' || Array.isArray(design))
				throw invalidField(this, 'Design (JSON)', 'must be a JSON object', itemIndex);
			body.design = design as IDataObject;
		}
		return { eventId, templateType, body: compact(body) };
	},
	async execute(this: IExecuteFunctions, plan, itemIndex) {
		await eventxNoContent.call(this, {
			method: 'PUT',
			path: `${API_PREFIX}/event/${plan.eventId}/outreach/email-template/${plan.templateType}`,
			body: plan.body,
			retry: 'write',
			itemIndex,
		});
		return { eventId: plan.eventId, templateType: plan.templateType, ...plan.body, saved: true };
	},
};
