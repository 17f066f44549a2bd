import type { E2eEnvironment } from '../environment';
import type { SimState } from '../workflows';

/**
 * A part of the end-to-end test. All suites share one n8n: their workflows are imported together
 * before anything runs, `cli` tests run with `n8n execute` before n8n is started, `server` tests
 * against the started n8n. A suite limited to some `releases` is left out of the others entirely.
 */
export interface E2eSuite {
	/** The releases (versions) the suite runs on; every release of the matrix when absent. */
	releases?: string[];
	workflows(state: SimState): Array<Record<string, unknown>>;
	cli?(env: () => E2eEnvironment): void;
	server?(env: () => E2eEnvironment): void;
}
