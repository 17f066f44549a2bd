// The simulator itself: its outreach endpoints refuse what the OpenAPI refuses.
import { addAttendees } from '../actions/outreach/fixtures';
import { useSimulator } from '../fixtures';
import { DEMO_USER_ID } from './store';

/**
 * The simulator's outreach endpoints refuse what the OpenAPI refuses, so that the node's tests
 * would notice a wrong body. Called over HTTP with a token the store issues.
 */
const ctx = useSimulator();
async function call(method: string, path: string, body?: unknown) {
	const { accessToken } = ctx.sim.store.issueToken(DEMO_USER_ID);
	const response = await fetch(`${ctx.sim.url}/public-api/v1${path}`, {
		method,
		headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	// A 204 carries no body on the wire (Node's server drops it), which clients read as `{}`.
	const text = await response.text();
	return {
		status: response.status,
		body: (text === '' ? {} : JSON.parse(text)) as { error?: { status: number } },
	};
}

describe('Simulator > outreach endpoints', () => {
	test('a send answers 204 with {} and is recorded in the outbox', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const ids = addAttendees(ctx.sim, eventId, 2);
		const answer = await call(
			'POST',
			`/event/${eventId}/outreach/sms-template/confirmation-sms/send`,
			{ attendeeIds: ids },
		);
		expect(answer).toEqual({ status: 204, body: {} });
		expect(ctx.sim.store.outbox).toEqual([
			expect.objectContaining({ eventId, channel: 'sms', attendeeIds: ids }),
		]);
	});

	test.each([
		['no body', undefined, 400],
		['attendeeIds not an array', { attendeeIds: 'x' }, 400],
		['a non-UUID', { attendeeIds: ['x'] }, 400],
		['an unknown member', { attendeeIds: [], channel: 'sms' }, 400],
		['an attendee of another event', 'other', 404],
		['an unknown attendee', { attendeeIds: ['0f8fad5b-d9cb-469f-a165-70867728950e'] }, 404],
	])('a send with %s is refused and not recorded', async (_name, body, status) => {
		const [eventId, other] = ctx.sim.seeded.eventIds;
		const payload = body === 'other' ? { attendeeIds: addAttendees(ctx.sim, other, 1) } : body;
		const answer = await call(
			'POST',
			`/event/${eventId}/outreach/email-template/confirmation-email/send`,
			payload,
		);
		expect(answer.status).toBe(status);
		expect(answer.body.error?.status).toBe(status);
		expect(ctx.sim.store.outbox).toHaveLength(0);
	});

	test.each([
		['a type that is not tested', 'reminder-1H-email', { testEmails: ['a@x.io'] }],
		['no address', 'confirmation-email', { testEmails: [] }],
		['six addresses', 'confirmation-email', { testEmails: Array(6).fill('a@x.io') }],
		['a malformed address', 'confirmation-email', { testEmails: ['a@x'] }],
	])('a test email with %s is refused (400)', async (_name, type, body) => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const answer = await call(
			'POST',
			`/event/${eventId}/outreach/email-template/${type}/test`,
			body,
		);
		expect(answer.status).toBe(400);
		expect(ctx.sim.store.outbox).toHaveLength(0);
	});

	test.each([
		['an unknown type', 'welcome-email', { subject: 'x' }],
		['an unknown member', 'confirmation-email', { title: 'x' }],
		['a non-UUID sender', 'confirmation-email', { senderId: 'me' }],
		['a design that is not an object', 'confirmation-email', { design: '[]' }],
		['a string switch', 'confirmation-email', { isDisabled: 'true' }],
	])('a template with %s is refused (400) and not stored', async (_name, type, body) => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const answer = await call('PUT', `/event/${eventId}/outreach/email-template/${type}`, body);
		expect(answer.status).toBe(400);
		expect(ctx.sim.store.emailTemplates.size).toBe(0);
	});

	test('the manual-email path lives outside /event and needs a UUID draft ID', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const ids = addAttendees(ctx.sim, eventId, 1);
		const bad = await call('POST', `/outreach/${eventId}/manual-email/draft/send`, {
			attendeeIds: ids,
		});
		expect(bad.status).toBe(400);
		const good = await call(
			'POST',
			`/outreach/${eventId}/manual-email/5d0c7a0e-4f59-4d3b-9a52-0f3b8f4c2e1a/send`,
			{ attendeeIds: ids },
		);
		expect(good.status).toBe(204);
		expect(ctx.sim.store.outbox).toHaveLength(1);
	});
});
