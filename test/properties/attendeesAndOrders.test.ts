// Property tests of the attendee and order polling triggers: generated EventX histories (changes,
// late commits, wrong clocks, faulty lists, restarts, trigger and scope changes) played against
// the simulator while the real EventX Polling Trigger polls them, judged by the reference model
// (models/changes.ts). `npm run test:props -- --runs 10000 -t <name>` runs a campaign.
import fc from 'fast-check';

import { startSimulator, type Simulator } from '../simulator/server';
import { ClientClock, histories, play, type History } from './histories/changes';
import { judge } from './models/changes';
import { propertyParameters, propertyTimeout } from './settings';

let sim: Simulator;
const clock = new ClientClock(() => sim);

beforeAll(async () => {
	sim = await startSimulator({
		seed: { events: 0, managedEvents: 0 },
		wait: (ms) => clock.wait(ms),
	});
	// Access tokens that outlive a history's days (an expired one is another test's matter).
	sim.store.tokenLifetimeSeconds = 10 * 365 * 86_400;
	clock.install();
});

afterAll(async () => {
	clock.uninstall();
	await sim.stop();
});

async function holds(history: History): Promise<void> {
	const played = await play(sim, clock, history);
	const verdict = judge(played.polls, played.drained);
	if (!played.drained) verdict.violations.push('the trigger never ran dry');
	// The contract's violations of this history (the simulator records them) fail it too.
	const contract = sim.takeContractViolations();
	if (verdict.violations.length > 0 || contract.length > 0)
		throw new Error([...verdict.violations, ...contract.map((v) => JSON.stringify(v))].join('\n'));
}

const RUNS = 10;
// Histories of thousands of records take longer: fewer of them in `npm test`.
const BULK_RUNS = 3;

it(
	'one event: each due change comes out once, oldest first; what is left out is logged',
	async () => {
		await fc.assert(
			fc.asyncProperty(histories({ scope: 'one', maxSteps: 30, bulk: false, rare: true }), holds),
			propertyParameters('one event', RUNS),
		);
	},
	propertyTimeout(RUNS, 2_000),
);

it(
	'several events: picked, unpicked, deleted, answering 404 for a moment; each due change once',
	async () => {
		await fc.assert(
			fc.asyncProperty(
				histories({ scope: 'several', maxSteps: 30, bulk: false, rare: true }),
				holds,
			),
			propertyParameters('several events', RUNS),
		);
	},
	propertyTimeout(RUNS, 2_000),
);

it(
	'all running events: starting, stopping, moved, deleted; each due change once, also after an event ends',
	async () => {
		await fc.assert(
			fc.asyncProperty(
				histories({ scope: 'running', maxSteps: 30, bulk: false, rare: true }),
				holds,
			),
			propertyParameters('running events', RUNS),
		);
	},
	propertyTimeout(RUNS, 2_000),
);

it(
	"at the memory's bounds: bursts of hundreds to 2,300 changes (1,000 met again, 2,000 remembered); each due change once",
	async () => {
		await fc.assert(
			fc.asyncProperty(histories({ scope: 'one', maxSteps: 12, bulk: true, rare: false }), holds),
			propertyParameters('memory bounds', BULK_RUNS),
		);
	},
	propertyTimeout(BULK_RUNS, 10_000),
);
