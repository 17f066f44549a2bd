import { EventX } from '../../../nodes/EventX/EventX.node';
import { apiRequests, byId, expectNotRepeated, run, useSimulator } from '../../fixtures';
import { addDomain, domainParams } from './fixtures';

const ctx = useSimulator();

describe('Custom Domain > Delete', () => {
	test('deletes the domain for good', async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		const id = addDomain(ctx.sim);
		const keep = addDomain(ctx.sim, 'keep.acme.example');
		const { items, error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('delete', { customDomainId: byId(id) }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'DELETE',
			path: `/public-api/v1/org/${org}/custom-domains/${id}`,
		});
		expect(ctx.sim.store.customDomains.has(id)).toBe(false);
		expect(ctx.sim.store.customDomains.has(keep)).toBe(true);
		expect(items[0].json).toEqual({ id, organizationId: org, deleted: true });
	});

	test('the editor says that the delete is permanent', () => {
		const notice = new EventX().description.properties.find(
			(p) =>
				p.type === 'notice' &&
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes('customDomain') &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes('delete'),
		);
		// EventX takes the domain's path mappings with it (test/simulator/customDomains.test.ts).
		expect(notice?.displayName).toBe(
			'Deleting a custom domain is permanent: EventX removes it and its path mappings, and its links stop working. It cannot be restored.',
		);
	});

	test('is not repeated after a dropped connection', async () => {
		const id = addDomain(ctx.sim);
		ctx.sim.addFault({ kind: 'drop-after', method: 'DELETE', path: '/custom-domains/' });
		const { error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('delete', { customDomainId: byId(id) }),
		});
		expectNotRepeated(error);
		expect(ctx.sim.requestsTo('DELETE')).toHaveLength(1);
	});
});
