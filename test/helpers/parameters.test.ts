// Parameters read once per execution or straight from the item: the same values n8n's expression
// engine gives, at a cost that does not grow with the items. Driven through Send Confirmation
// Email, whose Attendee IDs default to {{ $json.id }}.
import { WorkflowDataProxy } from 'n8n-workflow';

import { expectNodeError, run, useSimulator } from '../fixtures';
import { addAttendees, byId } from '../actions/outreach/fixtures';

const ctx = useSimulator();

const send = (extra: Record<string, unknown> = {}) => ({
	resource: 'outreach',
	operation: 'sendConfirmationEmail',
	eventId: byId(ctx.sim.seeded.eventIds[0]),
	...extra,
});

/** The attendee IDs EventX was asked to send to, request by request. */
const sentIds = () => ctx.sim.store.outbox.map((entry) => entry.attendeeIds);

describe('Attendee IDs as {{ $json.field }}', () => {
	it("reads the item's string as n8n's expression would: one ID, upper case, a comma-separated list", async () => {
		const [a, b, c] = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 3);
		const { items, error } = await run(ctx.sim, {
			parameters: send(),
			items: [{ id: a.toUpperCase() }, { id: ` ${b} , ${c} ` }],
		});
		expect(error).toBeUndefined();
		expect(sentIds()).toEqual([[a, b, c]]);
		expect(items.map((i) => i.json.attendeeIds)).toEqual([[a], [b, c]]);
	});

	it('without spaces inside the braces, on another field', async () => {
		const [a] = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 1);
		const { error } = await run(ctx.sim, {
			parameters: send({ attendeeIds: '={{$json.guest}}' }),
			items: [{ guest: a }],
		});
		expect(error).toBeUndefined();
		expect(sentIds()).toEqual([[a]]);
	});

	it("a field that is not a string (an array of IDs) is n8n's to resolve", async () => {
		const [a, b] = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 2);
		const { error } = await run(ctx.sim, {
			parameters: send({ attendeeIds: '={{ $json.guests }}' }),
			items: [{ guests: [a, b] }],
		});
		expect(error).toBeUndefined();
		expect(sentIds()).toEqual([[a, b]]);
	});

	it('an item without the field fails naming Attendee IDs and the item, nothing sent', async () => {
		const [a] = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 1);
		const { error } = await run(ctx.sim, {
			parameters: send(),
			items: [{ id: a }, { name: 'no id' }],
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Attendee IDs: no attendee ID given',
			item: 1,
		});
		expect(sentIds()).toEqual([]);
	});

	it('an expression that does more than name the field is evaluated by n8n', async () => {
		const [a, b] = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 2);
		const { error } = await run(ctx.sim, {
			parameters: send({ attendeeIds: '={{ $json.first }},{{ $json.second }}' }),
			items: [{ first: a, second: b }],
		});
		expect(error).toBeUndefined();
		expect(sentIds()).toEqual([[a, b]]);
	});

	it("n8n's expression engine is not called once per item for {{ $json.id }}; it is for other expressions", async () => {
		// n8n builds a workflow data proxy for every expression it evaluates.
		const evaluations = jest.spyOn(WorkflowDataProxy.prototype, 'getDataProxy');
		const callsFor = async (count: number, attendeeIds?: string) => {
			const ids = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], count);
			evaluations.mockClear();
			const { error } = await run(ctx.sim, {
				parameters: send(attendeeIds ? { attendeeIds } : {}),
				items: ids.map((id) => ({ id })),
			});
			expect(error).toBeUndefined();
			return evaluations.mock.calls.length;
		};
		try {
			expect(await callsFor(200)).toBe(await callsFor(10));
			// the same value through an expression that is not the bare field: once per item
			expect(
				(await callsFor(200, "={{ $json.id + '' }}")) -
					(await callsFor(10, "={{ $json.id + '' }}")),
			).toBe(190);
		} finally {
			evaluations.mockRestore();
		}
	});
});
