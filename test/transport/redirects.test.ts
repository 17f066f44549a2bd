/**
 * Credentials never leave EventX's origin: a redirect to another host (a second loopback listener)
 * is refused by the token exchange and by every API call; a redirect within EventX is followed.
 */
import {
	apiRequests,
	assertNoSecrets as noSecretsIn,
	createEventParameters,
	expectNodeError,
	run,
	useSimulator,
} from '../fixtures';
import { OtherHost } from '../simulator/otherHost';

const ctx = useSimulator();
let other: OtherHost;

beforeEach(async () => {
	other = await new OtherHost().start();
});
afterEach(async () => {
	await other.stop();
});

const get = () => ({
	resource: 'event',
	operation: 'get',
	eventId: { __rl: true, mode: 'id', value: ctx.sim.seeded.eventIds[0] },
	options: { maxRetries: 0 },
});
const create = () => createEventParameters(ctx.sim, 'Redirected');
const assertNoSecrets = (value: unknown) => noSecretsIn(ctx.sim, value);

describe('redirects', () => {
	test.each([301, 302, 303, 307, 308])(
		'an API call answered %d to another host is not followed: the other host receives nothing',
		async (status) => {
			ctx.sim.addFault({ kind: 'redirect', status, path: '/event/', redirectTo: other.url });
			const result = await run(ctx.sim, { parameters: get() });
			expect(other.requests).toHaveLength(0);
			expect(result.items).toHaveLength(0);
			expectNodeError(result.error, {
				name: 'NodeApiError',
				message: `EventX redirected the request to another host (HTTP ${status} to ${new URL(other.url).host}); it was not followed so that the credentials stay with EventX`,
				item: 0,
			});
			expect(apiRequests(ctx.sim)).toHaveLength(1);
			assertNoSecrets(result.error);
		},
	);

	test('a write redirected to another host is neither followed nor repeated', async () => {
		const before = ctx.sim.store.events.size;
		ctx.sim.addFault({
			kind: 'redirect',
			status: 307,
			method: 'POST',
			path: '^/public-api/v1/event$',
			redirectTo: other.url,
		});
		const result = await run(ctx.sim, { parameters: create() });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: /redirected the request to another host \(HTTP 307/,
			item: 0,
		});
		expect(other.requests).toHaveLength(0);
		expect(ctx.sim.requestsTo('POST', '^/public-api/v1/event$')).toHaveLength(1);
		expect(ctx.sim.store.events.size).toBe(before);
	});

	test('a redirect to the same host on another port is another origin', async () => {
		const port = Number(new URL(other.url).port);
		ctx.sim.addFault({
			kind: 'redirect',
			path: '/event/',
			location: `http://127.0.0.1:${port}/public-api/v1/event/x`,
		});
		const result = await run(ctx.sim, { parameters: get() });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: new RegExp(`to 127\\.0\\.0\\.1:${port}\\)`),
			item: 0,
		});
		expect(other.requests).toHaveLength(0);
	});

	test('a redirect within EventX is followed with the token and answers the call', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.addFault({
			kind: 'redirect',
			status: 301,
			path: '^/public-api/v1/event/moved$',
			location: `/public-api/v1/event/${eventId}`,
		});
		ctx.sim.addFault({
			kind: 'redirect',
			status: 308,
			path: `/event/${eventId}$`,
			location: `${ctx.sim.url}/public-api/v1/event/moved`,
		});
		const result = await run(ctx.sim, { parameters: get() });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe(eventId);
		// the simulator records whether a valid token came with each request: within EventX it travels
		expect(apiRequests(ctx.sim).map((r) => [r.path, r.status, r.authorized])).toEqual([
			[`/public-api/v1/event/${eventId}`, 308, true],
			['/public-api/v1/event/moved', 301, true],
			[`/public-api/v1/event/${eventId}`, 200, true],
		]);
	});

	test('endless redirects within EventX end with an error', async () => {
		ctx.sim.addFault({
			kind: 'redirect',
			path: '/event/',
			location: '/public-api/v1/event/x',
			times: 0,
		});
		const result = await run(ctx.sim, { parameters: get() });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'EventX redirected the request more than 5 times',
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(6);
	});

	test.each([307, 308, 302])(
		'the token exchange answered %d to another host does not send the API token there',
		async (status) => {
			ctx.sim.addFault({ kind: 'redirect', status, path: '/auth$', redirectTo: other.url });
			const result = await run(ctx.sim, { parameters: get() });
			expect(other.requests).toHaveLength(0);
			expectNodeError(result.error, {
				name: 'NodeApiError',
				message: `EventX redirected the token exchange to another host (HTTP ${status} to ${new URL(other.url).host}); the API token was not sent there`,
				item: 0,
			});
			expect(apiRequests(ctx.sim)).toHaveLength(0);
			assertNoSecrets(result.error);
		},
	);

	test('the token exchange follows a 307 within EventX', async () => {
		ctx.sim.addFault({
			kind: 'redirect',
			status: 307,
			path: '^/v2/auth$',
			location: '/public-api/v1/auth',
		});
		ctx.sim.addFault({ kind: 'redirect', status: 307, path: '/auth$', location: '/v2/auth' });
		const result = await run(ctx.sim, { parameters: get() });
		expect(result.error).toBeUndefined();
		expect(ctx.sim.requests.map((r) => [r.method, r.path, r.status])).toEqual([
			['POST', '/public-api/v1/auth', 307],
			['POST', '/v2/auth', 307],
			['POST', '/public-api/v1/auth', 200],
			['GET', `/public-api/v1/event/${ctx.sim.seeded.eventIds[0]}`, 200],
		]);
	});
});
