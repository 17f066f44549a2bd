// The shapes shared by the transport's modules: a call to EventX and the contexts that make one.
// Kept apart so that errors.ts and request.ts both use them without importing each other.
import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { RetryPolicy } from './requestOptions';

/** Every n8n context that may call EventX. */
export type EventXContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IPollFunctions
	| IWebhookFunctions;

/**
 * What a failed call may be retried on.
 * - `read`: the call changes nothing, so any transient failure may be retried.
 * - `write`: retried only where the answer proves nothing was applied (429, connection refused).
 * - `none`: never retried.
 */
export type RetryClass = 'read' | 'write' | 'none';

export interface EventXRequest {
	method: IHttpRequestMethods;
	/** Path below the base URL, starting with `/public-api/v1`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject | IDataObject[];
	/** Milliseconds; the operation's Options > Timeout (60 s by default) apply when absent. */
	timeout?: number;
	retry?: RetryClass;
	retryPolicy?: RetryPolicy;
	itemIndex?: number;
	/**
	 * An end (epoch milliseconds) the call must keep, retries included: each attempt's timeout is
	 * cut to what is left of it, and no retry starts that would wait past it (a poll's budget).
	 */
	deadline?: number;
	/** Values of the request that EventX's words must not repeat in an error (a webhook's secret). */
	redact?: string[];
}
