/** n8n's REST API (owner, login, API keys) and public API, and the credential import file. */

/** An answer of either API: its status and its JSON (its text when it is not JSON), read once. */
async function answerOf<T>(response: Response): Promise<{ status: number; data: T }> {
	const text = await response.text();
	let data: unknown = text;
	try {
		data = JSON.parse(text);
	} catch {
		// not JSON
	}
	return { status: response.status, data: data as T };
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
		return await answerOf<T>(response);
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
	return await answerOf<T>(response);
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
