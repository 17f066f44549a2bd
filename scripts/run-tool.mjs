// Runs a TypeScript tool of scripts/ (`node scripts/run-tool.mjs dev [args]`): compiles the tools'
// project (tsconfig.tools.json) to .build-tools/ when a source changed since the last compile,
// then runs the compiled script with the args. `node scripts/run-tool.mjs --compile` only compiles
// (when needed): the e2e tests use it before starting the simulator.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, '.build-tools');
const stampFile = join(out, '.sources-mtime');

/** The folders and files tsconfig.tools.json compiles, and what decides how (configs, lock). */
function sources() {
	const config = readFileSync(join(root, 'tsconfig.tools.json'), 'utf8').replace(
		/^\s*\/\/.*$/gm,
		'',
	);
	const roots = JSON.parse(config).include.map((pattern) => pattern.replace(/\/\*\*.*$/, ''));
	return [...roots, 'tsconfig.json', 'tsconfig.tools.json', 'package-lock.json'];
}

/** The newest modification time of the sources; a folder's counts too (a file removed). */
function newestMtime(path) {
	if (!existsSync(path)) return 0;
	const stat = statSync(path);
	if (!stat.isDirectory()) return stat.mtimeMs;
	let newest = stat.mtimeMs;
	for (const entry of readdirSync(path)) {
		if (entry === 'node_modules') continue;
		newest = Math.max(newest, newestMtime(join(path, entry)));
	}
	return newest;
}

function compileIfChanged() {
	const newest = Math.max(...sources().map((source) => newestMtime(join(root, source))));
	const compiled = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : -1;
	if (newest <= compiled) return;
	const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
	const result = spawnSync(
		process.execPath,
		[
			tsc,
			'-p',
			'tsconfig.tools.json',
			'--incremental',
			'--tsBuildInfoFile',
			join(out, '.tsbuildinfo'),
		],
		{
			cwd: root,
			stdio: 'inherit',
		},
	);
	if (result.status !== 0) process.exit(result.status ?? 1);
	// The sources' time when the compile started: an edit made during it compiles again next time.
	writeFileSync(stampFile, String(newest));
}

const [name, ...args] = process.argv.slice(2);
if (!name) {
	console.error('usage: node scripts/run-tool.mjs <script name in scripts/> [args] | --compile');
	process.exit(2);
}
compileIfChanged();
if (name !== '--compile') {
	process.argv = [process.argv[0], join(out, 'scripts', `${name}.js`), ...args];
	createRequire(import.meta.url)(process.argv[1]);
}
