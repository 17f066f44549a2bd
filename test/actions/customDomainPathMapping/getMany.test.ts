import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { addDomain } from '../customDomain/fixtures';
import { BAD, expectRefused, testBadInputs } from '../badInputs';
import { addMapping, mappingContext } from './fixtures';

const ctx = useSimulator();
const { params, path } = mappingContext(ctx);

describe('Custom Domain Path Mapping > Get Many', () => {
	test("lists the domain's mappings one page a request (the list has no page ranges)", async () => {
		const domain = addDomain(ctx.sim);
		const other = addDomain(ctx.sim, 'other.acme.example');
		for (let i = 0; i < 105; i++) addMapping(ctx.sim, domain, `p${i}`);
		addMapping(ctx.sim, other, 'elsewhere');
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('getMany', { returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(105);
		expect(items.some((i) => i.json.pathName === 'elsewhere')).toBe(false);
		expect(items[0].json).toMatchObject({ customDomainId: domain, pathName: 'p0' });
		const sent = apiRequests(ctx.sim);
		expect(sent.map((r) => [r.method, r.path])).toEqual([
			['GET', path(domain)],
			['GET', path(domain)],
		]);
		expect(sent.map((r) => r.query)).toEqual([
			{ page: '1', pageSize: '100' },
			{ page: '2', pageSize: '100' },
		]);
	});

	test('stops at the limit', async () => {
		const domain = addDomain(ctx.sim);
		for (const name of ['a', 'b', 'c']) addMapping(ctx.sim, domain, name);
		const { items } = await run(ctx.sim, { parameters: params(domain)('getMany', { limit: 2 }) });
		expect(items.map((i) => i.json.pathName)).toEqual(['a', 'b']);
		expect(apiRequests(ctx.sim).map((r) => r.query)).toEqual([{ page: '1', pageSize: '2' }]);
	});

	test('a domain without mappings gives no items', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: params(addDomain(ctx.sim))('getMany', { returnAll: true }),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
	});

	test("a domain of another organization is EventX's 404, with its message", async () => {
		const foreign = addDomain(
			ctx.sim,
			'partner.example',
			'active',
			ctx.sim.seeded.organizations.managed,
		);
		const { error } = await run(ctx.sim, { parameters: params(foreign)('getMany') });
		expectNodeError(error, { name: 'NodeApiError', message: 'Custom domain not found', item: 0 });
	});

	test.each([
		[{ organizationId: byId('={{ "acme" }}') }, 'Organization ID: "acme" is not a UUID'],
		[{ customDomainId: byId('={{ "" }}') }, 'Custom Domain ID: is required'],
		[{ limit: 0 }, 'Limit: must be a whole number of at least 1, not 0'],
	])('refuses %j before any request', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: { ...params(addDomain(ctx.sim))('getMany'), ...extra },
		});
		expectRefused(ctx.sim, error, message);
	});
});

testBadInputs(ctx, [
	{
		name: 'Path Mapping Get Many: a domain ID that is not a UUID',
		parameters: (sim) => mappingContext({ sim }).params(BAD)('getMany'),
		// A domain with a mapping: the good item has something to list.
		good: (sim) => {
			const domain = addDomain(sim);
			addMapping(sim, domain);
			return domain;
		},
		bad: 'events.acme.example',
		field: /^Custom Domain ID:/,
	},
]);
