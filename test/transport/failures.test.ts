// Cross-cutting: how the transport reports EventX's failures and retries, for any operation.
import {
	apiRequests,
	assertNoSecrets as noSecretsIn,
	createEventParameters,
	expectNodeError,
	expectNotRepeated,
	run,
	useSimulator,
} from '../fixtures';

const ctx = useSimulator();
const listOne = { resource: 'event', operation: 'getMany', returnAll: false, limit: 1 };
const get = () => ({
	resource: 'event',
	operation: 'get',
	eventId: { __rl: true, mode: 'id', value: ctx.sim.seeded.eventIds[0] },
});
const create = () => createEventParameters(ctx.sim);

/** Everything the user could see of a run: no secret may appear in it. */
const assertNoSecrets = (value: unknown) => noSecretsIn(ctx.sim, value);

describe('transport failures', () => {
	test("a 500 with EventX's envelope surfaces its message, code and status", async () => {
		ctx.sim.addFault({
			kind: 'status',
			status: 500,
			path: '/event/',
			code: 'DB_DOWN',
			message: 'Database temporarily unavailable',
		});
		const result = await run(ctx.sim, { parameters: get() });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'Database temporarily unavailable',
			item: 0,
		});
		expect(result.error?.description).toMatch(/code DB_DOWN, status 500/);
		expect(apiRequests(ctx.sim)).toHaveLength(1);
		assertNoSecrets(result.error);
	});

	test('a read is retried after 503 and 429 (honouring Retry-After) and succeeds', async () => {
		ctx.sim.addFault({ kind: 'status', status: 503, path: '/event/' });
		ctx.sim.addFault({
			kind: 'status',
			status: 429,
			path: '/event/',
			headers: { 'retry-after': '1' },
		});
		const started = Date.now();
		const result = await run(ctx.sim, { parameters: get() });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe(ctx.sim.seeded.eventIds[0]);
		expect(apiRequests(ctx.sim).map((r) => r.status)).toEqual([503, 429, 200]);
		expect(Date.now() - started).toBeGreaterThanOrEqual(950);
	});

	test('a read stops retrying after three retries', async () => {
		ctx.sim.addFault({ kind: 'status', status: 502, path: '/event', times: 0 });
		const result = await run(ctx.sim, { parameters: listOne });
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'Injected failure (502)',
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(4);
	});

	test('a dropped connection on a read is retried; reported when it persists', async () => {
		ctx.sim.addFault({ kind: 'drop-before', path: '/event/' });
		const recovered = await run(ctx.sim, { parameters: get() });
		expect(recovered.error).toBeUndefined();
		expect(apiRequests(ctx.sim).map((r) => r.status)).toEqual(['dropped', 200]);

		ctx.sim.clearLog();
		ctx.sim.addFault({ kind: 'drop-after', path: '/event/', times: 0 });
		const failed = await run(ctx.sim, { parameters: get() });
		expectNodeError(failed.error, {
			name: 'NodeApiError',
			message: 'The connection to EventX was dropped',
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(4);
		assertNoSecrets(failed.error);
	});

	test('a create is not repeated after a 500 or a dropped connection: exactly one event is written', async () => {
		const before = ctx.sim.store.events.size;
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: '^/public-api/v1/event$' });
		const dropped = await run(ctx.sim, { parameters: create() });
		expectNotRepeated(dropped.error);
		expect(ctx.sim.requestsTo('POST', '^/public-api/v1/event$')).toHaveLength(1);
		expect(ctx.sim.store.events.size).toBe(before + 1);

		ctx.sim.addFault({
			kind: 'status',
			status: 500,
			method: 'POST',
			path: '^/public-api/v1/event$',
		});
		const failed = await run(ctx.sim, { parameters: create() });
		expectNodeError(failed.error, {
			name: 'NodeApiError',
			message: 'Injected failure (500)',
			item: 0,
		});
		expect(ctx.sim.requestsTo('POST', '^/public-api/v1/event$')).toHaveLength(2);
		expect(ctx.sim.store.events.size).toBe(before + 1);
	});

	test('a create is retried after a 429, which proves nothing was written', async () => {
		const before = ctx.sim.store.events.size;
		ctx.sim.addFault({
			kind: 'status',
			status: 429,
			method: 'POST',
			path: '^/public-api/v1/event$',
		});
		const result = await run(ctx.sim, { parameters: create() });
		expect(result.error).toBeUndefined();
		expect(ctx.sim.requestsTo('POST', '^/public-api/v1/event$').map((r) => r.status)).toEqual([
			429, 200,
		]);
		expect(ctx.sim.store.events.size).toBe(before + 1);
	});

	test('a body that is not JSON, and an envelope without data, are reported', async () => {
		ctx.sim.addFault({ kind: 'malformed', path: '/event/' });
		const malformed = await run(ctx.sim, { parameters: get() });
		expectNodeError(malformed.error, {
			name: 'NodeApiError',
			message: 'EventX answered without a JSON body',
			item: 0,
		});

		ctx.sim.addFault({ kind: 'no-data', path: '/event/' });
		const empty = await run(ctx.sim, { parameters: get() });
		expectNodeError(empty.error, {
			name: 'NodeApiError',
			message: 'EventX answered without the expected "data" object',
			item: 0,
		});

		ctx.sim.addFault({ kind: 'no-data', path: '^/public-api/v1/event$' });
		const list = await run(ctx.sim, { parameters: listOne });
		expectNodeError(list.error, {
			name: 'NodeApiError',
			message: 'EventX answered without the expected "dataList" array',
			item: 0,
		});
	});

	test.each([
		[
			414,
			"EventX refused the request's address as too long (HTTP 414): a filter or value sent in it is too long",
		],
		[
			431,
			"EventX refused the request's address or headers as too long (HTTP 431): a filter or value sent in it is too long",
		],
	])(
		'a proxy refusing a long address (%i, its own HTML page) is said in words, never a bare status',
		async (status, message) => {
			// A search that fits the node's own budget, behind a proxy with a far smaller limit.
			ctx.sim.addFault({ kind: 'url-limit', maxLength: 200, status, times: 0 });
			const result = await run(ctx.sim, {
				parameters: { ...listOne, filters: { name: 'Summit '.repeat(40) } },
			});
			expect(result.error?.name).toBe('NodeApiError');
			expect(result.error?.message).toBe(message);
			expect(result.error?.description).toMatch(
				new RegExp(`status ${status}, GET /public-api/v1/event\\.`),
			);
			expect(apiRequests(ctx.sim)).toHaveLength(1);
		},
	);

	test("with Continue On Fail an API error becomes that item's output, the other items run", async () => {
		ctx.sim.addFault({
			kind: 'status',
			status: 404,
			path: '/event/',
			code: 'NOT_FOUND',
			message: 'Event not found',
		});
		const result = await run(ctx.sim, { parameters: get(), items: [{}, {}], continueOnFail: true });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ error: 'Event not found' });
		expect(result.items[0].error?.name).toBe('NodeApiError');
		expect(result.items[1].json.id).toBe(ctx.sim.seeded.eventIds[0]);
		assertNoSecrets(result.items);
	});
});

describe('Options > request settings', () => {
	test('a read slower than the timeout is retried, then reported as a timeout', async () => {
		ctx.sim.addFault({ kind: 'delay', delayMs: 1500, path: '/event/', times: 0 });
		const result = await run(ctx.sim, {
			parameters: {
				...get(),
				options: { timeoutSeconds: 0.3, maxRetries: 1, maxRetryWaitSeconds: 1 },
			},
		});
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'EventX did not answer in time',
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(2);
	});

	test('Max Retries 0 switches retries off', async () => {
		ctx.sim.addFault({ kind: 'status', status: 503, path: '/event/' });
		const result = await run(ctx.sim, {
			parameters: { ...get(), options: { maxRetries: 0 } },
		});
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'Injected failure (503)',
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(1);
	});

	test('a Retry-After longer than the allowed wait is not waited for', async () => {
		ctx.sim.addFault({
			kind: 'status',
			status: 429,
			path: '/event/',
			headers: { 'retry-after': '120' },
		});
		const started = Date.now();
		const result = await run(ctx.sim, {
			parameters: { ...get(), options: { maxRetryWaitSeconds: 5 } },
		});
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'Injected failure (429)',
			item: 0,
		});
		expect(result.error?.httpCode).toBe('429');
		expect(Date.now() - started).toBeLessThan(3000);
		expect(apiRequests(ctx.sim)).toHaveLength(1);
	});
});
