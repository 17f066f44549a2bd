/**
 * `npm run dev`'s reload is n8n's own. Started with `N8N_DEV_RELOAD=true` (what `n8n-node dev`
 * sets), n8n 2.41 watches the folder of every package it loaded, the community package's in
 * `<user folder>/.n8n/nodes/node_modules/` too: when files there change it drops them from
 * require's cache, loads the package again and pushes `nodeDescriptionUpdated` to open editors
 * (LoadNodesAndCredentials.setupHotReload). `n8n-node dev` links the sources into `.n8n/custom/`
 * instead, which loads them under the `CUSTOM.` prefix: the sandbox's workflows, saved with
 * `n8n-nodes-eventx.` node types as users have them, would not find their nodes. So here
 * `tsc --watch` compiles nodes/ and credentials/ into dist/, and the files of each compile that
 * changed, with the icons and codex files the build copies, are copied into the installed package.
 */
import { fs, path, process } from '../../test/platform.cjs';
import { REPO_ROOT } from '../n8n-install';
import { startProcess, type ManagedProcess } from './processes';

const { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, watch } =
	fs;
const { dirname, join, relative } = path;

type Log = (line: string) => void;

/** The files under `dir` (relative paths), `filter` deciding. */
function filesUnder(dir: string, filter: (file: string) => boolean = () => true): string[] {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { recursive: true, encoding: 'utf8' })
		.filter((file) => filter(file) && statSync(join(dir, file)).isFile())
		.sort();
}

/** Copies the files of `from` whose bytes differ from those in `to`; returns how many. */
function syncFiles(from: string, to: string, files: string[]): number {
	let copied = 0;
	for (const file of files) {
		const source = join(from, file);
		const target = join(to, file);
		if (existsSync(target) && readFileSync(source).equals(readFileSync(target))) continue;
		mkdirSync(dirname(target), { recursive: true });
		copyFileSync(source, target);
		copied++;
	}
	return copied;
}

/** What gulp's build copies besides tsc's output (gulpfile.js). */
const isAsset = (file: string) => file.endsWith('.svg') || file.endsWith('.node.json');

export interface Reloader {
	/** Stops the compiler and the watchers. */
	stop(): Promise<void>;
}

/**
 * Keeps the installed package at `packageDir` in step with nodes/ and credentials/: compiles
 * with `tsc --watch`, copies changed files in; n8n reloads the package.
 */
export async function startReloader(
	packageDir: string,
	log: Log,
	node: string = process.execPath,
): Promise<Reloader> {
	const dist = join(REPO_ROOT, 'dist');
	const sync = (why: string) => {
		for (const source of ['nodes', 'credentials'])
			syncFiles(
				join(REPO_ROOT, source),
				join(dist, source),
				filesUnder(join(REPO_ROOT, source), isAsset),
			);
		const copied = syncFiles(dist, join(packageDir, 'dist'), filesUnder(dist));
		if (copied > 0) log(`${why}: ${copied} file(s) copied into n8n's package; n8n reloads it`);
	};
	// The package may come from the cache (n8n-install's packPackage) and dist/ from an older
	// build: the first compile starts from an empty dist/, so that no file of it is stale.
	rmSync(dist, { recursive: true, force: true });
	const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
	const compiler: ManagedProcess = await startProcess(
		node,
		[tsc, '-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput', '--pretty', 'false'],
		{ ready: /Watching for file changes/, timeoutMs: 600_000, graceMs: 2000 },
	);
	sync('first compile');
	let pending = '';
	compiler.child.stdout!.on('data', (chunk: Buffer) => {
		pending += chunk.toString();
		const lines = pending.split('\n');
		pending = lines.pop() ?? '';
		for (const line of lines) {
			if (/error TS\d+/.test(line)) log(`tsc: ${line.trim()}`);
			const done = line.match(/Found (\d+) errors?\. Watching for file changes/);
			if (done) sync(done[1] === '0' ? 'rebuilt' : `rebuilt with ${done[1]} error(s)`);
		}
	});
	// Icons and codex files are not tsc's: copied as they change.
	const watchers = ['nodes', 'credentials'].map((source) =>
		watch(join(REPO_ROOT, source), { recursive: true }, (_event, file) => {
			if (file && isAsset(String(file)))
				sync(`${relative(REPO_ROOT, join(source, String(file)))} changed`);
		}),
	);
	return {
		stop: async () => {
			for (const watcher of watchers) watcher.close();
			await compiler.stop();
		},
	};
}
