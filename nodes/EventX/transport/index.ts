import type {
	IAdditionalCredentialOptions,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IWebhookFunctions,
	JsonObject,
} from 'n8n-workflow';
import * as n8nWorkflow from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';

import {
	API_TOKEN_REFUSED,
	normalizeBaseUrl,
	redactSecrets,
	sameOrigin,
} from '../../../credentials/EventXApi.credentials';
import { parseErrorEnvelope } from '../helpers/envelope';

import type { RetryPolicy } from './requestOptions';

type AbortableSleep = (ms: number, abortSignal?: AbortSignal) => Promise<void>;
/**
 * A sleep that stops when its signal aborts, from the n8n-workflow n8n brings: 2.8 exports it as
 * `sleepWithAbort`, 2.41 has only `sleep`, which takes the signal itself.
 */
const abortableSleep: AbortableSleep =
	(n8nWorkflow as { sleepWithAbort?: AbortableSleep }).sleepWithAbort ?? n8nWorkflow.sleep;
import { readRequestSettings } from './requestOptions';

export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './requestOptions';

export const CREDENTIAL_TYPE = 'eventXApi';
export const API_PREFIX = '/public-api/v1';

/** Every n8n context that may call EventX. */
export type EventXContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
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
	/** Milliseconds; the node's Request Options (60 s by default) apply when absent. */
	timeout?: number;
	retry?: RetryClass;
	retryPolicy?: RetryPolicy;
	itemIndex?: number;
}

/** The failure of one attempt, reduced to what decides a retry and what the user is shown. */
interface AttemptFailure {
	status?: number;
	body?: unknown;
	/** Node's network error code, e.g. ECONNREFUSED, ECONNRESET, ETIMEDOUT. */
	code?: string;
	retryAfterMs?: number;
	/** EventX refused the credential's API token in the token exchange. */
	refusedApiToken?: boolean;
	message: string;
}

const RETRYABLE_READ_STATUSES = new Set([429, 502, 503, 504]);
const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT']);
const DROPPED_CODES = new Set([
	'ECONNRESET',
	'EPIPE',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'EAI_AGAIN',
]);
/** Failures that prove the request never reached the service. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND']);

const baseUrls = new WeakMap<object, string>();
/** The API token refusal of this execution: later calls fail with it instead of asking again. */
const refusals = new WeakMap<object, AttemptFailure>();
/** Executions in which EventX refused a freshly exchanged token: a new one would not help. */
const freshTokenRefused = new WeakSet<object>();
/** Redirects followed within EventX's origin before giving up. */
const MAX_REDIRECTS = 5;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** The credential's secrets, to be blanked out of anything EventX sends back. */
async function secretsOf(ctx: EventXContext): Promise<unknown[]> {
	try {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		return [credentials.apiToken, credentials.accessToken, credentials.sessionToken];
	} catch {
		return [];
	}
}

async function baseUrlOf(ctx: EventXContext): Promise<string> {
	let baseUrl = baseUrls.get(ctx);
	if (baseUrl === undefined) {
		const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
		baseUrl = normalizeBaseUrl(credentials.baseUrl);
		// Refused before the token exchange, which would otherwise send the API token there.
		if (!/^https?:\/\/[^/\s]+/i.test(baseUrl)) {
			throw new NodeOperationError(
				ctx.getNode(),
				`Base URL: "${baseUrl}" is not an http(s) address`,
				{
					description:
						'Set the Base URL of the EventX API credential, e.g. https://esaas-api.eventx.io',
				},
			);
		}
		baseUrls.set(ctx, baseUrl);
	}
	return baseUrl;
}

function parseRetryAfter(value: unknown): number | undefined {
	if (typeof value !== 'string' && typeof value !== 'number') return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function networkFailure(code: string | undefined): AttemptFailure {
	let message = 'EventX could not be reached';
	if (code && TIMEOUT_CODES.has(code)) message = 'EventX did not answer in time';
	else if (code && DROPPED_CODES.has(code)) message = 'The connection to EventX was dropped';
	else if (code && NOT_SENT_CODES.has(code)) message = 'EventX refused the connection';
	return { code, message };
}

/** Node's network error code, read from what n8n kept of a thrown request error. */
function networkCode(text: string): string | undefined {
	const known = /\b(E[A-Z_]{4,})\b/.exec(text)?.[1];
	if (known) return known;
	if (/socket hang up/i.test(text)) return 'ECONNRESET';
	if (/timeout of \d+ms exceeded|timed? ?out/i.test(text)) return 'ETIMEDOUT';
	return undefined;
}

/**
 * A request that threw. n8n has wrapped the HTTP client's error in a NodeApiError that keeps the
 * status (`httpCode`), the parsed body (`context.data`) and the original messages, but not the
 * client's request (which carries the token): only those are read.
 */
function describeThrown(error: unknown): AttemptFailure {
	const e = error as {
		httpCode?: string | null;
		context?: { data?: unknown };
		messages?: string[];
		message?: string;
		code?: string;
	};
	const status = e.httpCode && /^\d{3}$/.test(e.httpCode) ? Number(e.httpCode) : undefined;
	if (status !== undefined)
		return { status, body: e.context?.data, message: `EventX answered with HTTP ${status}` };
	const own = e.messages?.[0] ?? e.message ?? 'EventX could not be reached';
	// The credential's token exchange was refused: its own words, and no further exchange.
	if (own.startsWith(API_TOKEN_REFUSED)) return { message: own, refusedApiToken: true };
	const code = e.code ?? networkCode([...(e.messages ?? []), e.message ?? ''].join(' '));
	if (code !== undefined) return networkFailure(code);
	return { message: own };
}

function isRetryable(failure: AttemptFailure, retry: RetryClass): boolean {
	if (retry === 'none') return false;
	const notSent = failure.code !== undefined && NOT_SENT_CODES.has(failure.code);
	if (retry === 'write') return failure.status === 429 || notSent;
	if (failure.status !== undefined) return RETRYABLE_READ_STATUSES.has(failure.status);
	return (
		notSent ||
		(failure.code !== undefined &&
			(TIMEOUT_CODES.has(failure.code) || DROPPED_CODES.has(failure.code)))
	);
}

function toNodeApiError(
	ctx: EventXContext,
	failure: AttemptFailure,
	request: EventXRequest,
	secrets: unknown[] = [],
): NodeApiError {
	const parsed = parseErrorEnvelope(failure.body);
	// EventX's words may quote a token back: blanked out before they reach an error or an output.
	const envelope = parsed && {
		...parsed,
		code: parsed.code === undefined ? undefined : redactSecrets(parsed.code, secrets),
		message: parsed.message === undefined ? undefined : redactSecrets(parsed.message, secrets),
	};
	const status = envelope?.status ?? failure.status;
	const message = envelope?.message ?? redactSecrets(failure.message, secrets);
	const details = [
		envelope?.code ? `code ${envelope.code}` : undefined,
		status !== undefined ? `status ${status}` : undefined,
		`${request.method} ${request.path}`,
	].filter(Boolean);
	const writeNote =
		request.retry !== 'read' &&
		failure.status === undefined &&
		failure.code !== undefined &&
		!NOT_SENT_CODES.has(failure.code)
			? ' The request may have been applied; it was not repeated so that nothing happens twice.'
			: '';
	// A plain object as the "response": NodeApiError then holds nothing of the HTTP client's request.
	const response: JsonObject = {
		message,
		httpCode: status === undefined ? null : String(status),
		...(envelope
			? {
					error: {
						code: envelope.code ?? null,
						message: envelope.message ?? null,
						status: envelope.status ?? null,
					},
				}
			: {}),
	};
	return new NodeApiError(ctx.getNode(), response, {
		message,
		description: `${details.join(', ')}.${writeNote}`,
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: request.itemIndex,
	});
}

/**
 * One call to EventX. Every HTTP request of the package goes through here: n8n's authenticated
 * helper (proxy, credential refresh on 401), the retry policy, and EventX's error envelope.
 * Returns the parsed body; `undefined` for an empty body.
 */
export async function eventxRequest(this: EventXContext, request: EventXRequest): Promise<unknown> {
	const refused = refusals.get(this);
	if (refused) throw toNodeApiError(this, refused, request, await secretsOf(this));
	if (
		request.path
			.split('/')
			.slice(1)
			.some((segment) => segment === '' || segment === '.' || segment === '..')
	) {
		// An empty, "." or ".." segment would leave the route the operation means.
		throw new NodeOperationError(this.getNode(), `Refused to call ${request.path}`, {
			itemIndex: request.itemIndex,
			description: 'A path parameter is empty, "." or ".."',
		});
	}
	const options: IHttpRequestOptions = {
		method: request.method,
		url: `${await baseUrlOf(this)}${request.path}`,
		qs: request.qs,
		body: request.body,
		json: true,
		returnFullResponse: true,
		// Redirects are followed here, within EventX's origin only: the token must not travel.
		disableFollowRedirect: true,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	const settings = readRequestSettings(this);
	options.timeout = request.timeout ?? settings.timeout;
	const policy = request.retryPolicy ?? settings.retryPolicy;
	const retry = request.retry ?? (request.method === 'GET' ? 'read' : 'write');
	let waited = 0;
	for (let attempt = 0; ; attempt++) {
		const failure = await withDeadline(attemptOnce(this, options), options.timeout);
		if (!('message' in failure)) return failure.body === '' ? undefined : failure.body;
		if (failure.refusedApiToken) refusals.set(this, failure);
		if (attempt >= policy.maxRetries || !isRetryable(failure, retry)) {
			throw toNodeApiError(this, failure, { ...request, retry }, await secretsOf(this));
		}
		const backoff = Math.random() * policy.baseDelayMs * 2 ** attempt;
		const delay = Math.max(backoff, failure.retryAfterMs ?? 0);
		if (waited + delay > policy.maxTotalWaitMs)
			throw toNodeApiError(this, failure, { ...request, retry }, await secretsOf(this));
		waited += delay;
		await sleep(delay);
	}
}

/**
 * The attempt, or a timeout failure once `ms` have passed: the Timeout is a deadline for the whole
 * answer (token exchange, redirects and a body that trickles in included), not an idle timer.
 */
async function withDeadline(
	work: Promise<{ body: unknown } | AttemptFailure>,
	ms: number,
): Promise<{ body: unknown } | AttemptFailure> {
	const timer = new AbortController();
	const expired = abortableSleep(ms, timer.signal).then(
		() => networkFailure('ETIMEDOUT'),
		// Aborted because the attempt settled first: this branch has lost the race.
		() => networkFailure('ETIMEDOUT'),
	);
	try {
		return await Promise.race([work, expired]);
	} finally {
		timer.abort();
	}
}

interface FullResponse {
	statusCode: number;
	headers?: Record<string, unknown>;
	body: unknown;
}

/**
 * One request, following redirects that stay on EventX's origin: its body when it succeeded, or
 * what went wrong. A 401 costs one token exchange and one repeat at most.
 */
async function attemptOnce(
	ctx: EventXContext,
	first: IHttpRequestOptions,
): Promise<{ body: unknown } | AttemptFailure> {
	const send = async (options: IHttpRequestOptions, additional?: IAdditionalCredentialOptions) =>
		(await ctx.helpers.httpRequestWithAuthentication.call(
			ctx,
			CREDENTIAL_TYPE,
			{ ...options, ignoreHttpStatusErrors: true },
			additional,
		)) as FullResponse;
	let options = first;
	let refreshed = false;
	for (let hop = 0; ; hop++) {
		let response: FullResponse;
		try {
			response = await send(options);
			if (response.statusCode === 401 && !refreshed && !freshTokenRefused.has(ctx)) {
				refreshed = true;
				const credentials = await ctx.getCredentials(CREDENTIAL_TYPE);
				// A fixed access token cannot be renewed: repeating it would only be refused again.
				if (credentials.authentication !== 'accessToken') {
					// With the session token emptied, n8n exchanges the API token for a new one (and
					// saves it) before the repeat; the stale token is not sent a second time.
					response = await send(options, {
						credentialsDecrypted: {
							id: '',
							name: '',
							type: CREDENTIAL_TYPE,
							data: { ...credentials, sessionToken: '' },
						},
					});
					if (response.statusCode === 401) freshTokenRefused.add(ctx);
				}
			}
		} catch (error) {
			return describeThrown(error);
		}
		const status = response.statusCode;
		if (status < 300) return { body: response.body };
		const failure: AttemptFailure = {
			status,
			body: response.body,
			retryAfterMs: parseRetryAfter(response.headers?.['retry-after']),
			message: `EventX answered with HTTP ${status}`,
		};
		if (!REDIRECT_STATUSES.has(status)) return failure;
		const location = response.headers?.location;
		const target = typeof location === 'string' ? new URL(location, options.url).toString() : '';
		if (!sameOrigin(target, options.url)) {
			return {
				status,
				message: `EventX redirected the request to another host (HTTP ${status} to ${
					target ? new URL(target).host : 'no location'
				}); it was not followed so that the credentials stay with EventX`,
			};
		}
		if (hop >= MAX_REDIRECTS) {
			return { status, message: `EventX redirected the request more than ${MAX_REDIRECTS} times` };
		}
		// As browsers do: 303 (and 301/302 after a write) continue as a GET without the body.
		const keepMethod = status === 307 || status === 308 || options.method === 'GET';
		options = {
			...options,
			url: target,
			qs: undefined,
			...(keepMethod ? {} : { method: 'GET' as const, body: undefined }),
		};
	}
}

function malformed(ctx: EventXContext, request: EventXRequest, what: string): NodeApiError {
	return toNodeApiError(ctx, { message: `EventX answered without ${what}` }, request);
}

function asObject(ctx: EventXContext, request: EventXRequest, body: unknown): IDataObject {
	if (typeof body === 'string') throw malformed(ctx, request, 'a JSON body');
	if (body === null || typeof body !== 'object' || Array.isArray(body)) {
		throw malformed(ctx, request, 'a JSON object');
	}
	return body as IDataObject;
}

/** A call answered with `{ data: <resource> }`; returns the resource. */
export async function eventxData(
	this: EventXContext,
	request: EventXRequest,
): Promise<IDataObject> {
	const body = asObject(this, request, await eventxRequest.call(this, request));
	const data = body.data;
	if (data === null || typeof data !== 'object' || Array.isArray(data)) {
		throw malformed(this, request, 'the expected "data" object');
	}
	return data as IDataObject;
}

/** A call answered with `{ dataList: [...] }` (optionally with `pagination`). */
export async function eventxList(
	this: EventXContext,
	request: EventXRequest,
): Promise<{ dataList: IDataObject[]; pagination?: Pagination }> {
	const body = asObject(this, request, await eventxRequest.call(this, request));
	if (!Array.isArray(body.dataList))
		throw malformed(this, request, 'the expected "dataList" array');
	return {
		dataList: body.dataList as IDataObject[],
		pagination: body.pagination as Pagination | undefined,
	};
}

/** A call whose success carries no resource (`{}`, 204 or empty). Malformed JSON is still refused. */
export async function eventxNoContent(this: EventXContext, request: EventXRequest): Promise<void> {
	const body = await eventxRequest.call(this, request);
	if (typeof body === 'string' && body.trim() !== '') throw malformed(this, request, 'a JSON body');
}

export interface Pagination {
	page: number;
	pageSize: number;
	pageCount: number;
	totalCount: number;
}

/** EventX's caps: 100 items a page, 200 pages a request (`page` to `pageEnd`, inclusive). */
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGES_PER_REQUEST = 200;

/** What identifies an item of a list, to notice a server that sends the same items again. */
function idOf(item: IDataObject): string | undefined {
	const id = item?.id;
	return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

/**
 * Reads a paginated list with page ranges: one request returns up to 200 pages of 100, so
 * 20,000 items take one request. With a limit, only the pages the limit needs are read and
 * exactly `limit` items (or all there are) are returned.
 *
 * EventX's pagination is not trusted to end the loop on its own: an item seen before is not
 * returned twice, reading stops once `totalCount` distinct items are in, and a full range that
 * brings nothing new is an error rather than a reason to ask for the next one.
 */
export async function eventxPaginate(
	this: EventXContext,
	request: EventXRequest,
	limit?: number,
): Promise<IDataObject[]> {
	const results: IDataObject[] = [];
	const seen = new Set<string>();
	const pageSize =
		limit === undefined ? MAX_PAGE_SIZE : Math.min(MAX_PAGE_SIZE, Math.max(1, limit));
	let page = 1;
	for (;;) {
		const wanted = limit === undefined ? Infinity : limit - results.length;
		const pagesWanted = Math.min(MAX_PAGES_PER_REQUEST, Math.ceil(wanted / pageSize));
		const pageEnd = page + pagesWanted - 1;
		const qs: IDataObject = { ...request.qs, page, pageSize };
		if (pageEnd > page) qs.pageEnd = pageEnd;
		const { dataList, pagination } = await eventxList.call(this, { ...request, qs });
		let fresh = 0;
		for (const item of dataList) {
			if (results.length >= (limit ?? Infinity)) break;
			const id = idOf(item);
			if (id !== undefined) {
				if (seen.has(id)) continue;
				seen.add(id);
			}
			fresh += 1;
			results.push(item);
		}
		if (results.length >= (limit ?? Infinity)) break;
		if (!pagination || typeof pagination.pageCount !== 'number') {
			throw malformed(this, request, 'the expected "pagination" object');
		}
		// Stop at the last page that EventX reports, when a range came back short, or once as many
		// distinct items as EventX counts are in.
		const full = dataList.length >= (pageEnd - page + 1) * pageSize;
		const total = typeof pagination.totalCount === 'number' ? pagination.totalCount : Infinity;
		if (pageEnd >= pagination.pageCount || !full || results.length >= total) break;
		if (fresh === 0) {
			throw toNodeApiError(
				this,
				{
					message: `EventX's pagination does not advance: pages ${page} to ${pageEnd} brought no item that earlier pages had not (it reports ${pagination.pageCount} pages, ${pagination.totalCount} items)`,
				},
				request,
			);
		}
		page = pageEnd + 1;
	}
	return results;
}
