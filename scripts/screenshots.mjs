// `npm run screenshots`: runs the editor tests in a real n8n and Chromium, then copies the
// screenshots the README shows into docs/screenshots/.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const README_SHOTS = [
	'credential',
	'action-attendee-create-or-update',
	'trigger',
	'action-event-create-picker',
	'action-attendee-change-ticket-picker',
	'action-attendee-simplified-output',
	'example-outreach-first-run',
];

const shots = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-shots-'));
const jest = spawnSync(
	process.execPath,
	[join(root, 'node_modules', 'jest', 'bin', 'jest.js'), 'test/e2e', '-t', 'editor'],
	{ cwd: root, stdio: 'inherit', env: { ...process.env, SCREENSHOTS_DIR: shots } },
);
if (jest.status !== 0) process.exit(jest.status ?? 1);
const target = join(root, 'docs', 'screenshots');
mkdirSync(target, { recursive: true });
for (const name of README_SHOTS)
	copyFileSync(join(shots, `${name}.png`), join(target, `${name}.png`));
rmSync(shots, { recursive: true, force: true });
console.log(`${README_SHOTS.length} screenshots written to docs/screenshots/`);
