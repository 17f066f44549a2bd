import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, testBadInputs, testEmail } from '../badInputs';
import { outreachContext } from './fixtures';

const ctx = useSimulator();
const { base, expectNothingSent, send } = outreachContext(ctx);

describe('Outreach > Send Test Email', () => {
	test.each(['confirmation-email', 'confirmation-email-with-ticket-summary'])(
		'sends a %s test to up to five addresses',
		async (type) => {
			const eventId = ctx.sim.seeded.eventIds[0];
			const emails = ['a@example.com', 'b@example.com', 'c@example.org', 'd@example.net', 'e@x.io'];
			const { items, error } = await run(ctx.sim, {
				parameters: send('sendTestEmail', {
					testTemplateType: type,
					testEmails: emails.join(', '),
				}),
			});
			expect(error).toBeUndefined();
			const [request] = apiRequests(ctx.sim);
			expect(request).toMatchObject({
				method: 'POST',
				path: `/public-api/v1/event/${eventId}/outreach/email-template/${type}/test`,
				body: { testEmails: emails },
				status: 204,
			});
			expect(ctx.sim.store.outbox).toEqual([
				expect.objectContaining({ channel: 'test-email', templateType: type, testEmails: emails }),
			]);
			expect(items[0].json).toEqual({
				eventId,
				templateType: type,
				testEmails: emails,
				sent: true,
			});
		},
	);

	test('accepts an array of addresses from an expression', async () => {
		const { error } = await run(ctx.sim, {
			parameters: send('sendTestEmail', {
				testTemplateType: 'confirmation-email',
				testEmails: '={{ $json.to }}',
			}),
			items: [{ to: ['one@example.com', 'two@example.com'] }],
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].body).toEqual({
			testEmails: ['one@example.com', 'two@example.com'],
		});
	});
});

describe('Outreach > Send Test Email: validation before sending', () => {
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
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expectNothingSent();
	});

	test('Send Test Email: a template type EventX does not test (from an expression) is refused', async () => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendTestEmail', {
				testTemplateType: '={{ "reminder-24H-email" }}',
				testEmails: 'me@example.com',
			}),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message:
				'Template Type: "reminder-24H-email" is not one of confirmation-email, confirmation-email-with-ticket-summary',
			item: 0,
		});
		expectNothingSent();
	});
});

testBadInputs(ctx, [
	{
		name: 'Send Test Email: six addresses',
		parameters: testEmail({ testEmails: BAD }),
		good: () => 'a@example.com, b@example.com',
		bad: 'a@x.io, b@x.io, c@x.io, d@x.io, e@x.io, f@x.io',
		field: /^Test Email Addresses:/,
	},
	{
		name: 'Send Test Email: no address',
		parameters: testEmail({ testEmails: BAD }),
		good: () => 'a@example.com',
		bad: ' , ',
		field: /^Test Email Addresses:/,
	},
	{
		name: 'Send Test Email: a malformed address',
		parameters: testEmail({ testEmails: BAD }),
		good: () => ['a@example.com'],
		bad: ['a@example.com', 'not-an-email'],
		field: /^Test Email Addresses:/,
	},
	{
		name: 'Send Test Email: a template type EventX does not test',
		parameters: testEmail({ testTemplateType: BAD }),
		good: () => 'confirmation-email-with-ticket-summary',
		bad: 'reminder-email',
		field: /^Template Type:/,
	},
]);
