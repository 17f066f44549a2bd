/** One n8n from the cache: its environment, its CLI, its server. */
import { childProcess, path, process } from '../../test/platform.cjs';
import { cacheRoot, envWithNode, type InstalledN8n } from '../n8n-install';
import { freePort, startProcess, track, type ManagedProcess, untrack } from './processes';

const { spawn } = childProcess;

/** Not a secret: one fixed value for the throwaway local n8n, so its saved credentials stay readable. */
export const LOCAL_ENCRYPTION_PHRASE = 'n8n-nodes-eventx-local-encryption-key';

export interface N8nSetup {
	n8n: InstalledN8n;
	userFolder: string;
	port: number;
	/** Port of n8n's task broker; each n8n process (start or a CLI command) needs its own. */
	brokerPort: number;
}

export function n8nEnv(setup: N8nSetup, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const webhookUrl = `http://127.0.0.1:${setup.port}/`;
	return envWithNode(setup.n8n.node, {
		N8N_USER_FOLDER: setup.userFolder,
		N8N_PORT: String(setup.port),
		N8N_HOST: '127.0.0.1',
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_PROTOCOL: 'http',
		// n8n 2.41 reads N8N_WEBHOOK_URL; 2.8 read WEBHOOK_URL.
		N8N_WEBHOOK_URL: webhookUrl,
		WEBHOOK_URL: webhookUrl,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${setup.port}/`,
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		DB_TYPE: 'sqlite',
		N8N_SECURE_COOKIE: 'false',
		N8N_COMMUNITY_PACKAGES_ENABLED: 'true',
		N8N_ENCRYPTION_KEY: LOCAL_ENCRYPTION_PHRASE,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_RUNNERS_BROKER_PORT: String(setup.brokerPort),
		N8N_PUBLIC_API_DISABLED: 'false',
		N8N_LOG_LEVEL: process.env.N8N_LOG_LEVEL ?? 'info',
		NODE_ENV: 'production',
		// Node 22 and later keep the code they compiled of n8n's modules there, for the next process
		// (n8n 2.41 on Node 24: a start 18.4 CPU-s -> 16.4, `n8n execute` 6.4 -> 5.3); Node 20 has none.
		NODE_COMPILE_CACHE: path.join(cacheRoot(), 'node-compile-cache'),
		...setup.n8n.release.env,
		...extra,
	});
}

export interface CliResult {
	status: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
}

/** Runs an n8n CLI command (import, execute...) against the user folder (`extra`: more env). */
export async function n8nCli(
	setup: N8nSetup,
	args: string[],
	extra: Record<string, string> = {},
): Promise<CliResult> {
	const brokerPort = await freePort();
	return await new Promise((resolveRun, reject) => {
		const child = spawn(setup.n8n.node, [setup.n8n.bin, ...args], {
			env: n8nEnv(setup, { ...extra, N8N_RUNNERS_BROKER_PORT: String(brokerPort) }),
			stdio: ['ignore', 'pipe', 'pipe'],
			detached: true,
		});
		track(child);
		let stdout = '';
		let stderr = '';
		child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
		child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
		child.once('error', reject);
		child.once('close', (status, signal) => {
			untrack(child);
			resolveRun({ status, signal, stdout, stderr });
		});
	});
}

/** Starts `n8n start` (`extra`: more env) and waits for its "Editor is now accessible" line. */
export async function startN8n(
	setup: N8nSetup,
	echo?: (chunk: string) => void,
	/** More environment for this n8n (the dev reloader, the e2e's durable poll scheduler). */
	extra: Record<string, string> = {},
): Promise<ManagedProcess> {
	return await startProcess(setup.n8n.node, [setup.n8n.bin, 'start'], {
		env: n8nEnv(setup, extra),
		cwd: setup.userFolder,
		ready: /Editor is now accessible/,
		timeoutMs: 180000,
		echo,
	});
}
