import { byId, run, useSimulator } from '../../fixtures';
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
