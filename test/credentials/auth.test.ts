// The credential: token exchange, renewal and the credential test.
import { runNode } from '../harness';
import { apiRequests, expectNodeError, run, useSimulator } from '../fixtures';
import { DEMO_API_TOKEN } from '../simulator/store';

const ctx = useSimulator();
const listOne = { resource: 'event', operation: 'getMany', returnAll: false, limit: 1 };

describe('EventX API credential', () => {
	test('exchanges the API token once and sends the access token as a Bearer header', async () => {
		const { error } = await run(ctx.sim, {
			parameters: { ...listOne, limit: 1 },
			items: [{}, {}, {}],
		});
		expect(error).toBeUndefined();
		const exchanges = ctx.sim.requestsTo('POST', '^/public-api/v1/auth$');
		expect(exchanges).toHaveLength(1);
		expect(exchanges[0].body).toEqual({ apiToken: DEMO_API_TOKEN });
		expect(apiRequests(ctx.sim)).toHaveLength(3);
		expect(apiRequests(ctx.sim).every((r) => r.authorized)).toBe(true);
	});

	test('a trailing slash on the base URL is fine', async () => {
		const { error } = await run(ctx.sim, {
			parameters: listOne,
			credentials: {
				baseUrl: `${ctx.sim.url}//`,
				authentication: 'apiToken',
				apiToken: DEMO_API_TOKEN,
			},
		});
		expect(error).toBeUndefined();
		expect(ctx.sim.requests.map((r) => r.path)).toEqual([
			'/public-api/v1/auth',
			'/public-api/v1/event',
		]);
	});

	test('an expired access token is exchanged again after a 401 and the call succeeds', async () => {
		const first = await run(ctx.sim, { parameters: listOne });
		expect(first.error).toBeUndefined();
		ctx.sim.store.expireAllTokens();
		ctx.sim.clearLog();
		// The same saved credential (with its now expired session token), as n8n would keep it.
		const second = await runNode({
			parameters: listOne,
			credentials: {},
			credentialsHelper: first.credentialsHelper,
		});
		expect(second.error).toBeUndefined();
		expect(second.items).toHaveLength(1);
		// The stale token is sent once: its 401 leads to one exchange and one repeat.
		expect(ctx.sim.requests.map((r) => [r.path, r.status])).toEqual([
			['/public-api/v1/event', 401],
			['/public-api/v1/auth', 200],
			['/public-api/v1/event', 200],
		]);
		expect(first.credentialsHelper.preAuthentications).toBe(2);
	});

	test("a wrong API token fails with EventX's message and never shows the token", async () => {
		const { error } = await run(ctx.sim, {
			parameters: listOne,
			credentials: {
				baseUrl: ctx.sim.url,
				authentication: 'apiToken',
				apiToken: 'evx_wrong_dummy_token_123',
			},
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message:
				'EventX refused the API token (HTTP 401): The API token is invalid or has been revoked',
			item: 0,
		});
		expect(JSON.stringify(error)).not.toContain('evx_wrong_dummy_token_123');
	});

	test('a pasted access token is sent as it is, a "Bearer " prefix not doubled', async () => {
		const { accessToken } = ctx.sim.store.issueToken(ctx.sim.seeded.userId);
		const { error, items } = await run(ctx.sim, {
			parameters: listOne,
			credentials: {
				baseUrl: ctx.sim.url,
				authentication: 'accessToken',
				accessToken: `Bearer ${accessToken}`,
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(ctx.sim.requests.map((r) => r.path)).toEqual(['/public-api/v1/event']);
		expect(JSON.stringify(items)).not.toContain(accessToken);
	});

	test("an invalid pasted access token fails with EventX's 401 message, without the token", async () => {
		const { error } = await run(ctx.sim, {
			parameters: listOne,
			credentials: {
				baseUrl: ctx.sim.url,
				authentication: 'accessToken',
				accessToken: 'eyJnot.a.token',
			},
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: 'The access token is invalid',
			item: 0,
			httpCode: '401',
		});
		expect(JSON.stringify(error)).not.toContain('eyJnot.a.token');
	});
});
