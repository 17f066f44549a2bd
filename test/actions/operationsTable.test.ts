import { fs, path, repoRoot } from '../platform.cjs';

import { resourceOptions, resources } from '../../nodes/EventX/actions/resources';
import { SPEC_FILE, type OpenApi } from '../../scripts/gen-enums';

// Issue 16: every published endpoint but the token exchange and the Salesforce account has an
// operation, and docs/operations.md's endpoint table says which one calls it; the README's short
// table names every operation the node offers, and only those.
const LEFT_OUT = ['POST /public-api/v1/auth', 'GET /public-api/v1/salesforce-account'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const spec = JSON.parse(fs.readFileSync(path.join(repoRoot, SPEC_FILE), 'utf8')) as OpenApi;
const published = Object.entries(spec.paths).flatMap(([route, operations]) =>
	Object.keys(operations)
		.filter((method) => METHODS.includes(method))
		.map((method) => `${method.toUpperCase()} ${route}`),
);

interface Row {
	resource: string;
	operation: string;
	endpoints: string[];
}

/** The rows of the first table under `heading` in a Markdown file of the repository, as cells. */
function tableRows(file: string, heading: string): string[][] {
	const text = fs.readFileSync(path.join(repoRoot, file), 'utf8');
	const start = text.indexOf(`\n${heading}\n`);
	if (start < 0) throw new Error(`${file} has no "${heading}"`);
	const lines = text.slice(start).split('\n').slice(2);
	const rows: string[][] = [];
	for (const line of lines.slice(lines.findIndex((l) => l.startsWith('| ---')) + 1)) {
		if (!line.startsWith('|')) break;
		rows.push(line.split(' | ').map((c) => c.replace(/^\| ?/, '').replace(/ ?\|$/, '')));
	}
	return rows;
}

/** The rows of docs/operations.md's endpoint table, with the endpoints each names. */
function operationsTable(): Row[] {
	const rows: Row[] = [];
	for (const [resource, operation, endpoint] of tableRows('docs/operations.md', '## Endpoints')) {
		const spans = [...endpoint.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
		const [method] = spans[0]?.split(' ') ?? [''];
		const endpoints = spans.flatMap((span) => {
			if (/^(GET|POST|PUT|PATCH|DELETE) \/public-api\/v1\//.test(span)) return [span];
			// "(or `/event/hosting-event` with ...)": the same method on another path.
			if (span.startsWith('/')) return [`${method} /public-api/v1${span}`];
			return [];
		});
		rows.push({ resource, operation: operation.replace(/ \(.*$/, ''), endpoints });
	}
	return rows;
}

/** What the node's Resource and Operation dropdowns offer, as "Resource > Operation". */
const offered = new Set(
	resourceOptions.flatMap(({ name, value }) =>
		(resources[value as string].operationProperty.options ?? []).map(
			(option) => `${name} > ${(option as { name: string }).name}`,
		),
	),
);

describe("docs/operations.md's endpoint table", () => {
	const rows = operationsTable();

	test('names every published endpoint but the token exchange and the Salesforce account', () => {
		const named = new Set(rows.flatMap((row) => row.endpoints));
		const expected = published.filter((endpoint) => !LEFT_OUT.includes(endpoint));
		expect(expected).toHaveLength(56);
		expect(expected.filter((endpoint) => !named.has(endpoint))).toEqual([]);
		expect([...named].filter((endpoint) => !published.includes(endpoint))).toEqual([]);
	});

	test("names each endpoint's operation as the node offers it", () => {
		const unknown = rows
			.map((row) => `${row.resource} > ${row.operation}`)
			.filter((name) => !offered.has(name));
		expect(unknown).toEqual([]);
	});
});

describe("the README's operations table", () => {
	test('names every operation the node offers, each once, and no other', () => {
		const named = tableRows('README.md', '## Operations').flatMap(([resource, operations]) =>
			operations.split(', ').map((operation) => `${resource} > ${operation.replace(/ \(.*$/, '')}`),
		);
		expect(named.filter((name, index) => named.indexOf(name) !== index)).toEqual([]);
		expect(named.filter((name) => !offered.has(name))).toEqual([]);
		expect([...offered].filter((name) => !named.includes(name))).toEqual([]);
	});
});
