// `npm run test:props -- [--runs N] [--seed S] [--path P] [jest args]`: a property campaign. Runs
// test/properties/ with N generated histories per property (1,000 by default) and prints each
// property's seed; with --seed (and --path, from a failure's report) it replays one history.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, PROPS_CAMPAIGN: '1', PROPS_RUNS: '1000' };
const jestArgs = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
	const flag = { '--runs': 'PROPS_RUNS', '--seed': 'PROPS_SEED', '--path': 'PROPS_PATH' }[args[i]];
	if (flag && args[i + 1] !== undefined) env[flag] = args[++i];
	else jestArgs.push(args[i]);
}
if (env.PROPS_PATH && !env.PROPS_SEED) {
	console.error('--path replays a failure only with the --seed it was found with');
	process.exit(2);
}
const result = spawnSync(
	process.execPath,
	[
		join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
		'--selectProjects',
		'unit',
		'--maxWorkers=2',
		'--verbose',
		...jestArgs,
		join(root, 'test', 'properties'),
	],
	{ cwd: root, env, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
