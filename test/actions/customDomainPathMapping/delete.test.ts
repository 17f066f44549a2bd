import { EventX } from '../../../nodes/EventX/EventX.node';
import {
	apiRequests,
	byId,
	expectNodeError,
	expectNotRepeated,
	run,
	useSimulator,
} from '../../fixtures';
import { addDomain } from '../customDomain/fixtures';
import { BAD, testBadInputs } from '../badInputs';
import { addMapping, firstDomain, mappingContext } from './fixtures';

const ctx = useSimulator();
const { params, path } = mappingContext(ctx);

describe('Custom Domain Path Mapping > Delete', () => {
	test('deletes the mapping for good and says which', async () => {
		const domain = addDomain(ctx.sim);
		const id = addMapping(ctx.sim, domain, 'summit');
		const keep = addMapping(ctx.sim, domain, 'agenda');
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('delete', { pathMappingId: byId(id) }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)).toEqual([
			expect.objectContaining({ method: 'DELETE', path: `${path(domain)}/${id}` }),
		]);
		expect(ctx.sim.store.pathMappings.has(id)).toBe(false);
		expect(ctx.sim.store.pathMappings.has(keep)).toBe(true);
		expect(items[0].json).toEqual({
			id,
			customDomainId: domain,
			organizationId: ctx.sim.seeded.organizations.hosted,
			deleted: true,
		});
	});

	test('the editor says that the delete is permanent', () => {
		const notice = new EventX().description.properties.find(
			(p) =>
				p.type === 'notice' &&
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes(
					'customDomainPathMapping',
				) &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes('delete'),
		);
		expect(notice?.displayName).toMatch(/permanent/i);
	});

	test("a mapping already deleted is EventX's 404, with its message", async () => {
		const domain = addDomain(ctx.sim);
		const id = addMapping(ctx.sim, domain);
		ctx.sim.store.pathMappings.delete(id);
		const { error } = await run(ctx.sim, {
			parameters: params(domain)('delete', { pathMappingId: byId(id) }),
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Path mapping not found', item: 0 });
	});

	test('is not repeated after a dropped connection', async () => {
		const domain = addDomain(ctx.sim);
		const id = addMapping(ctx.sim, domain);
		ctx.sim.addFault({ kind: 'drop-after', method: 'DELETE', path: '/path-mappings/' });
		const { error } = await run(ctx.sim, {
			parameters: params(domain)('delete', { pathMappingId: byId(id) }),
		});
		expectNotRepeated(error);
		expect(ctx.sim.requestsTo('DELETE')).toHaveLength(1);
	});
});

testBadInputs(ctx, [
	{
		name: 'Path Mapping Delete: a path for the mapping ID',
		// The good item's mapping is made first, on the domain the parameters then name.
		good: (sim) => addMapping(sim, addDomain(sim)),
		parameters: (sim) =>
			mappingContext({ sim }).params(firstDomain(sim))('delete', { pathMappingId: byId(BAD) }),
		bad: 'summit',
		field: /^Path Mapping ID:/,
	},
]);
