// `npm run gen` leaves the tree unchanged: the committed enums and output schemas are exactly what
// the generators make of api/ and the node's code, with no schema file left over.
import { existingSchemaFiles, generateAll, pendingChanges } from '../../scripts/gen';
import { schemaFile, versionFolder } from '../../scripts/gen-schemas';
import { derive } from '../../scripts/schemas/derive';
import { fromOpenApi } from '../../scripts/schemas/jsonSchema';
import { outputs } from '../../scripts/schemas/outputs';
import { fs, os, path, repoRoot } from '../platform.cjs';

describe('npm run gen', () => {
	test('leaves the tree unchanged: every generated file is committed as generated, none is extra', () => {
		const { write, remove } = pendingChanges();
		// What to do is in the failure: an operation, a trigger event, a Simplify or an OpenAPI change
		// changes what gen writes.
		expect(
			write.map(([file]) => `${file}: out of date, run \`npm run gen\` and commit it`),
		).toEqual([]);
		expect(remove.map((file) => `${file}: no output names it, run \`npm run gen\``)).toEqual([]);
	});

	test('would write a schema that changed, and remove one no output names', () => {
		const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'eventx-gen-'));
		try {
			fs.cpSync(path.join(repoRoot, 'api'), path.join(copy, 'api'), { recursive: true });
			const generated = generateAll();
			for (const [file, text] of generated) {
				fs.mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
				fs.writeFileSync(path.join(copy, file), text);
			}
			const changed = schemaFile({ node: 'EventX', key: ['event', 'get'] });
			fs.writeFileSync(path.join(copy, changed), '{}\n');
			const stale = path.join('nodes', 'EventX', '__schema__', 'v0.9.0', 'event', 'old.json');
			fs.mkdirSync(path.dirname(path.join(copy, stale)), { recursive: true });
			fs.writeFileSync(path.join(copy, stale), '{}\n');
			const { write, remove } = pendingChanges(copy);
			expect(write.map(([file]) => file)).toEqual([changed]);
			expect(remove).toEqual([stale]);
		} finally {
			fs.rmSync(copy, { recursive: true, force: true });
		}
	});

	test("writes each schema where n8n looks for it: beside the node, under its version's folder", () => {
		expect(versionFolder('EventXTrigger')).toBe('v1.0.0');
		expect(schemaFile({ node: 'EventXTrigger', key: [] })).toBe(
			'nodes/EventXTrigger/__schema__/v1.0.0.json',
		);
		expect(schemaFile({ node: 'EventXPollingTrigger', key: ['orderPaid'] })).toBe(
			'nodes/EventXPollingTrigger/__schema__/v1.0.0/orderPaid.json',
		);
		expect(schemaFile({ node: 'EventX', key: ['attendee', 'get'] })).toMatch(
			/^nodes\/EventX\/__schema__\/v\d+\.\d+\.\d+\/attendee\/get\.json$/,
		);
		expect(existingSchemaFiles()).toHaveLength(outputs().length);
	});
});

describe('the schema generator', () => {
	test("reads EventX's OpenAPI as JSON Schema: null spelled out, illustrations dropped, unions shown", () => {
		expect(
			fromOpenApi({
				type: 'object',
				properties: {
					name: { type: 'string', nullable: true, example: 'Ada' },
					size: { type: 'number', format: 'float' },
					status: { type: 'string', enum: ['a', 'b'], nullable: true },
					design: { type: 'object', properties: {}, additionalProperties: false },
					media: {
						oneOf: [
							{ type: 'object', properties: { id: { type: 'string' } } },
							{ type: 'object', properties: { url: { type: 'string' } } },
						],
					},
				},
			}),
		).toEqual({
			type: 'object',
			properties: {
				name: { type: ['string', 'null'] },
				size: { type: 'number' },
				status: { type: ['string', 'null'], enum: ['a', 'b', null] },
				design: { type: 'object' },
				media: {
					type: 'object',
					properties: { id: { type: 'string' }, url: { type: 'string' } },
					anyOf: [
						{ type: 'object', properties: { id: { type: 'string' } } },
						{ type: 'object', properties: { url: { type: 'string' } } },
					],
				},
			},
		});
	});

	test("derives a schema by running the node's own function over a record made from one", () => {
		const record = {
			type: 'object',
			properties: {
				id: { type: 'string', format: 'uuid' },
				first_name: { type: ['string', 'null'] },
				rawData: { type: 'object', properties: { a: { type: 'string' } } },
				items: {
					type: 'array',
					items: { type: 'object', properties: { qty: { type: 'number' } } },
				},
			},
			required: ['id', 'items'],
		};
		const schema = derive(record, (r: Record<string, unknown>) => ({
			action: 'attendee-create',
			id: r.id,
			firstName: r.first_name,
			count: (r.items as Array<{ qty: number }>).length,
		}));
		expect(schema).toEqual({
			type: 'object',
			properties: {
				action: { type: 'string', enum: ['attendee-create'] },
				id: { type: 'string', format: 'uuid' },
				firstName: { type: ['string', 'null'] },
				count: { type: 'number' },
			},
			required: ['action', 'id', 'count'],
			additionalProperties: false,
		});
	});
});
