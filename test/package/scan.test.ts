/**
 * n8n's verification scan (@n8n/scan-community-package), offline: its own analysis on the source
 * tree and on the tarball `npm pack` makes, as its CLI does for a published version.
 */
import { schemaFile } from '../../scripts/gen-schemas';
import { PACK_INPUTS, packPackage } from '../../scripts/n8n-install';
import { outputs } from '../../scripts/schemas/outputs';
import { childProcess, fs, os, path, process, repoRoot } from '../platform.cjs';

interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

const RUNNER = path.join(repoRoot, 'test', 'package', 'scan-runner.mjs');

/**
 * The environment of a scan as n8n runs it. Jest sets NODE_ENV=test, which makes
 * eslint-plugin-n8n-nodes-base read every file name as one of its own test fixtures. No colours in
 * the findings, so that they read plainly in a failure.
 */
function scanEnvironment(): Record<string, string | undefined> {
	const env: Record<string, string | undefined> = { ...process.env, FORCE_COLOR: '0' };
	delete env.NODE_ENV;
	return env;
}

function scan(folder: string, leg: 'source' | 'tarball'): ScanResult {
	const run = childProcess.spawnSync(process.execPath, [RUNNER, folder, leg], {
		cwd: repoRoot,
		env: scanEnvironment(),
		encoding: 'utf8',
		maxBuffer: 16 * 1024 * 1024,
	});
	if (run.status !== 0) throw new Error(`scanner failed (${run.status}): ${run.stderr}`);
	return JSON.parse(run.stdout) as ScanResult;
}

/** The scanner's message and findings, for failure messages and matching. */
function report(result: ScanResult): string {
	return `${result.message ?? ''}\n${result.details ?? ''}`;
}

/** Copies what the package is built from into `target`, sharing the repository's node_modules. */
function copySources(target: string): void {
	for (const entry of PACK_INPUTS) {
		fs.cpSync(path.join(repoRoot, entry), path.join(target, entry), { recursive: true });
	}
	fs.symlinkSync(path.join(repoRoot, 'node_modules'), path.join(target, 'node_modules'), 'dir');
}

describe("n8n's community package scan", () => {
	let work: string;

	beforeAll(() => {
		work = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-eventx-scan-'));
	});

	afterAll(() => {
		fs.rmSync(work, { recursive: true, force: true });
	});

	test('the source tree has no findings', () => {
		const result = scan(repoRoot, 'source');
		expect({ passed: result.passed, report: report(result) }).toEqual({
			passed: true,
			report: '\n',
		});
	});

	test('the packed tarball has no findings and ships both nodes, the credential, icons and codex files', async () => {
		// A copy of the sources, so that the build `npm pack` runs (prepack) never touches dist/ (the
		// same sources are packed once: the tarball the e2e tests installed, when they ran first).
		const copy = path.join(work, 'pack');
		copySources(copy);
		const tarball = await packPackage(path.join(work, 'packed'), () => undefined, {
			root: copy,
		});
		const unpacked = path.join(work, 'unpacked');
		fs.mkdirSync(unpacked);
		const untar = childProcess.spawnSync('tar', ['-xzf', tarball, '-C', unpacked], {
			encoding: 'utf8',
		});
		expect(untar.status).toBe(0);
		const packageDir = path.join(unpacked, 'package');

		const files = (fs.readdirSync(packageDir, { recursive: true }) as string[]).map((f) =>
			f.split(path.sep).join('/'),
		);
		expect(files).toEqual(
			expect.arrayContaining([
				'package.json',
				'README.md',
				'LICENSE',
				'dist/nodes/EventX/EventX.node.js',
				'dist/nodes/EventX/EventX.node.json',
				'dist/nodes/EventXTrigger/EventXTrigger.node.js',
				'dist/nodes/EventXTrigger/EventXTrigger.node.json',
				'dist/nodes/EventXPollingTrigger/EventXPollingTrigger.node.js',
				'dist/nodes/EventXPollingTrigger/EventXPollingTrigger.node.json',
				'dist/nodes/EventX/eventx.svg',
				'dist/nodes/EventX/eventx.dark.svg',
				'dist/credentials/EventXApi.credentials.js',
				// The output schemas n8n serves before a node has run, beside each node.
				...outputs().map((output) => `dist/${schemaFile(output)}`),
			]),
		);
		// Only the built package: no sources, tests or tools.
		expect(files.filter((f) => /^(nodes|credentials|test|scripts)\//.test(f))).toEqual([]);

		const result = scan(packageDir, 'tarball');
		expect({ passed: result.passed, report: report(result) }).toEqual({
			passed: true,
			report: '\n',
		});
	}, 180_000);
});
