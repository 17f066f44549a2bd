import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { REG_FORM_PROFILE_FIELDS } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import {
	invalidField,
	isUuid,
	listEntries,
	parseJson,
	requireUuid,
	requireWholeNumber,
} from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Name',
		name: 'formName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Standard Registration',
		description: "The form's name, as the organizers see it",
	},
	{
		displayName: 'Enabled',
		name: 'isEnabled',
		type: 'boolean',
		default: true,
		description: 'Whether attendees can register through the form',
	},
	{
		displayName: 'Ticket Class Names or IDs',
		name: 'ticketClassIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getTicketClasses', loadOptionsDependsOn: ['eventId.value'] },
		default: [],
		required: true,
		description:
			'The tickets offered on the form. Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Fields',
		name: 'formFields',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Field',
		default: {},
		description: 'The questions of the form, in order: profile fields and custom questions',
		options: [
			{
				displayName: 'Field',
				name: 'field',
				values: [
					{
						displayName: 'Field Name or ID',
						name: 'id',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getFormFields',
							loadOptionsDependsOn: ['eventId.value'],
						},
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Required',
						name: 'isRequired',
						type: 'boolean',
						default: false,
						description: 'Whether the attendee must answer it',
					},
					{
						displayName: 'Label',
						name: 'label',
						type: 'string',
						default: '',
						description: "A custom question's label on this form. Empty: the question's own.",
					},
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Add-On Groups Shown',
				name: 'isAddOnGroupDisplayEnabled',
				type: 'boolean',
				default: false,
				description: 'Whether add-ons are shown in their groups',
			},
			{
				displayName: 'Check-In QR Code on Completion',
				name: 'isCheckInQRCodeVisibleOnCompletion',
				type: 'boolean',
				default: false,
				description: 'Whether the check-in QR code is shown once the registration is done',
			},
			{
				displayName: 'Conditional Logic (JSON)',
				name: 'conditionalLogics',
				type: 'json',
				default: '[]',
				description:
					'Show or hide questions by earlier answers: a list of objects with an ID, a sourceField, a condition (type, questionOptionId) and an action (type, targetQuestionId)',
			},
			{
				displayName: 'Max Tickets Per Order',
				name: 'maxTicketQtyPerOrder',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 10,
				description: 'The most tickets one order may hold',
			},
			{
				displayName: 'Min Tickets Per Order',
				name: 'minTicketQtyPerOrder',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 1,
				description: 'The fewest tickets one order may hold',
			},
			{
				displayName: 'Promo Code Field',
				name: 'isPromoCodeFieldEnabled',
				type: 'boolean',
				default: true,
				description: 'Whether the form asks for a promo code',
			},
			{
				displayName: 'Purchaser Email Field',
				name: 'isPurchaserEmailFieldEnabled',
				type: 'boolean',
				default: true,
				description: "Whether the form asks for the purchaser's email",
			},
			{
				displayName: 'Unique Attendee Email',
				name: 'isUniqueAttendeeEmailRequired',
				type: 'boolean',
				default: false,
				description: 'Whether each attendee of an order must have their own email address',
			},
		],
	},
];

const displayOptions = { show: { resource: ['registrationForm'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

const BOOLEAN_OPTIONS = [
	'isUniqueAttendeeEmailRequired',
	'isCheckInQRCodeVisibleOnCompletion',
	'isPromoCodeFieldEnabled',
	'isPurchaserEmailFieldEnabled',
	'isAddOnGroupDisplayEnabled',
];

function readFields(ctx: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const rows = ((ctx.getNodeParameter('formFields', itemIndex, {}) as IDataObject).field ??
		[]) as IDataObject[];
	const seen = new Set<string>();
	return rows.map((row, i) => {
		const where = `Fields ${i + 1}`;
		const id = typeof row.id === 'string' ? row.id.trim() : '';
		const profile = (REG_FORM_PROFILE_FIELDS as readonly string[]).includes(id);
		if (!profile && !isUuid(id))
			throw invalidField(
				ctx,
				`${where}: Field`,
				`"${id}" is neither a profile field (${REG_FORM_PROFILE_FIELDS.join(', ')}) nor a question ID`,
				itemIndex,
			);
		const key = profile ? id : id.toLowerCase();
		if (seen.has(key))
			throw invalidField(ctx, `${where}: Field`, `"${id}" is on the form twice`, itemIndex);
		seen.add(key);
		const label = typeof row.label === 'string' ? row.label.trim() : '';
		return {
			id: key,
			isRequired: row.isRequired === true,
			...(label !== '' ? { contentI18n: { label: { default: label } } } : {}),
		};
	});
}

function readQty(
	ctx: IExecuteFunctions,
	options: IDataObject,
	name: string,
	field: string,
	itemIndex: number,
) {
	const value = options[name];
	return value === undefined ? undefined : requireWholeNumber(ctx, value, 1, field, itemIndex);
}

interface Plan {
	eventId: string;
	body: IDataObject;
}

export const create: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const name = String(this.getNodeParameter('formName', itemIndex, '')).trim();
		if (name === '') throw invalidField(this, 'Name', 'is required', itemIndex);
		const ticketClassIds = listEntries(this.getNodeParameter('ticketClassIds', itemIndex, [])).map(
			(id) => requireUuid(this, id, 'Ticket Classes', itemIndex).toLowerCase(),
		);
		if (ticketClassIds.length === 0)
			throw invalidField(this, 'Ticket Classes', 'choose at least one ticket class', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const logics =
			parseJson(this, options.conditionalLogics, 'Conditional Logic (JSON)', itemIndex) ?? [];
		if (
			!Array.isArray(logics) ||
			logics.some((l) => l === null || typeof l !== 'object' || Array.isArray(l))
		)
			throw invalidField(
				this,
				'Conditional Logic (JSON)',
				'must be a JSON list of objects',
				itemIndex,
			);
		const min = readQty(this, options, 'minTicketQtyPerOrder', 'Min Tickets Per Order', itemIndex);
		const max = readQty(this, options, 'maxTicketQtyPerOrder', 'Max Tickets Per Order', itemIndex);
		if (min !== undefined && max !== undefined && min > max)
			throw invalidField(
				this,
				'Min Tickets Per Order',
				`${min} is more than Max Tickets Per Order (${max})`,
				itemIndex,
			);
		const flags = Object.fromEntries(
			BOOLEAN_OPTIONS.filter((key) => typeof options[key] === 'boolean').map((key) => [
				key,
				options[key],
			]),
		);
		return {
			eventId: readEventId(this, itemIndex),
			body: {
				name,
				isEnabled: this.getNodeParameter('isEnabled', itemIndex, true) === true,
				fields: readFields(this, itemIndex),
				conditionalLogics: logics as IDataObject[],
				ticketClassIds: [...new Set(ticketClassIds)],
				...flags,
				...(min !== undefined ? { minTicketQtyPerOrder: min } : {}),
				...(max !== undefined ? { maxTicketQtyPerOrder: max } : {}),
			},
		};
	},
	async execute(this: IExecuteFunctions, { eventId, body }, itemIndex) {
		// A create is not idempotent: `write` retries only where nothing was applied.
		return await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/event/${eventId}/registration-form`,
			body,
			retry: 'write',
			itemIndex,
		});
	},
};
