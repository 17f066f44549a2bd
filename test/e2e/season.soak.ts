/**
 * The soak (`npm run soak`, scripts/soak.ts; never part of `npm test`, whose projects match
 * `*.test.ts` only): a long season in n8n 2.41.1's queue mode (1 main, 1 webhook process,
 * 2 workers, Redis keeping its queue on disk, PostgreSQL), every fault of the nemesis, then the
 * ledger checked against the simulator's history. Prints the tables and writes soak-results.json;
 * fails on anything lost, doubled or unexpected. Options come from scripts/soak.ts (SOAK_*).
 */
import { N8N_MAIN } from '../../scripts/n8n-runtime';
import { missingQueueServices } from '../../scripts/queue-services';
import { durablePolling } from './environment';
import { fs, path, print, process, repoRoot } from '../platform.cjs';
import { packedPackage } from './releases';
import { QueueEnvironment } from './queue-environment';
import { playSeason, SEASON_PASSED, seasonOutcome, type SeasonOptions } from './season';
import { FAULT_NAMES, type FaultName } from './seasonNemesis';
import type { Cadence } from './seasonWorkflows';

const number = (name: string, fallback: number) => {
	const value = process.env[name];
	return value === undefined || value === '' ? fallback : Number(value);
};

function faultsOf(text: string | undefined): FaultName[] {
	if (text === undefined || text === 'all') return [...FAULT_NAMES];
	if (text === 'none') return [];
	const names = text.split(',').map((name) => name.trim());
	const unknown = names.filter((name) => !(FAULT_NAMES as readonly string[]).includes(name));
	if (unknown.length > 0)
		throw new Error(`unknown fault(s) ${unknown.join(', ')}; known: ${FAULT_NAMES.join(', ')}`);
	return names as FaultName[];
}

const options: SeasonOptions = {
	seasonMs: number('SOAK_MINUTES', 8) * 60_000,
	rate: number('SOAK_RATE', 30),
	// One Poll Time, n8n's default: with two, n8n 2.41.1 runs both after a long restart of main
	// and doubles (docs/scale.md, "The soak"); `--cadence halfMinute` shows it.
	cadence: (process.env.SOAK_CADENCE ?? 'minute') as Cadence,
	scale: number('SOAK_SCALE', 1),
	festivals: number('SOAK_FESTIVALS', 6),
	shortEvents: number('SOAK_SHORT_EVENTS', 24),
	faults: faultsOf(process.env.SOAK_FAULTS),
	faultDuration: number('SOAK_FAULT_DURATION', 0.75),
	drainPolls: 2,
	raw: process.env.SOAK_RAW !== undefined,
	seed: number('SOAK_SEED', Date.now() % 1_000_000),
	log: (line) => print(`[soak ${new Date().toISOString().slice(11, 19)}] ${line}`),
};
const resultsFile = process.env.SOAK_RESULTS ?? path.join(repoRoot, 'soak-results.json');

describe('soak: a season in queue mode', () => {
	let env: QueueEnvironment | undefined;

	beforeAll(async () => {
		const missing = missingQueueServices();
		if (missing.length > 0)
			throw new Error(
				`the soak needs ${missing.join(' and ')}: apt-get install ${missing.join(' ')}`,
			);
		env = await QueueEnvironment.create(packedPackage(), {
			persistRedis: true,
			// n8n's durable poll scheduler and cursors (as the single-process e2e runs them), unless
			// --polling classic: n8n's in-process cron, which starts a poll while the last still runs.
			env: process.env.SOAK_POLLING === 'classic' ? {} : durablePolling(N8N_MAIN),
		});
		await env.startCluster(2);
		options.log('cluster started: main, webhook process, 2 workers, Redis, PostgreSQL');
	}, 15 * 60_000);

	afterAll(async () => {
		await env?.stop();
	}, 120_000);

	test(
		'every change once per trigger, every moment once, every send once, through the nemesis',
		async () => {
			const started = Date.now();
			options.log(`seed ${options.seed}`);
			const result = await playSeason(env!, options);
			const { raw, ...results } = result;
			fs.writeFileSync(
				resultsFile,
				JSON.stringify({ ...results, soakS: (Date.now() - started) / 1000 }, null, 2),
			);
			if (raw) fs.writeFileSync(String(process.env.SOAK_RAW), JSON.stringify(raw));
			print(
				[
					'',
					`Soak: ${result.timings.seasonS.toFixed(0)} s of season at ${options.rate}x (${(result.simulatedMs / 3_600_000).toFixed(1)} h of EventX's clock), seed ${options.seed}`,
					`driven: ${JSON.stringify(result.driven)}`,
					result.table,
					`timings (s): ${JSON.stringify(result.timings)}`,
					`results: ${resultsFile}`,
				].join('\n'),
			);
			expect(seasonOutcome(result)).toEqual(SEASON_PASSED);
		},
		6 * 3600_000,
	);
});
