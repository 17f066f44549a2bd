/** Processes the tools start (n8n, the simulator), always stopped as whole process groups; free ports; the tools compiled once. */
import {
	childProcess,
	clearTimeout,
	fs,
	net,
	path,
	print,
	process,
	setTimeout,
} from '../../test/platform.cjs';
import { REPO_ROOT, run } from '../n8n-install';

const { spawn } = childProcess;
const { createServer } = net;
const { join } = path;
type ChildProcess = childProcess.ChildProcess;

type Log = (line: string) => void;

/**
 * A port nobody listens on. Chosen below the kernel's ephemeral range: a port the kernel handed out
 * (port 0) is also a client's source port for outgoing connections, and with many (PostgreSQL and
 * Redis pools in queue mode) one of them can hold it by the time n8n listens, which n8n reports as
 * "port already in use" (seen in CI).
 */
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
	const [low, high] = listenRange();
	for (let attempt = 0; attempt < 50; attempt++) {
		try {
			return await tryPort(low + Math.floor(Math.random() * (high - low)));
		} catch {
			// taken: another
		}
	}
	return await tryPort(0);
}

/** Ports for servers: from 10000 to the start of the ephemeral range (Linux: 32768 by default). */
function listenRange(): [number, number] {
	let ephemeralLow = 32768;
	try {
		const range = fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8');
		const first = Number(range.trim().split(/\s+/)[0]);
		if (Number.isInteger(first) && first > 12000) ephemeralLow = first;
	} catch {
		// not Linux: the usual default
	}
	return [10000, ephemeralLow];
}

// Every process started here, so that an exit (even a failed test run) stops their groups.
const running = new Set<ChildProcess>();

export function track(child: ChildProcess): void {
	running.add(child);
}

export function untrack(child: ChildProcess): void {
	running.delete(child);
}

const killAll = () => {
	for (const child of running) killGroup(child, 'SIGKILL');
};
process.once('exit', killAll);
// A signal ends the process without 'exit' (a stopped test run, a killed CI job): unless the tool
// handles it itself (npm run dev stops its processes gracefully), the groups go with it.
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
	const onSignal = () => {
		// (`once` has removed this listener: any left is the tool's own.)
		if (process.listenerCount(signal) > 0) return;
		killAll();
		process.kill(process.pid, signal);
	};
	process.once(signal, onSignal);
}

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

/**
 * The compiled file of a tool (scripts, simulator, harness) in `.build-tools/`, compiled first when
 * a source changed since the last compile (`scripts/run-tool.mjs --compile` decides).
 */
export function compileScript(relativeTs: string, log: Log = print): string {
	// A tool started by scripts/run-tool.mjs runs from .build-tools/, checked just before.
	const runningCompiled = process.argv[1]?.includes(`${path.sep}.build-tools${path.sep}`) === true;
	if (!runningCompiled && !toolsChecked) {
		run(
			process.execPath,
			[join(REPO_ROOT, 'scripts', 'run-tool.mjs'), '--compile'],
			REPO_ROOT,
			log,
		);
		toolsChecked = true;
	}
	return join(REPO_ROOT, '.build-tools', relativeTs.replace(/\.ts$/, '.js'));
}

let toolsChecked = false;

/** Starts the simulator (scripts/simulator.ts, compiled) in its own process; resolves its URL. */
export async function startSimulatorProcess(
	port: number,
	options: {
		/** Demo data (default), none, or the benchmark's (2,000 events, 20,000 attendees). */
		data?: 'demo' | 'empty' | 'bench';
		latencyMs?: number;
		/** A file the simulator starts from (when it exists) and keeps its data in. */
		stateFile?: string;
		log?: Log;
		echo?: (chunk: string) => void;
	} = {},
): Promise<ManagedProcess & { url: string }> {
	const script = compileScript('scripts/simulator.ts', options.log);
	const args = [script, '--port', String(port)];
	if (options.data === 'empty') args.push('--empty');
	if (options.data === 'bench') args.push('--bench');
	if (options.latencyMs !== undefined) args.push('--latency', String(options.latencyMs));
	if (options.stateFile) args.push('--state', options.stateFile);
	const proc = await startProcess(process.execPath, args, {
		ready: /EventX simulator listening on (http:\/\/\S+)/,
		timeoutMs: 60000,
		echo: options.echo,
		graceMs: 5000,
	});
	return { ...proc, url: proc.match[1] };
}
