// `npm run dev` launcher: compiles scripts/dev.ts (and what it imports) to .build-tools/, then runs it.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const options = [
	'--outDir',
	'.build-tools',
	'--rootDir',
	'.',
	'--module',
	'commonjs',
	'--moduleResolution',
	'node',
	'--target',
	'es2022',
	'--esModuleInterop',
	'--skipLibCheck',
	'--resolveJsonModule',
	'--types',
	'node',
];
const compiled = spawnSync(process.execPath, [tsc, ...options, 'scripts/dev.ts'], {
	cwd: root,
	stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
require(join(root, '.build-tools', 'scripts', 'dev.js'));
