import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { ORG_FOREIGN, ORG_HOSTED, ORG_MANAGED } from '../../simulator/seed';
import { BAD, eventParams, testBadInputs } from '../badInputs';
import { addEvents } from './fixtures';

const ctx = useSimulator();
const getMany = (extra: Record<string, unknown> = {}) => ({
	resource: 'event',
	operation: 'getMany',
	...extra,
});

describe('Event > Get Many', () => {
	test('returns the events of every organization the caller hosts or manages, none of others', async () => {
		const { items, error } = await run(ctx.sim, { parameters: getMany({ returnAll: true }) });
		expect(error).toBeUndefined();
		const orgs = new Set(items.map((i) => i.json.organizationId));
		expect(orgs).toEqual(new Set([ORG_HOSTED, ORG_MANAGED]));
		expect(items).toHaveLength(ctx.sim.seeded.eventIds.length);
		expect(items.every((i) => i.json.organizationId !== ORG_FOREIGN)).toBe(true);
		expect(items.every((i) => (i.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	test('Hosting Only reads hosting-event and leaves out managed events', async () => {
		const { items } = await run(ctx.sim, {
			parameters: getMany({ returnAll: true, hostingOnly: true }),
		});
		expect(items.length).toBeGreaterThan(0);
		expect(items.every((i) => i.json.organizationId === ORG_HOSTED)).toBe(true);
		expect(apiRequests(ctx.sim).map((r) => r.path)).toEqual(['/public-api/v1/event/hosting-event']);
	});

	test('Return All of 2,000 events takes one request with a page range', async () => {
		addEvents(ctx.sim, 2000 - ctx.sim.seeded.eventIds.length);
		const { items } = await run(ctx.sim, { parameters: getMany({ returnAll: true }) });
		expect(items).toHaveLength(2000);
		const requests = apiRequests(ctx.sim);
		expect(requests).toHaveLength(1);
		expect(requests[0].query).toMatchObject({ page: '1', pageEnd: '200', pageSize: '100' });
		expect(new Set(items.map((i) => i.json.id)).size).toBe(2000);
	});

	test('Return All of 20,050 events reads two page ranges and stops at the last page', async () => {
		addEvents(ctx.sim, 20050 - ctx.sim.seeded.eventIds.length);
		const { items } = await run(ctx.sim, { parameters: getMany({ returnAll: true }) });
		expect(items).toHaveLength(20050);
		const requests = apiRequests(ctx.sim);
		expect(requests.map((r) => [r.query.page, r.query.pageEnd])).toEqual([
			['1', '200'],
			['200', '399'],
		]);
	});

	test('Limit reads only the pages it needs and returns exactly the limit', async () => {
		addEvents(ctx.sim, 1000);
		const small = await run(ctx.sim, { parameters: getMany({ returnAll: false, limit: 30 }) });
		expect(small.items).toHaveLength(30);
		expect(apiRequests(ctx.sim).map((r) => r.query)).toEqual([
			expect.objectContaining({ page: '1', pageSize: '30' }),
		]);
		expect(apiRequests(ctx.sim)[0].query.pageEnd).toBeUndefined();

		ctx.sim.clearLog();
		const large = await run(ctx.sim, { parameters: getMany({ returnAll: false, limit: 250 }) });
		expect(large.items).toHaveLength(250);
		expect(apiRequests(ctx.sim).map((r) => r.query)).toEqual([
			expect.objectContaining({ page: '1', pageEnd: '3', pageSize: '100' }),
		]);
	});

	test('a limit above the total returns everything in one request', async () => {
		const { items } = await run(ctx.sim, { parameters: getMany({ returnAll: false, limit: 500 }) });
		expect(items).toHaveLength(ctx.sim.seeded.eventIds.length);
		expect(apiRequests(ctx.sim)).toHaveLength(1);
	});

	test('filters and a two-key sort are sent as EventX expects and applied', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: getMany({
				returnAll: true,
				filters: {
					organizationId: ORG_HOSTED,
					isPublished: true,
					extensionData: '{"capacity": {"$gte": 200}, "region": "APAC"}',
				},
				sort: {
					rules: [
						{ field: 'startsAt', direction: 'desc' },
						{ field: 'name', direction: 'asc' },
					],
				},
			}),
		});
		expect(error).toBeUndefined();
		const [request] = apiRequests(ctx.sim);
		expect(JSON.parse(request.query.filter)).toEqual({
			organizationId: ORG_HOSTED,
			isPublished: true,
			extensionData: { capacity: { $gte: 200 }, region: 'APAC' },
		});
		expect(request.query.sort).toBe('-startsAt,name');
		expect(items.length).toBeGreaterThan(0);
		for (const { json } of items) {
			expect(json.organizationId).toBe(ORG_HOSTED);
			expect(json.isPublished).toBe(true);
			expect((json.extensionData as { capacity: number }).capacity).toBeGreaterThanOrEqual(200);
		}
		const starts = items.map((i) => String(i.json.startsAt));
		expect(starts).toEqual([...starts].sort().reverse());
	});

	test('the extension data operators $in, $nin, $lt, $exists filter as documented', async () => {
		const names = async (extensionData: unknown) => {
			const { items, error } = await run(ctx.sim, {
				parameters: getMany({
					returnAll: true,
					filters: { extensionData: JSON.stringify(extensionData) },
				}),
			});
			expect(error).toBeUndefined();
			return items
				.map((i) => (i.json.extensionData as { capacity: number }).capacity)
				.sort((a, b) => a - b);
		};
		expect(await names({ capacity: { $in: [100, 300] } })).toEqual([100, 300]);
		expect(await names({ capacity: { $lt: 300 } })).toEqual([100, 200]);
		expect(await names({ region: { $nin: ['APAC'] } })).toEqual([200, 400, 600]);
		expect(await names({ missing: { $exists: false } })).toHaveLength(
			ctx.sim.seeded.eventIds.length,
		);
	});

	test.each([
		['not JSON', '{"capacity": ', /Filters > Extension Data: is not valid JSON/],
		[
			'an unknown operator',
			'{"capacity": {"$between": [1, 2]}}',
			/Filters: .*unknown member.*\$between/i,
		],
		['a non-numeric $gt', '{"capacity": {"$gt": "ten"}}', /Filters: "extensionData\.capacity/],
		['a nested object value', '{"capacity": {"nested": {"a": 1}}}', /Filters: /],
	])(
		'an invalid extension data filter (%s) fails before any request',
		async (_, extensionData, message) => {
			const { error } = await run(ctx.sim, {
				parameters: getMany({ returnAll: true, filters: { extensionData } }),
			});
			expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
			expect(ctx.sim.requests).toHaveLength(0);
		},
	);

	test('a non-UUID organization filter and an unknown sort key typed by expression are refused', async () => {
		const bad = await run(ctx.sim, {
			parameters: getMany({ returnAll: true, filters: { organizationId: 'acme' } }),
		});
		expectNodeError(bad.error, {
			name: 'NodeOperationError',
			message: /Filters: "organizationId" must be a UUID/,
			item: 0,
		});
		const sort = await run(ctx.sim, {
			parameters: getMany({
				returnAll: true,
				sort: { rules: [{ field: '={{ "price" }}', direction: 'asc' }] },
			}),
		});
		expectNodeError(sort.error, {
			name: 'NodeOperationError',
			message: /Sort > Field: "price" is not one of/,
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('a limit of 0 typed by expression is refused with the field named', async () => {
		const { error } = await run(ctx.sim, {
			parameters: getMany({ returnAll: false, limit: '={{ 0 }}' }),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: /^Limit: must be a whole number of at least 1/,
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('a Name filter too long for the query string fails naming Filters > Name before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: getMany({ returnAll: true, filters: { name: 'Summit '.repeat(2000) } }),
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(
			/^Filters > Name: 14,000 characters are too long for one request/,
		);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('with Continue On Fail, a bad item fails alone and the others run', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: getMany({
				returnAll: false,
				limit: 1,
				filters: { extensionData: '={{ $json.ext }}' },
			}),
			items: [{ ext: '{}' }, { ext: '{"a": {"$oops": 1}}' }, { ext: '{"region": "APAC"}' }],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
		expect(items[1].json.error).toMatch(/Filters: .*\$oops/);
		expect(items[1].error?.name).toBe('NodeOperationError');
		expect(items[0].json.id).toEqual(expect.any(String));
		expect(items[2].json.id).toEqual(expect.any(String));
		expect(apiRequests(ctx.sim)).toHaveLength(2);
	});
});

testBadInputs(ctx, [
	{
		name: 'Event Get Many: a limit of 0',
		parameters: eventParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 2,
		bad: 0,
		field: /^Limit:/,
	},
	{
		name: 'Event Get Many: a fractional limit',
		parameters: eventParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 2,
		bad: 1.5,
		field: /^Limit:/,
	},
	{
		name: 'Event Get Many: a limit as text',
		parameters: eventParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 2,
		bad: 'ten',
		field: /^Limit:/,
	},
	{
		name: 'Event Get Many: an organization ID that is not a UUID',
		parameters: eventParams('getMany', { returnAll: true, filters: { organizationId: BAD } }),
		good: (sim) => sim.seeded.organizations.hosted,
		bad: 'acme',
		field: /^Filters: "organizationId"/,
	},
	{
		name: 'Event Get Many: extension data that is not JSON',
		parameters: eventParams('getMany', { returnAll: true, filters: { extensionData: BAD } }),
		good: () => '{}',
		bad: '{region: APAC',
		field: /^Filters/,
	},
	{
		name: 'Event Get Many: an unknown extension data operator',
		parameters: eventParams('getMany', { returnAll: true, filters: { extensionData: BAD } }),
		good: () => '{"region": "APAC"}',
		bad: '{"region": {"$regex": "AP"}}',
		field: /^Filters: "extensionData\.region/,
	},
	{
		name: 'Event Get Many: a non-numeric $gt',
		parameters: eventParams('getMany', { returnAll: true, filters: { extensionData: BAD } }),
		good: () => '{"capacity": {"$gt": 100}}',
		bad: '{"capacity": {"$gt": "ten"}}',
		field: /^Filters: "extensionData\.capacity/,
	},
	{
		name: 'Event Get Many: an unknown sort key typed by expression',
		parameters: eventParams('getMany', {
			returnAll: true,
			sort: { rules: [{ field: BAD, direction: 'asc' }] },
		}),
		good: () => 'createdAt',
		bad: 'popularity',
		field: /^Sort > Field:/,
	},
]);
