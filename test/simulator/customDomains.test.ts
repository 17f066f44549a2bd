// The simulator itself: what EventX does with a custom domain's path mappings.
import { useSimulator } from '../fixtures';
import { addDomain } from '../actions/customDomain/fixtures';
import { addMapping } from '../actions/customDomainPathMapping/fixtures';
import { apiCall } from './apiCall';

const ctx = useSimulator();

describe('Simulator: custom domains', () => {
	test('deleting a domain deletes its path mappings, and only its own', async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		const domain = addDomain(ctx.sim);
		const other = addDomain(ctx.sim, 'keep.acme.example');
		addMapping(ctx.sim, domain, 'summit');
		const kept = addMapping(ctx.sim, other, 'expo');
		const answer = await apiCall(
			ctx.sim,
			'DELETE',
			`/public-api/v1/org/${org}/custom-domains/${domain}`,
		);
		expect(answer.status).toBe(204);
		expect([...ctx.sim.store.pathMappings.keys()]).toEqual([kept]);
	});
});
