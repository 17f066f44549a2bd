import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { parseErrorEnvelope } from './envelope';

export const DEFAULT_BASE_URL = 'https://esaas-api.eventx.io';

/** The base URL without trailing slashes, so that paths can be appended as they are. */
export function normalizeBaseUrl(value: unknown): string {
	return String(value ?? '')
		.trim()
		.replace(/\/+$/, '');
}

/** A pasted "Bearer eyJ..." must not become "Bearer Bearer eyJ...". */
export function stripBearer(token: unknown): string {
	return String(token ?? '')
		.trim()
		.replace(/^bearer\s+/i, '');
}

/** How the credential's refusal starts: the node fails the remaining items with it at once. */
export const API_TOKEN_REFUSED = 'EventX refused the API token';

/** The token exchange's own deadline; the node's Timeout bounds its wait sooner when shorter. */
export const AUTH_TIMEOUT_MS = 60_000;

/** Redirects of the token exchange followed within EventX's origin (307/308 only: a POST). */
const MAX_AUTH_REDIRECTS = 3;

/** `http://` to anything but this machine: the tokens would travel unencrypted. */
export const UNENCRYPTED_BASE_URL =
	'^\\s*[Hh][Tt][Tt][Pp]://(?!(?:localhost|127\\.\\d{1,3}\\.\\d{1,3}\\.\\d{1,3}|\\[::1\\])(?::\\d+)?(?:[/?#]|\\s*$))';

export function sameOrigin(a: string, b: string): boolean {
	try {
		return new URL(a).origin === new URL(b).origin;
	} catch {
		return false;
	}
}

/** Where a request goes: its absolute `url` (or the legacy `uri`), or a path on its `baseURL`. */
export function requestTarget(options: object): URL | undefined {
	const { url, uri, baseURL } = options as { url?: unknown; uri?: unknown; baseURL?: unknown };
	const target = url ?? uri;
	const text =
		typeof target === 'string'
			? target
			: target instanceof URL || (target !== null && typeof target === 'object' && 'href' in target)
				? String((target as { href: unknown }).href)
				: '';
	try {
		return new URL(text, typeof baseURL === 'string' && baseURL !== '' ? baseURL : undefined);
	} catch {
		return undefined;
	}
}

/**
 * Why the credential will not sign a request, or undefined when it goes to the Base URL's origin.
 * n8n's HTTP Request node lets a user send this credential to any URL: its tokens belong to EventX.
 */
export function foreignTargetReason(baseUrl: unknown, options: object): string | undefined {
	const base = normalizeBaseUrl(baseUrl);
	const target = requestTarget(options);
	if (target && sameOrigin(target.toString(), base)) return undefined;
	let eventx = base;
	try {
		eventx = new URL(base).host;
	} catch {
		// A Base URL that is not a URL: named as typed.
	}
	return `The EventX API credential signs requests to its Base URL's host (${eventx}) only; ${
		target ? `${target.host} is another host` : 'the request has no absolute URL'
	}, so it was not sent`;
}

const JWT = /eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;

/** `text` with the given secrets and anything shaped like a JWT replaced by "[redacted]". */
export function redactSecrets(text: string, secrets: unknown[]): string {
	let result = text;
	for (const secret of secrets) {
		const value = typeof secret === 'string' ? stripBearer(secret) : '';
		// Very short values would blank out ordinary words; tokens are long.
		if (value.length >= 6) result = result.split(value).join('[redacted]');
	}
	return result.replace(JWT, '[redacted]');
}

export class EventXApi implements ICredentialType {
	name = 'eventXApi';

	displayName = 'EventX API';

	icon: Icon = {
		light: 'file:../nodes/EventX/eventx.svg',
		dark: 'file:../nodes/EventX/eventx.dark.svg',
	};

	documentationUrl = 'https://github.com/eventx/n8n-nodes-eventx#credentials';

	// Offers this credential in n8n's HTTP Request node ("Predefined Credential Type: EventX API"),
	// for endpoints the EventX node does not wrap; `authenticate` signs only the Base URL's requests.
	httpRequestNode = {
		name: 'EventX',
		docsUrl: 'https://github.com/eventx/n8n-nodes-eventx/blob/main/docs/http-request.md',
		apiBaseUrl: `${DEFAULT_BASE_URL}/public-api/v1/`,
	};

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: DEFAULT_BASE_URL,
			placeholder: DEFAULT_BASE_URL,
			description:
				'Address of the EventX Public API. Change it only for a regional or test instance.',
			required: true,
		},
		{
			displayName:
				'This Base URL is not encrypted (http://): the API token and the access tokens travel in clear text. Use https:// unless EventX runs on this machine.',
			name: 'unencryptedNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { baseUrl: [{ _cnd: { regex: UNENCRYPTED_BASE_URL } }] } },
		},
		{
			displayName: 'Authentication',
			name: 'authentication',
			type: 'options',
			options: [
				{
					name: 'API Token',
					value: 'apiToken',
					description:
						'The API token from the EventX admin panel; n8n exchanges it for a short-lived access token',
				},
				{
					name: 'Access Token',
					value: 'accessToken',
					description: 'A JWT access token you already have, sent as it is',
				},
			],
			default: 'apiToken',
		},
		{
			displayName: 'API Token',
			name: 'apiToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Found in the EventX admin panel under the organization settings, API section. <a href="https://github.com/eventx/n8n-nodes-eventx#credentials">Where to find it</a>.',
			displayOptions: { show: { authentication: ['apiToken'] } },
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'eyJhbGciOi...',
			description:
				'A JWT issued by EventX. It expires; prefer the API Token option for workflows that run unattended.',
			displayOptions: { show: { authentication: ['accessToken'] } },
		},
		{
			// Filled by preAuthentication; n8n empties it and calls preAuthentication again on a 401.
			displayName: 'Session Token',
			name: 'sessionToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		if (credentials.authentication === 'accessToken') {
			return { sessionToken: stripBearer(credentials.accessToken) };
		}
		const apiToken = String(credentials.apiToken ?? '').trim();
		let url = `${normalizeBaseUrl(credentials.baseUrl)}/public-api/v1/auth`;
		// A deadline for the whole exchange, body included (a socket timeout resets on every byte).
		const deadline = AbortSignal.timeout(AUTH_TIMEOUT_MS);
		let response: { statusCode: number; headers?: Record<string, unknown>; body: unknown };
		for (let hop = 0; ; hop++) {
			try {
				response = (await this.helpers.httpRequest({
					method: 'POST',
					url,
					body: { apiToken },
					json: true,
					ignoreHttpStatusErrors: true,
					returnFullResponse: true,
					// Followed below, on EventX's origin only: the API token must not travel elsewhere.
					disableFollowRedirect: true,
					sendCredentialsOnCrossOriginRedirect: false,
					timeout: AUTH_TIMEOUT_MS,
					abortSignal: deadline,
				})) as typeof response;
			} catch (error) {
				if (deadline.aborted) throw new Error('The token exchange with EventX timed out');
				throw error;
			}
			const status = response.statusCode;
			if (status < 300 || status >= 400) break;
			const location = response.headers?.location;
			const target = typeof location === 'string' ? new URL(location, url).toString() : '';
			if (!sameOrigin(target, url)) {
				throw new Error(
					`EventX redirected the token exchange to another host (HTTP ${status} to ${
						target ? new URL(target).host : 'no location'
					}); the API token was not sent there`,
				);
			}
			if ((status !== 307 && status !== 308) || hop >= MAX_AUTH_REDIRECTS) {
				throw new Error(
					`EventX redirected the token exchange (HTTP ${status}); it was not followed`,
				);
			}
			url = target;
		}
		const accessToken = (response.body as { data?: { accessToken?: unknown } } | undefined)?.data
			?.accessToken;
		const status = response.statusCode;
		if (status >= 400 || typeof accessToken !== 'string' || accessToken === '') {
			// Only EventX's message and the status: never the request, which carries the API token,
			// and never the token itself, should EventX quote it back.
			const reason = redactSecrets(
				parseErrorEnvelope(response.body)?.message ?? 'no access token in the answer',
				[apiToken],
			);
			// 400/401/403 refuse the token itself; other statuses say nothing about it.
			const refused = status === 400 || status === 401 || status === 403;
			throw new Error(
				`${refused ? API_TOKEN_REFUSED : "EventX's token exchange failed"} (HTTP ${status}): ${reason}`,
			);
		}
		return { sessionToken: stripBearer(accessToken) };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		// Refused rather than sent unsigned: a request meant for EventX that goes elsewhere is a
		// mistake the user should see, and the token never travels with it.
		const foreign = foreignTargetReason(credentials.baseUrl, requestOptions);
		if (foreign) throw new Error(foreign);
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: `Bearer ${stripBearer(credentials.sessionToken)}`,
		};
		return requestOptions;
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ $credentials.baseUrl.replace(/\\/+$/, "") }}',
			url: '/public-api/v1/event',
			qs: { page: 1, pageSize: 1 },
			// n8n follows redirects; the access token must not go along to another host.
			sendCredentialsOnCrossOriginRedirect: false,
		},
	};
}
