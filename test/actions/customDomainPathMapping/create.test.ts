import {
	apiRequests,
	byId,
	expectNodeError,
	expectNotRepeated,
	run,
	useSimulator,
} from '../../fixtures';
import { addDomain } from '../customDomain/fixtures';
import { BAD, expectRefused, testBadInputs } from '../badInputs';
import { addForm, addMapping, hostedEvent, mappingContext } from './fixtures';

const ctx = useSimulator();
const { params, path, event } = mappingContext(ctx);

describe('Custom Domain Path Mapping > Create', () => {
	test('maps the path to the event and returns the mapping', async () => {
		const domain = addDomain(ctx.sim);
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('create', { pathName: ' summit-2026 ', eventId: event() }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)).toEqual([
			expect.objectContaining({
				method: 'POST',
				path: path(domain),
				body: { eventId: hostedEvent(ctx.sim), pathName: 'summit-2026' },
			}),
		]);
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			customDomainId: domain,
			eventId: hostedEvent(ctx.sim),
			eventRegFormId: null,
			pathName: 'summit-2026',
		});
		expect(ctx.sim.store.pathMappings.get(String(items[0].json.id))?.pathName).toBe('summit-2026');
	});

	test("sends the registration form when one is given, in EventX's lower case", async () => {
		const domain = addDomain(ctx.sim);
		const form = addForm(ctx.sim);
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('create', {
				pathName: '2026/vip',
				eventId: event(),
				eventRegFormId: form.toUpperCase(),
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].body).toEqual({
			eventId: hostedEvent(ctx.sim),
			eventRegFormId: form,
			pathName: '2026/vip',
		});
		expect(items[0].json.eventRegFormId).toBe(form);
	});

	test('one mapping per item, each paired with its item', async () => {
		const domain = addDomain(ctx.sim);
		const { items, error } = await run(ctx.sim, {
			parameters: params(domain)('create', { pathName: '={{ $json.path }}', eventId: event() }),
			items: [{ path: 'day-1' }, { path: 'day-2' }],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => [i.json.pathName, i.pairedItem])).toEqual([
			['day-1', { item: 0 }],
			['day-2', { item: 1 }],
		]);
	});

	test("EventX's refusal of a path already mapped comes with its message", async () => {
		const domain = addDomain(ctx.sim);
		addMapping(ctx.sim, domain, 'summit');
		const { error } = await run(ctx.sim, {
			parameters: params(domain)('create', { pathName: 'summit', eventId: event() }),
		});
		expectNodeError(error, { name: 'NodeApiError', message: '/summit is already mapped', item: 0 });
	});

	test("an event of another organization is EventX's 404", async () => {
		const managed = ctx.sim.seeded.eventIds.find(
			(id) =>
				ctx.sim.store.events.get(id)?.event.organizationId === ctx.sim.seeded.organizations.managed,
		)!;
		const { error } = await run(ctx.sim, {
			parameters: params(addDomain(ctx.sim))('create', {
				pathName: 'partner',
				eventId: byId(managed),
			}),
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Event not found', item: 0 });
	});

	test('is not repeated after a dropped connection (it would map the path twice)', async () => {
		const domain = addDomain(ctx.sim);
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: '/path-mappings' });
		const { error } = await run(ctx.sim, {
			parameters: params(domain)('create', { pathName: 'summit', eventId: event() }),
		});
		expectNotRepeated(error);
		expect(ctx.sim.requestsTo('POST', '/path-mappings')).toHaveLength(1);
	});

	test.each([
		[{ pathName: '={{ "" }}' }, 'Path Name: is required'],
		[{ pathName: '/summit' }, 'Path Name: "/summit" starts with a slash'],
		[{ pathName: 'summit 2026' }, /^Path Name: "summit 2026" is not a path/],
		[{ pathName: 'a/../b' }, /^Path Name: "a\/\.\.\/b" is not a path/],
		[{ pathName: 'x'.repeat(201) }, 'Path Name: is 201 characters long (at most 200)'],
		[{ eventId: byId('={{ "summit" }}') }, 'Event: "summit" is not a UUID'],
		[{ eventRegFormId: 'vip' }, 'Registration Form ID: "vip" is not a UUID'],
		[
			{ customDomainId: byId('={{ "events.acme.example" }}') },
			/^Custom Domain ID: "events\.acme\.example"/,
		],
	])('refuses %j before any request', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: {
				...params(addDomain(ctx.sim))('create', { pathName: 'summit', eventId: event() }),
				...extra,
			},
		});
		expectRefused(ctx.sim, error, message);
	});
});

testBadInputs(ctx, [
	{
		name: 'Path Mapping Create: a path with a space',
		parameters: (sim) =>
			mappingContext({ sim }).params(addDomain(sim))('create', {
				pathName: BAD,
				eventId: byId(hostedEvent(sim)),
			}),
		good: () => 'summit',
		bad: 'summit 2026',
		field: /^Path Name:/,
	},
	{
		name: 'Path Mapping Create: a registration form ID that is not a UUID',
		parameters: (sim) =>
			mappingContext({ sim }).params(addDomain(sim))('create', {
				pathName: '={{ $json.v ? "vip" : "guest" }}',
				eventId: byId(hostedEvent(sim)),
				eventRegFormId: BAD,
			}),
		good: (sim) => addForm(sim),
		bad: 'vip',
		field: /^Registration Form ID:/,
	},
]);
