/**
 * n8n in queue mode: one main process (editor, API, activation of triggers), webhook processes
 * (production webhooks) and workers (executions), coordinated through Redis, sharing PostgreSQL
 * and the encryption key. Each process is a group of its own, like scripts/n8n-runtime.ts's.
 */
import {
	freePort,
	n8nEnv,
	startProcess,
	type InstalledN8n,
	type ManagedProcess,
	type N8nSetup,
} from './n8n-runtime';
import type { Postgres, Service } from './queue-services';

export type QueueRole = 'main' | 'worker' | 'webhook';

export interface QueueBackends {
	redis: Pick<Service, 'port'>;
	postgres: Pick<Postgres, 'port' | 'user' | 'database'>;
}

/**
 * The environment every process of the cluster shares: queue mode, Redis, PostgreSQL. Settings a
 * test varies (worker lock durations...) go in `extra`.
 */
export function queueEnv(backends: QueueBackends): Record<string, string> {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(backends.redis.port),
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(backends.postgres.port),
		DB_POSTGRESDB_DATABASE: backends.postgres.database,
		DB_POSTGRESDB_USER: backends.postgres.user,
		DB_POSTGRESDB_PASSWORD: '',
		// n8n's default pool is 2 connections, each waited for at most 20 s: a webhook process
		// taking 50 deliveries at once, or a worker running 10 executions, queues every write
		// behind 2 connections, and on a starved machine the wait can exceed the timeout.
		DB_POSTGRESDB_POOL_SIZE: '10',
		DB_POSTGRESDB_CONNECTION_TIMEOUT: '60000',
		// n8n pings PostgreSQL every 2 s and, after 3 failed pings, tears its pool down and builds it
		// again, failing every query with "Driver not Connected" meanwhile: a PostgreSQL restarted
		// for a few seconds comes back while a worker rebuilds, and the jobs it takes then fail with
		// their items dropped (docs/scale.md, the soak's second run). The pool replaces the
		// connections PostgreSQL closed by itself, so the rebuild waits for 30 s of failed pings.
		DB_PING_MAX_FAILURES_BEFORE_RECOVERY: '15',
		// Production webhooks are answered by webhook processes only, not by main.
		N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
		// Runs started by hand (the editor's "Execute workflow", POST /rest/workflows/:id/run) go
		// to the workers too, as every other execution (n8n 3 always does this).
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
}

export interface QueueProcess extends ManagedProcess {
	role: QueueRole;
	/** The HTTP port (main and webhook processes). */
	port?: number;
	/** Environment this process was started with beyond the cluster's (for a restart). */
	extra: Record<string, string>;
}

const READY: Record<QueueRole, RegExp> = {
	main: /Editor is now accessible/,
	worker: /n8n worker is now ready/,
	webhook: /Webhook listener waiting for requests/,
};

/**
 * Starts one process of the cluster. `webhookUrl` is the public base URL of the webhook
 * processes: main registers triggers' webhooks (the EventX Trigger's included) with it.
 */
export async function startQueueProcess(
	n8n: InstalledN8n,
	options: {
		role: QueueRole;
		userFolder: string;
		backends: QueueBackends;
		webhookUrl: string;
		port?: number;
		concurrency?: number;
		extra?: Record<string, string>;
		echo?: (chunk: string) => void;
	},
): Promise<QueueProcess> {
	const port = options.role === 'worker' ? await freePort() : (options.port ?? (await freePort()));
	const setup: N8nSetup = {
		n8n,
		userFolder: options.userFolder,
		port,
		// Every n8n process has a task broker of its own.
		brokerPort: await freePort(),
	};
	const extra = options.extra ?? {};
	const env = n8nEnv(setup, {
		...queueEnv(options.backends),
		N8N_WEBHOOK_URL: options.webhookUrl,
		WEBHOOK_URL: options.webhookUrl,
		...extra,
	});
	const args = [n8n.bin, options.role === 'main' ? 'start' : options.role];
	if (options.role === 'worker') args.push(`--concurrency=${options.concurrency ?? 10}`);
	const proc = await startProcess(n8n.node, args, {
		env,
		cwd: options.userFolder,
		ready: READY[options.role],
		timeoutMs: 180000,
		echo: options.echo,
	});
	return { ...proc, role: options.role, port: options.role === 'worker' ? undefined : port, extra };
}
