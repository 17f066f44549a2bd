import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { addDomain } from '../customDomain/fixtures';
import { BAD, expectRefused, testBadInputs } from '../badInputs';
import { addForm, addMapping, firstDomain, hostedEvent, mappingContext } from './fixtures';

const ctx = useSimulator();
const { params, path, event } = mappingContext(ctx);

describe('Custom Domain Path Mapping > Update', () => {
	test('sends only the fields added to Update Fields', async () => {
		const domain = addDomain(ctx.sim);
		const form = addForm(ctx.sim);
		const id = addMapping(ctx.sim, domain, 'summit', hostedEvent(ctx.sim), form);
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('update', {
				pathMappingId: byId(id),
				pathMappingUpdateFields: { pathName: 'summit-2027' },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)).toEqual([
			expect.objectContaining({
				method: 'PUT',
				path: `${path(domain)}/${id}`,
				body: { pathName: 'summit-2027' },
			}),
		]);
		// The event and the form stay as they were.
		expect(items[0].json).toMatchObject({
			id,
			pathName: 'summit-2027',
			eventId: hostedEvent(ctx.sim),
			eventRegFormId: form,
		});
	});

	test("moves the mapping to another event picked in Update Fields, with that event's form", async () => {
		const domain = addDomain(ctx.sim);
		const id = addMapping(ctx.sim, domain, 'summit', hostedEvent(ctx.sim), addForm(ctx.sim));
		const form = addForm(ctx.sim, hostedEvent(ctx.sim, 1));
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('update', {
				pathMappingId: byId(id),
				pathMappingUpdateFields: { eventId: event(1), eventRegFormId: form },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].body).toEqual({
			eventId: hostedEvent(ctx.sim, 1),
			eventRegFormId: form,
		});
		expect(ctx.sim.store.pathMappings.get(id)).toMatchObject({
			eventId: hostedEvent(ctx.sim, 1),
			eventRegFormId: form,
		});
		expect(items[0].json.eventId).toBe(hostedEvent(ctx.sim, 1));
	});

	test('the organization, the domain and the mapping picked from lists', async () => {
		const domain = addDomain(ctx.sim);
		const id = addMapping(ctx.sim, domain);
		const picked = (value: string) => ({ __rl: true, mode: 'list', value });
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('update', {
				organizationId: picked(ctx.sim.seeded.organizations.hosted),
				customDomainId: picked(domain),
				pathMappingId: picked(id),
				pathMappingUpdateFields: { pathName: 'picked' },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].path).toBe(`${path(domain)}/${id}`);
		expect(items[0].json.pathName).toBe('picked');
	});

	test('an empty Registration Form ID clears the form (null, as the OpenAPI allows)', async () => {
		const domain = addDomain(ctx.sim);
		const id = addMapping(ctx.sim, domain, 'vip', hostedEvent(ctx.sim), addForm(ctx.sim));
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('update', {
				pathMappingId: byId(id),
				pathMappingUpdateFields: { eventRegFormId: '' },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].body).toEqual({ eventRegFormId: null });
		expect(items[0].json.eventRegFormId).toBeNull();
	});

	test("a form of another event is EventX's refusal, with its message", async () => {
		const domain = addDomain(ctx.sim);
		const id = addMapping(ctx.sim, domain);
		const { error } = await run(ctx.sim, {
			parameters: params(domain)('update', {
				pathMappingId: byId(id),
				pathMappingUpdateFields: { eventRegFormId: addForm(ctx.sim, hostedEvent(ctx.sim, 2)) },
			}),
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: '"eventRegFormId" is not a registration form of the event',
			item: 0,
		});
	});

	test("a mapping of another domain is EventX's 404", async () => {
		const domain = addDomain(ctx.sim);
		const elsewhere = addMapping(ctx.sim, addDomain(ctx.sim, 'other.acme.example'));
		const { error } = await run(ctx.sim, {
			parameters: params(domain)('update', {
				pathMappingId: byId(elsewhere),
				pathMappingUpdateFields: { pathName: 'moved' },
			}),
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Path mapping not found', item: 0 });
	});

	test.each([
		[{}, 'Update Fields: add the event, the path name or the registration form to change'],
		[{ pathName: 'a b' }, /^Path Name: "a b" is not a path/],
		[{ eventRegFormId: 'vip' }, 'Registration Form ID: "vip" is not a UUID'],
		[{ eventId: byId('={{ "summit" }}') }, 'Event: "summit" is not a UUID'],
	])('refuses Update Fields %j before any request', async (fields, message) => {
		const domain = addDomain(ctx.sim);
		const { error } = await run(ctx.sim, {
			parameters: params(domain)('update', {
				pathMappingId: byId(addMapping(ctx.sim, domain)),
				pathMappingUpdateFields: fields,
			}),
		});
		expectRefused(ctx.sim, error, message);
	});
});

testBadInputs(ctx, [
	{
		name: 'Path Mapping Update: a mapping ID that is not a UUID',
		// The good item's mapping is made first, on the domain the parameters then name.
		good: (sim) => addMapping(sim, addDomain(sim)),
		parameters: (sim) =>
			mappingContext({ sim }).params(firstDomain(sim))('update', {
				pathMappingId: byId(BAD),
				pathMappingUpdateFields: { pathName: 'renamed' },
			}),
		bad: '/summit',
		field: /^Path Mapping ID:/,
	},
]);
