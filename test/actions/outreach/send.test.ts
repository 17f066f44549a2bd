import { apiRequests, run, useSimulator } from '../../helpers';
import { addAttendees, byId, CONFIRMATION_EMAIL_PATH, outboxCounts } from './fixtures';

const ctx = useSimulator();

const send = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'outreach',
	operation,
	eventId: byId(ctx.sim.seeded.eventIds[0]),
	...extra,
});

describe('Outreach > confirmation sends', () => {
	test.each([
		['sendConfirmationEmail', 'email', '/outreach/email-template/confirmation-email/send'],
		['sendConfirmationSms', 'sms', '/outreach/sms-template/confirmation-sms/send'],
		[
			'sendConfirmationWhatsApp',
			'whatsapp',
			'/outreach/whatsapp-template/confirmation-message/send',
		],
	])('%s sends the IDs of all items in one request', async (operation, channel, suffix) => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const ids = addAttendees(ctx.sim, eventId, 3);
		const { items, error } = await run(ctx.sim, {
			parameters: send(operation),
			items: ids.map((id) => ({ id })),
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/event/${eventId}${suffix}`,
			body: { attendeeIds: ids },
			status: 204,
		});
		expect(ctx.sim.store.outbox).toEqual([
			expect.objectContaining({ eventId, channel, attendeeIds: ids }),
		]);
		expect(items.map((i) => i.json)).toEqual(
			ids.map((id) => ({ eventId, channel, attendeeIds: [id], sent: true })),
		);
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1, 2]);
	});

	test('1,000 items with 1,000 distinct IDs take 10 requests at Batch Size 100', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const ids = addAttendees(ctx.sim, eventId, 1000);
		const { items, error } = await run(ctx.sim, {
			parameters: send('sendConfirmationEmail'),
			items: ids.map((id) => ({ id })),
		});
		expect(error).toBeUndefined();
		const requests = ctx.sim.requestsTo('POST', CONFIRMATION_EMAIL_PATH);
		expect(requests).toHaveLength(10);
		expect(apiRequests(ctx.sim)).toHaveLength(10);
		expect(requests.map((r) => (r.body as { attendeeIds: string[] }).attendeeIds.length)).toEqual(
			Array(10).fill(100),
		);
		const counts = outboxCounts(ctx.sim, 'email');
		expect(counts.size).toBe(1000);
		expect([...counts.values()].every((n) => n === 1)).toBe(true);
		expect(items).toHaveLength(1000);
		expect(items[999].json).toEqual({
			eventId,
			channel: 'email',
			attendeeIds: [ids[999]],
			sent: true,
		});
		expect((items[999].pairedItem as { item: number }).item).toBe(999);
	});

	test('Batch Size changes the chunking (1,000 IDs at 250 = 4 requests)', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const ids = addAttendees(ctx.sim, eventId, 1000);
		const { error } = await run(ctx.sim, {
			parameters: send('sendConfirmationEmail', { sendOptions: { batchSize: 250 } }),
			items: ids.map((id) => ({ id })),
		});
		expect(error).toBeUndefined();
		expect(ctx.sim.requestsTo('POST', CONFIRMATION_EMAIL_PATH)).toHaveLength(4);
	});

	test('duplicates within and across items are sent once; each item reports its own IDs', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const [a, b, c] = addAttendees(ctx.sim, eventId, 3);
		const { items, error } = await run(ctx.sim, {
			parameters: send('sendConfirmationSms', { attendeeIds: '={{ $json.ids }}' }),
			items: [
				{ ids: [a, b, a] },
				{ ids: `${b}, ${c}` },
				{ ids: a.toUpperCase() },
				{ ids: [`${c},${a}`] },
			],
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests).toHaveLength(1);
		expect(requests[0].body).toEqual({ attendeeIds: [a, b, c] });
		expect(items.map((i) => i.json.attendeeIds)).toEqual([[a, b], [b, c], [a], [c, a]]);
		expect(items.every((i) => i.json.sent === true)).toBe(true);
	});

	test('items of different events are grouped per event: one request each', async () => {
		const [first, second] = ctx.sim.seeded.eventIds;
		const ids1 = addAttendees(ctx.sim, first, 3);
		const ids2 = addAttendees(ctx.sim, second, 2);
		const { items, error } = await run(ctx.sim, {
			parameters: send('sendConfirmationWhatsApp', {
				eventId: byId('={{ $json.eventId }}'),
			}),
			items: [
				{ eventId: first, id: ids1[0] },
				{ eventId: second, id: ids2[0] },
				{ eventId: first, id: ids1[1] },
				{ eventId: second, id: ids2[1] },
				{ eventId: first, id: ids1[2] },
			],
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests.map((r) => [r.path.split('/')[4], r.body])).toEqual([
			[first, { attendeeIds: ids1 }],
			[second, { attendeeIds: ids2 }],
		]);
		expect(items.map((i) => i.json.eventId)).toEqual([first, second, first, second, first]);
	});

	test("an unknown attendee fails with EventX's message, and nothing of that request is sent", async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const [known] = addAttendees(ctx.sim, eventId, 1);
		const { error } = await run(ctx.sim, {
			parameters: send('sendConfirmationEmail', {
				attendeeIds: `${known}, 0f8fad5b-d9cb-469f-a165-70867728950e`,
			}),
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Attendee not found');
		expect(ctx.sim.store.outbox).toHaveLength(0);
		expect(apiRequests(ctx.sim)).toHaveLength(1);
	});
});

describe('Outreach > Send Manual Email', () => {
	test('sends the draft to the attendees of all items on the manual-email path', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const outreachEmailId = '5d0c7a0e-4f59-4d3b-9a52-0f3b8f4c2e1a';
		const ids = addAttendees(ctx.sim, eventId, 2);
		const { items, error } = await run(ctx.sim, {
			parameters: send('sendManualEmail', { outreachEmailId }),
			items: ids.map((id) => ({ id })),
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests).toHaveLength(1);
		expect(requests[0]).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/outreach/${eventId}/manual-email/${outreachEmailId}/send`,
			body: { attendeeIds: ids },
		});
		expect(ctx.sim.store.outbox).toEqual([
			expect.objectContaining({ channel: 'manual-email', outreachEmailId, attendeeIds: ids }),
		]);
		expect(items[1].json).toEqual({
			eventId,
			channel: 'manual-email',
			outreachEmailId,
			attendeeIds: [ids[1]],
			sent: true,
		});
	});
});

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
		const { EMAIL_TEMPLATE_TYPES } = await import('../../../nodes/EventX/helpers/enums');
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
