import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { expectRefused } from '../badInputs';
import { addDomain, domainParams } from './fixtures';

const ctx = useSimulator();

describe('Custom Domain > Get Many', () => {
	test("lists the organization's domains one page a request (the list has no page ranges)", async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		for (let i = 0; i < 105; i++) addDomain(ctx.sim, `d${i}.acme.example`);
		addDomain(ctx.sim, 'other.example', 'active', ctx.sim.seeded.organizations.managed);
		const { items, error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('getMany', { returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(105);
		const sent = apiRequests(ctx.sim);
		expect(sent.map((r) => r.path)).toEqual([
			`/public-api/v1/org/${org}/custom-domains`,
			`/public-api/v1/org/${org}/custom-domains`,
		]);
		expect(sent.map((r) => r.query)).toEqual([
			{ page: '1', pageSize: '100' },
			{ page: '2', pageSize: '100' },
		]);
	});

	test('filters by status and stops at the limit', async () => {
		addDomain(ctx.sim, 'a.acme.example', 'active');
		addDomain(ctx.sim, 'b.acme.example', 'pending');
		addDomain(ctx.sim, 'c.acme.example', 'active');
		const { items } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('getMany', { status: 'active', limit: 1 }),
		});
		expect(items.map((i) => i.json.domain)).toEqual(['a.acme.example']);
		expect(apiRequests(ctx.sim)[0].query).toEqual({ status: 'active', page: '1', pageSize: '1' });
	});

	test('an organization the user does not belong to is EventX 403, with its message', async () => {
		const { error } = await run(ctx.sim, {
			parameters: {
				...domainParams(ctx.sim)('getMany'),
				organizationId: byId(ctx.sim.seeded.organizations.foreign),
			},
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: 'You are not a member of this organization',
			item: 0,
		});
	});

	test.each([
		[{ organizationId: byId('={{ "acme" }}') }, 'Organization ID: "acme" is not a UUID'],
		[{ status: 'broken' }, /^Status: "broken" is not one of pending/],
		[{ limit: 0 }, 'Limit: must be a whole number of at least 1, not 0'],
	])('refuses %j before any request', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: { ...domainParams(ctx.sim)('getMany'), ...extra },
		});
		expectRefused(ctx.sim, error, message);
	});
});
