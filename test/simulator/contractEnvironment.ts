/**
 * The tests' jest environment: Node's, plus the one Contract (contract.ts) that every test file's
 * simulators are held to, and the worker's one copy of n8n-workflow, n8n-core and @n8n/di
 * (test/setup/shared). Jest loads this module once per worker process, so each schema is compiled
 * and those modules are loaded once per worker rather than once per test file.
 *
 * It also clears, when a test file ends, the timers the file's modules left pending: a pending
 * timer in the worker's timer list keeps that file's whole module registry alive (n8n-core's SSH
 * clients manager's one-minute interval did, when each file loaded its own n8n-core). With it, every
 * file left 15 to 40 MB behind in the worker for the collector to walk: the unit files run one at a
 * time took 313 s of CPU and 2.1 GB; with this (and the seed's pool of random bytes) 246 s, 1.6 GB.
 *
 * It lends each file the worker's real time-zone setter (test/setup/processTimeZone.cjs), for tests
 * that run the node with the n8n process in another zone.
 *
 * `EVENTX_CONTRACT_STATS=<folder>` writes there, after each test file, `contract-<pid>.json`: how
 * much the worker has checked so far (answers, request bodies, parameters, operations) and the
 * time compiling and validating took. Sum the files for the run.
 */
import { TestEnvironment } from 'jest-environment-node';

import { clearTimeout, fs, path, process, setTimeout as platformSetTimeout } from '../platform.cjs';
import { GLOBAL as TIME_ZONE_GLOBAL, setProcessTimeZone } from '../setup/processTimeZone.cjs';
import { GLOBAL as SHARED_GLOBAL, sharedModules } from '../setup/shared/modules.cjs';
import { Contract } from './contract';
import { CONTRACT_GLOBAL } from './violations';

let contract: Contract | undefined;

type Timer = ReturnType<typeof platformSetTimeout>;
type Callback = (...args: unknown[]) => void;
/** The timer functions of a test file's global. */
interface FileTimers {
	setTimeout(callback: Callback, ms?: number, ...args: unknown[]): Timer;
	setInterval(callback: Callback, ms?: number, ...args: unknown[]): Timer;
	clearTimeout(timer?: Timer | string | number): void;
	clearInterval(timer?: Timer | string | number): void;
}

export default class ContractEnvironment extends TestEnvironment {
	/** The file's timers not yet fired or cleared. */
	private readonly pending = new Set<Timer | string | number>();

	/** The worker's zone before the file ran, put back after it whatever the file did. */
	private readonly timeZone = process.env.TZ;

	constructor(...args: ConstructorParameters<typeof TestEnvironment>) {
		super(...args);
		// Lent before the file's setup files run (they come before setup()).
		this.global[SHARED_GLOBAL] = sharedModules();
		this.global[TIME_ZONE_GLOBAL] = setProcessTimeZone;
	}

	override async setup(): Promise<void> {
		await super.setup();
		this.global[CONTRACT_GLOBAL] = contract ??= new Contract();
		this.trackTimers();
	}

	/** The file's setTimeout and setInterval, recording what is pending for teardown. */
	private trackTimers(): void {
		const global = this.global as unknown as FileTimers;
		const { pending } = this;
		const { setTimeout, setInterval, clearTimeout, clearInterval } = global;
		const original = { setTimeout, setInterval, clearTimeout, clearInterval };
		// Keeps `util.promisify(setTimeout)` and the like working: the originals' own properties.
		const like = <T extends object>(of: object, wrapper: T): T =>
			Object.defineProperties(wrapper, Object.getOwnPropertyDescriptors(of));
		global.setTimeout = like(
			original.setTimeout,
			(callback: Callback, ms?: number, ...args: unknown[]) => {
				const timer = original.setTimeout(
					(...a: unknown[]) => {
						pending.delete(timer);
						callback(...a);
					},
					ms,
					...args,
				);
				pending.add(timer);
				return timer;
			},
		);
		global.setInterval = like(
			original.setInterval,
			(callback: Callback, ms?: number, ...args: unknown[]) => {
				const timer = original.setInterval(callback, ms, ...args);
				pending.add(timer);
				return timer;
			},
		);
		global.clearTimeout = (timer) => {
			pending.delete(timer as Timer);
			original.clearTimeout(timer);
		};
		global.clearInterval = (timer) => {
			pending.delete(timer as Timer);
			original.clearInterval(timer);
		};
	}

	override async teardown(): Promise<void> {
		for (const timer of this.pending) clearTimeout(timer as Timer);
		this.pending.clear();
		if (process.env.TZ !== this.timeZone) setProcessTimeZone(this.timeZone);
		const folder = process.env.EVENTX_CONTRACT_STATS;
		if (folder && contract) {
			const { operations, ...counts } = contract.counts;
			fs.writeFileSync(
				path.join(folder, `contract-${process.pid}.json`),
				JSON.stringify({ ...counts, operations: [...operations].sort() }),
			);
		}
		await super.teardown();
	}
}
