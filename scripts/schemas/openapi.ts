import { fs, path, repoRoot } from '../../test/platform.cjs';
import { fromOpenApi, type JsonSchema, type OpenApiSchema } from './jsonSchema';

export const SPEC_FILE = 'api/eventx-public-api.openapi.json';

interface Operation {
	requestBody?: { content?: Record<string, { schema: OpenApiSchema }> };
	responses?: Record<string, { content?: Record<string, { schema: OpenApiSchema }> }>;
}
type Spec = { paths: Record<string, Record<string, Operation>> };

/** EventX's answers, as the published OpenAPI describes them, in JSON Schema. */
export class EventXAnswers {
	private readonly spec: Spec;

	constructor(root = repoRoot) {
		this.spec = JSON.parse(fs.readFileSync(path.join(root, SPEC_FILE), 'utf8')) as Spec;
	}

	private operation(route: string): Operation {
		const [method, pathName] = route.split(' ');
		const operation = this.spec.paths[`/public-api/v1${pathName}`]?.[method.toLowerCase()];
		if (!operation) throw new Error(`${SPEC_FILE} has no ${route}`);
		return operation;
	}

	/** The body of `METHOD /route`'s 200 answer (`route` under /public-api/v1). */
	answer(route: string): JsonSchema {
		const schema = this.operation(route).responses?.['200']?.content?.['application/json']?.schema;
		if (!schema) throw new Error(`${SPEC_FILE} describes no JSON answer of ${route}`);
		return fromOpenApi(schema);
	}

	/** The JSON body `METHOD /route` takes. */
	requestBody(route: string): JsonSchema {
		const schema = this.operation(route).requestBody?.content?.['application/json']?.schema;
		if (!schema) throw new Error(`${SPEC_FILE} describes no JSON body of ${route}`);
		return fromOpenApi(schema);
	}

	/** The record in `{ data }`. */
	data(route: string): JsonSchema {
		return member(this.answer(route), 'data', route);
	}

	/** One record of `{ dataList }`. */
	listItem(route: string): JsonSchema {
		const list = member(this.answer(route), 'dataList', route);
		if (!list.items) throw new Error(`${route}: dataList has no items schema`);
		return list.items;
	}
}

function member(schema: JsonSchema, key: string, route: string): JsonSchema {
	const found = schema.properties?.[key];
	if (!found) throw new Error(`${route}: the answer has no "${key}"`);
	return found;
}
