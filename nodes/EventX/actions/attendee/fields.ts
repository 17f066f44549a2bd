import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readLocatorId, recordLocator } from '../../helpers/locators';
import { APPROVAL_STATUSES, REGISTRATION_STATUSES } from '../../helpers/enums';
import { enumOptions } from '../../helpers/labels';
import { invalidField, objectKey, parseJson, uuidSchema, validate } from '../../helpers/validation';

/**
 * The attendee list sorted oldest first read in ranges keyed on the creation time: each range
 * starts after the last one read (`createdAt$gt`), so that attendees removed meanwhile shift nothing.
 */
export const CREATED_KEY = { field: 'createdAt', param: 'createdAt$gt' };

/** The attendee of Get, Update and Change Ticket: picked from the event's attendees, or by ID. */
export const attendeeLocator = (): INodeProperties[] =>
	recordLocator({
		name: 'attendeeId',
		label: 'Attendee',
		searchListMethod: 'searchAttendees',
		searchable: true,
		placeholder: 'Search by name or email...',
		description: 'The attendee to work on. Type a name or an email to search the event.',
		v1Description: 'The attendee to work on',
	});

/** What a model is told to give as the attendee on the EventX Tool. */
export const ATTENDEE_ID_FOR_MODEL =
	"The attendee's ID (a UUID), e.g. the ID a lookup by short code or QR code token returned";

/** Create or Update's attendee: an ID from the input data, empty to create. */
export const attendeeIdProperty = (required = true): INodeProperties => ({
	displayName: 'Attendee ID',
	name: 'attendeeId',
	type: 'string',
	default: '',
	required,
	placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
	description: required
		? "The attendee's ID (a UUID), e.g. the ID a lookup by short code or QR code token returned"
		: 'The attendee to update. Leave empty to create a new attendee.',
});

const PROFILE_TEXT: Array<[string, string, string]> = [
	['Area Code', 'areaCode', 'e.g. +852'],
	['City', 'city', 'e.g. Hong Kong'],
	['Contact Number', 'contactNo', 'e.g. 91234567'],
	['Country', 'country', 'e.g. HK'],
	['Custom Check-In Token', 'customCheckInToken', ''],
	['Email', 'invitationEmail', 'name@email.com'],
	['First Name', 'firstName', 'e.g. Ada'],
	['Job Title', 'jobTitle', 'e.g. Engineer'],
	['Last Name', 'lastName', 'e.g. Lovelace'],
	['Name', 'name', 'e.g. Ada Lovelace'],
	['Organization', 'organization', 'e.g. Acme'],
	['QR Code Token', 'qrCodeToken', ''],
];

/**
 * The profile fields of the write operations, in one collection. Each operation names its own
 * (`upsertFields`, `updateFields`): n8n resolves same-named collections poorly.
 */
export function profileProperty(
	name: string,
	displayName: string,
	withDeprecatedStatus: boolean,
): INodeProperties {
	const options: INodeProperties[] = [
		...PROFILE_TEXT.map(
			([displayName, name, placeholder]): INodeProperties => ({
				displayName,
				name,
				type: 'string',
				default: '',
				placeholder,
			}),
		),
		{
			displayName: 'Approval Status',
			name: 'approvalStatus',
			type: 'options',
			options: enumOptions(APPROVAL_STATUSES),
			default: 'approved',
		},
		{
			displayName: 'Registration Status',
			name: 'registrationStatus',
			type: 'options',
			options: enumOptions(REGISTRATION_STATUSES),
			default: 'registered',
			description:
				'The documented values are offered; an expression may pass any other value EventX accepts',
		},
	];
	if (withDeprecatedStatus) {
		options.push({
			displayName: 'Status (Deprecated)',
			name: 'status',
			type: 'options',
			options: [
				{ name: 'Invited', value: 'invited' },
				{ name: 'Registered', value: 'registered' },
			],
			default: 'registered',
			description:
				'Deprecated by EventX in favour of Registration Status; cannot be used together with it',
		});
	}
	options.sort((a, b) => a.displayName.localeCompare(b.displayName));
	return {
		displayName,
		name,
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options,
	};
}

/** One of the chosen event's custom questions (Custom Fields rows, custom-field filters). */
export const questionIdProperty: INodeProperties = {
	displayName: 'Question Name or ID',
	name: 'questionId',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getCustomFields',
		loadOptionsDependsOn: ['eventId.value'],
	},
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** Rows that each pick one of the event's questions and give it a value (answers, filters). */
export function questionRowsProperty(spec: {
	displayName: string;
	name: string;
	placeholder: string;
	row: { displayName: string; name: string };
	value: INodeProperties;
}): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: spec.placeholder,
		default: {},
		options: [{ ...spec.row, values: [{ ...questionIdProperty }, spec.value] }],
	};
}

/** Custom question answers (`upsertCustomFields`, `updateCustomFields`): each question picked from the event's questions. */
export function customFieldsProperty(name: string): INodeProperties {
	return {
		...questionRowsProperty({
			displayName: 'Custom Fields',
			name,
			placeholder: 'Add Custom Field',
			row: { displayName: 'Field', name: 'fields' },
			value: {
				displayName: 'Value',
				name: 'value',
				type: 'string',
				default: '',
				description:
					'The answer: text, or (from an expression) a boolean or an array of texts for multiple-choice questions',
			},
		}),
		description: "Answers to the event's custom questions",
	};
}

const answerSchema = z
	.object({
		value: z.union([z.string(), z.null(), z.boolean(), z.array(z.string().nullable())]).optional(),
		mediaValues: z.array(uuidSchema).optional(),
	})
	.strict();

/** The `{questionId: {value}}` map from the Custom Fields rows; wrong shapes name the field and item. */
export function readCustomFields(
	ctx: IExecuteFunctions,
	itemIndex: number,
	name: string,
): IDataObject | undefined {
	const rows = ((ctx.getNodeParameter(name, itemIndex, {}) as IDataObject).fields ??
		[]) as IDataObject[];
	if (rows.length === 0) return undefined;
	const result: IDataObject = {};
	for (const row of rows) {
		const questionId = row.questionId;
		if (typeof questionId !== 'string' || questionId.trim() === '')
			throw invalidField(ctx, 'Custom Fields > Question', 'is required', itemIndex);
		let value = row.value as unknown;
		if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
			// A JSON array (multiple choice) or a full answer object typed as text.
			value = parseJson(ctx, value, 'Custom Fields > Value', itemIndex);
		}
		const answer =
			value !== null && typeof value === 'object' && !Array.isArray(value) ? value : { value };
		result[objectKey(ctx, questionId, 'Custom Fields > Question', itemIndex)] = validate(
			ctx,
			answerSchema,
			answer,
			`Custom Fields > Value (question ${questionId})`,
			itemIndex,
		) as IDataObject;
	}
	return result;
}

const LABELS: Record<string, string> = {
	...Object.fromEntries(PROFILE_TEXT.map(([label, name]) => [name, label])),
	approvalStatus: 'Approval Status',
	registrationStatus: 'Registration Status',
	status: 'Status (Deprecated)',
};

/** The profile collection and its custom fields as a body: empty texts are left out, status pairs refused. */
export function readProfile(
	ctx: IExecuteFunctions,
	itemIndex: number,
	profileName: string,
	customFieldsName: string,
): IDataObject {
	const profile = {
		...(ctx.getNodeParameter(profileName, itemIndex, {}) as IDataObject),
	};
	for (const [key, value] of Object.entries(profile)) {
		if (value === '' || value === undefined) delete profile[key];
		else if (typeof value !== 'string')
			throw invalidField(
				ctx,
				LABELS[key] ?? key,
				`must be text, not ${JSON.stringify(value)}`,
				itemIndex,
			);
	}
	if (profile.status !== undefined && profile.registrationStatus !== undefined) {
		throw invalidField(
			ctx,
			'Status (Deprecated)',
			'cannot be used together with Registration Status',
			itemIndex,
			'Remove Status (Deprecated) and keep Registration Status',
		);
	}
	if (
		profile.approvalStatus !== undefined &&
		!(APPROVAL_STATUSES as readonly string[]).includes(profile.approvalStatus as string)
	)
		throw invalidField(
			ctx,
			'Approval Status',
			`"${String(profile.approvalStatus)}" is not one of ${APPROVAL_STATUSES.join(', ')}`,
			itemIndex,
		);
	const customFields = readCustomFields(ctx, itemIndex, customFieldsName);
	if (customFields) profile.customFields = customFields;
	return profile;
}

export function readAttendeeId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'attendeeId', 'Attendee ID', itemIndex);
}
