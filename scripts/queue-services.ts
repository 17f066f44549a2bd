/**
 * Redis and PostgreSQL for n8n's queue mode, as processes of our own: Debian's `redis-server`
 * and `postgresql` binaries on free loopback ports, each with a throwaway data directory, stopped
 * as process groups like every other process of scripts/n8n-runtime.ts.
 */
import { childProcess, fs, os, path, process, setTimeout } from '../test/platform.cjs';

import { freePort, startProcess, type ManagedProcess } from './n8n-runtime';

const { spawnSync } = childProcess;
const { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } = fs;
const { tmpdir } = os;
const { join } = path;

type Log = (line: string) => void;

const REDIS_SERVER = '/usr/bin/redis-server';
const POSTGRES_ROOT = '/usr/lib/postgresql';
/** The unprivileged account PostgreSQL runs under when we are root (it refuses to run as root). */
const PG_ACCOUNT = { name: 'nobody', uid: 65534, gid: 65534 };

/** PostgreSQL's bin directory (Debian installs one per major version), newest first. */
function postgresBin(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const majors = readdirSync(POSTGRES_ROOT)
		.filter((v) => /^\d+$/.test(v) && existsSync(join(POSTGRES_ROOT, v, 'bin', 'postgres')))
		.sort((a, b) => Number(b) - Number(a));
	return majors.length ? join(POSTGRES_ROOT, majors[0], 'bin') : undefined;
}

/** What queue mode needs and this machine lacks (Debian package names), or an empty list. */
export function missingQueueServices(): string[] {
	const missing: string[] = [];
	if (!existsSync(REDIS_SERVER)) missing.push('redis-server');
	if (!postgresBin()) missing.push('postgresql');
	return missing;
}

export interface Service extends ManagedProcess {
	port: number;
	/** The data directory, removed on `stop`. */
	dir: string;
	/**
	 * Stops the service as its operator would for a restart (Redis: SIGTERM; PostgreSQL: a fast
	 * shutdown), waits `downMs` and starts it again on the same port and data: a blip for its
	 * clients. `child` and `output` are the new process's from then on.
	 */
	restart(downMs: number): Promise<void>;
}

/**
 * A service whose process can be started again (`launch`) on the same port and data directory;
 * `shutdown` stops one for a restart (its signal), `stop` for good (and removes the directory).
 */
function restartable(
	first: ManagedProcess,
	launch: () => Promise<ManagedProcess>,
	port: number,
	dir: string,
	shutdown: (proc: ManagedProcess) => Promise<void> = (proc) => proc.stop(),
): Service {
	let current = first;
	const service: Service = {
		port,
		dir,
		get child() {
			return current.child;
		},
		output: () => current.output(),
		stop: async () => {
			await current.stop();
			rmSync(dir, { recursive: true, force: true });
		},
		restart: async (downMs: number) => {
			await shutdown(current);
			await new Promise((resolve) => setTimeout(resolve, downMs));
			current = await launch();
		},
	};
	return service;
}

/** Starts a service; when it does not start, its data directory goes too. */
async function startOrRemove(
	dir: string,
	start: () => Promise<ManagedProcess>,
): Promise<ManagedProcess> {
	return await start().then(
		(proc) => proc,
		(error: unknown) => {
			rmSync(dir, { recursive: true, force: true });
			throw error;
		},
	);
}

/**
 * Redis on a free loopback port, nothing persisted; with `persist`, an append-only file in its
 * data directory, so that a restart keeps n8n's queue (what a production Redis for n8n does),
 * fsynced every second (Redis's default; a SIGTERM, as `restart` sends, fsyncs it in full).
 */
export async function startRedis(
	log: Log = () => undefined,
	options: { persist?: boolean } = {},
): Promise<Service> {
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-redis-'));
	log(`redis-server on 127.0.0.1:${port}`);
	const launch = () =>
		startProcess(
			REDIS_SERVER,
			[
				'--port',
				String(port),
				'--bind',
				'127.0.0.1',
				'--dir',
				dir,
				'--save',
				'',
				'--appendonly',
				options.persist ? 'yes' : 'no',
				// n8n's Redis clients skip ioredis's ready check, so a command that reaches a Redis
				// still loading its append-only file fails with LOADING (a job taken but never
				// locked is then failed as stalled). Rewritten from 1 MB on (Redis's default: 64 MB),
				// the file stays near n8n's live queue (it removes finished jobs) and loads in
				// milliseconds, which is all the time Redis answers LOADING.
				'--auto-aof-rewrite-min-size',
				'1mb',
				'--protected-mode',
				'yes',
			],
			// Ready in milliseconds on an idle machine; the margin is for a starved one (a test run
			// saw no output at all from redis-server for 30 s while the load average was 17).
			{ cwd: dir, ready: /Ready to accept connections/, timeoutMs: 120000, graceMs: 5000 },
		);
	const proc = await startOrRemove(dir, launch);
	return restartable(proc, launch, port, dir);
}

export interface Postgres extends Service {
	user: string;
	database: string;
}

/**
 * PostgreSQL on a free loopback port: `initdb` into a fresh directory (trust auth, superuser
 * `n8n`), then `postgres`. As root, both run as `nobody` through `setpriv`.
 */
export async function startPostgres(log: Log = () => undefined): Promise<Postgres> {
	const bin = postgresBin();
	if (!bin) throw new Error('PostgreSQL is not installed (Debian package "postgresql")');
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-pg-'));
	const asRoot = process.getuid?.() === 0;
	if (asRoot) chownSync(dir, PG_ACCOUNT.uid, PG_ACCOUNT.gid);
	const unprivileged = (command: string, args: string[]): [string, string[]] =>
		asRoot
			? [
					'setpriv',
					[
						`--reuid=${PG_ACCOUNT.uid}`,
						`--regid=${PG_ACCOUNT.gid}`,
						'--clear-groups',
						'--',
						command,
						...args,
					],
				]
			: [command, args];
	const data = join(dir, 'data');
	log(`initdb ${data}${asRoot ? ` (as ${PG_ACCOUNT.name})` : ''}`);
	const [initCmd, initArgs] = unprivileged(join(bin, 'initdb'), [
		'-D',
		data,
		'-U',
		'n8n',
		'--auth=trust',
		'--no-sync',
		'-E',
		'UTF8',
		'--locale=C',
	]);
	const init = spawnSync(initCmd, initArgs, { cwd: dir, encoding: 'utf8' });
	if (init.status !== 0) {
		rmSync(dir, { recursive: true, force: true });
		throw new Error(`initdb failed (${init.status}):\n${init.stdout}\n${init.stderr}`);
	}
	log(`postgres on 127.0.0.1:${port}`);
	const [cmd, args] = unprivileged(join(bin, 'postgres'), [
		'-D',
		data,
		'-p',
		String(port),
		'-h',
		'127.0.0.1',
		// Sockets in the data directory, not /var/run/postgresql (which needs the distribution's setup).
		'-k',
		dir,
		// A throwaway database: durability only costs time here.
		'-c',
		'fsync=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'full_page_writes=off',
		'-c',
		'max_connections=200',
	]);
	const launch = () =>
		startProcess(cmd, args, {
			cwd: dir,
			ready: /database system is ready to accept connections/,
			timeoutMs: 120000,
			graceMs: 10000,
		});
	const proc = await startOrRemove(dir, launch);
	// SIGINT is PostgreSQL's fast shutdown: SIGTERM (smart) would wait for n8n's connections to close.
	const fastShutdown = async (current: ManagedProcess) => {
		if (current.child.exitCode !== null || current.child.signalCode !== null) return;
		const exited = new Promise((resolve) => current.child.once('exit', resolve));
		current.child.kill('SIGINT');
		await exited;
	};
	return Object.assign(restartable(proc, launch, port, dir, fastShutdown), {
		user: 'n8n',
		database: 'postgres',
	});
}
