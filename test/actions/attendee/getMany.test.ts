import { apiRequests, run, useSimulator } from '../../helpers';
import { newAttendee } from '../../simulator/routes/attendees';
import { byId, questions } from './fixtures';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const ids = () => ctx.sim.seeded.attendeeIds[event()];

const getMany = (extra: Record<string, unknown> = {}) => ({
	resource: 'attendee',
	operation: 'getMany',
	eventId: byId(event()),
	returnAll: true,
	...extra,
});

function addAttendees(count: number) {
	const start = Date.UTC(2025, 0, 1);
	for (let i = 0; i < count; i++) {
		const a = newAttendee(
			event(),
			{ firstName: `Bulk ${i}` },
			new Date(start + i * 1000).toISOString(),
		);
		ctx.sim.store.attendees.set(a.id, a);
	}
}

describe('Attendee > Get Many', () => {
	test('returns the live attendees of the event, sorted by -id by default', async () => {
		const { items, error } = await run(ctx.sim, { parameters: getMany() });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(30);
		const got = items.map((i) => String(i.json.id));
		expect(got).toEqual([...ids()].sort((a, b) => b.localeCompare(a)));
		expect(apiRequests(ctx.sim)[0].query.sort).toBeUndefined();
	});

	test('Limit reads only what it needs', async () => {
		const { items } = await run(ctx.sim, { parameters: getMany({ returnAll: false, limit: 7 }) });
		expect(items).toHaveLength(7);
		expect(apiRequests(ctx.sim)[0].query).toMatchObject({ page: '1', pageSize: '7' });
	});

	test('Attendee IDs filter', async () => {
		const wanted = [ids()[2], ids()[9]];
		const { items } = await run(ctx.sim, {
			parameters: getMany({ filters: { attendeeIds: wanted.join(', ') } }),
		});
		expect(new Set(items.map((i) => i.json.id))).toEqual(new Set(wanted));
		expect(JSON.parse(apiRequests(ctx.sim)[0].query.attendeeIds)).toEqual(wanted);
	});

	test('Created After filter', async () => {
		// Seeded attendee i is created at 2026-01-01T00:00Z + (i + 1) minutes.
		const { items } = await run(ctx.sim, {
			parameters: getMany({ filters: { createdAfter: '2026-01-01T00:25:00.000Z' } }),
		});
		expect(items).toHaveLength(5);
		expect(apiRequests(ctx.sim)[0].query['createdAt$gt']).toBe('2026-01-01T00:25:00.000Z');
	});

	test('Custom Field Equals filter', async () => {
		const q = questions(ctx.sim, event());
		const { items } = await run(ctx.sim, {
			parameters: getMany({
				filters: { customFieldEquals: { conditions: [{ questionId: q.text, value: '11-50' }] } },
			}),
		});
		expect(items).toHaveLength(15);
		expect(
			items.every(
				(i) =>
					(i.json.customFields as Record<string, { value: unknown }>)[q.text].value === '11-50',
			),
		).toBe(true);
		expect(JSON.parse(apiRequests(ctx.sim)[0].query.customFields)).toEqual({ [q.text]: '11-50' });
	});

	test('Search filter matches name and email', async () => {
		const byName = await run(ctx.sim, { parameters: getMany({ filters: { search: 'grace' } }) });
		expect(byName.items).toHaveLength(5);
		expect(byName.items.every((i) => i.json.firstName === 'Grace')).toBe(true);
		const byEmail = await run(ctx.sim, {
			parameters: getMany({ filters: { search: 'guest7.e0@' } }),
		});
		expect(byEmail.items.map((i) => i.json.invitationEmail)).toEqual(['guest7.e0@example.com']);
	});

	test('Custom Field Contains filter works on text questions and is refused for dropdowns', async () => {
		const q = questions(ctx.sim, event());
		const { items } = await run(ctx.sim, {
			parameters: getMany({
				filters: {
					customFieldContains: { conditions: [{ questionId: q.textArea, value: 'vegetarian' }] },
				},
			}),
		});
		expect(items).toHaveLength(10);
		const refused = await run(ctx.sim, {
			parameters: getMany({
				filters: { customFieldContains: { conditions: [{ questionId: q.dropdown, value: 'x' }] } },
			}),
		});
		expect(refused.error?.message).toMatch(/text/);
	});

	test('a two-key sort with directions', async () => {
		const { items } = await run(ctx.sim, {
			parameters: getMany({
				sort: {
					rules: [
						{ field: 'city', direction: 'asc' },
						{ field: 'contactNo', direction: 'desc' },
					],
				},
			}),
		});
		expect(apiRequests(ctx.sim)[0].query.sort).toBe('city,-contactNo');
		const rows = items.map((i) => [String(i.json.city), String(i.json.contactNo)]);
		const expected = [...rows].sort((a, b) => a[0].localeCompare(b[0]) || b[1].localeCompare(a[1]));
		expect(rows).toEqual(expected);
		expect(rows[0][0]).toBe('Hong Kong');
		expect(rows.at(-1)![0]).toBe('Singapore');
	});

	test.each([
		[20000, 1],
		[25000, 2],
	])(
		'Return All of %i attendees takes %i list request(s)',
		async (total, requests) => {
			addAttendees(total - 30);
			const { items, error } = await run(ctx.sim, { parameters: getMany() });
			expect(error).toBeUndefined();
			expect(items).toHaveLength(total);
			expect(new Set(items.map((i) => i.json.id)).size).toBe(total);
			const lists = apiRequests(ctx.sim);
			expect(lists).toHaveLength(requests);
			expect(lists[0].query).toMatchObject({ page: '1', pageEnd: '200', pageSize: '100' });
			if (requests === 2) expect(lists[1].query).toMatchObject({ page: '201', pageEnd: '400' });
		},
		60_000,
	);
});
