/**
 * A lock on one entry of the shared cache (~/.cache/n8n-nodes-eventx): two commands at once (`npm
 * run dev` while `npm test` runs, two clones testing) must not install the same n8n release, or
 * pack the same sources, into the same folder together. The lock is a file beside the entry,
 * `<entry>.lock`, naming its owner (process ID and host); it is created whole or not at all (a
 * hard link, which fails when the lock exists). Whoever finds it waits; a lock whose process has
 * ended on this host (killed, crashed, Ctrl-C) is taken over.
 */
import { randomUUID } from 'node:crypto';

import { fs, os, path, print, process, setTimeout } from '../test/platform.cjs';

const { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } = fs;

type Log = (line: string) => void;

interface Owner {
	pid: number;
	host: string;
	/** Tells apart two holders in one process (and a lock taken over from a reused process ID). */
	token: string;
	since: string;
}

export interface CacheLockOptions {
	log?: Log;
	/** How often a waiting process looks at the lock again (1 s). */
	pollMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Creates `file` with `owner` in it, whole, unless it exists; true when this call created it. */
function create(file: string, owner: Owner): boolean {
	const draft = `${file}.${owner.token}`;
	writeFileSync(draft, `${JSON.stringify(owner)}\n`);
	let failure: NodeJS.ErrnoException | undefined;
	try {
		linkSync(draft, file);
	} catch (error) {
		failure = error as NodeJS.ErrnoException;
	} finally {
		rmSync(draft, { force: true });
	}
	if (failure?.code === 'EEXIST') return false;
	if (failure) throw new Error(`${file} could not be created: ${failure.message}`);
	return true;
}

function read(file: string): Owner | undefined {
	try {
		return JSON.parse(readFileSync(file, 'utf8')) as Owner;
	} catch {
		return undefined; // gone meanwhile
	}
}

/** Whether the owner's process has ended; unknowable for another host's (then it is waited for). */
function ended(owner: Owner): boolean {
	if (owner.host !== os.hostname()) return false;
	try {
		process.kill(owner.pid, 0);
		return false;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'ESRCH';
	}
}

/**
 * Removes `lock` if it still holds `stale`. One process at a time does this, under `<lock>.break`,
 * so that a lock taken meanwhile by a live process is never removed.
 */
function takeOver(lock: string, stale: Owner, me: Owner): void {
	const breaker = `${lock}.break`;
	if (!create(breaker, me)) {
		// Another process is taking it over; one that died doing so left its breaker behind.
		const other = read(breaker);
		if (other && ended(other)) rmSync(breaker, { force: true });
		return;
	}
	try {
		if (read(lock)?.token === stale.token) rmSync(lock, { force: true });
	} finally {
		rmSync(breaker, { force: true });
	}
}

/**
 * Runs `work` holding the lock of the cache entry `entry` (a path), waiting while another process
 * (or another call of this one) holds it; `what` names the entry in the log.
 */
export async function withCacheLock<T>(
	entry: string,
	what: string,
	work: () => Promise<T> | T,
	options: CacheLockOptions = {},
): Promise<T> {
	const log = options.log ?? print;
	const lock = `${entry}.lock`;
	// On a fresh machine the cache itself is not there yet.
	mkdirSync(path.dirname(lock), { recursive: true });
	const me: Owner = {
		pid: process.pid,
		host: os.hostname(),
		token: randomUUID(),
		since: new Date().toISOString(),
	};
	let told: string | undefined;
	while (!create(lock, me)) {
		const owner = read(lock);
		if (owner && ended(owner)) {
			log(
				`${what}: process ${owner.pid} stopped before it finished (its lock ${lock}); taking over`,
			);
			takeOver(lock, owner, me);
			continue;
		}
		if (owner && owner.token !== told) {
			told = owner.token;
			log(
				`${what}: process ${owner.pid} on ${owner.host} is at it since ${owner.since}; waiting for it (remove ${lock} if nothing is)`,
			);
		}
		await sleep(options.pollMs ?? 1000);
	}
	try {
		return await work();
	} finally {
		if (read(lock)?.token === me.token) rmSync(lock, { force: true });
	}
}
