/**
 * JSON Schema (draft-07, what n8n's editor reads) for the output schemas, and the conversion of
 * EventX's OpenAPI 3.0 response schemas into it.
 */

export interface JsonSchema {
	type?: string | string[];
	properties?: Record<string, JsonSchema>;
	required?: string[];
	additionalProperties?: boolean | JsonSchema;
	items?: JsonSchema;
	anyOf?: JsonSchema[];
	enum?: unknown[];
	format?: string;
	description?: string;
	[keyword: string]: unknown;
}

/** An OpenAPI 3.0 schema as EventX's description writes them (no $ref, `nullable`). */
export type OpenApiSchema = JsonSchema & { nullable?: boolean };

/** Formats ajv-formats and n8n understand; the OpenAPI's others (`float`) say nothing more than the type. */
const FORMATS = new Set(['uuid', 'date-time', 'date', 'email', 'uri']);

/** Annotations of the OpenAPI that are not JSON Schema, or that only illustrate. */
const DROPPED = new Set(['nullable', 'example', 'examples', 'default', 'x-required']);

const isObjectSchema = (s: JsonSchema) => s.type === 'object' || s.properties !== undefined;

/** `null` allowed besides what `schema` allows. */
export function nullable(schema: JsonSchema): JsonSchema {
	if (typeof schema.type === 'string') {
		const result: JsonSchema = { ...schema, type: [schema.type, 'null'] };
		if (schema.enum && !schema.enum.includes(null)) result.enum = [...schema.enum, null];
		return result;
	}
	if (Array.isArray(schema.type)) {
		return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
	}
	if (schema.anyOf) {
		if (schema.anyOf.some((s) => s.type === 'null')) return schema;
		return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
	}
	// No type: anything already, null included.
	return schema;
}

/**
 * A union of objects keeps its branches for validation and gets their properties merged beside
 * them: n8n's editor shows `type` and `properties` and ignores `anyOf`.
 */
function withMergedProperties(schema: JsonSchema): JsonSchema {
	const union = schema.anyOf;
	if (!union || union.length === 0 || !union.every(isObjectSchema) || schema.type) return schema;
	const properties: Record<string, JsonSchema> = {};
	for (const branch of union) {
		for (const [key, value] of Object.entries(branch.properties ?? {})) {
			const known = properties[key];
			if (!known) properties[key] = value;
			else if (JSON.stringify(known) !== JSON.stringify(value))
				properties[key] = { anyOf: [...(known.anyOf ?? [known]), value] };
		}
	}
	return { type: 'object', properties, ...schema };
}

/** EventX's OpenAPI schema as JSON Schema: `nullable` spelled with `null`, illustrations dropped. */
export function fromOpenApi(source: OpenApiSchema): JsonSchema {
	let schema: JsonSchema = {};
	for (const [keyword, value] of Object.entries(source)) {
		if (DROPPED.has(keyword)) continue;
		if (keyword === 'format' && !FORMATS.has(String(value))) continue;
		if (keyword === 'properties') {
			schema.properties = Object.fromEntries(
				Object.entries(value as Record<string, OpenApiSchema>).map(([k, v]) => [k, fromOpenApi(v)]),
			);
		} else if (
			keyword === 'items' ||
			(keyword === 'additionalProperties' && typeof value === 'object')
		) {
			schema[keyword] = fromOpenApi(value as OpenApiSchema);
		} else if (keyword === 'anyOf' || keyword === 'oneOf') {
			// The description's oneOf branches overlap (a custom field's config matches two): any of them.
			schema.anyOf = (value as OpenApiSchema[]).map(fromOpenApi);
		} else {
			schema[keyword] = value;
		}
	}
	// `properties: {}` with no others allowed is how EventX's description writes a free-form object
	// (an email design, custom field answers before their additionalProperties): any members.
	if (
		schema.properties &&
		Object.keys(schema.properties).length === 0 &&
		schema.additionalProperties === false
	) {
		delete schema.properties;
		delete schema.additionalProperties;
	}
	// A `type` the OpenAPI leaves out where it lists properties.
	if (schema.properties && !schema.type && !schema.anyOf) schema.type = 'object';
	schema = withMergedProperties(schema);
	return source.nullable ? nullable(schema) : schema;
}
