// The n8n cache's install lock (scripts/cacheLock.ts): two installs of one release at once, a lock
// left by a process that died, and one held by a process still at work. The release is a fake
// one whose install step writes n8n's bin file, so nothing is downloaded.
import { ensureN8n, type InstallStep, type N8nRelease } from '../../scripts/n8n-install';
import { childProcess, fs, os, path, process, setTimeout } from '../platform.cjs';

const RELEASE: N8nRelease = {
	version: '0.0.0-locktest',
	nodeMajor: 24,
	installer: 'unpack',
	env: {},
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let tmp: string;
let cache: string;
let savedCache: string | undefined;
/** The release's folder in the cache, and its lock beside it. */
const folder = () => path.join(cache, 'n8n-0.0.0-locktest-node24');
const lockFile = () => `${folder()}.lock`;

/** An install step that takes `ms` and counts how many run at once. */
function slowInstall(ms: number) {
	const step = { calls: 0, running: 0, mostAtOnce: 0 };
	const install: InstallStep = async (_release, dir) => {
		step.calls++;
		step.running++;
		step.mostAtOnce = Math.max(step.mostAtOnce, step.running);
		await sleep(ms);
		fs.mkdirSync(path.join(dir, 'node_modules', 'n8n', 'bin'), { recursive: true });
		fs.writeFileSync(path.join(dir, 'node_modules', 'n8n', 'bin', 'n8n'), '');
		step.running--;
	};
	return { step, install };
}

/** A lock as another process leaves it: its process ID and this host. */
function lockOf(pid: number) {
	fs.mkdirSync(cache, { recursive: true });
	fs.writeFileSync(
		lockFile(),
		JSON.stringify({
			pid,
			host: os.hostname(),
			token: `other-${pid}`,
			since: '2026-11-28T08:00:00Z',
		}),
	);
}

/** A process of its own that lives until it is killed. */
function otherProcess() {
	return childProcess.spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
		stdio: 'ignore',
	});
}

beforeEach(() => {
	savedCache = process.env.N8N_EVENTX_CACHE;
	tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'eventx-cache-lock-'));
	// A cache not made yet, as on a fresh machine.
	cache = path.join(tmp, 'cache');
	process.env.N8N_EVENTX_CACHE = cache;
});

afterEach(() => {
	if (savedCache === undefined) delete process.env.N8N_EVENTX_CACHE;
	else process.env.N8N_EVENTX_CACHE = savedCache;
	fs.rmSync(tmp, { recursive: true, force: true });
});

describe("the n8n cache's install lock", () => {
	test('two installs of one release at once: one installs, the other waits and uses it', async () => {
		const { step, install } = slowInstall(400);
		const logs: string[][] = [[], []];
		const [a, b] = await Promise.all(
			logs.map(
				async (lines) =>
					await ensureN8n(RELEASE, (line) => lines.push(line), { install, pollMs: 20 }),
			),
		);
		expect(step).toEqual({ calls: 1, running: 0, mostAtOnce: 1 });
		expect(a.bin).toBe(path.join(folder(), 'node_modules', 'n8n', 'bin', 'n8n'));
		expect(b.bin).toBe(a.bin);
		expect(fs.existsSync(path.join(folder(), '.n8n-nodes-eventx-ready'))).toBe(true);
		// One said it installs, the other that it waits for the first (this process).
		const said = logs.map((lines) => lines.join('\n'));
		expect(said.filter((text) => /Installing n8n 0\.0\.0-locktest/.test(text))).toHaveLength(1);
		expect(
			said.filter((text) => text.includes(`process ${process.pid} on ${os.hostname()} is at it`)),
		).toHaveLength(1);
		expect(fs.existsSync(lockFile())).toBe(false);
	});

	test('a lock left by a process that has ended is taken over, and the release installed', async () => {
		const ended = childProcess.spawnSync(
			process.execPath,
			['-e', 'process.stdout.write(String(process.pid))'],
			{
				encoding: 'utf8',
			},
		);
		const deadPid = Number(ended.stdout);
		expect(deadPid).toBeGreaterThan(0);
		lockOf(deadPid);
		const { step, install } = slowInstall(10);
		const lines: string[] = [];
		await ensureN8n(RELEASE, (line) => lines.push(line), { install, pollMs: 20 });
		expect(step.calls).toBe(1);
		expect(lines[0]).toBe(
			`n8n 0.0.0-locktest: process ${deadPid} stopped before it finished (its lock ${lockFile()}); taking over`,
		);
		expect(fs.existsSync(lockFile())).toBe(false);
	});

	test("another process's lock is waited for while that process runs, and taken over once it is gone", async () => {
		const other = otherProcess();
		try {
			lockOf(other.pid!);
			const { step, install } = slowInstall(10);
			let done = false;
			const installing = ensureN8n(RELEASE, () => undefined, { install, pollMs: 20 }).then(() => {
				done = true;
			});
			await sleep(500);
			expect({ done, calls: step.calls }).toEqual({ done: false, calls: 0 });
			other.kill('SIGKILL');
			await installing;
			expect(step.calls).toBe(1);
		} finally {
			other.kill('SIGKILL');
		}
	});

	test('an install that fails leaves the lock free and no marker: the next one installs again', async () => {
		const failing: InstallStep = () => {
			throw new Error('npm install failed (network)');
		};
		await expect(ensureN8n(RELEASE, () => undefined, { install: failing })).rejects.toThrow(
			'npm install failed (network)',
		);
		expect(fs.existsSync(lockFile())).toBe(false);
		const { step, install } = slowInstall(10);
		await ensureN8n(RELEASE, () => undefined, { install });
		expect(step.calls).toBe(1);
		// Installed: a third call finds it ready and does not install.
		await ensureN8n(RELEASE, () => undefined, { install });
		expect(step.calls).toBe(1);
	});
});
