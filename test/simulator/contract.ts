/**
 * The published contract the simulator is held to: every request it accepts (path and query
 * parameters, JSON body) and every answer it gives (status and JSON body) is checked against the
 * matching operation of api/eventx-public-api.openapi.json with ajv. The spec's known defects are
 * corrected first, each at its exact location (contractExceptions.ts); nothing else is relaxed.
 *
 * Compiling is the expensive part (the event schemas take most of a second each), so each schema
 * is compiled once, on first use, and one Contract serves every simulator of a process: in jest,
 * the test environment (contractEnvironment.ts) hands every test file of a worker the same one;
 * the simulator as a process of its own (scripts/simulator.ts) makes its own.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

import { fs, path, repoRoot } from '../platform.cjs';
import { CONTRACT_EXCEPTIONS, type ContractException, type SchemaPart } from './contractExceptions';
import type { ContractChecker, ContractCounts, ContractViolation, Exchange } from './violations';

export const SPEC_PATH = path.join(repoRoot, 'api', 'eventx-public-api.openapi.json');

type Schema = Record<string, unknown>;

interface Parameter {
	name: string;
	in: 'path' | 'query' | 'header' | 'cookie';
	schema?: Schema;
}

interface SpecOperation {
	operationId: string;
	parameters?: Parameter[];
	requestBody?: { $ref?: string; content?: Record<string, { schema?: Schema }> };
	responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}

interface Spec {
	paths: Record<string, Record<string, SpecOperation>>;
	components: { requestBodies: Record<string, { content: Record<string, { schema: Schema }> }> };
}

/** One operation of the spec, with the schemas of its parts (before compiling). */
export interface Operation {
	method: string;
	template: string;
	operationId: string;
	/** `GET /public-api/v1/event/{eventId} (getEventById)`: how a violation names it. */
	label: string;
	regex: RegExp;
	pathNames: string[];
	/** Literal segments: a concrete path wins over a template (`/event/hosting-event`). */
	literals: number;
	parts: Map<SchemaPart, Schema>;
	/** Statuses it declares (with or without a schema). */
	statuses: Set<number>;
	/** Query parameters it declares. */
	queryNames: Set<string>;
}

/** Resolves a JSON pointer inside a schema: the parent object and the key, or undefined. */
function locate(root: unknown, pointer: string): { parent: Schema; key: string } | undefined {
	const keys = pointer
		.split('/')
		.slice(1)
		.map((k) => k.replace(/~1/g, '/').replace(/~0/g, '~'));
	const last = keys.pop();
	let node = root;
	for (const key of keys) node = (node as Schema | undefined)?.[key];
	if (last === undefined || node === null || typeof node !== 'object' || !(last in node))
		return undefined;
	return { parent: node as Schema, key: last };
}

/**
 * OpenAPI 3.0's `nullable` as the spec's generator means it (a nullable zod schema): null is one
 * more value. ajv takes `nullable` only beside `type`, and keeps an `enum` without null closed; so
 * a nullable `enum` gets null among its values (`approvalStatus`, `checkInMethod`), and a nullable
 * schema without a `type` (`{ anyOf: [...], nullable: true }`, extension data values) becomes
 * `anyOf: [..., { type: null }]`.
 */
function translateNullable(node: unknown): void {
	if (Array.isArray(node)) return node.forEach(translateNullable);
	if (node === null || typeof node !== 'object') return;
	const schema = node as Schema;
	for (const value of Object.values(schema)) translateNullable(value);
	if (schema.nullable !== true) return;
	if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
	if (schema.type === undefined) {
		const rest = { ...schema };
		delete rest.nullable;
		for (const key of Object.keys(schema)) delete schema[key];
		schema.anyOf = [rest, { type: 'null' }];
	}
}

function applyException(operation: Operation, exception: ContractException): void {
	const schema = operation.parts.get(exception.part);
	if (!schema)
		throw new Error(`Contract exception: ${operation.label} has no ${exception.part} schema`);
	const use = exception.use;
	for (const at of exception.at) {
		if (at === '') {
			// The whole schema of the part is replaced.
			if (typeof use !== 'object' || !('from' in use))
				throw new Error(
					`Contract exception: ${operation.label} ${exception.part} can only be replaced`,
				);
			operation.parts.set(exception.part, locateValue(operation, use) as Schema);
			continue;
		}
		const found = locate(schema, at);
		if (!found)
			throw new Error(
				`Contract exception: ${operation.label} ${exception.part} has nothing at ${at}`,
			);
		if (use === 'remove') delete found.parent[found.key];
		else if ('rename' in use) {
			found.parent[use.rename] = found.parent[found.key];
			delete found.parent[found.key];
		} else found.parent[found.key] = locateValue(operation, use);
	}
}

function locateValue(operation: Operation, use: { from: SchemaPart; at: string }): unknown {
	const found = locate(operation.parts.get(use.from), use.at);
	if (!found)
		throw new Error(`Contract exception: ${operation.label} has no ${use.from} ${use.at}`);
	return found.parent[found.key];
}

/** A query or path value (always text) as the type its schema declares, when it reads as one. */
function coerce(raw: string, schema: Schema): unknown {
	const type = schema.type;
	if (type === 'number' || type === 'integer') {
		const value = Number(raw);
		return raw.trim() === '' || Number.isNaN(value) ? raw : value;
	}
	if (type === 'boolean') return raw === 'true' ? true : raw === 'false' ? false : raw;
	if (type === 'object' || type === 'array') {
		try {
			return JSON.parse(raw) as unknown;
		} catch {
			return raw;
		}
	}
	return raw;
}

export class Contract implements ContractChecker {
	readonly operations: Operation[] = [];
	readonly counts: ContractCounts = {
		answers: 0,
		requestBodies: 0,
		parameters: 0,
		compileMs: 0,
		validateMs: 0,
		operations: new Set(),
	};
	private readonly ajv: Ajv;
	private readonly compiled = new Map<Schema, ValidateFunction>();

	constructor(
		exceptions: ContractException[] = CONTRACT_EXCEPTIONS,
		spec = JSON.parse(fs.readFileSync(SPEC_PATH, 'utf8')) as Spec,
	) {
		// allErrors: a violation lists every place at once. Without ajv's code optimisation pass
		// compiling takes about half as long (measured: all 77 schemas 1.7-4 s against 5-10 s on the
		// shared machine) and validating no longer. `example` and `x-required` are annotations of
		// the spec; `float` is a number like any other.
		this.ajv = new Ajv({ strict: true, allErrors: true, code: { optimize: false } });
		addFormats(this.ajv);
		this.ajv.addFormat('float', { type: 'number', validate: () => true });
		this.ajv.addVocabulary(['example', 'x-required']);
		translateNullable(spec.paths);
		translateNullable(spec.components);
		for (const [template, methods] of Object.entries(spec.paths))
			for (const [method, op] of Object.entries(methods))
				this.operations.push(this.readOperation(spec, template, method.toUpperCase(), op));
		const byId = new Map(this.operations.map((op) => [op.operationId, op]));
		for (const exception of exceptions)
			for (const id of exception.operationIds) {
				const operation = byId.get(id);
				if (!operation) throw new Error(`Contract exception: no operation ${id}`);
				applyException(operation, exception);
			}
	}

	private readOperation(
		spec: Spec,
		template: string,
		method: string,
		op: SpecOperation,
	): Operation {
		const pathNames: string[] = [];
		const segments = template.split('/');
		const source = segments
			.map((segment) => {
				const name = /^\{(.+)\}$/.exec(segment)?.[1];
				if (name === undefined) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
				pathNames.push(name);
				return '([^/]+)';
			})
			.join('/');
		const parts = new Map<SchemaPart, Schema>();
		const queryNames = new Set<string>();
		for (const parameter of op.parameters ?? []) {
			if (parameter.in === 'query') queryNames.add(parameter.name);
			if ((parameter.in === 'query' || parameter.in === 'path') && parameter.schema)
				parts.set(`${parameter.in} ${parameter.name}`, parameter.schema);
		}
		const ref = op.requestBody?.$ref?.split('/').pop();
		const body = ref ? spec.components.requestBodies[ref] : op.requestBody;
		const requestSchema = body?.content?.['application/json']?.schema;
		if (requestSchema) parts.set('request', requestSchema);
		const statuses = new Set<number>();
		for (const [status, response] of Object.entries(op.responses ?? {})) {
			statuses.add(Number(status));
			const schema = response.content?.['application/json']?.schema;
			if (schema) parts.set(`response ${Number(status)}`, schema);
		}
		return {
			method,
			template,
			operationId: op.operationId,
			label: `${method} ${template} (${op.operationId})`,
			regex: new RegExp(`^${source}$`),
			pathNames,
			literals: segments.length - pathNames.length,
			parts,
			statuses,
			queryNames,
		};
	}

	/** The operation a request is for: a concrete path before a template. */
	match(method: string, requestPath: string): Operation | undefined {
		let best: Operation | undefined;
		for (const op of this.operations)
			if (
				op.method === method &&
				op.regex.test(requestPath) &&
				(!best || op.literals > best.literals)
			)
				best = op;
		return best;
	}

	private validator(schema: Schema): ValidateFunction {
		let validate = this.compiled.get(schema);
		if (!validate) {
			const started = performance.now();
			validate = this.ajv.compile(schema);
			this.counts.compileMs += performance.now() - started;
			this.compiled.set(schema, validate);
		}
		return validate;
	}

	private validate(schema: Schema, value: unknown): ErrorObject[] {
		const validate = this.validator(schema);
		const started = performance.now();
		const valid = validate(value);
		this.counts.validateMs += performance.now() - started;
		return valid ? [] : (validate.errors ?? []);
	}

	/** Every way an exchange departs from the contract (none when it keeps it). */
	check(exchange: Exchange): ContractViolation[] {
		const request = `${exchange.method} ${exchange.path}`;
		const op = this.match(exchange.method, exchange.path);
		if (!op && exchange.redirectedHere) return [];
		if (!op)
			return [
				{
					operation: request,
					part: 'operation',
					pointer: '',
					message: 'matches no operation of the published OpenAPI',
					request,
				},
			];
		this.counts.operations.add(op.operationId);
		const violations: ContractViolation[] = [];
		const add = (part: string, status: number | undefined, pointer: string, message: string) =>
			violations.push({ operation: op.label, part, status, pointer, message, request });
		const report = (part: string, errors: ErrorObject[], status: number) => {
			for (const error of withoutBranches(errors))
				add(
					part,
					status,
					error.instancePath,
					`${error.message ?? 'is invalid'}${describeParams(error)} [schema ${error.schemaPath}]`,
				);
		};
		// The request, when the route accepted it (reported with the status it was accepted with).
		const accepted = exchange.routeStatus;
		if (accepted !== undefined && accepted < 300) {
			const values = op.regex.exec(exchange.path)!.slice(1);
			op.pathNames.forEach((name, i) => {
				const schema = op.parts.get(`path ${name}`);
				if (!schema) return;
				this.counts.parameters += 1;
				const value = coerce(decodeURIComponent(values[i]), schema);
				report(`path ${name}`, this.validate(schema, value), accepted);
			});
			for (const [name, raw] of exchange.query) {
				// One the operation does not declare is at best ignored by EventX: a filter with no effect.
				if (!op.queryNames.has(name))
					add(
						`query ${name}`,
						accepted,
						'',
						`is not a query parameter of the operation (${[...op.queryNames].join(', ') || 'it takes none'})`,
					);
				const schema = op.parts.get(`query ${name}`);
				if (!schema) continue;
				this.counts.parameters += 1;
				report(`query ${name}`, this.validate(schema, coerce(raw, schema)), accepted);
			}
			const schema = op.parts.get('request');
			if (exchange.body !== undefined) {
				if (schema) {
					this.counts.requestBodies += 1;
					report('request body', this.validate(schema, exchange.body), accepted);
				} else if (!isEmptyObject(exchange.body))
					add('request body', accepted, '', 'is sent, but the operation takes none');
			}
		}
		// The answer, unless a fault broke it on purpose.
		const answer = exchange.answer;
		if (answer && op.statuses.size > 0) {
			const schema = op.parts.get(`response ${answer.status}`);
			if (schema) {
				this.counts.answers += 1;
				report(`answer ${answer.status}`, this.validate(schema, answer.body), answer.status);
			} else if (answer.status < 300 && !op.statuses.has(answer.status))
				add(
					`answer ${answer.status}`,
					answer.status,
					'',
					`is not a status the operation answers (${[...op.statuses].join(', ')})`,
				);
		}
		// A list answer wrong in every item says it once per item: the first few are enough.
		if (violations.length <= MAX_REPORTED) return violations;
		const more = violations.length - MAX_REPORTED;
		return [
			...violations.slice(0, MAX_REPORTED),
			{ ...violations[MAX_REPORTED], pointer: '', message: `and ${more} more mismatch(es)` },
		];
	}
}

const MAX_REPORTED = 10;

function isEmptyObject(value: unknown): boolean {
	return value !== null && typeof value === 'object' && Object.keys(value).length === 0;
}

/**
 * The errors without those of a failed `oneOf`'s or `anyOf`'s branches: each branch's reasons
 * are noise beside the one error that no branch (or more than one) matched.
 */
function withoutBranches(errors: ErrorObject[]): ErrorObject[] {
	const alternatives = errors
		.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf')
		.map((e) => `${e.schemaPath}/`);
	return errors.filter((e) => !alternatives.some((path) => e.schemaPath.startsWith(path)));
}

/** The offending member, allowed values or matching branches, which ajv's message leaves out. */
function describeParams(error: ErrorObject): string {
	const params = error.params as Record<string, unknown>;
	if (Array.isArray(params.passingSchemas))
		return ` (it matches ${params.passingSchemas.map((i) => `#${String(i)}`).join(' and ')})`;
	if (params.additionalProperty !== undefined) return ` ("${String(params.additionalProperty)}")`;
	if (params.allowedValues !== undefined) return ` (${JSON.stringify(params.allowedValues)})`;
	return '';
}
