import { apiRequests, byId, run, useSimulator } from '../../fixtures';
import { attendeeParams, BAD, seededAttendee, testBadInputs } from '../badInputs';
import { attendeeContext } from './fixtures';

const ctx = useSimulator();
const { attendeeOf, base, event, expectRefused } = attendeeContext(ctx);

describe('Attendee > Get by QR Code Token', () => {
	test('answers the attendee whose token it is', async () => {
		const record = ctx.sim.store.attendees.get(attendeeOf(5))!;
		const qr = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByQrCodeToken',
				eventId: byId(event()),
				qrCodeToken: record.qrCodeToken as string,
			},
		});
		expect(qr.items[0].json.id).toBe(record.id);
	});

	test('Simplify (on by default) answers what door staff need: name, ticket class by name, registration and check-in status', async () => {
		const eventId = event();
		const ticketClasses = ctx.sim.store.ticketClasses.get(eventId)!;
		const seeded = ctx.sim.seeded.attendeeIds[eventId].map(
			(id) => ctx.sim.store.attendees.get(id)!,
		);
		const checkedIn = seeded.find((a) => a.checkedInAt)!;
		const waiting = seeded.find((a) => !a.checkedInAt && a.registrationStatus === 'registered')!;
		// One of them holds the VIP pass: its name comes from the event's ticket classes.
		waiting.ticketClassId = ticketClasses[1].id;
		const { items, error } = await run(ctx.sim, {
			parameters: base('getByQrCodeToken', { qrCodeToken: '={{ $json.token }}' }),
			items: [{ token: String(checkedIn.qrCodeToken) }, { token: String(waiting.qrCodeToken) }],
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json)).toEqual([
			expect.objectContaining({
				id: checkedIn.id,
				firstName: checkedIn.firstName,
				lastName: checkedIn.lastName,
				invitationEmail: checkedIn.invitationEmail,
				ticketClassId: ticketClasses[0].id,
				ticketClassName: 'General',
				registrationStatus: 'registered',
				checkedIn: true,
				checkedInAt: checkedIn.checkedInAt,
			}),
			expect.objectContaining({
				id: waiting.id,
				ticketClassId: ticketClasses[1].id,
				ticketClassName: 'VIP Pass',
				registrationStatus: 'registered',
				checkedIn: false,
				checkedInAt: null,
			}),
		]);
		expect(items[0].json.rawData).toBeUndefined();
		// Per item the lookup and the attendee by ID; the ticket classes once for the execution.
		const calls = apiRequests(ctx.sim).map(
			(r) => `${r.method} ${r.path.replace(eventId, ':event')}`,
		);
		expect(calls.filter((c) => c.endsWith('/ticket-class/all'))).toHaveLength(1);
		expect(calls.filter((c) => c.includes('/qr-code-token/'))).toHaveLength(2);
		expect(calls).toContain(`GET /public-api/v1/event/:event/attendee/${checkedIn.id}`);
		expect(calls).toContain(`GET /public-api/v1/event/:event/attendee/${waiting.id}`);
	});

	test("without Simplify, EventX's answer as it comes: ID, creation time and answers", async () => {
		const record = ctx.sim.store.attendees.get(attendeeOf(5))!;
		const { items } = await run(ctx.sim, {
			parameters: base('getByQrCodeToken', {
				qrCodeToken: record.qrCodeToken as string,
				simplify: false,
			}),
		});
		expect(Object.keys(items[0].json).sort()).toEqual(['createdAt', 'customFields', 'id']);
	});

	test('an empty token is refused before any request', async () => {
		await expectRefused(
			base('getByQrCodeToken', { qrCodeToken: '={{ "" }}' }),
			'QR Code Token: is required',
		);
	});

	test('a 30,000-character token fails naming QR Code Token before any request', async () => {
		await expectRefused(
			base('getByQrCodeToken', { qrCodeToken: 'q'.repeat(30_000) }),
			/^QR Code Token: 30,000 characters are too long for one request/,
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Attendee Get by QR Code Token: an empty token',
		parameters: attendeeParams('getByQrCodeToken', { qrCodeToken: BAD }),
		good: (sim) => sim.store.attendees.get(seededAttendee(sim))!.qrCodeToken,
		bad: '  ',
		field: /^QR Code Token:/,
	},
]);
