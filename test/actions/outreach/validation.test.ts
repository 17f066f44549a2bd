import { run, useSimulator } from '../../helpers';
import { addAttendees, byId } from './fixtures';

const ctx = useSimulator();

const base = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'outreach',
	operation,
	eventId: byId(ctx.sim.seeded.eventIds[0]),
	...extra,
});

/** Nothing at all reached the simulator: not even the token exchange. */
function expectNothingSent() {
	expect(ctx.sim.requests).toHaveLength(0);
	expect(ctx.sim.store.outbox).toHaveLength(0);
}

describe('Outreach > validation before sending', () => {
	test.each([
		['an empty attendee ID', '={{ "" }}', 'Attendee IDs: no attendee ID given'],
		['an item without the ID field', '={{ $json.missing }}', 'Attendee IDs: no attendee ID given'],
		['an empty list', '={{ [] }}', 'Attendee IDs: no attendee ID given'],
		['only commas', ' , ,', 'Attendee IDs: no attendee ID given'],
		['a non-UUID ID', 'guest-42', 'Attendee IDs: "guest-42" is not a UUID'],
		['a number', '={{ [42] }}', 'Attendee IDs: 42 is not a UUID'],
	])('%s is refused', async (_name, attendeeIds, message) => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendConfirmationEmail', { attendeeIds }),
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expectNothingSent();
	});

	test('one bad item among good ones stops the whole send before any request', async () => {
		const ids = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 3);
		const { error } = await run(ctx.sim, {
			parameters: base('sendConfirmationSms'),
			items: [{ id: ids[0] }, { id: 'nope' }, { id: ids[2] }],
		});
		expect(error?.message).toBe('Attendee IDs: "nope" is not a UUID');
		expectNothingSent();
	});

	test('with Continue On Fail only the bad item fails; the others are sent', async () => {
		const ids = addAttendees(ctx.sim, ctx.sim.seeded.eventIds[0], 2);
		const { items } = await run(ctx.sim, {
			parameters: base('sendConfirmationSms'),
			items: [{ id: ids[0] }, { id: '' }, { id: ids[1] }],
			continueOnFail: true,
		});
		expect(items.map((i) => i.json.sent ?? i.json.error)).toEqual([
			true,
			'Attendee IDs: no attendee ID given',
			true,
		]);
		expect(ctx.sim.store.outbox).toHaveLength(1);
		expect(ctx.sim.store.outbox[0].attendeeIds).toEqual(ids);
	});

	test('a non-UUID outreach email ID is refused', async () => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendManualEmail', {
				attendeeIds: '0f8fad5b-d9cb-469f-a165-70867728950e',
				outreachEmailId: 'draft-1',
			}),
		});
		expect(error?.message).toBe('Outreach Email ID: "draft-1" is not a UUID');
		expectNothingSent();
	});

	test('a Batch Size out of range is refused', async () => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendConfirmationEmail', {
				attendeeIds: '0f8fad5b-d9cb-469f-a165-70867728950e',
				sendOptions: { batchSize: 0 },
			}),
		});
		expect(error?.message).toMatch(/^Batch Size: must be a whole number from 1 to 1000/);
		expectNothingSent();
	});

	test.each([
		['no address', '={{ "" }}', 'Test Email Addresses: give at least one address'],
		['an empty list', '={{ [] }}', 'Test Email Addresses: give at least one address'],
		[
			'six addresses',
			'a@x.io, b@x.io, c@x.io, d@x.io, e@x.io, f@x.io',
			'Test Email Addresses: 6 addresses given; EventX accepts 1 to 5',
		],
		[
			'a malformed address',
			'a@x.io, not-an-email',
			'Test Email Addresses: "not-an-email" is not a valid email address',
		],
		[
			'an address without domain',
			'me@',
			'Test Email Addresses: "me@" is not a valid email address',
		],
	])('Send Test Email: %s is refused', async (_name, testEmails, message) => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendTestEmail', { testTemplateType: 'confirmation-email', testEmails }),
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expectNothingSent();
	});

	test('Send Test Email: a template type EventX does not test (from an expression) is refused', async () => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendTestEmail', {
				testTemplateType: '={{ "reminder-24H-email" }}',
				testEmails: 'me@example.com',
			}),
		});
		expect(error?.message).toBe(
			'Template Type: "reminder-24H-email" is not one of confirmation-email, confirmation-email-with-ticket-summary',
		);
		expectNothingSent();
	});

	test.each([
		[{ templateType: '={{ "welcome-email" }}' }, /^Template Type: "welcome-email" is not one of /],
		[{ templateFields: { senderId: 'me' } }, /^Sender ID: "me" is not a UUID$/],
		[
			{ templateFields: { replyToEmail: 'reply at example' } },
			/^Reply-To Email: "reply at example" is not a valid email address$/,
		],
		[{ templateFields: { design: '{"rows": [' } }, /^Design \(JSON\): is not valid JSON/],
		[{ templateFields: { design: '[1, 2]' } }, /^Design \(JSON\): must be a JSON object$/],
		[{ templateFields: { isDisabled: '={{ "yes" }}' } }, /^Disabled: must be true or false$/],
	])('Create or Update Email Template refuses %j', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: base('upsertEmailTemplate', { templateType: 'confirmation-email', ...extra }),
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toMatch(message);
		expectNothingSent();
	});
});
