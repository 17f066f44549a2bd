import {
	apiRequests,
	expectNodeError,
	expectRangedReads,
	inProcessTimeZone,
	run,
	useSimulator,
} from '../../fixtures';
import { attendeeJson, newAttendee } from '../../simulator/routes/attendees';
import { anAttendee, attendeeParams, BAD, testBadInputs } from '../badInputs';
import { byId, HOSTED, questions, attendeeContext } from './fixtures';

const ctx = useSimulator();
const { base, event, expectRefused } = attendeeContext(ctx);
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
/** Simplify's page: three attendees of the hosted event. */
const simplifiedPage = (extra: Record<string, unknown> = {}) => ({
	resource: 'attendee',
	operation: 'getMany',
	eventId: byId(HOSTED(ctx.sim)),
	limit: 3,
	...extra,
});

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
		// Simplified: the answers are named by the question's label.
		expect(
			items.every(
				(i) => (i.json.customFields as Record<string, unknown>)['Company Size'] === '11-50',
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
		// EventX's refusal, with its message (the node does not know the questions' types).
		expectNodeError(refused.error, {
			name: 'NodeApiError',
			message: `customFieldSearch supports only text and textArea questions ("${q.dropdown}" is dropdown)`,
			item: 0,
		});
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

	// 20,000 exactly: every count of the answer agrees, so no request checks that none follow.
	test.each([
		[20000, 1],
		[25000, 2],
	])(
		'Return All of %i attendees takes %i list request(s)',
		async (total, requests) => {
			addAttendees(total - 30);
			const { items, error } = await run(ctx.sim, { parameters: getMany() });
			expect(error).toBeUndefined();
			expectRangedReads(ctx.sim, items, total, requests, /\/attendee$/);
			// Simplify (on by default) names the answers: the event's questions are read once.
			expect(apiRequests(ctx.sim).map((r) => r.path.replace(/^.*\//, ''))).toEqual([
				...Array<string>(requests).fill('attendee'),
				'all',
			]);
		},
		60_000,
	);
});

describe('Attendee > Get Many: Simplify', () => {
	test('is on by default: no rawData, answers named by question label, question IDs kept', async () => {
		const { items, error } = await run(ctx.sim, { parameters: simplifiedPage() });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		const q = questions(ctx.sim, HOSTED(ctx.sim));
		for (const { json } of items) {
			expect(json).not.toHaveProperty('rawData');
			expect(json).toHaveProperty('id');
			expect(json).toHaveProperty('createdAt');
			expect(json.customFields).toEqual({
				'Company Size': expect.any(String),
				'Dietary Needs': expect.any(String),
			});
			expect(json.customFieldIds).toEqual({ 'Company Size': q.text, 'Dietary Needs': q.textArea });
		}
		// The labels are read once for the execution, not once per attendee.
		expect(apiRequests(ctx.sim).filter((r) => r.path.endsWith('/custom-field/all'))).toHaveLength(
			1,
		);
	});

	test("off returns EventX's records exactly", async () => {
		const { items } = await run(ctx.sim, {
			parameters: simplifiedPage({ simplify: false }),
		});
		for (const { json } of items)
			expect(json).toEqual(attendeeJson(ctx.sim.store.attendees.get(String(json.id))!));
		expect(apiRequests(ctx.sim).filter((r) => r.path.endsWith('/custom-field/all'))).toEqual([]);
	});
});

describe('Attendee > Get Many: validation before sending', () => {
	test('non-UUID or empty IDs in the Attendee IDs filter', async () => {
		await expectRefused(
			base('getMany', { returnAll: true, filters: { attendeeIds: ' , ' } }),
			'Filters > Attendee IDs: no attendee ID given',
		);
		await expectRefused(
			base('getMany', { returnAll: true, filters: { attendeeIds: 'x1' } }),
			'Filters > Attendee IDs: "x1" is not a UUID',
		);
	});

	test('600 Attendee IDs fail naming Filters > Attendee IDs before any request, never a bare 414', async () => {
		ctx.sim.addFault({ kind: 'url-limit', maxLength: 8192, status: 414, times: 0 });
		const attendeeIds = Array.from(
			{ length: 600 },
			(_, i) => `0000${String(i).padStart(4, '0')}-0000-4000-8000-000000000000`,
		);
		await expectRefused(
			base('getMany', { returnAll: true, filters: { attendeeIds } }),
			"Filters > Attendee IDs: 600 IDs are too many for one request: EventX's address would be 27,146 characters long, and servers refuse more than 8,000",
		);
	});

	test("Created After without an offset is read in the workflow's time zone, not the process's", async () => {
		const { error } = await inProcessTimeZone('Pacific/Auckland', () =>
			run(ctx.sim, {
				parameters: getMany({ filters: { createdAfter: '2026-01-01T00:00:00' } }),
				timezone: 'America/Sao_Paulo',
			}),
		);
		expect(error).toBeUndefined();
		// Midnight in São Paulo (UTC-3).
		expect(apiRequests(ctx.sim)[0].query['createdAt$gt']).toBe('2026-01-01T03:00:00.000Z');
	});

	test('a non-UUID event ID', async () => {
		await expectRefused(
			{ ...base('getMany', { returnAll: true }), eventId: byId('={{ "not-an-event" }}') },
			'Event: "not-an-event" is not a UUID',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Get Many: attendee IDs that are not UUIDs',
		parameters: attendeeParams('getMany', { returnAll: true, filters: { attendeeIds: BAD } }),
		good: anAttendee,
		bad: 'ada, grace',
		field: /^Filters > Attendee IDs:/,
	},
	{
		name: 'Attendee Get Many: a created-after that is not a date',
		parameters: attendeeParams('getMany', { returnAll: true, filters: { createdAfter: BAD } }),
		good: () => '2026-01-01T00:00:00Z',
		bad: 'last week',
		field: /^Filters > Created After:/,
	},
	{
		name: 'Attendee Get Many: a negative limit',
		parameters: attendeeParams('getMany', { returnAll: false, limit: BAD }),
		good: () => 5,
		bad: -3,
		field: /^Limit:/,
	},
]);
