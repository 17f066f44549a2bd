// Request and retries: the one call to EventX (n8n's authenticated helper, redirects within EventX's
// origin, deadlines, the retry policy, one renewal on 401).
import type { IAdditionalCredentialOptions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { normalizeBaseUrl, sameOrigin } from '../../../credentials/EventXApi.credentials';
import { readRequestSettings, retryDelay, withDeadline } from './requestOptions';
import type { EventXContext, EventXRequest, RetryClass } from './types';

import {
	DROPPED_CODES,
	NOT_SENT_CODES,
	TIMEOUT_CODES,
	describeThrown,
	networkFailure,
	toNodeApiError,
	type AttemptFailure,
} from './errors';

export const CREDENTIAL_TYPE = 'eventXApi';

export const API_PREFIX = '/public-api/v1';

const RETRYABLE_READ_STATUSES = new Set([429, 502, 503, 504]);

const baseUrls = new WeakMap<object, string>();

/** The API token refusal of this execution: later calls fail with it instead of asking again. */
const refusals = new WeakMap<object, AttemptFailure>();

/** Executions in which EventX refused a freshly exchanged token: a new one would not help. */
const freshTokenRefused = new WeakSet<object>();

/** Redirects followed within EventX's origin before giving up. */
const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** Refusals by size, which a proxy answers with its own page: said in words, not a bare status. */
const TOO_LARGE: Record<number, string> = {
	413: 'EventX refused the request as too large (HTTP 413): send fewer or shorter values in one request',
	414: "EventX refused the request's address as too long (HTTP 414): a filter or value sent in it is too long",
	431: "EventX refused the request's address or headers as too long (HTTP 431): a filter or value sent in it is too long",
};

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

/**
 * One call to EventX. Every HTTP request of the package goes through here: n8n's authenticated
 * helper (proxy, credential refresh on 401), the retry policy, and EventX's error envelope.
 * Returns the parsed body; `undefined` for an empty body.
 */
export async function eventxRequest(this: EventXContext, request: EventXRequest): Promise<unknown> {
	return (await eventxResponse.call(this, request)).body;
}

/** A successful answer: its parsed body (`undefined` when empty) and its headers. */
export interface EventXResponse {
	body: unknown;
	headers: Record<string, unknown>;
}

/** As `eventxRequest`, with the answer's headers (the list reader takes EventX's `Date` from them). */
export async function eventxResponse(
	this: EventXContext,
	request: EventXRequest,
): Promise<EventXResponse> {
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
	const timeout = request.timeout ?? settings.timeout;
	const policy = request.retryPolicy ?? settings.retryPolicy;
	const retry = request.retry ?? (request.method === 'GET' ? 'read' : 'write');
	const { deadline } = request;
	let waited = 0;
	for (let attempt = 0; ; attempt++) {
		const left = deadline === undefined ? Infinity : deadline - Date.now();
		// The Timeout is a deadline for the whole answer (token exchange, redirects and a body that
		// trickles in included), not an idle timer; a poll's deadline shortens it.
		const ms = Math.min(timeout, left);
		const failure =
			left <= 0
				? outOfTime()
				: await withDeadline(
						ms,
						async () => await attemptOnce(this, { ...options, timeout: ms }),
						() => networkFailure('ETIMEDOUT'),
					);
		if (!('message' in failure))
			return { body: failure.body === '' ? undefined : failure.body, headers: failure.headers };
		if (failure.refusedApiToken) refusals.set(this, failure);
		if (attempt >= policy.maxRetries || !isRetryable(failure, retry)) {
			throw toNodeApiError(this, failure, { ...request, retry }, await secretsOf(this));
		}
		const delay = retryDelay(policy, attempt, waited, failure.retryAfterMs);
		// A retry that could not start (and get some time to answer) before the deadline is not made.
		if (delay === undefined || Date.now() + delay >= (deadline ?? Infinity))
			throw toNodeApiError(this, failure, { ...request, retry }, await secretsOf(this));
		waited += delay;
		await sleep(delay);
	}
}

/** The failure of a call whose deadline has passed before an attempt could start. */
function outOfTime(): AttemptFailure {
	return { ...networkFailure('ETIMEDOUT'), message: 'EventX did not answer within the time left' };
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
): Promise<EventXResponse | AttemptFailure> {
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
		if (status < 300) return { body: response.body, headers: response.headers ?? {} };
		const failure: AttemptFailure = {
			status,
			body: response.body,
			retryAfterMs: parseRetryAfter(response.headers?.['retry-after']),
			message: TOO_LARGE[status] ?? `EventX answered with HTTP ${status}`,
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
