import type { E2eEnvironment } from '../environment';
import type { SimState } from '../workflows';

/**
 * A part of the end-to-end test. All suites share one n8n: their workflows are imported together
 * before anything runs, `cli` tests run with `n8n execute` before n8n is started, `server` tests
 * against the started n8n.
 */
export interface E2eSuite {
	workflows(state: SimState): Array<Record<string, unknown>>;
	cli?(env: () => E2eEnvironment): void;
	server?(env: () => E2eEnvironment): void;
}
