/**
 * Which n8n the tests and `npm run dev` run, on which Node, and how the packed package gets into
 * it: each n8n release installed once into a cache outside the repo, and the package installed the
 * way that release's own community-package installer does it.
 */
import { createHash } from 'node:crypto';

import { childProcess, fs, os, path, print, process, repoRoot } from '../test/platform.cjs';
import { withCacheLock } from './cacheLock';

const { spawnSync } = childProcess;
const {
	copyFileSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	realpathSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} = fs;
const { homedir } = os;
const { delimiter, dirname, join, resolve } = path;

export const REPO_ROOT = repoRoot;
export const PACKAGE_NAME = 'n8n-nodes-eventx';

type Log = (line: string) => void;

export interface N8nRelease {
	version: string;
	/** Node's major version the release runs on here. */
	nodeMajor: 20 | 24;
	/**
	 * How its installer puts a community package into `<user folder>/.n8n/nodes`: 2.41 unpacks the
	 * tarball, strips dev, peer and optional dependencies and runs a shallow `npm install` inside
	 * it; 2.8 ran `npm install --omit=dev --omit=peer <package>` in the nodes folder.
	 */
	installer: 'unpack' | 'npm-install';
	/** Extra environment for every process of this release. */
	env: Record<string, string>;
	/** npm overrides its install needs from the registry reachable here. */
	overrides?: Record<string, string>;
}

/**
 * The main line (n8n >= 2.36 needs Node 24). `N8N_EXPRESSION_ENGINE=legacy`: with 2.41.1's
 * default engine ("vm") `n8n execute` often dies with SIGSEGV while exiting after a good run.
 */
export const N8N_MAIN: N8nRelease = {
	version: '2.41.1',
	nodeMajor: 24,
	installer: 'unpack',
	env: { N8N_EXPRESSION_ENGINE: 'legacy' },
};

/** The oldest n8n the package supports, on the Node most of its users run. */
export const N8N_FLOOR: N8nRelease = {
	version: '2.8.4',
	nodeMajor: 20,
	installer: 'npm-install',
	env: {},
	// The versions 2.8.4 pins are not all on the registry reachable here.
	overrides: { xlsx: '0.18.5', linkedom: '0.18.14' },
};

/** Every release the end-to-end suites run on, main line first. */
export const N8N_MATRIX: N8nRelease[] = [N8N_MAIN, N8N_FLOOR];

export function cacheRoot(): string {
	return process.env.N8N_EVENTX_CACHE ?? join(homedir(), '.cache', 'n8n-nodes-eventx');
}

export function run(cmd: string, args: string[], cwd: string, log: Log, env = process.env): void {
	log(`$ ${cmd} ${args.join(' ')}  (in ${cwd})`);
	const result = spawnSync(cmd, args, {
		cwd,
		env,
		stdio: ['ignore', 'pipe', 'pipe'],
		encoding: 'utf8',
	});
	if (result.status !== 0) {
		throw new Error(
			`${cmd} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`.slice(
				-8000,
			),
		);
	}
}

function nodeVersion(bin: string): string | undefined {
	const result = spawnSync(bin, ['--version'], { encoding: 'utf8' });
	return result.status === 0 ? result.stdout.trim() : undefined;
}

/** The Node 24 the project brings (devDependency `node`), whatever the machine has. */
function projectNode(): string {
	const bin = join(REPO_ROOT, 'node_modules', 'node', 'bin', 'node');
	if (existsSync(bin)) return bin;
	if (process.versions.node.startsWith('24.')) return process.execPath;
	throw new Error('Node 24 is missing: run `npm install` (devDependency "node") first');
}

/** The machine's own Node (first on PATH outside the project), when it is the wanted major. */
function machineNode(major: number): string | undefined {
	const projectBin = join(REPO_ROOT, 'node_modules');
	for (const dir of (process.env.PATH ?? '').split(delimiter)) {
		const bin = join(dir, 'node');
		if (!dir || !existsSync(bin) || realpathSync(bin).startsWith(projectBin)) continue;
		if (nodeVersion(bin)?.startsWith(`v${major}.`)) return bin;
		return undefined;
	}
	return undefined;
}

/** The Node a release runs on: Node 20 is the machine's; Node 24 the project's (or a fallback). */
export function nodeFor(release: N8nRelease): string {
	if (release.nodeMajor === 24) return projectNode();
	return machineNode(release.nodeMajor) ?? projectNode();
}

/**
 * Node's headers for building native modules (sqlite3) against `node`: the machine's own for its
 * Node; for the project's Node 24, the registry's `node-<platform>-<arch>` package of the same
 * version (the one the `node` package unpacks its binary from), fetched once into the cache.
 */
async function headersFor(node: string, log: Log): Promise<string | undefined> {
	const own = resolve(dirname(realpathSync(node)), '..');
	if (existsSync(join(own, 'include', 'node', 'common.gypi'))) return own;
	const version = nodeVersion(node)!.replace(/^v/, '');
	const name = `node-${process.platform}-${process.arch}`;
	const dir = join(cacheRoot(), `node-headers-${version}`);
	const headers = join(dir, 'node_modules', name);
	const ready = () => existsSync(join(headers, 'include', 'node', 'common.gypi'));
	if (!ready())
		await withCacheLock(
			dir,
			`Node ${version}'s headers`,
			() => {
				if (ready()) return;
				mkdirSync(dir, { recursive: true });
				writeFileSync(join(dir, 'package.json'), '{"private":true}\n');
				run('npm', ['install', '--no-save', '--ignore-scripts', `${name}@${version}`], dir, log);
			},
			{ log },
		);
	return headers;
}

/** The environment for a process that must run on `node` (first on PATH) and build against it. */
export function envWithNode(node: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
	return {
		...process.env,
		PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}`,
		...extra,
	};
}

export interface InstalledN8n {
	release: N8nRelease;
	/** n8n's CLI script (run it with `node`). */
	bin: string;
	node: string;
	/** The install's node_modules (n8n and n8n-nodes-base). */
	modules: string;
}

/** What installs a release into its cache folder `dir` (`npm install` of n8n, then sqlite3 built). */
export type InstallStep = (
	release: N8nRelease,
	dir: string,
	node: string,
	log: Log,
) => Promise<void> | void;

async function installRelease(
	release: N8nRelease,
	dir: string,
	node: string,
	log: Log,
): Promise<void> {
	writeFileSync(
		join(dir, 'package.json'),
		JSON.stringify(
			{
				private: true,
				dependencies: { n8n: release.version },
				...(release.overrides ? { overrides: release.overrides } : {}),
			},
			null,
			2,
		),
	);
	const env = envWithNode(node);
	// Install scripts stay off (some fetch binaries from outside the registry); sqlite3 is then
	// built against the Node that runs n8n.
	run('npm', ['install', '--ignore-scripts', '--no-audit', '--no-fund'], dir, log, env);
	const headers = await headersFor(node, log);
	run('npm', ['rebuild', 'sqlite3'], dir, log, {
		...env,
		...(headers ? { npm_config_nodedir: headers } : {}),
	});
}

/**
 * Installs a release once into the cache (about 5 min cold, 2.3 GB each) and reuses it. A marker
 * is written only after a complete install, so an interrupted one is redone. The install holds
 * the release's cache lock: a second command at the same time waits for it and then uses it.
 */
export async function ensureN8n(
	release: N8nRelease,
	log: Log = print,
	options: { install?: InstallStep; pollMs?: number } = {},
): Promise<InstalledN8n> {
	const node = nodeFor(release);
	const major = nodeVersion(node)!.replace(/^v(\d+)\..*$/, '$1');
	const dir = join(cacheRoot(), `n8n-${release.version}-node${major}`);
	const marker = join(dir, '.n8n-nodes-eventx-ready');
	const modules = join(dir, 'node_modules');
	const bin = join(modules, 'n8n', 'bin', 'n8n');
	const ready = () => existsSync(marker) && existsSync(bin);
	if (!ready())
		await withCacheLock(
			dir,
			`n8n ${release.version}`,
			async () => {
				// Another command may have installed it while this one waited.
				if (ready()) return;
				mkdirSync(dir, { recursive: true });
				log(
					`Installing n8n ${release.version} on Node ${major} into ${dir} (first run only, minutes)...`,
				);
				await (options.install ?? installRelease)(release, dir, node, log);
				writeFileSync(
					marker,
					`n8n ${release.version} on ${nodeVersion(node)} ${new Date().toISOString()}\n`,
				);
			},
			{ log, pollMs: options.pollMs },
		);
	return { release, bin, node, modules };
}

/** What the packed tarball is made of: its files and what builds dist/ (scan.test.ts copies them). */
export const PACK_INPUTS = [
	'package.json',
	'tsconfig.json',
	'tsconfig.build.json',
	'gulpfile.js',
	'README.md',
	'LICENSE',
	'nodes',
	'credentials',
];

/** A digest of the pack's inputs under `root` and of the compiler's and gulp's versions. */
function packDigest(root: string): string {
	const hash = createHash('sha256');
	const add = (relativePath: string) => {
		const file = join(root, relativePath);
		if (!existsSync(file)) return;
		if (statSync(file).isDirectory()) {
			for (const entry of readdirSync(file).sort()) add(join(relativePath, entry));
			return;
		}
		hash.update(`${relativePath}\0`).update(readFileSync(file)).update('\0');
	};
	for (const input of PACK_INPUTS) add(input);
	for (const tool of ['typescript', 'gulp']) add(join('node_modules', tool, 'package.json'));
	return hash.digest('hex').slice(0, 32);
}

/**
 * `npm pack` of the repository (or of a copy of its sources at `root`) into `outDir`, which builds
 * through prepack; returns the tarball's path. The tarball is kept in the cache by a digest of
 * what it is made of: the same sources are packed once (the e2e tests, the scan test and `npm run
 * dev` each pack). With `built`, dist/ is packed as it is (the caller has just built it).
 */
export async function packPackage(
	outDir: string,
	log: Log = print,
	options: { built?: boolean; root?: string } = {},
): Promise<string> {
	const root = options.root ?? REPO_ROOT;
	rmSync(outDir, { recursive: true, force: true });
	mkdirSync(outDir, { recursive: true });
	const name = `${PACKAGE_NAME}-${packageVersion()}.tgz`;
	const tgz = join(outDir, name);
	if (options.built) return pack(root, outDir, tgz, log, true);
	// One pack of the same sources at a time: the others wait and copy its tarball.
	const entry = join(cacheRoot(), 'packed', packDigest(root));
	const cached = join(entry, name);
	mkdirSync(dirname(entry), { recursive: true });
	return await withCacheLock(
		entry,
		'the packed package',
		() => {
			if (existsSync(cached)) {
				copyFileSync(cached, tgz);
				log(`packed package reused: the sources are those of ${cached}`);
				return tgz;
			}
			pack(root, outDir, tgz, log, false);
			// Written aside and renamed: a reader without the lock never sees half a file.
			mkdirSync(entry, { recursive: true });
			const partial = `${cached}.${process.pid}.partial`;
			copyFileSync(tgz, partial);
			renameSync(partial, cached);
			prunePacked(dirname(entry));
			return tgz;
		},
		{ log },
	);
}

/** `npm pack` of `root` into `outDir` (building through prepack unless `built`). */
function pack(root: string, outDir: string, tgz: string, log: Log, built: boolean): string {
	const args = ['pack', '--pack-destination', outDir, '--silent'];
	if (built) args.push('--ignore-scripts');
	run('npm', args, root, log);
	if (!existsSync(tgz)) throw new Error(`npm pack left no ${tgz}`);
	return tgz;
}

/**
 * Keeps the 20 newest packed tarballs (about 220 KB each): one per version of the sources. A
 * digest another command holds the lock of is left alone.
 */
function prunePacked(dir: string): void {
	const entries = readdirSync(dir)
		.filter((entry) => !entry.includes('.') && !existsSync(join(dir, `${entry}.lock`)))
		.map((entry) => ({ entry, time: statSync(join(dir, entry)).mtimeMs }))
		.sort((a, b) => b.time - a.time);
	for (const { entry } of entries.slice(20))
		rmSync(join(dir, entry), { recursive: true, force: true });
}

function packageVersion(): string {
	return JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')).version;
}

/** Installs the tarball into `<userFolder>/.n8n/nodes` as the release's own installer does. */
export function installPackage(
	n8n: InstalledN8n,
	userFolder: string,
	tgz: string,
	log: Log = print,
): string {
	const nodesDir = join(userFolder, '.n8n', 'nodes');
	const packageDir = join(nodesDir, 'node_modules', PACKAGE_NAME);
	mkdirSync(nodesDir, { recursive: true });
	const manifest = join(nodesDir, 'package.json');
	const installed = existsSync(manifest)
		? JSON.parse(readFileSync(manifest, 'utf8'))
		: { name: 'installed-nodes', private: true, dependencies: {} };
	const env = envWithNode(n8n.node);
	if (n8n.release.installer === 'npm-install') {
		writeFileSync(manifest, JSON.stringify(installed, null, 2));
		run(
			'npm',
			[
				'install',
				'--omit=dev',
				'--omit=peer',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--no-save',
				tgz,
			],
			nodesDir,
			log,
			env,
		);
		return packageDir;
	}
	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	run('tar', ['-xzf', tgz, '-C', packageDir, '--strip-components=1'], nodesDir, log);
	const packageJson = join(packageDir, 'package.json');
	const kept = JSON.parse(readFileSync(packageJson, 'utf8')) as Record<string, unknown>;
	for (const field of ['devDependencies', 'peerDependencies', 'optionalDependencies'])
		delete kept[field];
	writeFileSync(packageJson, JSON.stringify(kept, null, 2));
	run(
		'npm',
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		packageDir,
		log,
		env,
	);
	installed.dependencies = { ...installed.dependencies, [PACKAGE_NAME]: kept.version };
	writeFileSync(manifest, JSON.stringify(installed, null, 2));
	return packageDir;
}
