/**
 * `npm run dev` as a contributor uses it, in a copy of the repository (so that the edit below
 * touches no file of the real one): an edit of a node description is seen through n8n's REST API
 * while the sandbox runs, and a restart keeps the workflows, the user's change to an example, the
 * credential and the simulator's data.
 */
import { freePort, N8N_MAIN, N8nRest, REPO_ROOT, startProcess } from '../../scripts/n8n-runtime';
import { e2eReleases } from './releases';
import { fs, os, path, process, setTimeout } from '../platform.cjs';

const { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } = fs;
const { join } = path;

jest.setTimeout(20 * 60_000);

const OWNER = { email: 'dev@eventx.local', password: 'EventX-dev-1' };
const NODE_FILE = join('nodes', 'EventX', 'EventX.node.ts');
/** What the edit changes: the name n8n gives a new EventX node. */
const BEFORE = "defaults: { name: 'EventX' },";
const AFTER = "defaults: { name: 'EventX (reloaded)' },";
/** Not copied: built, cached or kept by a run. */
const LEFT_OUT = new Set([
	'node_modules',
	'.git',
	'dist',
	'.n8n-dev',
	'coverage',
	'.cache',
	'docs',
]);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Sandbox {
	stop(): Promise<void>;
	editor: string;
	simulator: string;
	banner: string;
}

async function startDev(copy: string, env: Record<string, string>): Promise<Sandbox> {
	const projectNode = join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node');
	const dev = await startProcess(
		existsSync(projectNode) ? projectNode : process.execPath,
		[join(copy, 'scripts', 'run-tool.mjs'), 'dev'],
		{
			cwd: copy,
			env: { ...process.env, ...env },
			ready: /EventX sandbox is ready[\s\S]*Ctrl-C stops/,
			timeoutMs: 15 * 60_000,
			// dev stops n8n, the compiler and the simulator (saving its data) on SIGTERM.
			graceMs: 90_000,
		},
	);
	const banner = dev.output();
	return {
		stop: dev.stop,
		banner,
		editor: banner.match(/n8n editor: +(http\S+)/)![1],
		simulator: banner.match(/simulator: +(http\S+)/)![1],
	};
}

/** The EventX node's description as n8n serves it to the editor. */
async function eventXType(rest: N8nRest): Promise<Record<string, unknown> | undefined> {
	const types = await rest.request<Array<Record<string, unknown>>>('GET', '/types/nodes.json');
	return (Array.isArray(types.data) ? types.data : []).find(
		(type) => type.name === 'n8n-nodes-eventx.eventX',
	);
}

const selected = e2eReleases().some((r) => r.version === N8N_MAIN.version);

(selected ? describe : describe.skip)('npm run dev (n8n 2.41.1)', () => {
	const work = mkdtempSync(join(os.tmpdir(), 'n8n-nodes-eventx-dev-'));
	const copy = join(work, 'repo');
	let env: Record<string, string>;
	let sandbox: Sandbox | undefined;

	beforeAll(async () => {
		cpSync(REPO_ROOT, copy, {
			recursive: true,
			// The tools the e2e setup compiled stay compiled in the copy (run-tool compares times).
			preserveTimestamps: true,
			filter: (source) =>
				!LEFT_OUT.has(path.basename(source)) || path.dirname(source) !== REPO_ROOT,
		});
		symlinkSync(join(REPO_ROOT, 'node_modules'), join(copy, 'node_modules'));
		env = {
			N8N_DEV_FOLDER: join(work, 'sandbox'),
			EVENTX_SIM_PORT: String(await freePort()),
			N8N_DEV_PORT: String(await freePort()),
		};
	});

	afterAll(async () => {
		await sandbox?.stop();
		rmSync(work, { recursive: true, force: true });
	});

	test('an edit of a node is loaded into the running n8n; a restart keeps the sandbox', async () => {
		sandbox = await startDev(copy, env);
		const rest = new N8nRest(sandbox.editor);
		await rest.login(OWNER);
		expect((await eventXType(rest))?.defaults).toEqual({ name: 'EventX' });

		// What the user made in the sandbox: a workflow, a renamed example, an attendee.
		const mine = await rest.request<{ data: { id: string } }>('POST', '/rest/workflows', {
			name: 'My EventX workflow',
			nodes: [],
			connections: {},
		});
		expect(mine.status).toBe(200);
		const example = await rest.request<{ data: Record<string, unknown> }>(
			'GET',
			'/rest/workflows/evxExampleSync00001',
		);
		const renamed = await rest.request('PATCH', '/rest/workflows/evxExampleSync00001', {
			name: 'Attendee sync (mine)',
			versionId: example.data.data.versionId,
		});
		expect(renamed.status).toBe(200);
		const credentials = await rest.request<{ data: Array<{ id: string; name: string }> }>(
			'GET',
			'/rest/credentials',
		);
		const state = (await (await fetch(`${sandbox.simulator}/__sim/state`)).json()) as {
			seeded: { eventIds: string[] };
		};
		const eventId = state.seeded.eventIds[1];
		const added = (await (
			await fetch(`${sandbox.simulator}/__sim/events/${eventId}/attendees`, {
				method: 'POST',
				body: JSON.stringify({ firstName: 'Kept', invitationEmail: 'kept@example.com' }),
			})
		).json()) as { id: string };

		// The edit.
		const source = readFileSync(join(copy, NODE_FILE), 'utf8');
		expect(source).toContain(BEFORE);
		const editedAt = Date.now();
		writeFileSync(join(copy, NODE_FILE), source.replace(BEFORE, AFTER));
		let seenAfterMs: number | undefined;
		while (Date.now() - editedAt < 120_000) {
			if (((await eventXType(rest))?.defaults as { name?: string })?.name === 'EventX (reloaded)') {
				seenAfterMs = Date.now() - editedAt;
				break;
			}
			await sleep(250);
		}
		process.stdout.write(
			`dev reload: the edit seen through n8n's REST API after ${seenAfterMs} ms\n`,
		);
		expect(seenAfterMs).toBeLessThan(15_000);

		// The restart.
		await sandbox.stop();
		sandbox = await startDev(copy, env);
		expect(sandbox.banner).toContain('examples: all there');
		const again = new N8nRest(sandbox.editor);
		await again.login(OWNER);
		const names = (
			await again.request<{ data: Array<{ id: string; name: string }> }>('GET', '/rest/workflows')
		).data.data.map((w) => w.name);
		expect(names).toEqual(expect.arrayContaining(['My EventX workflow', 'Attendee sync (mine)']));
		// The sandbox's 9 examples (Attendee sync renamed by the user) and the user's own workflow.
		expect(names).toHaveLength(10);
		expect(
			(
				await again.request<{ data: Array<{ id: string; name: string }> }>(
					'GET',
					'/rest/credentials',
				)
			).data.data,
		).toEqual(credentials.data.data);
		const kept = (await (await fetch(`${sandbox.simulator}/__sim/state`)).json()) as {
			attendees: Array<{ id: string; firstName: string }>;
		};
		expect(kept.attendees.find((a) => a.id === added.id)?.firstName).toBe('Kept');
		expect(((await eventXType(again))?.defaults as { name?: string })?.name).toBe(
			'EventX (reloaded)',
		);
	});
});
