import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

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

/** EventX's own message from an error envelope `{ error: { message } }`, if the body has one. */
function envelopeMessage(body: unknown): string | undefined {
	if (typeof body === 'string') {
		try {
			body = JSON.parse(body);
		} catch {
			return undefined;
		}
	}
	const error = (body as { error?: { message?: unknown } } | undefined)?.error;
	return typeof error?.message === 'string' ? error.message : undefined;
}

export class EventXApi implements ICredentialType {
	name = 'eventXApi';

	displayName = 'EventX API';

	icon: Icon = {
		light: 'file:../nodes/EventX/eventx.svg',
		dark: 'file:../nodes/EventX/eventx.dark.svg',
	};

	documentationUrl = 'https://github.com/eventx/n8n-nodes-eventx#credentials';

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
		const response = (await this.helpers.httpRequest({
			method: 'POST',
			url: `${normalizeBaseUrl(credentials.baseUrl)}/public-api/v1/auth`,
			body: { apiToken: String(credentials.apiToken ?? '').trim() },
			json: true,
			ignoreHttpStatusErrors: true,
			returnFullResponse: true,
		})) as { statusCode: number; body: unknown };
		const accessToken = (response.body as { data?: { accessToken?: unknown } } | undefined)?.data
			?.accessToken;
		if (response.statusCode >= 400 || typeof accessToken !== 'string' || accessToken === '') {
			// Only EventX's message and the status: never the request, which carries the API token.
			const reason = envelopeMessage(response.body) ?? 'no access token in the answer';
			throw new Error(`EventX refused the API token (HTTP ${response.statusCode}): ${reason}`);
		}
		return { sessionToken: stripBearer(accessToken) };
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
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
		},
	};
}
