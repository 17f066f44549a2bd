/**
 * `npm run dev`: the simulator with demo data, and a local n8n (the main line, 2.41 on Node 24,
 * cached outside the repo) holding the packed package, installed as that n8n's installer does, a
 * ready "EventX API" credential pointed at the simulator, and the examples. Ctrl-C stops
 * everything.
 *
 * Kept across restarts in N8N_DEV_FOLDER: n8n's data (workflows, the credential, executions) and
 * the simulator's (simulator.json); the credential and the examples are created only when
 * missing. An edit under nodes/ or credentials/ is compiled and loaded into the running n8n
 * (scripts/runtime/reload.ts).
 *
 * `npm run dev -- --queue`: the same in n8n's queue mode, with a Redis and a PostgreSQL of its own
 * (throwaway data) and a main process, one worker and one webhook process (N8N_DEV_WEBHOOK_PORT,
 * default 5679), each with a user folder of its own under N8N_DEV_FOLDER/queue/ (as on separate
 * machines: n8n keeps a crash journal there, which a second process in the same folder takes for
 * a crash of the first). The database is fresh on every start.
 *
 * Environment: EVENTX_SIM_PORT (default 4010), N8N_DEV_PORT (default 5678), both falling back to
 * a free port; N8N_DEV_FOLDER (default .n8n-dev in the repo, kept between runs).
 */

import {
	ensureN8n,
	freePort,
	installPackage,
	N8N_MAIN,
	N8nRest,
	packPackage,
	REPO_ROOT,
	startN8n,
	startSimulatorProcess,
	type ManagedProcess,
} from './n8n-runtime';
import { startReloader, type Reloader } from './runtime/reload';
import {
	demoQrCodeToken,
	demoTriggerIds,
	ensureCredential,
	ensureExamples,
	scanCommand,
	triggerCommands,
} from './runtime/sandbox';
import { startQueueProcess, type QueueBackends, type QueueRole } from './n8n-queue';
import { missingQueueServices, startPostgres, startRedis } from './queue-services';
import { fs, path, print, printError, process } from '../test/platform.cjs';

const { existsSync, mkdirSync, readFileSync, writeFileSync } = fs;
const { join } = path;

const OWNER = { email: 'dev@eventx.local', password: 'EventX-dev-1' };
const log = (line: string) => print(`[dev] ${line}`);

async function main(): Promise<void> {
	const queue = process.argv.includes('--queue');
	const processes: ManagedProcess[] = [];
	let reloader: Reloader | undefined;
	let stopping = false;
	const stopAll = async (code: number) => {
		if (stopping) return;
		stopping = true;
		log(`stopping n8n${queue ? ', Redis, PostgreSQL' : ''} and the simulator...`);
		await reloader?.stop();
		for (const p of processes.reverse()) await p.stop();
		process.exit(code);
	};
	process.on('SIGINT', () => void stopAll(0));
	process.on('SIGTERM', () => void stopAll(0));

	try {
		const n8nInstall = await ensureN8n(N8N_MAIN, log);
		const userFolder = process.env.N8N_DEV_FOLDER ?? join(REPO_ROOT, '.n8n-dev');
		mkdirSync(userFolder, { recursive: true });
		const tgz = await packPackage(join(userFolder, 'pack'), log);
		const packageDir = queue ? undefined : installPackage(n8nInstall, userFolder, tgz, log);
		// Compiling for the reload (its first compile is long) while the rest starts.
		const reloading = packageDir ? startReloader(packageDir, log) : undefined;
		// Awaited below; a failure before then is handled there, not as an unhandled rejection.
		reloading?.catch(() => undefined);

		// The simulator keeps its port (the credential's URL) and, outside queue mode, its data.
		const sandboxFile = join(userFolder, 'sandbox.json');
		const saved = (
			existsSync(sandboxFile) ? JSON.parse(readFileSync(sandboxFile, 'utf8')) : {}
		) as {
			simulatorPort?: number;
		};
		const simPort = await freePort(
			Number(process.env.EVENTX_SIM_PORT ?? saved.simulatorPort ?? 4010),
		);
		const simulator = await startSimulatorProcess(simPort, {
			log,
			stateFile: queue ? undefined : join(userFolder, 'simulator.json'),
		});
		processes.push(simulator);
		writeFileSync(sandboxFile, JSON.stringify({ simulatorPort: simPort }, null, 2));
		log(`simulator: ${simulator.url}`);

		let backends: QueueBackends | undefined;
		if (queue) {
			const missing = missingQueueServices();
			if (missing.length)
				throw new Error(
					`queue mode needs ${missing.join(' and ')}: apt-get install ${missing.join(' ')}`,
				);
			const [redis, postgres] = await Promise.all([startRedis(log), startPostgres(log)]);
			processes.push(redis, postgres);
			backends = { redis, postgres };
			log(`Redis on 127.0.0.1:${redis.port}, PostgreSQL on 127.0.0.1:${postgres.port}`);
		}

		// Queue mode: one folder per process, each with the package.
		const folderOf = (role: QueueRole) => {
			const folder = join(userFolder, 'queue', role);
			mkdirSync(folder, { recursive: true });
			installPackage(n8nInstall, folder, tgz, log);
			return folder;
		};
		const setup = {
			n8n: n8nInstall,
			userFolder: queue ? folderOf('main') : userFolder,
			port: await freePort(Number(process.env.N8N_DEV_PORT ?? 5678)),
			brokerPort: await freePort(),
		};
		const echo = process.env.DEV_VERBOSE ? (t: string) => process.stdout.write(t) : undefined;
		let webhookLine = '';
		if (backends) {
			const webhookPort = await freePort(Number(process.env.N8N_DEV_WEBHOOK_PORT ?? 5679));
			const common = { backends, webhookUrl: `http://127.0.0.1:${webhookPort}/`, echo };
			const [webhookFolder, workerFolder] = [folderOf('webhook'), folderOf('worker')];
			processes.push(
				await startQueueProcess(n8nInstall, {
					...common,
					role: 'main',
					userFolder: setup.userFolder,
					port: setup.port,
				}),
			);
			processes.push(
				...(await Promise.all([
					startQueueProcess(n8nInstall, {
						...common,
						role: 'webhook',
						userFolder: webhookFolder,
						port: webhookPort,
					}),
					startQueueProcess(n8nInstall, { ...common, role: 'worker', userFolder: workerFolder }),
				])),
			);
			webhookLine = `  queue mode:     main, 1 worker, webhooks at http://127.0.0.1:${webhookPort}/webhook/...`;
		} else {
			processes.push(await startN8n(setup, echo, { N8N_DEV_RELOAD: 'true' }));
		}
		const editor = `http://127.0.0.1:${setup.port}`;
		const rest = new N8nRest(editor);
		await rest.setupOwner(OWNER);
		const credentialId = await ensureCredential(rest, simulator.url, log);
		const state = (await (await fetch(`${simulator.url}/__sim/state`)).json()) as Parameters<
			typeof ensureExamples
		>[1] & { attendees: Array<Record<string, unknown>>; orders: Array<Record<string, unknown>> };
		const { demo, created } = await ensureExamples(rest, state, credentialId);
		log(
			created.length
				? `examples created or set back on the demo event: ${created.join(', ')}`
				: 'examples: all there (kept as you left them)',
		);
		reloader = await reloading;
		const ids = demoTriggerIds(state, demo.events.lifecycle);

		print(
			[
				'',
				'  EventX sandbox is ready',
				`  n8n editor:     ${editor}`,
				`  log in with:    ${OWNER.email} / ${OWNER.password}`,
				`  credential:     "EventX API" (API token, ${simulator.url})`,
				`  simulator:      ${simulator.url}  (demo events, attendees; control routes under /__sim/)`,
				`  examples:       ${demo.workflows.length} workflows from examples/ (Overview page), on the demo event ${demo.eventName} or on every event`,
				queue
					? '  your data:      thrown away on exit in queue mode'
					: `  your data:      kept in ${userFolder} across restarts`,
				queue
					? '  edits:          restart npm run dev to load an edit in queue mode'
					: '  edits:          nodes/ and credentials/ are rebuilt and reloaded into n8n as you save',
				'  fire the triggers (Publish a workflow first, or click Execute workflow to wait for one',
				'  event; on the demo event for attendees and orders):',
				...triggerCommands(simulator.url, ids).map(
					({ events, command }) => `    ${events}:\n      ${command}`,
				),
				'  scan a QR code (the door check-in example, after Execute workflow):',
				`      ${scanCommand(editor, demoQrCodeToken(state, demo.events.door))}`,
				...(webhookLine ? [webhookLine] : []),
				`  Ctrl-C stops n8n${queue ? ', Redis, PostgreSQL' : ''} and the simulator.`,
				'',
			].join('\n'),
		);
		// Either process ending on its own ends the sandbox.
		for (const p of processes) p.child.once('exit', () => void stopAll(1));
	} catch (error) {
		printError(error instanceof Error ? error.message : error);
		await stopAll(1);
	}
}

void main();
