// Property tests of the attendee and order polling triggers: generated EventX histories (changes,
// late commits, wrong clocks, faulty lists, restarts, trigger and scope changes) played against
// the simulator while the real EventX Polling Trigger polls them, judged by the reference model
// (models/changes.ts). `npm run test:props -- --runs 10000 -t <name>` runs a campaign.
import fc from 'fast-check';

import { startSimulator, type Simulator } from '../simulator/server';
import { ClientClock, histories, play, type History, type HistoryShape } from './histories/changes';
import { judge } from './models/changes';
import { propertyParameters, propertyTimeout } from './settings';
import { print, process } from '../platform.cjs';

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

/** What a property's histories made the trigger do (a campaign prints it: how much was exercised). */
interface Tally {
	histories: number;
	polls: number;
	emitted: number;
	leftOutLogged: number;
	/** Histories with a crowd of events joining at once under a small budget (issue 41, risk 2). */
	crowds: number;
	/** Polls that left an event in scope for a later poll, out of time. */
	deferred: number;
	/** All Running Events answered without a `Date` while n8n's clock is off (issue 41, risk 8). */
	runningWithoutDate: number;
}

/** Whether a history plays All Running Events answered without a `Date`, n8n's clock off EventX's. */
const runningWithoutDate = (history: History) =>
	history.scope === 'running' &&
	(history.dateless === true ||
		history.steps.some((step) => step.kind === 'poll' && step.dates?.[0] === null)) &&
	(history.n8nOffsetMs !== 0 || history.steps.some((step) => step.kind === 'n8nStep'));

async function holds(history: History, tally: Tally): Promise<void> {
	const played = await play(sim, clock, history);
	tally.histories += 1;
	tally.polls += played.polls.length;
	tally.deferred += played.deferred;
	if (history.crowd) tally.crowds += 1;
	if (runningWithoutDate(history)) tally.runningWithoutDate += 1;
	for (const poll of played.polls) {
		tally.emitted += poll.emitted.length;
		tally.leftOutLogged += poll.leftOutLogged;
	}
	const verdict = judge(played.polls, played.drained);
	if (!played.drained) verdict.violations.push('the trigger never ran dry');
	// The contract's violations of this history (the simulator records them) fail it too.
	const contract = sim.takeContractViolations();
	if (verdict.violations.length > 0 || contract.length > 0)
		throw new Error([...verdict.violations, ...contract.map((v) => JSON.stringify(v))].join('\n'));
}

/** A property: `runs` histories of a shape in `npm test`, as many as a campaign asks otherwise. */
function property(
	name: string,
	title: string,
	shape: HistoryShape,
	runs: number,
	perRunMs: number,
) {
	it(
		title,
		async () => {
			const tally: Tally = {
				histories: 0,
				polls: 0,
				emitted: 0,
				leftOutLogged: 0,
				crowds: 0,
				deferred: 0,
				runningWithoutDate: 0,
			};
			try {
				await fc.assert(
					fc.asyncProperty(histories(shape), (history) => holds(history, tally)),
					propertyParameters(name, runs),
				);
			} finally {
				if (process.env.PROPS_CAMPAIGN) print(`property "${name}": ${JSON.stringify(tally)}`);
			}
		},
		propertyTimeout(runs, perRunMs),
	);
}

// What the generators reach (issue 41's risks 2 and 8), over 100 histories of a fixed seed.
it('the generators reach a crowd of events joining under a small budget, and All Running Events without a Date', () => {
	const sample = (scope: HistoryShape['scope']) =>
		fc.sample(histories({ scope, maxSteps: 30, bulk: false, rare: true }), {
			seed: 41,
			numRuns: 100,
		});
	for (const scope of ['several', 'running'] as const) {
		const crowds = sample(scope).filter((h) => h.crowd);
		// about one in ten, each joining at its first poll or later, of up to 100 events
		expect(crowds.length).toBeGreaterThan(5);
		expect(crowds.some((h) => h.crowd!.atActivation)).toBe(true);
		expect(crowds.some((h) => !h.crowd!.atActivation)).toBe(true);
		expect(Math.max(...crowds.map((h) => h.crowd!.events))).toBeGreaterThan(80);
	}
	const running = sample('running');
	const withoutDate = running.filter(runningWithoutDate);
	expect(withoutDate.length).toBeGreaterThan(10);
	// from the activation on, too
	expect(withoutDate.filter((h) => h.dateless).length).toBeGreaterThan(4);
	// a crowd among them (the first poll has no time for every event, nothing tells EventX's clock)
	expect(withoutDate.some((h) => h.crowd && h.dateless)).toBe(true);
	// n8n's clock off both ways
	expect(withoutDate.some((h) => (h.n8nOffsetMs ?? 0) > 0)).toBe(true);
	expect(withoutDate.some((h) => (h.n8nOffsetMs ?? 0) < 0)).toBe(true);
});

property(
	'one event',
	'one event: each due change comes out once, oldest first; what is left out is logged',
	{ scope: 'one', maxSteps: 30, bulk: false, rare: true },
	10,
	2_000,
);
property(
	'several events',
	'several events: picked, unpicked, deleted, answering 404 for a moment; each due change once',
	{ scope: 'several', maxSteps: 30, bulk: false, rare: true },
	10,
	2_000,
);
property(
	'running events',
	'all running events: starting, stopping, moved, deleted; each due change once, also after an event ends',
	{ scope: 'running', maxSteps: 30, bulk: false, rare: true },
	10,
	2_000,
);
// Histories of thousands of records take longer: fewer of them in `npm test`.
property(
	'memory bounds',
	"at the memory's bounds: bursts of hundreds to 2,300 changes (1,000 met again, 2,000 remembered); each due change once",
	{ scope: 'one', maxSteps: 12, bulk: true, rare: false },
	3,
	10_000,
);
