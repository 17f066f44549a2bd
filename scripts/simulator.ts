/**
 * Runs the EventX simulator as a process of its own (for the end-to-end test, `npm run dev` and
 * the benchmark).
 *
 *   node .build-tools/scripts/simulator.js [--port 4010] [--empty | --bench | --bench-large] [--latency 20]
 *     [--state <file>]
 *
 * `--bench` seeds the benchmark's data: 2,000 events the demo user hosts, the first of them with
 * 20,000 attendees. `--bench-large` seeds one event with 500,000 attendees (the benchmark's
 * `--large` job). Prints `EventX simulator listening on <url>` once it answers; it is driven
 * over HTTP through its API and its `/__sim/*` control routes, and stops on SIGINT / SIGTERM.
 *
 * `--state <file>` (the sandbox of `npm run dev`): starts from the data saved in the file when it
 * exists, and saves the data there within a second of each change and when it stops.
 */
import { Contract } from '../test/simulator/contract';
import { formatViolation } from '../test/simulator/violations';
import { seedAttendees, Simulator, type SeedOptions } from '../test/simulator';
import { fs, print, printError, process, setTimeout } from '../test/platform.cjs';

export const BENCH_EVENTS = 2000;
export const BENCH_ATTENDEES = 20_000;
export const BENCH_LARGE_ATTENDEES = 500_000;

/** Saves the simulator's data to `file` (whole or not at all) when it answered something since. */
function keeper(sim: Simulator, file: string) {
	let saved = -1;
	const save = () => {
		if (sim.handled === saved) return;
		saved = sim.handled;
		fs.writeFileSync(`${file}.tmp`, sim.snapshot());
		fs.renameSync(`${file}.tmp`, file);
	};
	const loop = () => {
		save();
		setTimeout(loop, 1000).unref();
	};
	return { save, loop };
}

function option(args: string[], name: string): number | undefined {
	const index = args.indexOf(name);
	if (index < 0) return undefined;
	const value = Number(args[index + 1]);
	if (!Number.isFinite(value)) throw new Error(`${name} needs a number`);
	return value;
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const bench = args.includes('--bench');
	const large = args.includes('--bench-large');
	const seed: SeedOptions | false | undefined = args.includes('--empty')
		? false
		: bench
			? { events: BENCH_EVENTS, managedEvents: 0, attendeesPerEvent: 0 }
			: large
				? { events: 2, managedEvents: 0, attendeesPerEvent: 0 }
				: undefined;
	const sim = new Simulator({
		seed,
		latencyMs: option(args, '--latency') ?? 0,
		// Held to the published OpenAPI (GET /__sim/contract lists what departed from it), except
		// with the benchmark's bulk data, where checking every page would be what is measured.
		contract: bench || large ? false : new Contract(),
		onViolation: (violation) => printError(`Contract: ${formatViolation(violation)}`),
	});
	if (bench || large) {
		const [eventId] = sim.seeded.eventIds;
		const perEvent = large ? BENCH_LARGE_ATTENDEES : BENCH_ATTENDEES;
		const ids = seedAttendees(sim.store, [eventId], { perEvent });
		sim.seeded.attendeeIds[eventId] = ids[eventId];
	}
	const stateIndex = args.indexOf('--state');
	const stateFile = stateIndex < 0 ? undefined : args[stateIndex + 1];
	if (stateFile && fs.existsSync(stateFile)) sim.restore(fs.readFileSync(stateFile, 'utf8'));
	const keep = stateFile ? keeper(sim, stateFile) : undefined;
	keep?.loop();
	await sim.start(option(args, '--port') ?? 0);
	// Its 500,000 attendees are too many for /__sim/state: the event is named here.
	if (large) print(`Event with ${BENCH_LARGE_ATTENDEES} attendees: ${sim.seeded.eventIds[0]}`);
	print(`EventX simulator listening on ${sim.url}`);
	print(`Demo API token: ${sim.seeded.apiToken}`);
	const stop = () => {
		void sim
			.stop()
			.then(() => keep?.save())
			.finally(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	printError(error);
	process.exit(1);
});
