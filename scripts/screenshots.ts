// `npm run screenshots`: runs the editor tests in a real n8n and Chromium, then copies the
// screenshots the README and docs/ show into docs/screenshots/.
import { childProcess, fs, os, path, print, process, repoRoot } from '../test/platform.cjs';

const README_SHOTS = [
	'credential',
	'action-attendee-create-or-update',
	'trigger',
	'action-event-create-picker',
	'action-attendee-change-ticket-picker',
	'action-attendee-simplified-output',
	'example-outreach-first-run',
	'schema-preview-mapping',
	'polling-trigger-order-paid',
];

const shots = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-nodes-eventx-shots-'));
const jest = childProcess.spawnSync(
	process.execPath,
	[
		path.join(repoRoot, 'node_modules', 'jest', 'bin', 'jest.js'),
		'test/e2e/n8n-main.e2e.test.ts',
		'-t',
		'editor',
	],
	{ cwd: repoRoot, stdio: 'inherit', env: { ...process.env, SCREENSHOTS_DIR: shots } },
);
if (jest.status !== 0) process.exit(jest.status ?? 1);
const target = path.join(repoRoot, 'docs', 'screenshots');
fs.mkdirSync(target, { recursive: true });
for (const name of README_SHOTS)
	fs.copyFileSync(path.join(shots, `${name}.png`), path.join(target, `${name}.png`));
fs.rmSync(shots, { recursive: true, force: true });
print(`${README_SHOTS.length} screenshots written to docs/screenshots/`);
