/**
 * The output schema of a function of the node's own code, found by running that code: `derive`
 * builds a record from a schema (every value recognizable), passes it through the function (the
 * node's Simplify, the triggers' delivery shape) and reads the schema back from what comes out.
 * Keys the code renames, drops or adds follow the code on every `npm run gen`, without a copy of
 * its logic here.
 *
 * What comes out is read this way:
 * - a value of the record, unchanged (a string, a number, an object or array kept as it is): the
 *   schema it was made from;
 * - a string or number the code made: `string` or `number`; a string the code wrote as a
 *   literal (an `action`, say): that one value;
 * - a new object: its keys, each read the same way, required when it is always there (a literal,
 *   or a required member of the record), no others allowed; a new array: its first element.
 */
import type { JsonSchema } from './jsonSchema';

interface Origin {
	schema: JsonSchema;
	required: boolean;
}

/** A record made from schemas, and how to recognize its values in what the code returns. */
export class Sampler {
	private readonly strings = new Map<string, Origin>();
	private readonly numbers = new Map<number, Origin>();
	private readonly objects = new Map<object, Origin>();
	private count = 0;

	/** A value `schema` allows, recognizable later (`required`: always present where it is). */
	sample(schema: JsonSchema, required = true): unknown {
		const origin: Origin = { schema, required };
		const types = ([] as string[]).concat(schema.type ?? []).filter((t) => t !== 'null');
		const type = types[0] ?? (schema.properties ? 'object' : undefined);
		const n = ++this.count;
		switch (type) {
			case 'object': {
				const record: Record<string, unknown> = {};
				const required = new Set(schema.required ?? []);
				for (const [key, property] of Object.entries(schema.properties ?? {}))
					record[key] = this.sample(property, required.has(key));
				this.objects.set(record, origin);
				return record;
			}
			case 'array': {
				const list = schema.items ? [this.sample(schema.items)] : [];
				this.objects.set(list, origin);
				return list;
			}
			case 'number':
			case 'integer':
				return this.remember(this.numbers, 7_000_000 + n, origin);
			case 'boolean':
				return true;
			default: {
				// A string (an enum's too: lower case, as the code may lower-case IDs), or a union
				// sampled by its first member.
				const member = schema.anyOf?.find((s) => s.type !== 'null');
				if (member && !schema.type) {
					const value = this.sample(member, required);
					if (value !== null && typeof value === 'object') this.objects.set(value, origin);
					else if (typeof value === 'string') this.strings.set(value, origin);
					return value;
				}
				return this.remember(this.strings, `~v${n}~`, origin);
			}
		}
	}

	private remember<T>(map: Map<T, Origin>, value: T, origin: Origin): T {
		map.set(value, origin);
		return value;
	}

	/** The schema of `value`, a result of the code over sampled records (see the file's comment). */
	read(value: unknown): Origin {
		if (value === null) return { schema: { type: 'null' }, required: true };
		if (typeof value === 'string') {
			const known = this.strings.get(value);
			if (known) return known;
			return /~v\d+~/.test(value)
				? { schema: { type: 'string' }, required: true }
				: { schema: { type: 'string', enum: [value] }, required: true };
		}
		if (typeof value === 'number')
			return this.numbers.get(value) ?? { schema: { type: 'number' }, required: true };
		if (typeof value === 'boolean') return { schema: { type: 'boolean' }, required: true };
		if (typeof value !== 'object') throw new Error(`derive: cannot describe ${typeof value}`);
		const known = this.objects.get(value);
		if (known) return known;
		if (Array.isArray(value)) {
			return {
				schema: {
					type: 'array',
					...(value.length > 0 ? { items: this.read(value[0]).schema } : {}),
				},
				required: true,
			};
		}
		const properties: Record<string, JsonSchema> = {};
		const required: string[] = [];
		for (const [key, member] of Object.entries(value as Record<string, unknown>)) {
			if (member === undefined) continue;
			const origin = this.read(member);
			properties[key] = origin.schema;
			if (origin.required) required.push(key);
		}
		return {
			schema: {
				type: 'object',
				properties,
				...(required.length > 0 ? { required } : {}),
				additionalProperties: false,
			},
			required: true,
		};
	}
}

/** The schema of what `transform` returns for records of `input`. */
export function derive(input: JsonSchema, transform: (record: never) => unknown): JsonSchema {
	const sampler = new Sampler();
	return sampler.read(transform(sampler.sample(input) as never)).schema;
}
