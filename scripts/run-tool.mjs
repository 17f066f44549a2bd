// Runs a TypeScript tool of scripts/ (`node scripts/run-tool.mjs dev [args]`): compiles the tools'
// project (tsconfig.tools.json) to .build-tools/, then runs the compiled script with the args.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const [name, ...args] = process.argv.slice(2);
if (!name) {
	console.error('usage: node scripts/run-tool.mjs <script name in scripts/> [args]');
	process.exit(2);
}
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.tools.json'], {
	cwd: root,
	stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
process.argv = [process.argv[0], join(root, '.build-tools', 'scripts', `${name}.js`), ...args];
createRequire(import.meta.url)(process.argv[1]);
