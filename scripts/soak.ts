/**
 * `npm run soak`: a season of events replayed in a real n8n 2.41.1 in queue mode, through
 * EventX's faults and n8n's restarts, checked against the simulator's history
 * (test/e2e/season.soak.ts; docs/scale.md has the tables). It runs that file with jest and the
 * e2e project's global setup (the package built and packed, n8n installed as its installer does),
 * outside `npm test`.
 *
 *   npm run soak [-- --minutes 8] [--rate 30] [--scale 1] [--faults all|none|5xx,hang,...]
 *     [--cadence minute|halfMinute] [--festivals 6] [--short-events 24] [--fault-duration 0.75]
 *     [--seed N] [--results soak-results.json] [--raw soak-raw.json] [--polling durable|classic]
 *
 * The default run (8 minutes of season, every fault once) takes about 12 minutes on 2 cores, more
 * on a loaded machine (slow restarts put the later faults off, and the season lasts until the
 * last one is over); --minutes and --scale make it longer or larger. A seed plays the same season again (the
 * driver's choices; n8n's timing is its own).
 */
import { REPO_ROOT } from './n8n-runtime';
import { childProcess, path, printError, process } from '../test/platform.cjs';

const OPTIONS: Record<string, string> = {
	'--minutes': 'SOAK_MINUTES',
	'--rate': 'SOAK_RATE',
	'--scale': 'SOAK_SCALE',
	'--faults': 'SOAK_FAULTS',
	'--cadence': 'SOAK_CADENCE',
	'--festivals': 'SOAK_FESTIVALS',
	'--short-events': 'SOAK_SHORT_EVENTS',
	'--fault-duration': 'SOAK_FAULT_DURATION',
	'--seed': 'SOAK_SEED',
	'--results': 'SOAK_RESULTS',
	'--raw': 'SOAK_RAW',
	'--polling': 'SOAK_POLLING',
};

function environment(args: string[]): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = { ...process.env, E2E_N8N: '2.41.1' };
	for (let i = 0; i < args.length; i += 2) {
		const name = OPTIONS[args[i]];
		const value = args[i + 1];
		if (!name || value === undefined) {
			printError(
				`unknown option or missing value: ${args[i]}\noptions: ${Object.keys(OPTIONS).join(' ')}`,
			);
			process.exit(2);
		}
		env[name] = name === 'SOAK_RESULTS' || name === 'SOAK_RAW' ? path.resolve(value) : value;
	}
	return env;
}

const config = {
	rootDir: REPO_ROOT,
	testEnvironment: 'node',
	roots: ['<rootDir>/test/e2e'],
	testMatch: ['**/season.soak.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
	globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
};

const jest = path.join(REPO_ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const result = childProcess.spawnSync(
	process.execPath,
	[jest, '--config', JSON.stringify(config), '--runInBand', '--forceExit'],
	{ cwd: REPO_ROOT, env: environment(process.argv.slice(2)), stdio: 'inherit' },
);
process.exit(result.status ?? 1);
