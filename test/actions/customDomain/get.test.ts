import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { addDomain, domainParams } from './fixtures';

const ctx = useSimulator();

describe('Custom Domain > Get', () => {
	test('returns the domain with its DNS records (organization picked from the list)', async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		const id = addDomain(ctx.sim);
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'customDomain',
				operation: 'get',
				organizationId: { __rl: true, mode: 'list', value: org },
				customDomainId: byId(id),
			},
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].path).toBe(`/public-api/v1/org/${org}/custom-domains/${id}`);
		expect(items[0].json).toMatchObject({ id, domain: 'events.acme.example' });
		expect((items[0].json.dnsRecords as unknown[]).length).toBeGreaterThan(0);
	});

	test("a domain of another organization is EventX's 404", async () => {
		const id = addDomain(ctx.sim, 'x.example', 'active', ctx.sim.seeded.organizations.managed);
		const { error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('get', { customDomainId: byId(id) }),
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Custom domain not found', item: 0 });
	});

	test('refuses a domain ID that is not a UUID before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('get', { customDomainId: byId('={{ "acme.example" }}') }),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Custom Domain ID: "acme.example" is not a UUID',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
