// Errors: how a failed attempt is described, and the NodeApiError the user sees (EventX's envelope,
// secrets redacted, whether a write may have been applied).
import type { JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { API_TOKEN_REFUSED, redactSecrets } from '../../../credentials/EventXApi.credentials';
import { parseErrorEnvelope } from '../../../credentials/envelope';

import type { EventXContext, EventXRequest } from './types';

/** The failure of one attempt, reduced to what decides a retry and what the user is shown. */
export interface AttemptFailure {
	status?: number;
	body?: unknown;
	/** Node's network error code, e.g. ECONNREFUSED, ECONNRESET, ETIMEDOUT. */
	code?: string;
	retryAfterMs?: number;
	/** EventX refused the credential's API token in the token exchange. */
	refusedApiToken?: boolean;
	/** EventX answered with a success status, but its body could not be used. */
	unreadable?: boolean;
	message: string;
}

/**
 * What a failed write tells of its effect: `maybe` when EventX gave no verdict (no answer, a
 * dropped connection, a 5xx, which a gateway answers while the service may go on), `probably`
 * when EventX answered success with a body that could not be read. Absent: it was refused or
 * never sent, so nothing was applied.
 */
export type WriteOutcome = 'maybe' | 'probably';

/** The `WriteOutcome` of a write, kept in a NodeApiError's context (`writeOutcome`). */
export function writeOutcomeOf(error: unknown): WriteOutcome | undefined {
	const outcome = (error as { context?: { writeOutcome?: unknown } } | undefined)?.context
		?.writeOutcome;
	return outcome === 'maybe' || outcome === 'probably' ? outcome : undefined;
}

function writeOutcome(failure: AttemptFailure): WriteOutcome | undefined {
	if (failure.unreadable) return 'probably';
	if (failure.status !== undefined) return failure.status >= 500 ? 'maybe' : undefined;
	return failure.code !== undefined && !NOT_SENT_CODES.has(failure.code) ? 'maybe' : undefined;
}

export const TIMEOUT_CODES = new Set(['ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT']);

export const DROPPED_CODES = new Set([
	'ECONNRESET',
	'EPIPE',
	'ERR_SOCKET_CONNECTION_TIMEOUT',
	'EAI_AGAIN',
]);

/** Failures that prove the request never reached the service. */
export const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND']);

export function networkFailure(code: string | undefined): AttemptFailure {
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
export function describeThrown(error: unknown): AttemptFailure {
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

export function toNodeApiError(
	ctx: EventXContext,
	failure: AttemptFailure,
	request: EventXRequest,
	secrets: unknown[] = [],
): NodeApiError {
	const hidden = request.redact ? [...secrets, ...request.redact] : secrets;
	const parsed = parseErrorEnvelope(failure.body);
	// EventX's words may quote a token back: blanked out before they reach an error or an output.
	const envelope = parsed && {
		...parsed,
		code: parsed.code === undefined ? undefined : redactSecrets(parsed.code, hidden),
		message: parsed.message === undefined ? undefined : redactSecrets(parsed.message, hidden),
	};
	const status = envelope?.status ?? failure.status;
	const message = envelope?.message ?? redactSecrets(failure.message, hidden);
	const details = [
		envelope?.code ? `code ${envelope.code}` : undefined,
		status !== undefined ? `status ${status}` : undefined,
		`${request.method} ${request.path}`,
	].filter(Boolean);
	const outcome = request.retry === 'read' ? undefined : writeOutcome(failure);
	const writeNote =
		outcome === 'probably'
			? ' EventX answered that it succeeded, so the request was probably applied; it was not repeated so that nothing happens twice.'
			: outcome === 'maybe'
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
	const error = new NodeApiError(ctx.getNode(), response, {
		message,
		description: `${details.join(', ')}.${writeNote}`,
		httpCode: status === undefined ? undefined : String(status),
		itemIndex: request.itemIndex,
	});
	if (outcome) error.context.writeOutcome = outcome;
	return error;
}
