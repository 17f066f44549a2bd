import { apiRequests, expectNodeError, expectNotRepeated, run, useSimulator } from '../../fixtures';
import type { FaultSpec } from '../../simulator/faults';
import { anAttendee, BAD, outreachParams, testBadInputs } from '../badInputs';
import {
	addAttendees,
	byId,
	CONFIRMATION_EMAIL_PATH,
	outboxCounts,
	outreachContext,
} from './fixtures';

const ctx = useSimulator();
const { base, expectNothingSent, send } = outreachContext(ctx);
/**
 * 150 attendees of event A (two requests at Batch Size 100) then 50 of event B (one request).
 * The fault is put on event B's request, so two batches have already gone out when it fails.
 */
function scenario() {
	const [eventA, eventB] = ctx.sim.seeded.eventIds;
	const idsA = addAttendees(ctx.sim, eventA, 150);
	const idsB = addAttendees(ctx.sim, eventB, 50);
	const items = [
		...idsA.map((id) => ({ eventId: eventA, id })),
		...idsB.map((id) => ({ eventId: eventB, id })),
	];
	const parameters = {
		resource: 'outreach',
		operation: 'sendConfirmationEmail',
		eventId: byId('={{ $json.eventId }}'),
		options: { timeoutSeconds: 1 },
	};
	const pathB = `/event/${eventB}/outreach/email-template/confirmation-email/send$`;
	return { eventA, eventB, idsA, idsB, items, parameters, pathB };
}
function expectNobodyTwice() {
	const counts = outboxCounts(ctx.sim);
	expect([...counts.values()].filter((n) => n > 1)).toEqual([]);
	return counts;
}
/** Whether the fault lets the request be applied (the outbox then has event B's attendees once). */
const faults: Array<[string, Omit<FaultSpec, 'path'>, boolean, RegExp]> = [
	['HTTP 500', { kind: 'status', status: 500 }, false, /^Injected failure \(500\)$/],
	['HTTP 503', { kind: 'status', status: 503 }, false, /^Injected failure \(503\)$/],
	[
		'HTTP 502 on every attempt',
		{ kind: 'status', status: 502, times: 0 },
		false,
		/^Injected failure \(502\)$/,
	],
	[
		'a timeout (answer after 2 s, timeout 1 s)',
		{ kind: 'delay', delayMs: 2000 },
		true,
		/^EventX did not answer in time$/,
	],
	[
		'a connection dropped after the request was applied',
		{ kind: 'drop-after' },
		true,
		/^The connection to EventX was dropped$/,
	],
	[
		'a connection dropped before the request was read',
		{ kind: 'drop-before' },
		false,
		/^The connection to EventX was dropped$/,
	],
	['a body that is not JSON', { kind: 'malformed' }, true, /^EventX answered without a JSON body$/],
];

describe('Outreach > never twice', () => {
	test.each(faults)(
		'%s: the failed batch is sent once and reported; earlier batches are not repeated',
		async (_name, fault, applied, message) => {
			const s = scenario();
			ctx.sim.addFault({ ...fault, method: 'POST', path: s.pathB });
			const { items, error } = await run(ctx.sim, { parameters: s.parameters, items: s.items });

			expectNodeError(error, { name: 'NodeApiError', message, item: 150 });
			expect(apiRequests(ctx.sim)).toHaveLength(3);
			expect(ctx.sim.requestsTo('POST', s.pathB)).toHaveLength(1);
			expect(items).toHaveLength(0);

			const counts = expectNobodyTwice();
			expect(s.idsA.every((id) => counts.get(id) === 1)).toBe(true);
			expect(s.idsB.every((id) => counts.get(id) === (applied ? 1 : undefined))).toBe(true);
		},
	);

	test.each(faults)(
		"%s with Continue On Fail: only the failed batch's items carry the error",
		async (_name, fault, applied, message) => {
			const s = scenario();
			ctx.sim.addFault({ ...fault, method: 'POST', path: s.pathB });
			const { items, error } = await run(ctx.sim, {
				parameters: s.parameters,
				items: s.items,
				continueOnFail: true,
			});
			expect(error).toBeUndefined();
			expect(apiRequests(ctx.sim)).toHaveLength(3);
			expect(items).toHaveLength(200);
			expect(items.slice(0, 150).every((i) => i.json.sent === true)).toBe(true);
			expect(items.slice(150).map((i) => i.json.error)).toEqual(
				Array(50).fill(expect.stringMatching(message)),
			);
			expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual(
				s.items.map((_, index) => index),
			);
			const counts = expectNobodyTwice();
			expect(counts.size).toBe(applied ? 200 : 150);
		},
	);

	test('a 429 proves nothing was sent: the batch is retried and sent exactly once', async () => {
		const s = scenario();
		ctx.sim.addFault({
			kind: 'status',
			status: 429,
			method: 'POST',
			path: s.pathB,
			headers: { 'retry-after': '0' },
		});
		const { items, error } = await run(ctx.sim, { parameters: s.parameters, items: s.items });
		expect(error).toBeUndefined();
		expect(ctx.sim.requestsTo('POST', s.pathB).map((r) => r.status)).toEqual([429, 204]);
		expect(apiRequests(ctx.sim)).toHaveLength(4);
		const counts = expectNobodyTwice();
		expect(counts.size).toBe(200);
		expect(items.every((i) => i.json.sent === true)).toBe(true);
	});

	test('without Continue On Fail nothing more is sent after the first failed batch', async () => {
		const s = scenario();
		ctx.sim.addFault({
			kind: 'status',
			status: 500,
			method: 'POST',
			path: CONFIRMATION_EMAIL_PATH.source,
		});
		const { error } = await run(ctx.sim, { parameters: s.parameters, items: s.items });
		expectNodeError(error, { name: 'NodeApiError', message: 'Injected failure (500)', item: 0 });
		expect(apiRequests(ctx.sim)).toHaveLength(1);
		expect(ctx.sim.store.outbox).toHaveLength(0);
	});

	test('with Continue On Fail the later batches still go out, each once', async () => {
		const s = scenario();
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: CONFIRMATION_EMAIL_PATH.source });
		const { items } = await run(ctx.sim, {
			parameters: s.parameters,
			items: s.items,
			continueOnFail: true,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(3);
		expect(items.slice(0, 100).map((i) => i.json.error)).toEqual(
			Array(100).fill('The connection to EventX was dropped'),
		);
		expect(items.slice(100).every((i) => i.json.sent === true)).toBe(true);
		const counts = expectNobodyTwice();
		expect(counts.size).toBe(200);
	});

	test('a manual email after a dropped connection and a test email after a 500 are not repeated', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const ids = addAttendees(ctx.sim, eventId, 2);
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: '/manual-email/' });
		const manual = await run(ctx.sim, {
			parameters: {
				resource: 'outreach',
				operation: 'sendManualEmail',
				eventId: byId(eventId),
				outreachEmailId: '5d0c7a0e-4f59-4d3b-9a52-0f3b8f4c2e1a',
			},
			items: ids.map((id) => ({ id })),
		});
		expectNotRepeated(manual.error);
		expect(ctx.sim.requestsTo('POST', '/manual-email/')).toHaveLength(1);

		ctx.sim.addFault({ kind: 'status', status: 500, method: 'POST', path: '/test$' });
		const test = await run(ctx.sim, {
			parameters: {
				resource: 'outreach',
				operation: 'sendTestEmail',
				eventId: byId(eventId),
				testTemplateType: 'confirmation-email',
				testEmails: 'me@example.com',
			},
		});
		expectNodeError(test.error, {
			name: 'NodeApiError',
			message: 'Injected failure (500)',
			item: 0,
		});
		expect(ctx.sim.requestsTo('POST', '/test$')).toHaveLength(1);
		expectNobodyTwice();
	});
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
			parameters: send('sendConfirmationEmail', { options: { batchSize: 250 } }),
			items: ids.map((id) => ({ id })),
		});
		expect(error).toBeUndefined();
		expect(ctx.sim.requestsTo('POST', CONFIRMATION_EMAIL_PATH)).toHaveLength(4);
	});

	test("an unknown attendee fails with EventX's message, and nothing of that request is sent", async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const [known] = addAttendees(ctx.sim, eventId, 1);
		const { error } = await run(ctx.sim, {
			parameters: send('sendConfirmationEmail', {
				attendeeIds: `${known}, 0f8fad5b-d9cb-469f-a165-70867728950e`,
			}),
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Attendee not found', item: 0 });
		expect(ctx.sim.store.outbox).toHaveLength(0);
		expect(apiRequests(ctx.sim)).toHaveLength(1);
	});
});

describe('Outreach > Send Confirmation Email: validation before sending', () => {
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
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expectNothingSent();
	});

	test('a Batch Size out of range is refused', async () => {
		const { error } = await run(ctx.sim, {
			parameters: base('sendConfirmationEmail', {
				attendeeIds: '0f8fad5b-d9cb-469f-a165-70867728950e',
				options: { batchSize: 0 },
			}),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: /^Batch Size: must be a whole number from 1 to 1000/,
			item: 0,
		});
		expectNothingSent();
	});
});

testBadInputs(ctx, [
	{
		name: 'Send Confirmation Email: an empty array of IDs',
		parameters: outreachParams('sendConfirmationEmail', { attendeeIds: BAD }),
		good: anAttendee,
		bad: [],
		field: /^Attendee IDs:/,
	},
]);
