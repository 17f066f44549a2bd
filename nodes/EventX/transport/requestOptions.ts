import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import * as n8nWorkflow from 'n8n-workflow';

export interface RetryPolicy {
	/** Retries after the first attempt. */
	maxRetries: number;
	/** First backoff; doubled on each retry, with full jitter. */
	baseDelayMs: number;
	/** Upper bound of all waiting for one call, Retry-After included. */
	maxTotalWaitMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
	maxRetries: 3,
	baseDelayMs: 500,
	maxTotalWaitMs: 30_000,
};

/**
 * The wait before a retry: full-jitter backoff doubled `exponent` times, at least a Retry-After;
 * undefined when it would take the call's waiting past `maxTotalWaitMs` (`waited` so far).
 */
export function retryDelay(
	policy: RetryPolicy,
	exponent: number,
	waited: number,
	retryAfterMs = 0,
): number | undefined {
	const delay = Math.max(Math.random() * policy.baseDelayMs * 2 ** exponent, retryAfterMs);
	return waited + delay > policy.maxTotalWaitMs ? undefined : delay;
}

/** Without a timeout a request to a service that never answers would hang the execution. */
export const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Timeout and retries: the settings of every request of one execution, in each operation's
 * Options (not on the AI tool: a model has no use for them). The defaults are literals
 * (n8n's verification reads them from the source); they restate the constants above, and
 * test/transport/requestOptions.test.ts holds them equal.
 */
export const requestSettingsOptions: INodeProperties[] = [
	{
		displayName: 'Max Retries',
		name: 'maxRetries',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: 10 },
		default: 3, // DEFAULT_RETRY_POLICY.maxRetries
		description:
			'How often a failed request may be repeated. Reads are repeated after 429, 502, 503, 504, timeouts and dropped connections; writes only after 429 or a refused connection, which prove nothing was applied. 0 switches retries off.',
	},
	{
		displayName: 'Max Retry Wait (Seconds)',
		name: 'maxRetryWaitSeconds',
		type: 'number',
		typeOptions: { minValue: 0 },
		default: 30, // DEFAULT_RETRY_POLICY.maxTotalWaitMs in seconds
		description:
			'The longest time to spend waiting between retries of one request, Retry-After included',
	},
	{
		displayName: 'Timeout (Seconds)',
		name: 'timeoutSeconds',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 60, // DEFAULT_TIMEOUT_MS in seconds
		description: 'How long to wait for EventX to answer one request',
	},
];

export interface RequestSettings {
	timeout: number;
	retryPolicy: RetryPolicy;
}

function positive(value: unknown, fallback: number): number {
	return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** The action node's request settings (the operation's Options); defaults elsewhere (trigger, dropdowns). */
export function readRequestSettings(ctx: object): RequestSettings {
	const options =
		'getInputData' in ctx
			? ((ctx as IExecuteFunctions).getNodeParameter('options', 0, {}) as IDataObject)
			: {};
	return {
		timeout:
			positive(options.timeoutSeconds, DEFAULT_TIMEOUT_MS / 1000) * 1000 || DEFAULT_TIMEOUT_MS,
		retryPolicy: {
			...DEFAULT_RETRY_POLICY,
			maxRetries: Math.floor(positive(options.maxRetries, DEFAULT_RETRY_POLICY.maxRetries)),
			maxTotalWaitMs:
				positive(options.maxRetryWaitSeconds, DEFAULT_RETRY_POLICY.maxTotalWaitMs / 1000) * 1000,
		},
	};
}

type AbortableSleep = (ms: number, abortSignal?: AbortSignal) => Promise<void>;

/**
 * A sleep that stops when its signal aborts, from the n8n-workflow n8n brings: 2.8 exports it as
 * `sleepWithAbort`, 2.41 has only `sleep`, which takes the signal itself.
 */
const abortableSleep: AbortableSleep =
	(n8nWorkflow as { sleepWithAbort?: AbortableSleep }).sleepWithAbort ?? n8nWorkflow.sleep;

/**
 * `work`, or `expired()` once `ms` have passed: a deadline for the whole of it, not an idle timer
 * that a server sending one byte at a time keeps resetting. The signal aborts when the deadline
 * passes, so that a request given it is cut off rather than left running.
 */
export async function withDeadline<T>(
	ms: number,
	work: (signal: AbortSignal) => Promise<T>,
	expired: () => T,
): Promise<T> {
	const timer = new AbortController();
	const deadline = new AbortController();
	const late = abortableSleep(ms, timer.signal).then(
		() => {
			deadline.abort();
			return expired();
		},
		// Aborted because the work settled first: this branch has lost the race.
		() => expired(),
	);
	try {
		return await Promise.race([work(deadline.signal), late]);
	} finally {
		timer.abort();
	}
}
