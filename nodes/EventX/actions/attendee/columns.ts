import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	INodePropertyOptions,
	ResourceMapperField,
} from 'n8n-workflow';

import { APPROVAL_STATUSES, REGISTRATION_STATUSES } from '../../helpers/enums';
import { enumLabel } from '../../helpers/labels';
import { questionLabel } from '../../helpers/simplify';
import { dateInZone } from '../../helpers/timeZone';
import { codePoint, invalidField, isDate } from '../../helpers/validation';

/**
 * The attendee columns of Create or Update and Update: n8n's resource mapper over EventX's
 * attendee fields and the chosen event's custom questions (labels shown, question IDs sent).
 */

/** The attendee's own text fields: [column ID (EventX's member), label]. */
const TEXT_FIELDS: Array<[string, string]> = [
	['invitationEmail', 'Invitation Email'],
	['firstName', 'First Name'],
	['lastName', 'Last Name'],
	['name', 'Name'],
	['organization', 'Organization'],
	['jobTitle', 'Job Title'],
	['areaCode', 'Area Code'],
	['contactNo', 'Contact Number'],
	['city', 'City'],
	['country', 'Country'],
	['customCheckInToken', 'Custom Check-In Token'],
	['qrCodeToken', 'QR Code Token'],
];

/** Other spellings Map Automatically accepts for a column (after normalizing, see `normalize`). */
const ALIASES: Record<string, string[]> = {
	id: ['attendeeid'],
	invitationEmail: ['email', 'emailaddress', 'mail'],
	organization: ['company', 'companyname'],
	contactNo: ['phone', 'phonenumber', 'mobile', 'contactnumber'],
	jobTitle: ['title', 'position'],
};

const statusOptions = (values: readonly string[]): INodePropertyOptions[] =>
	values.map((value) => ({ name: enumLabel(value), value }));

/** Which kind of value a column takes; custom questions by their EventX type. */
type Kind = 'text' | 'multiText' | 'checkbox' | 'select' | 'multiSelect' | 'date' | 'time';

const QUESTION_KINDS: Record<string, Kind> = {
	text: 'text',
	textArea: 'text',
	phoneField: 'text',
	multipleText: 'multiText',
	singleCheckbox: 'checkbox',
	radioGroup: 'select',
	dropdown: 'select',
	checkboxGroup: 'multiSelect',
	datePicker: 'date',
	timePicker: 'time',
};

const FIELD_TYPES: Record<Kind, ResourceMapperField['type']> = {
	text: 'string',
	multiText: 'array',
	checkbox: 'boolean',
	select: 'options',
	multiSelect: 'array',
	date: 'dateTime',
	time: 'time',
};

/** A saved column's kind from its n8n type. */
const KIND_OF_TYPE: Partial<Record<string, Kind>> = {
	string: 'text',
	array: 'multiText',
	boolean: 'checkbox',
	options: 'select',
	dateTime: 'date',
	time: 'time',
};

const field = (
	id: string,
	displayName: string,
	type: ResourceMapperField['type'],
	options?: INodePropertyOptions[],
): ResourceMapperField => ({
	id,
	displayName,
	type,
	required: false,
	defaultMatch: false,
	canBeUsedToMatch: id === 'id' || id === 'invitationEmail',
	display: true,
	...(options ? { options } : {}),
});

/** The attendee's own columns; `withId` for Create or Update (its ID decides create or update). */
export function attendeeFields(withId: boolean): ResourceMapperField[] {
	return [
		...(withId ? [field('id', 'Attendee ID', 'string')] : []),
		...TEXT_FIELDS.map(([id, label]) => field(id, label, 'string')),
		field('approvalStatus', 'Approval Status', 'options', statusOptions(APPROVAL_STATUSES)),
		field(
			'registrationStatus',
			'Registration Status',
			'options',
			statusOptions(REGISTRATION_STATUSES),
		),
	];
}

const STANDARD_IDS = new Set(['id', ...attendeeFields(true).map((f) => f.id)]);

function optionsOf(question: IDataObject): INodePropertyOptions[] {
	const config = question.config as IDataObject | undefined;
	const options = Array.isArray(config?.options) ? (config.options as IDataObject[]) : [];
	return options.map((option) => ({ name: questionLabel(option), value: String(option.id) }));
}

/**
 * The event's questions as columns: label shown, ID sent, the type and options EventX gives.
 * Archived questions and file uploads (answered with media IDs, not values) are left out.
 */
export function questionFields(questions: IDataObject[]): ResourceMapperField[] {
	return questions
		.filter((q) => !q.archivedAt && QUESTION_KINDS[String(q.type)] !== undefined)
		.map((q) => {
			const kind = QUESTION_KINDS[String(q.type)];
			const options = kind === 'select' || kind === 'multiSelect' ? optionsOf(q) : undefined;
			return {
				...field(String(q.id), questionLabel(q), FIELD_TYPES[kind], options),
				canBeUsedToMatch: false,
			};
		});
}

/** The resource mapper parameter of both operations. */
export function columnsProperty(mode: 'upsert' | 'update'): INodeProperties {
	return {
		displayName: 'Columns',
		name: 'columns',
		type: 'resourceMapper',
		noDataExpression: true,
		default: { mappingMode: 'defineBelow', value: null },
		required: true,
		typeOptions: {
			loadOptionsDependsOn: ['eventId.value'],
			resourceMapper: {
				resourceMapperMethod: 'getAttendeeColumns',
				// 'add': no matching columns in the mapper (Match On says how an attendee is found).
				mode: 'add',
				fieldWords: { singular: 'field', plural: 'fields' },
				addAllFields: false,
				multiKeyMatch: false,
				supportAutoMap: true,
				noFieldsError: 'Choose an event first: its custom questions become columns',
			},
		},
		description:
			mode === 'upsert'
				? "The attendee's fields and the event's custom questions. Map Automatically matches the input's keys to the columns by name (case, spaces and separators ignored; questions by label or ID)."
				: "The fields to change. Map Automatically matches the input's keys to the columns by name (case, spaces and separators ignored; questions by label or ID).",
		// The mapper has no matching column ('add' mode): Match On says which attendee is updated.
		builderHint: {
			propertyHint:
				mode === 'upsert'
					? 'Map Automatically reads input keys named like the columns; which attendee is updated is set by Match On'
					: 'Only the fields to change; Map Automatically reads input keys named like the columns',
		},
	};
}

/** "Invitation Email", "invitation_email", "invitationEmail" all read "invitationemail". */
const normalize = (key: string) => key.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** A column as the mapper reads it. */
interface Column {
	id: string;
	label: string;
	kind: Kind;
	/** Option ID by normalized ID or label (select questions and the two statuses). */
	options?: Map<string, string>;
	custom: boolean;
}

/** What an item's columns become: the attendee body, and the input keys that matched no column. */
export interface MappedRow {
	body: IDataObject;
	id?: string;
	unknownKeys: string[];
}

/**
 * The columns of one execution, from the schema the editor saved with the parameter. Map
 * Automatically finds an input key's column by, in this order: a column's ID, a column's label
 * (a built-in field's before a question's), a built-in field's other spelling (`ALIASES`). So a
 * question labelled "Title" takes the key "Title", though "title" is also Job Title's alias.
 */
export class AttendeeColumns {
	private readonly byId = new Map<string, Column>();
	private readonly byName = new Map<string, Column>();
	private readonly byAlias = new Map<string, Column>();

	constructor(
		schema: ResourceMapperField[],
		private readonly withId: boolean,
	) {
		const known = new Map(attendeeFields(withId).map((f) => [f.id, f]));
		// The attendee's own columns are always known, even when the saved schema lacks them.
		const fields = [...known.values(), ...schema.filter((f) => !known.has(f.id))];
		const columns: Column[] = [];
		for (const f of fields) {
			if (f.id === 'id' && !withId) continue;
			const options = f.options ?? known.get(f.id)?.options;
			let kind = KIND_OF_TYPE[f.type ?? 'string'] ?? 'text';
			// 'array' is both a multi-select (with options) and multiple texts (without).
			if (kind === 'multiText' && options?.length) kind = 'multiSelect';
			const column: Column = {
				id: f.id,
				label: f.displayName || f.id,
				kind,
				custom: !STANDARD_IDS.has(f.id),
				options: options?.length
					? new Map(
							options.flatMap((o) => [
								[normalize(String(o.value)), String(o.value)],
								[normalize(o.name), String(o.value)],
							]),
						)
					: undefined,
			};
			this.byId.set(f.id, column);
			columns.push(column);
		}
		const index = (map: Map<string, Column>, names: (column: Column) => string[]) => {
			for (const column of columns)
				for (const name of names(column)) {
					const key = normalize(name);
					if (key !== '' && !map.has(key)) map.set(key, column);
				}
		};
		index(this.byName, (column) => [column.id]);
		index(this.byName, (column) => [column.label]);
		index(this.byAlias, (column) => ALIASES[column.id] ?? []);
	}

	/** The column an input key of Map Automatically goes to (see the class's precedence). */
	private named(key: string): Column | undefined {
		const name = normalize(key);
		return this.byName.get(name) ?? this.byAlias.get(name);
	}

	/**
	 * One item's attendee. `auto`: every key of the input item, matched to a column by name;
	 * otherwise the values mapped below, keyed by column ID. Empty values are not sent; a value of
	 * the wrong type fails the item, naming the column.
	 */
	map(ctx: IExecuteFunctions, values: IDataObject, auto: boolean, itemIndex: number): MappedRow {
		const body: IDataObject = {};
		const customFields: IDataObject = {};
		const unknownKeys: string[] = [];
		let id: string | undefined;
		/** Per column, the input key that gave its value: two keys for one column must agree. */
		const givenBy = new Map<string, { key: string; value: IDataObject[string] }>();
		for (const [key, raw] of Object.entries(values)) {
			const column = auto ? this.named(key) : (this.byId.get(key) ?? this.custom(key));
			if (!column) {
				// Update takes its attendee from the Attendee parameter: an input ID is no stranger.
				if (!this.withId && normalize(key) === 'id') continue;
				unknownKeys.push(key);
				continue;
			}
			const value = this.convert(ctx, column, raw, itemIndex);
			if (value === undefined) continue;
			const earlier = givenBy.get(column.id);
			if (earlier) {
				if (sameValue(column, earlier.value, value)) continue;
				throw invalidField(
					ctx,
					`Columns > ${column.label}`,
					`the input fields ${JSON.stringify(earlier.key)} and ${JSON.stringify(key)} both give it, with different values (${JSON.stringify(earlier.value)} and ${JSON.stringify(value)})`,
					itemIndex,
					'Remove or rename one of them, so that the item says once what the column is',
				);
			}
			givenBy.set(column.id, { key, value });
			if (column.id === 'id') id = value as string;
			else if (column.custom) customFields[column.id] = { value };
			else body[column.id] = value;
		}
		if (Object.keys(customFields).length > 0) body.customFields = customFields;
		return { body, id, unknownKeys };
	}

	/** A column mapped below that the saved schema does not hold: a question given by its ID. */
	private custom(key: string): Column | undefined {
		return key.trim() === '' || key === '__proto__' || STANDARD_IDS.has(key)
			? undefined
			: { id: key, label: key, kind: 'text', custom: true };
	}

	private convert(
		ctx: IExecuteFunctions,
		column: Column,
		raw: unknown,
		itemIndex: number,
	): IDataObject[string] | undefined {
		if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
			return undefined;
		const wrong = (expected: string) =>
			invalidField(
				ctx,
				`Columns > ${column.label}`,
				`must be ${expected}, not ${JSON.stringify(raw)}`,
				itemIndex,
			);
		const scalar = (value: unknown) =>
			typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
				? String(value).trim()
				: undefined;
		const option = (value: unknown) => {
			const text = scalar(value);
			const id = text === undefined ? undefined : column.options?.get(normalize(text));
			if (id === undefined)
				throw wrong(
					`one of ${[...new Set(column.options?.values() ?? [])].map((o) => JSON.stringify(o)).join(', ')}`,
				);
			return id;
		};
		const list = (value: unknown): unknown[] =>
			Array.isArray(value)
				? value
				: typeof value === 'string'
					? value.trim().startsWith('[')
						? parseList(value)
						: value.split(',')
					: [value];
		const parseList = (text: string): unknown[] => {
			try {
				const parsed = JSON.parse(text) as unknown;
				if (Array.isArray(parsed)) return parsed;
			} catch {
				// not JSON: the failure below names the column
			}
			throw wrong('a list');
		};
		switch (column.kind) {
			case 'text': {
				const text = scalar(raw);
				if (text === undefined) throw wrong('text');
				if (column.id !== 'invitationEmail') return text;
				const email = cleanEmail(text);
				if (email === '') return undefined;
				const hidden = /[\p{C}\p{Z}\s]/u.exec(email);
				if (hidden)
					throw invalidField(
						ctx,
						`Columns > ${column.label}`,
						`${JSON.stringify(email)} holds a space, an invisible or a control character (${codePoint(hidden[0])})`,
						itemIndex,
						'EventX would keep it as another address, which no mail reaches: remove it from the source',
					);
				return email;
			}
			case 'select':
				if (column.options) return option(raw);
				if (scalar(raw) === undefined) throw wrong('text');
				return scalar(raw);
			case 'multiText':
			case 'multiSelect': {
				const entries = list(raw)
					.map((entry) => {
						const text = scalar(entry);
						if (text === undefined) throw wrong('a list of texts');
						return text;
					})
					.filter((text) => text !== '');
				return column.kind === 'multiSelect' && column.options ? entries.map(option) : entries;
			}
			case 'checkbox': {
				if (typeof raw === 'boolean') return raw;
				const text = scalar(raw)?.toLowerCase();
				if (text === 'true' || text === 'yes' || text === '1') return true;
				if (text === 'false' || text === 'no' || text === '0') return false;
				throw wrong('true or false');
			}
			case 'date': {
				// A Date from an expression is an instant: its date is the one in the workflow's zone.
				const text =
					scalar(raw) ??
					(isDate(raw) && !Number.isNaN(raw.getTime())
						? dateInZone(raw.getTime(), ctx.getTimezone() || 'UTC')
						: undefined);
				const match = text?.match(/^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/);
				if (!match) throw wrong('a date (YYYY-MM-DD)');
				const [year, month, day] = match.slice(1).map(Number);
				const date = new Date(Date.UTC(year, month - 1, day));
				if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
					throw wrong('a date (YYYY-MM-DD)');
				return `${match[1]}-${match[2]}-${match[3]}`;
			}
			case 'time': {
				const text = scalar(raw);
				if (text === undefined || !/^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(text))
					throw wrong('a time (HH:MM)');
				return text;
			}
		}
	}
}

/** Characters with no width that copy and paste leave in addresses: dropped, never sent. */
const ZERO_WIDTH = /[\u200B-\u200D\u2060\uFEFF]/gu;

/**
 * An email address as mail delivers to it: Unicode NFC (a decomposed "zoe\u0308" is "zoë"), no
 * zero-width characters, no surrounding spaces. What is sent, and what is matched.
 */
export const cleanEmail = (text: string) => text.normalize('NFC').replace(ZERO_WIDTH, '').trim();

/**
 * An invitation email as matched, EventX's records and the input alike: cleaned (`cleanEmail`)
 * and in lower case (a domain has no case, and neither has an address EventX delivers to);
 * `undefined` when there is none.
 */
export const emailKey = (value: unknown) => {
	if (typeof value !== 'string') return undefined;
	const email = cleanEmail(value);
	return email === '' ? undefined : email.toLowerCase();
};

/** Two values of one column that say the same (emails compared as matched). */
function sameValue(column: Column, a: unknown, b: unknown): boolean {
	if (column.id === 'invitationEmail') return emailKey(a) === emailKey(b);
	return JSON.stringify(a) === JSON.stringify(b);
}

/** Options > Unknown Input Fields: what Map Automatically does with unmatched keys. */
export const unknownFieldsOption: INodeProperties = {
	displayName: 'Unknown Input Fields',
	name: 'unknownFields',
	type: 'options',
	options: [
		{
			name: 'Fail the Item',
			value: 'error',
			description: 'The item fails before any request, naming the fields',
		},
		{ name: 'Ignore', value: 'ignore', description: 'They are not sent' },
		{
			name: 'Ignore and List in Output',
			value: 'report',
			description: 'They are not sent; the output item lists them under ignoredFields',
		},
	],
	default: 'ignore',
	description:
		'What Map Automatically does with input fields that match no column (neither an attendee field nor a custom question of the event)',
};

/** What one item's columns give: the attendee body, its ID (if mapped), the keys reported. */
export interface ColumnsRow {
	body: IDataObject;
	id?: string;
	ignoredFields?: string[];
}

/** Per execution: the columns built from the saved schema, the mode and the unknown-key rule. */
const setups = new WeakMap<object, { columns: AttendeeColumns; auto: boolean; unknown: string }>();

/**
 * One item's columns. Map Automatically reads the input item's own keys; Map Each
 * Column Below reads the values mapped in the editor (without n8n's own check, which would name
 * a question by its ID: the columns are checked here, by label).
 */
export function readColumns(
	ctx: IExecuteFunctions,
	itemIndex: number,
	withId: boolean,
): ColumnsRow {
	let setup = setups.get(ctx);
	if (!setup) {
		const schema = ctx.getNodeParameter('columns.schema', 0, []) as ResourceMapperField[];
		const mode = ctx.getNodeParameter('columns.mappingMode', 0, 'defineBelow') as string;
		const options = ctx.getNodeParameter('options', 0, {}) as IDataObject;
		setup = {
			columns: new AttendeeColumns(Array.isArray(schema) ? schema : [], withId),
			auto: mode === 'autoMapInputData',
			unknown: typeof options.unknownFields === 'string' ? options.unknownFields : 'ignore',
		};
		setups.set(ctx, setup);
	}
	const values = setup.auto
		? ctx.getInputData()[itemIndex]?.json
		: (ctx.getNodeParameter(
				'columns.value',
				itemIndex,
				{},
				{ skipValidation: true },
			) as IDataObject | null);
	const row = setup.columns.map(ctx, values ?? {}, setup.auto, itemIndex);
	if (row.unknownKeys.length > 0 && setup.unknown === 'error')
		throw invalidField(
			ctx,
			'Columns',
			`no column for the input field(s) ${row.unknownKeys.map((k) => JSON.stringify(k)).join(', ')}`,
			itemIndex,
			"Rename them to an attendee field or a custom question's label, remove them, or set Options > Unknown Input Fields to Ignore",
		);
	return {
		body: row.body,
		id: row.id,
		...(row.unknownKeys.length > 0 && setup.unknown === 'report'
			? { ignoredFields: row.unknownKeys }
			: {}),
	};
}
