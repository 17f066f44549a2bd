/** Credentials the node refuses before sending anything. */
import { expectNodeError, run, useSimulator } from '../fixtures';
import { DEMO_API_TOKEN } from '../simulator/store';

const ctx = useSimulator();

describe('bad credentials', () => {
	test('a base URL that is not http(s) is refused before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getMany', returnAll: true },
			credentials: {
				baseUrl: 'ftp://esaas-api.eventx.io',
				authentication: 'apiToken',
				apiToken: DEMO_API_TOKEN,
			},
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Base URL: "ftp://esaas-api.eventx.io" is not an http(s) address',
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('no credential at all is refused before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getMany', returnAll: true },
			credentials: null,
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Node does not have any credentials set',
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
