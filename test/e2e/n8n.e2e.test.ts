/**
 * End to end in a real n8n (pinned version, cached outside the repo): the packed package installed
 * without dev or peer dependencies, the simulator in a process of its own, workflows imported and
 * run by n8n itself. The suites in `suites/` share this one n8n; every process started here is
 * stopped in afterAll (and on exit).
 */

import { E2eEnvironment } from './environment';
import { actionsSuite } from './suites/actions.suite';
import { editorSuite } from './suites/editor.suite';
import { examplesSuite } from './suites/examples.suite';
import { triggerSuite } from './suites/trigger.suite';
import type { E2eSuite } from './suites/types';
import { fs, path, print } from '../platform.cjs';

const { existsSync } = fs;
const { join } = path;

// A cold cache installs n8n first (about 400 s); a warm run takes about a minute.
jest.setTimeout(15 * 60_000);

// The editor suite runs last, against the n8n the others have exercised.
const suites: E2eSuite[] = [actionsSuite, examplesSuite, triggerSuite, editorSuite];

let environment: E2eEnvironment | undefined;
const env = () => environment!;
const started = Date.now();

beforeAll(async () => {
	environment = await E2eEnvironment.create();
	const state = await environment.state();
	// One import for every workflow: each n8n CLI command takes seconds to boot.
	await environment.importJson(
		'workflow',
		suites.flatMap((suite) => suite.workflows(state)),
	);
});

afterAll(async () => {
	await environment?.stop();
	print(`n8n e2e: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

describe('the package as a user installs it', () => {
	test('holds only dist and no dev or peer dependencies: zod and n8n-workflow come from n8n', () => {
		const { packageDir, setup } = env();
		expect(existsSync(join(packageDir, 'dist', 'nodes', 'EventX', 'EventX.node.js'))).toBe(true);
		expect(existsSync(join(packageDir, 'dist', 'credentials', 'EventXApi.credentials.js'))).toBe(
			true,
		);
		const nodesModules = join(setup.userFolder, '.n8n', 'nodes', 'node_modules');
		for (const dep of ['zod', 'n8n-workflow', 'n8n-core', 'jest', 'typescript']) {
			expect(existsSync(join(packageDir, 'node_modules', dep))).toBe(false);
			expect(existsSync(join(nodesModules, dep))).toBe(false);
		}
		expect(existsSync(join(packageDir, 'test'))).toBe(false);
	});
});

describe('workflows run with `n8n execute`', () => {
	for (const suite of suites) suite.cli?.(env);
});

describe('n8n start', () => {
	beforeAll(async () => {
		await env().startN8n();
	});
	for (const suite of suites) suite.server?.(env);
});
