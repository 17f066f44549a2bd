/**
 * What a 401 costs, what a refused API token costs, and that no token EventX quotes back reaches
 * an error or an output.
 */
import {
	apiRequests,
	assertNoSecrets as noSecretsIn,
	expectNodeError,
	run,
	useSimulator,
} from '../fixtures';
import { DEMO_API_TOKEN } from '../simulator/store';

const ctx = useSimulator();
const get = () => ({
	resource: 'event',
	operation: 'get',
	eventId: { __rl: true, mode: 'id', value: ctx.sim.seeded.eventIds[0] },
});
const exchanges = () => ctx.sim.requestsTo('POST', '/auth$');

const assertNoSecrets = (value: unknown, extra: string[] = []) =>
	noSecretsIn(ctx.sim, value, extra);

describe('401 and refused tokens', () => {
	test('a stale token costs one exchange and one repeat: the stale token is sent once', async () => {
		const first = await run(ctx.sim, { parameters: get() });
		expect(first.error).toBeUndefined();
		ctx.sim.store.expireAllTokens();
		ctx.sim.clearLog();
		const second = await run(ctx.sim, {
			parameters: get(),
			items: [{}, {}, {}],
			credentialsHelper: first.credentialsHelper,
		});
		expect(second.error).toBeUndefined();
		expect(second.items).toHaveLength(3);
		expect(ctx.sim.requests.map((r) => r.status)).toEqual([401, 200, 200, 200, 200]);
		expect(exchanges()).toHaveLength(1);
	});

	test('a server that refuses every token: 10 items cost 2 exchanges and 11 calls, each item fails', async () => {
		ctx.sim.addFault({
			kind: 'status',
			status: 401,
			path: '/event/',
			times: 0,
			code: 'INVALID_TOKEN',
			message: 'The access token is invalid',
		});
		const result = await run(ctx.sim, {
			parameters: get(),
			items: Array.from({ length: 10 }, () => ({})),
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(10);
		for (const item of result.items) {
			expect(item.json.error).toBe('The access token is invalid');
			expect(item.error?.name).toBe('NodeApiError');
		}
		// The first call: its token, a 401, one exchange, one repeat refused as well. Later calls
		// are not repeated: a fresh token was just refused.
		expect(exchanges()).toHaveLength(2);
		expect(apiRequests(ctx.sim)).toHaveLength(11);
	});

	test('at most one exchange and one repeat per call, whatever the 401s', async () => {
		ctx.sim.addFault({ kind: 'status', status: 401, path: '/event/', times: 0 });
		const result = await run(ctx.sim, { parameters: get() });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'Injected failure (401)',
			item: 0,
			httpCode: '401',
		});
		expect(exchanges()).toHaveLength(2);
		expect(apiRequests(ctx.sim)).toHaveLength(2);
	});

	test('a pasted access token that is refused is not repeated', async () => {
		const { accessToken } = ctx.sim.store.issueToken(ctx.sim.seeded.userId);
		ctx.sim.store.expireAllTokens();
		const result = await run(ctx.sim, {
			parameters: get(),
			credentials: { baseUrl: ctx.sim.url, authentication: 'accessToken', accessToken },
		});
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'The access token has expired',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(1);
		assertNoSecrets(result.error, [accessToken]);
	});

	test('once EventX refused the API token, the remaining items fail at once with its message', async () => {
		const wrong = 'evx_wrong_token_123';
		const result = await run(ctx.sim, {
			parameters: get(),
			items: Array.from({ length: 5 }, () => ({})),
			credentials: { baseUrl: ctx.sim.url, authentication: 'apiToken', apiToken: wrong },
			continueOnFail: true,
		});
		expect(result.items).toHaveLength(5);
		for (const item of result.items) {
			expect(item.json.error).toBe(
				'EventX refused the API token (HTTP 401): The API token is invalid or has been revoked',
			);
			expect(item.error?.name).toBe('NodeApiError');
		}
		expect(ctx.sim.requests).toHaveLength(1);
		assertNoSecrets(result.items, [wrong]);
	});

	test('a token exchange that fails with 503 is not taken for a refusal', async () => {
		ctx.sim.addFault({ kind: 'status', status: 503, path: '/auth$', message: 'Try later' });
		const result = await run(ctx.sim, { parameters: get(), items: [{}, {}], continueOnFail: true });
		expect(result.items[0].json.error).toBe("EventX's token exchange failed (HTTP 503): Try later");
		expect(result.items[0].error?.name).toBe('NodeApiError');
		expect(result.items[1].json.id).toBe(ctx.sim.seeded.eventIds[0]);
		expect(exchanges()).toHaveLength(2);
	});

	test('a refusal that quotes the API token shows it redacted', async () => {
		ctx.sim.addFault({
			kind: 'status',
			status: 401,
			path: '/auth$',
			code: 'INVALID_API_TOKEN',
			message: `API token ${DEMO_API_TOKEN} is revoked`,
		});
		const result = await run(ctx.sim, { parameters: get() });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'EventX refused the API token (HTTP 401): API token [redacted] is revoked',
			item: 0,
		});
		assertNoSecrets(result.error);
	});

	test('an API error that quotes the access token shows it redacted', async () => {
		const first = await run(ctx.sim, { parameters: get() });
		const [token] = [...ctx.sim.store.tokens.keys()];
		ctx.sim.addFault({
			kind: 'status',
			status: 403,
			path: '/event/',
			code: `FORBIDDEN_${token}`,
			message: `Token ${token} may not read this event`,
		});
		const result = await run(ctx.sim, {
			parameters: get(),
			credentialsHelper: first.credentialsHelper,
			continueOnFail: true,
		});
		expect(result.items[0].json.error).toBe('Token [redacted] may not read this event');
		expect(result.items[0].error?.name).toBe('NodeApiError');
		assertNoSecrets(result.items);
		assertNoSecrets(result.run.data.resultData);
	});
});
