import type { INodeParameters } from 'n8n-workflow';

import { run, useSimulator } from '../../helpers';
import { byId, questions } from './fixtures';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const someAttendee = () => ctx.sim.seeded.attendeeIds[event()][0];

const base = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
	resource: 'attendee',
	operation,
	eventId: byId(event()),
	...extra,
});

async function expectRefused(parameters: INodeParameters, message: string | RegExp, item = 0) {
	const before = ctx.sim.store.attendees.size;
	const { error } = await run(ctx.sim, {
		parameters,
		items: Array.from({ length: item + 1 }, (_, i) => ({ i })),
	});
	expect(error?.name).toBe('NodeOperationError');
	if (typeof message === 'string') expect(error?.message).toBe(message);
	else expect(error?.message).toMatch(message);
	expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(item);
	// Nothing at all reached the simulator: not even the token exchange.
	expect(ctx.sim.requests).toHaveLength(0);
	expect(ctx.sim.store.attendees.size).toBe(before);
}

describe('Attendee > validation before sending', () => {
	test('a non-UUID attendee ID (Get, Update, Change Ticket, Create or Update)', async () => {
		await expectRefused(
			base('get', { attendeeId: 'guest-1' }),
			'Attendee ID: "guest-1" is not a UUID',
		);
		await expectRefused(
			base('update', { attendeeId: 'x', updateFields: { city: 'A' } }),
			'Attendee ID: "x" is not a UUID',
		);
		await expectRefused(
			base('changeTicket', { attendeeId: '42', ticketClassId: '' }),
			'Attendee ID: "42" is not a UUID',
		);
		await expectRefused(
			base('upsert', { attendeeId: '={{ $json.i === 1 ? "nope" : "" }}' }),
			'Attendee ID: "nope" is not a UUID',
			1,
		);
	});

	test('a non-UUID event ID', async () => {
		await expectRefused(
			{ ...base('getMany', { returnAll: true }), eventId: byId('={{ "not-an-event" }}') },
			'Event: "not-an-event" is not a UUID',
		);
	});

	test('non-UUID or empty IDs in lists (Remove, Delete, Get Many filter)', async () => {
		await expectRefused(
			base('remove', { attendeeIds: 'abc' }),
			'Attendee IDs: "abc" is not a UUID',
		);
		await expectRefused(
			base('delete', { attendeeIds: '={{ [] }}' }),
			'Attendee IDs: no attendee ID given',
		);
		await expectRefused(
			base('getMany', { returnAll: true, filters: { attendeeIds: ' , ' } }),
			'Filters > Attendee IDs: no attendee ID given',
		);
		await expectRefused(
			base('getMany', { returnAll: true, filters: { attendeeIds: 'x1' } }),
			'Filters > Attendee IDs: "x1" is not a UUID',
		);
	});

	test('a custom-field answer of the wrong shape', async () => {
		const q = questions(ctx.sim, event());
		await expectRefused(
			base('upsert', {
				upsertCustomFields: { fields: [{ questionId: q.text, value: '={{ 42 }}' }] },
			}),
			/^Custom Fields > Value \(question [0-9a-f-]+\): "value" /,
		);
		await expectRefused(
			base('update', {
				attendeeId: someAttendee(),
				updateCustomFields: {
					fields: [{ questionId: q.text, value: '{"value": "a", "extra": 1}' }],
				},
			}),
			/has unknown member\(s\) "extra"/,
		);
		await expectRefused(
			base('update', {
				attendeeId: someAttendee(),
				updateCustomFields: { fields: [{ questionId: '', value: 'a' }] },
			}),
			'Custom Fields > Question: is required',
		);
	});

	test('both status fields at once', async () => {
		await expectRefused(
			base('upsert', { upsertFields: { status: 'invited', registrationStatus: 'registered' } }),
			'Status (Deprecated): cannot be used together with Registration Status',
		);
	});

	test('an empty short code or QR code token', async () => {
		await expectRefused(
			base('getByShortCode', { shortCode: '={{ "  " }}' }),
			'Short Code: is required',
		);
		await expectRefused(
			base('getByQrCodeToken', { qrCodeToken: '={{ "" }}' }),
			'QR Code Token: is required',
		);
	});

	test('a bad Batch Size, an empty update, a ticket change without a ticket', async () => {
		await expectRefused(
			base('upsert', { upsertOptions: { batchSize: 0 } }),
			'Batch Size: must be a whole number from 1 to 1000, not 0',
		);
		await expectRefused(
			base('update', { attendeeId: someAttendee() }),
			'Update Fields: add at least one field to update',
		);
		await expectRefused(
			base('changeTicket', { attendeeId: someAttendee() }),
			'Ticket Class: choose a ticket class or at least one add-on',
		);
	});

	test('with Continue On Fail only the bad item fails and the others are sent together', async () => {
		const { items } = await run(ctx.sim, {
			parameters: base('upsert', {
				upsertFields: {
					firstName: '={{ $json.first }}',
					status: '={{ $json.status }}',
					registrationStatus: 'registered',
				},
			}),
			items: [{ first: 'A', status: 'invited' }, { first: 'B' }],
			continueOnFail: true,
		});
		// The first item carries both status fields: only it is refused; the second is sent.
		expect(String(items[0].json.error)).toContain('Status (Deprecated)');
		expect(items[1].json).toMatchObject({ firstName: 'B', registrationStatus: 'registered' });
		expect(ctx.sim.requestsTo('PUT', '/bulk-upsert$')).toHaveLength(1);
		expect((ctx.sim.requestsTo('PUT', '/bulk-upsert$')[0].body as unknown[]).length).toBe(1);

		const mixed = await run(ctx.sim, {
			parameters: base('upsert', {
				attendeeId: '={{ $json.id }}',
				upsertFields: { firstName: '={{ $json.first }}' },
			}),
			items: [
				{ id: '', first: 'A' },
				{ id: 'bad', first: 'B' },
				{ id: '', first: 'C' },
			],
			continueOnFail: true,
		});
		expect(String(mixed.items[1].json.error)).toContain('Attendee ID');
		expect(mixed.items[0].json.firstName).toBe('A');
		expect(mixed.items[2].json.firstName).toBe('C');
		expect(ctx.sim.requestsTo('PUT', '/bulk-upsert$')).toHaveLength(2);
	});
});
