import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	batchOptionsProperty,
	readBatchSize,
	sendInBatches,
	type PreparedItem,
} from '../../helpers/batching';
import { CUSTOM_FIELD_TYPES } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { enumOptions } from '../../helpers/labels';
import { dateInZone } from '../../helpers/timeZone';
import {
	invalidField,
	isDate,
	listEntries,
	requireOneOf,
	requireUuid,
} from '../../helpers/validation';
import { API_PREFIX, eventxList } from '../../transport';
import type { BatchOperation } from '../types';

/** Question types whose answers are chosen among options (config.options). */
const CHOICE_TYPES = ['checkboxGroup', 'dropdown', 'radioGroup'];

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Question Name or ID',
		name: 'customFieldId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getCustomFields', loadOptionsDependsOn: ['eventId.value'] },
		default: '',
		// Empty (create a question) is not one of the loaded options.
		allowArbitraryValues: true,
		description:
			'Leave empty to create a new question. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	{
		displayName: 'Type',
		name: 'customFieldType',
		type: 'options',
		options: enumOptions(CUSTOM_FIELD_TYPES),
		default: 'text',
		required: true,
		description: 'How the question is answered',
	},
	{
		displayName: 'Label',
		name: 'customFieldLabel',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Company Size',
		description: "The question as attendees see it (in the event's default language)",
	},
	{
		displayName: 'Choices',
		name: 'choices',
		type: 'string',
		default: '',
		// Not `required`: with the type given by expression n8n would ask for choices of every type.
		placeholder: 'e.g. 1-10, 11-50, 51-200',
		hint: 'A comma-separated list, or an array from an expression (texts, or objects { id, label })',
		description:
			'The answers to choose from. A choice given as text gets its label in lower case with dashes as its ID; one given as an object keeps its own ID. Keep the IDs when updating, so that the answers already given stay valid.',
		displayOptions: { show: { customFieldType: CHOICE_TYPES } },
	},
	{
		displayName: 'Earliest Date',
		name: 'minDate',
		type: 'dateTime',
		default: '',
		description: 'The first date attendees may pick (the time is ignored)',
		displayOptions: { show: { customFieldType: ['datePicker'] } },
	},
	{
		displayName: 'Latest Date',
		name: 'maxDate',
		type: 'dateTime',
		default: '',
		description: 'The last date attendees may pick (the time is ignored)',
		displayOptions: { show: { customFieldType: ['datePicker'] } },
	},
	{
		displayName: 'Hide AM/PM',
		name: 'hideMeridiem',
		type: 'boolean',
		default: false,
		description: 'Whether the time picker shows a 24-hour clock, without AM/PM',
		displayOptions: { show: { customFieldType: ['timePicker'] } },
	},
	{
		displayName: 'Filterable',
		name: 'isFilterable',
		type: 'boolean',
		default: false,
		description: "Whether the attendee list can be filtered by this question's answers",
	},
	batchOptionsProperty(
		'How many questions one request carries. The items of one execution are grouped per event and sent in as few requests as this allows.',
	),
];

const displayOptions = { show: { resource: ['customField'], operation: ['upsert'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	question: IDataObject;
	batchSize: number;
}

/** A choice's ID made from its label: lower case, runs of other characters as one dash. */
function choiceId(label: string): string {
	return label
		.toLowerCase()
		.replace(/[^\p{L}\p{N}]+/gu, '-')
		.replace(/^-|-$/g, '');
}

/** Choices from a list of texts or of `{ id, label }` objects; IDs must be unique. */
function readChoices(ctx: IExecuteFunctions, itemIndex: number): IDataObject[] {
	const raw = ctx.getNodeParameter('choices', itemIndex, '') as unknown;
	const seen = new Set<string>();
	const choices = listEntries(raw).map((entry) => {
		const given = typeof entry === 'object' && entry !== null ? (entry as IDataObject) : undefined;
		const label = given ? given.label : entry;
		if (typeof label !== 'string' || label.trim() === '')
			throw invalidField(
				ctx,
				'Choices',
				`${JSON.stringify(entry)} is not a choice: give a text or { id, label }`,
				itemIndex,
			);
		const id = given?.id === undefined ? choiceId(label) : given.id;
		if (typeof id !== 'string' || id.trim() === '')
			throw invalidField(ctx, 'Choices', `"${label}" has no usable ID`, itemIndex);
		if (seen.has(id))
			throw invalidField(ctx, 'Choices', `two choices have the ID "${id}"`, itemIndex);
		seen.add(id);
		return { id, contentI18n: { label: { default: label.trim() } } };
	});
	if (choices.length === 0) throw invalidField(ctx, 'Choices', 'no choice given', itemIndex);
	return choices;
}

/** A date parameter as the date EventX takes (YYYY-MM-DD), the time of day ignored. */
function readDate(
	ctx: IExecuteFunctions,
	name: string,
	field: string,
	itemIndex: number,
): string | undefined {
	const raw = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	if (raw === '' || raw === undefined || raw === null) return undefined;
	// A Date from an expression is an instant: its date is the one in the workflow's time zone.
	const text =
		isDate(raw) && !Number.isNaN(raw.getTime())
			? dateInZone(raw.getTime(), ctx.getTimezone() || 'UTC')
			: String((raw as { toISO?: () => string }).toISO?.() ?? raw);
	const date = /^(\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
	if (!date || Number.isNaN(Date.parse(date)))
		throw invalidField(ctx, field, `"${text}" is not a date`, itemIndex);
	return date;
}

/** The question of one item, as the bulk upsert takes it. */
function readQuestion(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const question: IDataObject = {};
	const id = ctx.getNodeParameter('customFieldId', itemIndex, '') as unknown;
	if (id !== '' && id !== undefined && id !== null)
		question.id = requireUuid(ctx, id, 'Question', itemIndex).toLowerCase();
	const type = requireOneOf(
		ctx,
		ctx.getNodeParameter('customFieldType', itemIndex, 'text'),
		CUSTOM_FIELD_TYPES,
		'Type',
		itemIndex,
	);
	question.type = type;
	const label = ctx.getNodeParameter('customFieldLabel', itemIndex, '') as unknown;
	if (typeof label !== 'string' || label.trim() === '')
		throw invalidField(ctx, 'Label', 'is required', itemIndex);
	question.contentI18n = { label: { default: label.trim() } };
	question.isFilterable = ctx.getNodeParameter('isFilterable', itemIndex, false) === true;
	// `config` goes only with a member: EventX's `oneOf` of config shapes refuses an empty one (it
	// matches two), and without one a date picker has no limits and a time picker shows AM/PM.
	if (CHOICE_TYPES.includes(type)) question.config = { options: readChoices(ctx, itemIndex) };
	if (type === 'datePicker') {
		const minDate = readDate(ctx, 'minDate', 'Earliest Date', itemIndex);
		const maxDate = readDate(ctx, 'maxDate', 'Latest Date', itemIndex);
		if (minDate && maxDate && maxDate < minDate)
			throw invalidField(ctx, 'Latest Date', 'must not be before Earliest Date', itemIndex);
		if (minDate || maxDate)
			question.config = {
				...(minDate ? { minDate } : {}),
				...(maxDate ? { maxDate } : {}),
			};
	}
	if (type === 'timePicker' && ctx.getNodeParameter('hideMeridiem', itemIndex, false) === true)
		question.config = { hideMeridiem: true };
	return question;
}

/**
 * EventX's answer, one question per sent question: an update by its ID; the new ones, which have
 * no ID yet, in the order they were sent, among the records no update claimed (when the answer
 * has as many of those as questions were created). A question without a record says so.
 */
export function matchQuestions(sent: IDataObject[], records: IDataObject[]): IDataObject[] {
	const ids = new Set(sent.map((q) => q.id).filter((id) => typeof id === 'string'));
	const byId = new Map(records.map((r) => [String(r.id).toLowerCase(), r]));
	const others = records.filter((r) => !ids.has(String(r.id).toLowerCase()));
	const created = sent.filter((q) => q.id === undefined).length;
	let next = 0;
	return sent.map((question) => {
		const record =
			question.id !== undefined
				? byId.get(String(question.id))
				: others.length === created
					? others[next++]
					: undefined;
		return (
			record ?? {
				matched: false,
				reason: `EventX's answer (${records.length} record(s) for ${sent.length} sent) holds no question for this one; it may or may not have been saved`,
				...(question.id !== undefined ? { id: question.id } : {}),
				contentI18n: question.contentI18n,
			}
		);
	});
}

export const upsert: BatchOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex),
			question: readQuestion(this, itemIndex),
			batchSize: readBatchSize(this, itemIndex),
		};
	},
	async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<Plan>>) {
		return await sendInBatches(this, prepared, {
			group: (plan) => plan.eventId,
			payloads: (plan) => [plan.question],
			send: async (eventId, questions, itemIndex) => {
				const { dataList } = await eventxList.call(this, {
					method: 'PUT',
					path: `${API_PREFIX}/event/${eventId}/custom-field/bulk-upsert`,
					body: { data: questions },
					retry: 'write',
					itemIndex,
				});
				return matchQuestions(questions, dataList);
			},
			// An upsert can be repeated: a rejected request is split to find the refused questions.
			split: true,
		});
	},
};
