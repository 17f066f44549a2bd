import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, outreachParams, template, testBadInputs } from '../badInputs';
import { outreachContext } from './fixtures';

const ctx = useSimulator();
const { base, expectNothingSent, send } = outreachContext(ctx);

describe('Outreach > Create or Update Email Template', () => {
	test('sends every template field and the simulator stores the template', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const design = { body: { rows: [] }, schemaVersion: 16 };
		const fields = {
			senderId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
			subject: 'See you soon',
			contentHtml: '<p>Hello {{firstName}}</p>',
			design: JSON.stringify(design),
			senderName: 'Acme Events',
			replyToEmail: 'events@example.com',
			shouldAttachCalendarFile: true,
			shouldAttachCheckInQRCodeFile: true,
			isDisabled: false,
		};
		const { items, error } = await run(ctx.sim, {
			parameters: send('upsertEmailTemplate', {
				templateType: 'reminder-24H-email',
				templateFields: fields,
			}),
		});
		expect(error).toBeUndefined();
		const body = { ...fields, design };
		const [request] = apiRequests(ctx.sim);
		expect(request).toMatchObject({
			method: 'PUT',
			path: `/public-api/v1/event/${eventId}/outreach/email-template/reminder-24H-email`,
			status: 204,
		});
		expect(request.body).toEqual(body);
		expect(ctx.sim.store.emailTemplates.get(`${eventId}/reminder-24H-email`)).toEqual(body);
		expect(items[0].json).toEqual({
			eventId,
			templateType: 'reminder-24H-email',
			...body,
			saved: true,
		});
	});

	test('only the fields set are sent; an empty reply-to clears it (null)', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.store.emailTemplates.set(`${eventId}/confirmation-email`, {
			subject: 'Old',
			replyToEmail: 'old@example.com',
			senderName: 'Keep me',
		});
		const { error } = await run(ctx.sim, {
			parameters: send('upsertEmailTemplate', {
				templateType: 'confirmation-email',
				templateFields: { subject: 'New', replyToEmail: '' },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].body).toEqual({ subject: 'New', replyToEmail: null });
		expect(ctx.sim.store.emailTemplates.get(`${eventId}/confirmation-email`)).toEqual({
			subject: 'New',
			replyToEmail: null,
			senderName: 'Keep me',
		});
	});

	test('every template type of the OpenAPI is accepted by the node and the simulator', async () => {
		// The emailTemplateType enum of PUT /event/{eventId}/outreach/email-template/{emailTemplateType}.
		const EMAIL_TEMPLATE_TYPES = [
			'attendee-approval-acknowledgement-email',
			'attendee-invitation-email',
			'attendee-rsvp-email',
			'confirmation-email',
			'confirmation-email-with-ticket-summary',
			'event-manager-invitation',
			'offline-payment-invoice-email',
			'order-summary-email',
			'reminder-24H-email',
			'reminder-1H-email',
			'special-role-invitation-email',
		];
		const eventId = ctx.sim.seeded.eventIds[0];
		const { items, error } = await run(ctx.sim, {
			parameters: send('upsertEmailTemplate', {
				templateType: '={{ $json.type }}',
				templateFields: { isDisabled: true },
			}),
			items: EMAIL_TEMPLATE_TYPES.map((type) => ({ type })),
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(11);
		expect(apiRequests(ctx.sim).map((r) => r.status)).toEqual(Array(11).fill(204));
		for (const type of EMAIL_TEMPLATE_TYPES)
			expect(ctx.sim.store.emailTemplates.get(`${eventId}/${type}`)).toEqual({ isDisabled: true });
	});
});

describe('Outreach > Create or Update Email Template: validation before sending', () => {
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
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expectNothingSent();
	});
});

testBadInputs(ctx, [
	{
		name: 'Create or Update Email Template: an unknown template type',
		parameters: outreachParams('upsertEmailTemplate', {
			templateType: BAD,
			templateFields: { subject: 'Hi' },
		}),
		good: () => 'confirmation-email',
		bad: 'birthday-email',
		field: /^Template Type:/,
	},
	{
		name: 'Create or Update Email Template: a design that is not JSON',
		parameters: template({ design: BAD }),
		good: () => '{"body": {}}',
		bad: '<html>',
		field: /^Design \(JSON\):/,
	},
	{
		name: 'Create or Update Email Template: a sender that is not a UUID',
		parameters: template({ senderId: BAD }),
		good: () => '6c2d8e4f-1a3b-4c5d-9e7f-8a9b0c1d2e3f',
		bad: 'events@example.com',
		field: /^Sender ID:/,
	},
	{
		name: 'Create or Update Email Template: a malformed reply-to address',
		parameters: template({ replyToEmail: BAD }),
		good: () => 'events@example.com',
		bad: 'events at example',
		field: /^Reply-To Email:/,
	},
	{
		name: 'Create or Update Email Template: a switch that is not true or false',
		parameters: template({ isDisabled: BAD }),
		good: () => false,
		bad: 'no',
		field: /^Disabled:/,
	},
]);
