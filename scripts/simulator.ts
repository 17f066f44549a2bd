/**
 * Runs the EventX simulator as a process of its own (for the end-to-end test and `npm run dev`).
 *
 *   node .build-tools/scripts/simulator.js [--port 4010] [--empty]
 *
 * Prints `EventX simulator listening on <url>` once it answers; it is driven over HTTP through its
 * API and its `/__sim/*` control routes, and stops on SIGINT / SIGTERM.
 */
import { Simulator } from '../test/simulator/server';

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	const portIndex = args.indexOf('--port');
	const port = portIndex >= 0 ? Number(args[portIndex + 1]) : 0;
	const sim = new Simulator(args.includes('--empty') ? { seed: false } : {});
	await sim.start(Number.isInteger(port) ? port : 0);
	console.log(`EventX simulator listening on ${sim.url}`);
	console.log(`Demo API token: ${sim.seeded.apiToken}`);
	const stop = () => {
		void sim.stop().finally(() => process.exit(0));
	};
	process.once('SIGINT', stop);
	process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(error);
	process.exit(1);
});
