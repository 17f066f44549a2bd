/**
 * Every wait is bounded by the node's Timeout: the token exchange included, and as a deadline for
 * the whole answer (a server that drips its body byte by byte does not hold the call longer).
 */
import {
	apiRequests,
	createEventParameters,
	expectNodeError,
	run,
	useSimulator,
} from '../fixtures';

const ctx = useSimulator();

const get = (options: Record<string, number>) => ({
	resource: 'event',
	operation: 'get',
	eventId: { __rl: true, mode: 'id', value: ctx.sim.seeded.eventIds[0] },
	options,
});

describe('deadlines', () => {
	test('a token exchange that never answers fails within the Timeout', async () => {
		ctx.sim.addFault({ kind: 'hang', path: '/auth$', times: 0 });
		const started = Date.now();
		const result = await run(ctx.sim, { parameters: get({ timeoutSeconds: 1, maxRetries: 0 }) });
		const elapsed = Date.now() - started;
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'EventX did not answer in time',
			item: 0,
		});
		expect(elapsed).toBeGreaterThanOrEqual(950);
		expect(elapsed).toBeLessThan(3000);
		expect(ctx.sim.requestsTo('POST', '/auth$')).toHaveLength(1);
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});

	test('a read whose answer drips in is cut at the Timeout, however steadily bytes arrive', async () => {
		// About 150 s of dripping at one byte every 300 ms; Timeout 2 s.
		ctx.sim.addFault({ kind: 'drip', path: '/event/', intervalMs: 300 });
		const started = Date.now();
		const result = await run(ctx.sim, { parameters: get({ timeoutSeconds: 2, maxRetries: 0 }) });
		const elapsed = Date.now() - started;
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'EventX did not answer in time',
			item: 0,
		});
		expect(elapsed).toBeGreaterThanOrEqual(1950);
		expect(elapsed).toBeLessThan(4000);
		expect(apiRequests(ctx.sim)).toHaveLength(1);
	});

	test('a dripping read is retried like any timeout, each attempt within the Timeout', async () => {
		ctx.sim.addFault({ kind: 'drip', path: '/event/', intervalMs: 300 });
		const started = Date.now();
		const result = await run(ctx.sim, {
			parameters: get({ timeoutSeconds: 1, maxRetries: 1, maxRetryWaitSeconds: 1 }),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe(ctx.sim.seeded.eventIds[0]);
		expect(apiRequests(ctx.sim)).toHaveLength(2);
		expect(Date.now() - started).toBeLessThan(4000);
	});

	test('a write whose answer drips in fails at the Timeout and is not repeated', async () => {
		const before = ctx.sim.store.events.size;
		ctx.sim.addFault({ kind: 'drip', method: 'POST', path: '^/public-api/v1/event$' });
		const result = await run(ctx.sim, {
			parameters: {
				...createEventParameters(ctx.sim, 'Dripped'),
				options: { timeoutSeconds: 1 },
			},
		});
		expectNodeError(result.error, {
			name: 'NodeApiError',
			message: 'EventX did not answer in time',
			item: 0,
		});
		expect(result.error?.description).toMatch(/may have been applied; it was not repeated/);
		expect(ctx.sim.requestsTo('POST', '^/public-api/v1/event$')).toHaveLength(1);
		expect(ctx.sim.store.events.size).toBe(before + 1);
	});
});
