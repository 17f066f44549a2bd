import { run, useSimulator } from '../../fixtures';
import { addOn, attendeeParams, BAD, testBadInputs, ticketClass } from '../badInputs';
import { byId, attendeeContext } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused, someAttendee } = attendeeContext(ctx);

describe('Attendee > Change Ticket', () => {
	test('Change Ticket sets the ticket class and add-ons with quantities', async () => {
		const [, vip] = ctx.sim.store.ticketClasses.get(event())! as Array<{ id: string }>;
		const [workshop] = ctx.sim.store.ticketClassAddOns.get(event())! as Array<{ id: string }>;
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'changeTicket',
				eventId: byId(event()),
				attendeeId: byId(attendeeOf(2)),
				ticketClassId: vip.id,
				addOns: { addOn: [{ ticketClassAddOnId: workshop.id, qty: 2 }] },
			},
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			ticketClassId: vip.id,
			addOns: [{ ticketClassAddOnId: workshop.id, qty: 2 }],
		});
		expect(ctx.sim.requestsTo('PATCH', '/attendee-ticket$')).toHaveLength(1);
	});
});

describe('Attendee > Change Ticket: validation before sending', () => {
	test('a non-UUID attendee ID', async () => {
		await expectRefused(
			base('changeTicket', { attendeeId: byId('={{ "42" }}'), ticketClassId: '' }),
			'Attendee ID: "42" is not a UUID',
		);
	});

	test('a ticket change without a ticket class or add-on', async () => {
		await expectRefused(
			base('changeTicket', { attendeeId: byId(someAttendee()) }),
			'Ticket Class: choose a ticket class or at least one add-on',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Change Ticket: a ticket class that is not a UUID',
		parameters: attendeeParams('changeTicket', {
			attendeeId: '={{ $json.id }}',
			ticketClassId: BAD,
		}),
		good: (sim) => ticketClass(sim),
		bad: 'VIP Pass',
		field: /^Ticket Class:/,
	},
	{
		name: 'Attendee Change Ticket: a negative add-on quantity',
		parameters: (sim) =>
			attendeeParams('changeTicket', {
				attendeeId: '={{ $json.id }}',
				addOns: { addOn: [{ ticketClassAddOnId: addOn(sim), qty: BAD }] },
			})(sim),
		good: () => 1,
		bad: -1,
		field: /^Add-Ons > Quantity:/,
	},
]);
