import { apiRequests, byId, run, useSimulator } from '../../fixtures';
import { addDomain, domainParams } from './fixtures';

const ctx = useSimulator();

describe('Custom Domain > Verify', () => {
	test('asks EventX to check again and returns the new status', async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		const id = addDomain(ctx.sim);
		const { items, error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('verify', { customDomainId: byId(id) }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'PUT',
			path: `/public-api/v1/org/${org}/custom-domains/${id}/verify`,
		});
		expect(items[0].json.status).toBe('pending_ssl');
	});

	test('is idempotent, so a 503 is retried', async () => {
		const id = addDomain(ctx.sim, 'ssl.acme.example', 'pending_ssl');
		ctx.sim.addFault({ kind: 'status', status: 503, method: 'PUT', path: '/verify$' });
		const { items, error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('verify', { customDomainId: byId(id) }),
		});
		expect(error).toBeUndefined();
		expect(ctx.sim.requestsTo('PUT', '/verify$').map((r) => r.status)).toEqual([503, 200]);
		expect(items[0].json.status).toBe('active');
	});
});
