/**
 * The published OpenAPI's known defects: the one list of places where the simulator is held to
 * something other than the spec's letter (contract.ts). Each entry names the exact schema
 * location it changes; everything else of the operation is checked as published. Add an entry
 * only for a defect of the spec itself (see api/README.md), never to let the simulator or the node
 * pass: fix those instead.
 */

/** Which schema of an operation: its request body, its answer for a status, or one parameter. */
export type SchemaPart = 'request' | `response ${number}` | `query ${string}` | `path ${string}`;

export interface ContractException {
	/** The operations (operationId) whose schema is corrected. */
	operationIds: string[];
	/** The schema of each of them, e.g. `request`, `response 200`, `query pageEnd`. */
	part: SchemaPart;
	/** JSON pointers inside that schema, to the keyword replaced or removed. */
	at: string[];
	/** The defect, and what holds instead. */
	why: string;
	/**
	 * What becomes of the keyword: `remove`d, renamed (`{ rename }`, e.g. `oneOf` to `anyOf`), or
	 * replaced by another schema of the same operation (`{ from, at }`, e.g. the request body's
	 * `filter`).
	 */
	use: 'remove' | { rename: string } | { from: SchemaPart; at: string };
}

export const CONTRACT_EXCEPTIONS: ContractException[] = [
	{
		operationIds: [
			'getPaginatedEvent',
			'getPaginatedHostingEvent',
			'getPaginatedAttendeeByEventId',
			'getPaginatedOrderByEventId',
		],
		part: 'query pageEnd',
		at: ['/maximum'],
		why: '`pageEnd` is declared with maximum 0, which refuses every page range; its own description (and the brief) make it an inclusive last page at most 200 pages from `page`.',
		use: 'remove',
	},
	{
		operationIds: ['getPaginatedEvent', 'getPaginatedHostingEvent', 'getPaginatedOrderByEventId'],
		part: 'query filter',
		at: [''],
		why: 'The `filter` query parameter has the schema `{ type: object, additionalProperties: false }`, which refuses every member (its members are written beside the schema); its description says to "refer to schema in body": the JSON text is held to the request body\'s `filter`.',
		use: { from: 'request', at: '/properties/filter' },
	},
	{
		operationIds: ['upsertEmailTemplateByType'],
		part: 'request',
		at: ['/properties/design/additionalProperties'],
		why: "`design` (the email editor's document) is declared as an object with no properties and `additionalProperties: false`, so only `{}` would pass; it is a free-form object.",
		use: 'remove',
	},
	{
		operationIds: ['bulkUpsertCustomFieldByEventId'],
		part: 'request',
		at: ['/properties/data/items/properties/config/additionalProperties'],
		why: "A question's `config` is an object with no properties and `additionalProperties: false` around a `oneOf` of the three shapes (options; minDate/maxDate; hideMeridiem): the outer keyword refuses every member, so not even the shapes its own `oneOf` lists could pass. The `oneOf` stays: an empty `config` matches two shapes and is refused.",
		use: 'remove',
	},
	{
		operationIds: ['bulkUpsertCustomFieldByEventId', 'getAllCustomFieldByEventId'],
		part: 'response 200',
		at: [
			'/properties/dataList/items/properties/config/additionalProperties',
			'/properties/dataList/items/properties/rawData/properties/config/additionalProperties',
		],
		why: "The same `config` defect in the answers (the question and its `rawData`): the outer `additionalProperties: false` refuses every member the `oneOf`'s shapes allow.",
		use: 'remove',
	},
	{
		operationIds: ['bulkUpsertCustomFieldByEventId', 'getAllCustomFieldByEventId'],
		part: 'response 200',
		at: [
			'/properties/dataList/items/properties/config/oneOf',
			'/properties/dataList/items/properties/rawData/properties/config/oneOf',
		],
		why: "An answered question must have a `config`, and one of a type that takes none (text, phone field...) can only be `{}`, which matches two of the `oneOf`'s shapes: in answers it is any of them.",
		use: { rename: 'anyOf' },
	},
];
