import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, params, testBadInputs } from '../badInputs';

const ctx = useSimulator();
const event = (i = 0) => ctx.sim.seeded.eventIds[i];
const questionsOf = (i = 0) => ctx.sim.store.customFields.get(event(i))!;
const upsert = (extra: Record<string, unknown> = {}) => ({
	resource: 'customField',
	operation: 'upsert',
	eventId: '={{ { __rl: true, mode: "id", value: $json.eventId } }}',
	customFieldId: '={{ $json.id ?? "" }}',
	customFieldType: '={{ $json.type }}',
	customFieldLabel: '={{ $json.label }}',
	...extra,
});
const puts = () => apiRequests(ctx.sim).filter((r) => r.method === 'PUT');
const textQuestions = (count: number, eventIndex = 0) =>
	Array.from({ length: count }, (_, i) => ({
		eventId: event(eventIndex),
		type: 'text',
		label: `Question ${eventIndex}-${i}`,
	}));

describe('Custom Field > Create or Update', () => {
	test('creates and updates in one request per event, each output paired with its item', async () => {
		const existing = String(questionsOf()[0].id);
		const input = [
			{ eventId: event(), type: 'text', label: 'Job Level' },
			{ eventId: event(1), type: 'textArea', label: 'Allergies' },
			{ eventId: event(), id: existing, type: 'text', label: 'Company Size (people)' },
		];
		const { items, error } = await run(ctx.sim, { parameters: upsert(), items: input });
		expect(error).toBeUndefined();
		expect(puts().map((r) => r.path)).toEqual([
			`/public-api/v1/event/${event()}/custom-field/bulk-upsert`,
			`/public-api/v1/event/${event(1)}/custom-field/bulk-upsert`,
		]);
		expect(puts()[0].body).toEqual({
			data: [
				{ type: 'text', contentI18n: { label: { default: 'Job Level' } }, isFilterable: false },
				{
					id: existing,
					type: 'text',
					contentI18n: { label: { default: 'Company Size (people)' } },
					isFilterable: false,
				},
			],
		});
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		const label = (i: number) =>
			(items[i].json.contentI18n as { label: { default: string } }).label.default;
		expect([label(0), label(1), label(2)]).toEqual([
			'Job Level',
			'Allergies',
			'Company Size (people)',
		]);
		expect(items[2].json.id).toBe(existing);
		expect(questionsOf()).toHaveLength(4);
		expect(questionsOf(1)).toHaveLength(4);
	});

	test('choices from a list or from objects; dates and the 24-hour clock per type', async () => {
		const { error } = await run(ctx.sim, {
			parameters: upsert({
				choices: '={{ $json.choices }}',
				minDate: '2026-12-01T10:00:00',
				maxDate: '2026-12-31',
				hideMeridiem: true,
				isFilterable: true,
			}),
			items: [
				{ eventId: event(), type: 'dropdown', label: 'Size', choices: 'Small, Extra Large' },
				{
					eventId: event(),
					type: 'radioGroup',
					label: 'Track',
					choices: [{ id: 't1', label: 'Data' }, 'Design & UX'],
				},
				{ eventId: event(), type: 'datePicker', label: 'Arrival' },
				{ eventId: event(), type: 'timePicker', label: 'Pickup time' },
			],
		});
		expect(error).toBeUndefined();
		const sent = (puts()[0].body as { data: Array<{ config?: unknown; isFilterable: boolean }> })
			.data;
		const option = (id: string, label: string) => ({
			id,
			contentI18n: { label: { default: label } },
		});
		expect(sent.map((q) => q.config)).toEqual([
			{ options: [option('small', 'Small'), option('extra-large', 'Extra Large')] },
			{ options: [option('t1', 'Data'), option('design-ux', 'Design & UX')] },
			{ minDate: '2026-12-01', maxDate: '2026-12-31' },
			{ hideMeridiem: true },
		]);
		expect(sent.every((q) => q.isFilterable)).toBe(true);
	});

	test("a date limit given as a Date takes its date in the workflow's time zone", async () => {
		const { error } = await run(ctx.sim, {
			parameters: upsert({
				// 20:00 UTC on November 30 is already December 1 in Tokyo.
				minDate: '={{ new Date("2026-11-30T20:00:00Z") }}',
				maxDate: '2026-12-31',
			}),
			items: [{ eventId: event(), type: 'datePicker', label: 'Arrival' }],
			timezone: 'Asia/Tokyo',
		});
		expect(error).toBeUndefined();
		const [question] = (puts()[0].body as { data: Array<{ config?: unknown }> }).data;
		expect(question.config).toEqual({ minDate: '2026-12-01', maxDate: '2026-12-31' });
	});

	test('a Date Picker without dates and a Time Picker with Hide AM/PM off send no config (an empty one is refused)', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: upsert({ minDate: '={{ $json.minDate ?? "" }}' }),
			items: [
				{ eventId: event(), type: 'datePicker', label: 'Arrival' },
				{ eventId: event(), type: 'timePicker', label: 'Pickup time' },
				{ eventId: event(), type: 'datePicker', label: 'Departure', minDate: '2026-12-02' },
			],
		});
		expect(error).toBeUndefined();
		expect(puts()).toHaveLength(1);
		expect(puts()[0].body).toEqual({
			data: [
				{ type: 'datePicker', contentI18n: { label: { default: 'Arrival' } }, isFilterable: false },
				{
					type: 'timePicker',
					contentI18n: { label: { default: 'Pickup time' } },
					isFilterable: false,
				},
				{
					type: 'datePicker',
					contentI18n: { label: { default: 'Departure' } },
					isFilterable: false,
					config: { minDate: '2026-12-02' },
				},
			],
		});
		expect(items.map((i) => i.json.type)).toEqual(['datePicker', 'timePicker', 'datePicker']);
	});

	test('250 questions with Batch Size 100 take 3 requests', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: upsert({ options: { batchSize: 100 } }),
			items: textQuestions(250),
		});
		expect(error).toBeUndefined();
		expect(puts().map((r) => (r.body as { data: unknown[] }).data.length)).toEqual([100, 100, 50]);
		expect(items).toHaveLength(250);
		expect(questionsOf()).toHaveLength(253);
	});

	test("a refused question fails alone with EventX's message; the others are saved", async () => {
		const input = [
			...textQuestions(3),
			{ eventId: event(), id: '0b5c1d6e-1f2a-4b3c-8d4e-5f6a7b8c9d0e', type: 'text', label: 'Gone' },
			...textQuestions(2).map((q) => ({ ...q, label: `${q.label}b` })),
		];
		const { items, error } = await run(ctx.sim, {
			parameters: upsert(),
			items: input,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items[3].json.error).toBe('Custom field not found');
		expect(items[3].error?.name).toBe('NodeApiError');
		expect(items.filter((i) => i.json.error === undefined)).toHaveLength(5);
		expect(questionsOf()).toHaveLength(8);
	});
});

describe('Custom Field > Create or Update: validation before sending', () => {
	test.each([
		[{ type: 'slider', label: 'x' }, /^Type: "slider" is not one of/],
		[{ type: 'text', label: ' ' }, /^Label: is required/],
		[{ type: 'text', label: 'x', id: 'q-1' }, /^Question: "q-1" is not a UUID/],
		[{ type: 'dropdown', label: 'x', choices: ' , ' }, /^Choices: no choice given/],
		[
			{ type: 'dropdown', label: 'x', choices: 'A b, a-b' },
			/^Choices: two choices have the ID "a-b"/,
		],
		[{ type: 'checkboxGroup', label: 'x', choices: [5] }, /^Choices: 5 is not a choice/],
		[{ type: 'datePicker', label: 'x', minDate: 'soon' }, /^Earliest Date: "soon" is not a date/],
		[
			{ type: 'datePicker', label: 'x', minDate: '2026-12-02', maxDate: '2026-12-01' },
			/^Latest Date: must not be before Earliest Date/,
		],
	])('%j is refused on its item before any request', async (entry, message) => {
		const { error } = await run(ctx.sim, {
			parameters: upsert({
				choices: '={{ $json.choices }}',
				minDate: '={{ $json.minDate }}',
				maxDate: '={{ $json.maxDate }}',
			}),
			items: [
				{ eventId: event(), type: 'text', label: 'Fine' },
				{ eventId: event(), ...entry },
			],
		});
		expectNodeError(error, { name: 'NodeOperationError', message, item: 1 });
		expect(ctx.sim.requests).toHaveLength(0);
		expect(questionsOf()).toHaveLength(3);
	});
});

testBadInputs(ctx, [
	{
		name: 'Custom Field Create or Update: an empty label',
		parameters: params('customField', 'upsert', {
			customFieldType: 'text',
			customFieldLabel: BAD,
		}),
		good: () => 'Job Level',
		bad: '',
		field: /^Label:/,
	},
	{
		name: 'Custom Field Create or Update: a Batch Size of 0',
		parameters: params('customField', 'upsert', {
			customFieldType: 'text',
			customFieldLabel: 'Job Level',
			options: { batchSize: BAD },
		}),
		good: () => 10,
		bad: 0,
		field: /^Batch Size:/,
	},
]);
