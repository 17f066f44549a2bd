/**
 * End to end in real n8n, on one release of the compatibility matrix (cached outside the repo, on
 * its own Node): the packed package installed the way that release's installer does it, the
 * simulator in a process of its own, workflows imported and run by n8n itself. The suites in
 * `suites/` share one n8n per release; every process started here is stopped in afterAll (and on
 * exit). Each release has a test file of its own (n8n-<release>.e2e.test.ts), so that the
 * releases run side by side.
 */

import type { N8nRelease } from '../../scripts/n8n-runtime';
import { assertContractKept, E2eEnvironment } from './environment';
import { e2eReleases, packedPackage } from './releases';
import { actionsSuite } from './suites/actions.suite';
import { agentSuite } from './suites/agent.suite';
import { editorSuite } from './suites/editor.suite';
import { eventTriggersChecksSuite, eventTriggersSuite } from './suites/eventTriggers.suite';
import {
	examplesChangesSuite,
	examplesChecksSuite,
	examplesPublishedSuite,
	examplesSuite,
} from './suites/examples.suite';
import { httpRequestSuite } from './suites/httpRequest.suite';
import { pollingChangesSuite, pollingChecksSuite, pollingSuite } from './suites/polling.suite';
import { triggerSuite } from './suites/trigger.suite';
import type { E2eSuite } from './suites/types';
import { fs, path, print } from '../platform.cjs';

const { existsSync } = fs;
const { join } = path;

// A cold cache installs each n8n first (about 5 min each); a warm run takes a few minutes per release.
jest.setTimeout(15 * 60_000);

// The editor suite runs against the n8n the others have exercised. The polling suite's workflows
// poll while it runs (activated after the suites that compare the simulator's whole request log;
// the changes made once the event triggers are activated, the two waits for n8n's first polls
// overlapping), and the polling checks come last (the event triggers' and the published
// examples' alike).
const allSuites: E2eSuite[] = [
	actionsSuite,
	examplesSuite,
	triggerSuite,
	agentSuite,
	httpRequestSuite,
	pollingSuite,
	examplesPublishedSuite,
	eventTriggersSuite,
	pollingChangesSuite,
	examplesChangesSuite,
	editorSuite,
	pollingChecksSuite,
	eventTriggersChecksSuite,
	examplesChecksSuite,
];

/** Every suite on `release`, unless E2E_N8N leaves the release out. */
export function describeRelease(release: N8nRelease): void {
	const selected = e2eReleases().some((r) => r.version === release.version);
	(selected ? describe : describe.skip)(
		`n8n ${release.version} on Node ${release.nodeMajor}`,
		() => {
			const suites = allSuites.filter((s) => !s.releases || s.releases.includes(release.version));
			let environment: E2eEnvironment | undefined;
			const env = () => environment!;
			const started = Date.now();

			beforeAll(async () => {
				environment = await E2eEnvironment.create(release, packedPackage());
				const state = await environment.state();
				// One import for every workflow: each n8n CLI command takes seconds to boot.
				await environment.importJson(
					'workflow',
					suites.flatMap((suite) => suite.workflows(state)),
				);
			});

			// What the simulator accepted or answered against the published OpenAPI fails the test.
			afterEach(async () => {
				if (environment) await assertContractKept(environment.simulator.url);
			});

			afterAll(async () => {
				try {
					if (environment) await assertContractKept(environment.simulator.url);
				} finally {
					await environment?.stop();
					print(`n8n ${release.version} e2e: ${((Date.now() - started) / 1000).toFixed(1)} s`);
				}
			});

			describe('the package as a user installs it', () => {
				test('holds only dist and no dev or peer dependencies: zod and n8n-workflow come from n8n', () => {
					const { packageDir, setup } = env();
					expect(existsSync(join(packageDir, 'dist', 'nodes', 'EventX', 'EventX.node.js'))).toBe(
						true,
					);
					expect(
						existsSync(join(packageDir, 'dist', 'credentials', 'EventXApi.credentials.js')),
					).toBe(true);
					const nodesModules = join(setup.userFolder, '.n8n', 'nodes', 'node_modules');
					for (const dep of ['zod', 'n8n-workflow', 'n8n-core', 'jest', 'typescript', 'node']) {
						expect(existsSync(join(packageDir, 'node_modules', dep))).toBe(false);
						expect(existsSync(join(nodesModules, dep))).toBe(false);
					}
					expect(existsSync(join(packageDir, 'test'))).toBe(false);
				});

				test('runs on the release and Node it names', async () => {
					const result = await env().cli(['--version']);
					expect(result.stdout.trim()).toBe(release.version);
					expect(env().nodeVersion()).toMatch(new RegExp(`^v${release.nodeMajor}\\.`));
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
		},
	);
}
