/**
 * A real n8n for the end-to-end test and `npm run dev`: a cached install outside the repo, the
 * packed package installed the way a user's n8n holds it, and n8n / simulator processes that are
 * always stopped as whole process groups.
 */
import {
	childProcess,
	clearTimeout,
	fs,
	net,
	path,
	print,
	process,
	setTimeout,
} from '../test/platform.cjs';
import { envWithNode, PACKAGE_NAME, REPO_ROOT, run, type InstalledN8n } from './n8n-install';

const { spawn } = childProcess;
const { readFileSync } = fs;
const { createServer } = net;
const { join } = path;
type ChildProcess = childProcess.ChildProcess;

export {
	ensureN8n,
	installPackage,
	N8N_FLOOR,
	N8N_MAIN,
	N8N_MATRIX,
	packPackage,
	PACKAGE_NAME,
	REPO_ROOT,
	type InstalledN8n,
	type N8nRelease,
} from './n8n-install';

/** Not a secret: one fixed value for the throwaway local n8n, so its saved credentials stay readable. */
export const LOCAL_ENCRYPTION_PHRASE = 'n8n-nodes-eventx-local-encryption-key';

type Log = (line: string) => void;

export async function freePort(preferred?: number): Promise<number> {
	const tryPort = (port: number) =>
		new Promise<number>((resolvePort, reject) => {
			const server = createServer();
			server.once('error', reject);
			server.listen(port, '127.0.0.1', () => {
				const address = server.address();
				const got = typeof address === 'object' && address ? address.port : port;
				server.close(() => resolvePort(got));
			});
		});
	if (preferred) {
		try {
			return await tryPort(preferred);
		} catch {
			// taken: fall back to any free port
		}
	}
	return await tryPort(0);
}

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

// Every process started here, so that an exit (even a failed test run) stops their groups.
const running = new Set<ChildProcess>();
function track(child: ChildProcess): void {
	running.add(child);
}
function untrack(child: ChildProcess): void {
	running.delete(child);
}
process.once('exit', () => {
	for (const child of running) killGroup(child, 'SIGKILL');
});

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
	if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	try {
		process.kill(-child.pid, signal);
	} catch {
		// already gone
	}
}

export interface ManagedProcess {
	child: ChildProcess;
	output: () => string;
	stop: () => Promise<void>;
}

/**
 * Spawns a process in its own group, resolves once `ready` matches its output, and stops the
 * whole group (SIGTERM, then SIGKILL after `graceMs`).
 */
export async function startProcess(
	command: string,
	args: string[],
	options: {
		env?: NodeJS.ProcessEnv;
		cwd?: string;
		ready: RegExp;
		timeoutMs?: number;
		echo?: (chunk: string) => void;
		graceMs?: number;
	},
): Promise<ManagedProcess & { match: RegExpMatchArray }> {
	const child = spawn(command, args, {
		env: options.env ?? process.env,
		cwd: options.cwd ?? REPO_ROOT,
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	});
	track(child);
	let output = '';
	const exited = new Promise<void>((resolveExit) =>
		child.once('exit', () => {
			untrack(child);
			resolveExit();
		}),
	);
	const stop = async () => {
		if (child.exitCode !== null || child.signalCode !== null) return;
		killGroup(child, 'SIGTERM');
		const timer = setTimeout(() => killGroup(child, 'SIGKILL'), options.graceMs ?? 15000);
		await exited;
		clearTimeout(timer);
	};
	const match = await new Promise<RegExpMatchArray>((resolveReady, reject) => {
		const timer = setTimeout(() => {
			void stop();
			reject(new Error(`${command} ${args.join(' ')} not ready in time:\n${output.slice(-4000)}`));
		}, options.timeoutMs ?? 120000);
		const onData = (d: Buffer) => {
			const text = d.toString();
			output += text;
			options.echo?.(text);
			const found = output.match(options.ready);
			if (found) {
				clearTimeout(timer);
				resolveReady(found);
			}
		};
		child.stdout!.on('data', onData);
		child.stderr!.on('data', onData);
		child.once('exit', (code, signal) => {
			clearTimeout(timer);
			reject(
				new Error(`${command} exited (${code ?? signal}) before ready:\n${output.slice(-4000)}`),
			);
		});
	});
	return { child, match, output: () => output, stop };
}

/** Starts `n8n start` and waits for its "Editor is now accessible" line. */
export async function startN8n(
	setup: N8nSetup,
	echo?: (chunk: string) => void,
): Promise<ManagedProcess> {
	return await startProcess(setup.n8n.node, [setup.n8n.bin, 'start'], {
		env: n8nEnv(setup),
		cwd: setup.userFolder,
		ready: /Editor is now accessible/,
		timeoutMs: 180000,
		echo,
	});
}

/** Compiles the tools' project (scripts, simulator, harness) to `.build-tools/`; returns a script's file. */
export function compileScript(relativeTs: string, log: Log = print): string {
	const tsc = join(REPO_ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
	run(process.execPath, [tsc, '-p', 'tsconfig.tools.json'], REPO_ROOT, log);
	return join(REPO_ROOT, '.build-tools', relativeTs.replace(/\.ts$/, '.js'));
}

/** Starts the simulator (scripts/simulator.ts, compiled) in its own process; resolves its URL. */
export async function startSimulatorProcess(
	port: number,
	options: {
		/** Demo data (default), none, or the benchmark's (2,000 events, 20,000 attendees). */
		data?: 'demo' | 'empty' | 'bench';
		latencyMs?: number;
		log?: Log;
		echo?: (chunk: string) => void;
	} = {},
): Promise<ManagedProcess & { url: string }> {
	const script = compileScript('scripts/simulator.ts', options.log);
	const args = [script, '--port', String(port)];
	if (options.data === 'empty') args.push('--empty');
	if (options.data === 'bench') args.push('--bench');
	if (options.latencyMs !== undefined) args.push('--latency', String(options.latencyMs));
	const proc = await startProcess(process.execPath, args, {
		ready: /EventX simulator listening on (http:\/\/\S+)/,
		timeoutMs: 60000,
		echo: options.echo,
		graceMs: 5000,
	});
	return { ...proc, url: proc.match[1] };
}

/** A small client for n8n's REST API with a session cookie (owner setup, login, API keys). */
export class N8nRest {
	private cookie = '';
	constructor(readonly baseUrl: string) {}

	/** `data` is the answer's JSON (its text when it is not JSON), typed as the caller reads it. */
	async request<T = unknown>(
		method: string,
		path: string,
		body?: unknown,
	): Promise<{ status: number; data: T }> {
		const response = await fetch(`${this.baseUrl}${path}`, {
			method,
			headers: {
				'content-type': 'application/json',
				// n8n binds the session to a browser id it receives with every request.
				'browser-id': 'n8n-nodes-eventx-e2e',
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const setCookie = response.headers.get('set-cookie');
		const auth = setCookie?.match(/n8n-auth=[^;]+/);
		if (auth) this.cookie = auth[0];
		const text = await response.text();
		let data: unknown = text;
		try {
			data = JSON.parse(text);
		} catch {
			// not JSON
		}
		return { status: response.status, data: data as T };
	}

	/** Creates the owner account on a fresh n8n (or logs in when it exists already). */
	async setupOwner(owner: { email: string; password: string }): Promise<void> {
		const setup = await this.request('POST', '/rest/owner/setup', {
			email: owner.email,
			firstName: 'EventX',
			lastName: 'Developer',
			password: owner.password,
		});
		if (setup.status === 200) return;
		await this.login(owner);
	}

	async login(owner: { email: string; password: string }): Promise<void> {
		const login = await this.request('POST', '/rest/login', {
			emailOrLdapLoginId: owner.email,
			password: owner.password,
		});
		if (login.status !== 200) {
			throw new Error(`n8n login failed (${login.status}): ${JSON.stringify(login.data)}`);
		}
	}

	/** A public API key for the logged-in user. */
	async createApiKey(label: string): Promise<string> {
		const scopes = await this.request<{ data?: string[] }>('GET', '/rest/api-keys/scopes');
		const created = await this.request<{ data?: { rawApiKey?: unknown } }>(
			'POST',
			'/rest/api-keys',
			{
				label,
				scopes: scopes.data?.data ?? [],
				expiresAt: null,
			},
		);
		const raw = created.data?.data?.rawApiKey;
		if (created.status !== 200 || typeof raw !== 'string') {
			throw new Error(
				`n8n API key creation failed (${created.status}): ${JSON.stringify(created.data)}`,
			);
		}
		return raw;
	}
}

/** n8n's public API (`/api/v1`) with an API key. */
export async function publicApi<T = unknown>(
	baseUrl: string,
	apiKey: string,
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; data: T }> {
	const response = await fetch(`${baseUrl}/api/v1${path}`, {
		method,
		headers: { 'content-type': 'application/json', 'X-N8N-API-KEY': apiKey },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await response.text();
	let data: unknown = text;
	try {
		data = JSON.parse(text);
	} catch {
		// not JSON
	}
	return { status: response.status, data: data as T };
}

/** The credential import file: n8n encrypts `data` given as an object on import. */
export function credentialImport(id: string, simulatorUrl: string, apiToken: string) {
	return [
		{
			id,
			name: 'EventX API',
			type: 'eventXApi',
			data: { baseUrl: simulatorUrl, authentication: 'apiToken', apiToken },
		},
	];
}

/** What a user picks in the editor after importing an example, per parameter name. */
interface ExampleChoices {
	eventId: string;
	/** The event's name, which the editor shows for an event picked from the list. */
	eventName: string;
	ticketClassId?: string;
}

/**
 * A workflow of `examples/` with the choices a user makes after importing it: every EventX node
 * gets the event (picked from the list, so the panel shows its name), the ticket class where it
 * asks for one, and the credential.
 */
function exampleWorkflow(
	file: string,
	id: string,
	credentialId: string,
	choices: ExampleChoices,
): Record<string, unknown> {
	const workflow = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', file), 'utf8')) as {
		nodes: Array<{
			type: string;
			parameters: Record<string, unknown>;
			credentials: { eventXApi: { id: string } };
		}>;
	};
	for (const node of workflow.nodes) {
		if (!String(node.type).startsWith(`${PACKAGE_NAME}.`)) continue;
		node.parameters.eventId = {
			__rl: true,
			mode: 'list',
			value: choices.eventId,
			cachedResultName: choices.eventName,
		};
		if ('ticketClassId' in node.parameters) node.parameters.ticketClassId = choices.ticketClassId;
		node.credentials.eventXApi.id = credentialId;
	}
	return { ...workflow, id, active: false };
}

/** The workflow IDs of the examples when imported on the demo data. */
export const EXAMPLE_IDS = {
	outreach: 'evxExampleOutreach1',
	sync: 'evxExampleSync00001',
	door: 'evxExampleDoor00001',
	lifecycle: 'evxExampleLifecycle',
} as const;

/**
 * The four examples on the simulator's demo data, all on one demo event (the second: the first
 * is left to the end-to-end test's other suites), so that running the sync example and then the
 * outreach example confirms the synced attendees; the sync example gives VIPs the second ticket
 * class.
 */
export function demoExamples(
	state: {
		seeded: { eventIds: string[] };
		events: Array<Record<string, unknown>>;
		ticketClasses: Record<string, Array<Record<string, unknown>>>;
	},
	credentialId: string,
) {
	const eventId = state.seeded.eventIds[1];
	const event = state.events.find((e) => e.id === eventId);
	const name = (event?.contentI18n as { name?: { default?: string } } | undefined)?.name;
	const eventName = String(name?.default ?? eventId);
	const vipTicketClass = String(state.ticketClasses[eventId][1].id);
	const on = { eventId, eventName };
	return {
		events: { outreach: eventId, sync: eventId, door: eventId, lifecycle: eventId },
		eventName,
		vipTicketClass,
		workflows: [
			exampleWorkflow('scheduled-outreach.json', EXAMPLE_IDS.outreach, credentialId, on),
			exampleWorkflow('attendee-sync.json', EXAMPLE_IDS.sync, credentialId, {
				...on,
				ticketClassId: vipTicketClass,
			}),
			exampleWorkflow('door-check-in.json', EXAMPLE_IDS.door, credentialId, on),
			exampleWorkflow('attendee-lifecycle.json', EXAMPLE_IDS.lifecycle, credentialId, on),
		],
	};
}
