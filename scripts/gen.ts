/**
 * `npm run gen`: everything the repository generates from EventX's OpenAPI (api/) and the node's
 * own code, written in place:
 * - nodes/EventX/helpers/enums.ts (scripts/gen-enums.ts);
 * - the output schemas under each node's __schema__/ (scripts/gen-schemas.ts); schema files no
 *   output names any more are removed.
 *
 * `npm run gen -- --check` writes nothing and exits 1 when the tree differs from what it would
 * write (test/schemas/gen.test.ts holds the same).
 */
import { fs, path, print, printError, process, repoRoot } from '../test/platform.cjs';
import { ENUMS_FILE, generateEnums } from './gen-enums';
import { generateSchemas, SCHEMA_DIR } from './gen-schemas';

/** Every generated file (from the repository's root) and its text. */
export function generateAll(root = repoRoot): Map<string, string> {
	return new Map([[ENUMS_FILE, generateEnums(root)], ...generateSchemas(root)]);
}

/** The schema files in the tree now, from the repository's root. */
export function existingSchemaFiles(root = repoRoot): string[] {
	const found: string[] = [];
	const walk = (dir: string, inSchemas: boolean) => {
		for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
			const child = path.join(dir, entry.name);
			if (entry.isDirectory()) walk(child, inSchemas || entry.name === SCHEMA_DIR);
			else if (inSchemas && entry.name.endsWith('.json')) found.push(child);
		}
	};
	walk('nodes', false);
	return found.sort();
}

/** What `npm run gen` would change: files to write (new or different) and files to remove. */
export function pendingChanges(root = repoRoot) {
	const generated = generateAll(root);
	const write = [...generated.entries()].filter(([file, text]) => {
		const target = path.join(root, file);
		return !fs.existsSync(target) || fs.readFileSync(target, 'utf8') !== text;
	});
	const remove = existingSchemaFiles(root).filter((file) => !generated.has(file));
	return { generated, write, remove };
}

function main(): void {
	const { generated, write, remove } = pendingChanges();
	if (process.argv.includes('--check')) {
		if (write.length === 0 && remove.length === 0)
			return print(`${generated.size} generated files are up to date`);
		printError(`npm run gen would change: ${[...write.map(([f]) => f), ...remove].join(', ')}`);
		process.exitCode = 1;
		return;
	}
	for (const [file, text] of write) {
		fs.mkdirSync(path.dirname(path.join(repoRoot, file)), { recursive: true });
		fs.writeFileSync(path.join(repoRoot, file), text);
	}
	for (const file of remove) {
		fs.rmSync(path.join(repoRoot, file));
		// Folders it leaves empty go too (an old version's): n8n would still list them.
		let dir = path.dirname(file);
		while (
			path.basename(dir) !== SCHEMA_DIR &&
			fs.readdirSync(path.join(repoRoot, dir)).length === 0
		) {
			fs.rmdirSync(path.join(repoRoot, dir));
			dir = path.dirname(dir);
		}
	}
	print(
		`${generated.size} generated files: ${write.length} written, ${remove.length} removed, ${
			generated.size - write.length
		} unchanged`,
	);
}

// Run as a tool (run-tool.mjs points argv[1] at the compiled file); imported by test/schemas/gen.test.ts.
if (process.argv[1]?.endsWith(path.join('scripts', 'gen.js'))) {
	main();
}
