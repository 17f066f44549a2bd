// How many generated histories a property tries, and from which seed. `npm test` tries a few per
// property (the unit project stays under a minute on 2 cores); a campaign tries many
// (`npm run test:props -- --runs 10000`, which prints its seed); a failure is replayed from the
// seed and path fast-check prints (`npm run test:props -- --seed 123 --path "4:1:0"`).
import fc from 'fast-check';

import { print, process } from '../platform.cjs';

/** A whole number read from the environment, or the fallback when unset. */
function envInteger(name: string, fallback?: number): number | undefined {
	const raw = process.env[name];
	if (raw === undefined || raw === '') return fallback;
	const value = Number(raw);
	if (!Number.isInteger(value)) throw new Error(`${name} must be a whole number, not "${raw}"`);
	return value;
}

/** The histories a campaign asks for, or `defaultRuns` in `npm test`. */
export function propertyRuns(defaultRuns: number): number {
	return envInteger('PROPS_RUNS', defaultRuns)!;
}

/**
 * fast-check's parameters for one property: `defaultRuns` histories unless a campaign sets
 * PROPS_RUNS; PROPS_SEED and PROPS_PATH replay one history. A campaign prints the seed it uses, so
 * a run that fails in a way fast-check cannot report (a crash, a timeout) can still be replayed.
 */
export function propertyParameters<T>(name: string, defaultRuns: number): fc.Parameters<T> {
	const numRuns = propertyRuns(defaultRuns);
	const seed = envInteger('PROPS_SEED') ?? (Date.now() ^ (Math.random() * 0x100000000)) | 0;
	const path = process.env.PROPS_PATH || undefined;
	if (process.env.PROPS_CAMPAIGN) print(`property "${name}": ${numRuns} runs, seed ${seed}`);
	return { numRuns, seed, ...(path ? { path, endOnFailure: true } : {}) };
}

/** A test's time limit for `runs` histories of at most `perRunMs` each (jest's default is 30 s). */
export function propertyTimeout(defaultRuns: number, perRunMs: number): number {
	return Math.max(30_000, propertyRuns(defaultRuns) * perRunMs + 10_000);
}
