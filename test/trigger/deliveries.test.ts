// Trigger: deliveries (which are accepted, how they are output, what is refused).
import { randomUUID } from 'node:crypto';

import type { TriggerHarness } from '../harness/trigger';
import { useSimulator } from '../fixtures';
import { deliveryAttendee } from '../simulator/deliveries';
import {
	addAttendee,
	captureLogs,
	deliveryUrl,
	hooksOf,
	startTrigger,
	triggerParameters,
} from './setup';

const ctx = useSimulator();
let harness: TriggerHarness | undefined;

afterEach(async () => {
	await harness?.stop();
	harness = undefined;
});

const ALL = [
	'attendee-create',
	'attendee-update',
	'attendee-delete',
	'attendee-check-in',
	'attendee-check-out',
];

const apiCalls = () => ctx.sim.requestsTo(undefined, /^\/public-api\/v1\/event\//);

async function controlPost(path: string, body: unknown = {}) {
	const response = await fetch(`${ctx.sim.url}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('EventX Trigger deliveries (n8n WebhookContext over HTTP from the simulator)', () => {
	it('each of the five actions reaches the trigger as one item carrying the payload as delivered', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ALL, 'raw'));
		await harness.activate();
		const hookId = hooksOf(ctx.sim, eventId)[0].id;
		const attendee = addAttendee(ctx.sim, eventId);

		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		ctx.sim.notify(eventId, 'attendee-update', deliveryAttendee({ ...attendee, jobTitle: 'CTO' }));
		await ctx.sim.settled();
		expect((await controlPost(`/__sim/attendees/${attendee.id}/check-in`)).status).toBe(200);
		expect((await controlPost(`/__sim/attendees/${attendee.id}/check-out`)).status).toBe(200);
		ctx.sim.notify(eventId, 'attendee-delete', deliveryAttendee(attendee));
		await ctx.sim.settled();

		const deliveries = ctx.sim.store.deliveries;
		expect(deliveries.map((d) => d.action)).toEqual([
			'attendee-create',
			'attendee-update',
			'attendee-check-in',
			'attendee-check-out',
			'attendee-delete',
		]);
		expect(deliveries.every((d) => d.status === 200 && d.webhookId === hookId)).toBe(true);

		// EventX was given the node's URL with a secret, and repeats it in each body
		const url = harness.webhookUrl();
		expect(hooksOf(ctx.sim, eventId)[0].url).toMatch(
			new RegExp(`^${url.replace(/[.?]/g, '\\$&')}\\?secret=[A-Za-z0-9_-]{43}$`),
		);
		expect(
			deliveries.every(
				(d) =>
					(d.body.config as { endpoint_url: string }).endpoint_url ===
					hooksOf(ctx.sim, eventId)[0].url,
			),
		).toBe(true);

		const executions = harness.executions;
		expect(executions).toHaveLength(5);
		for (const [i, items] of executions.entries()) {
			expect(items).toHaveLength(1);
			// the body as delivered, but for the secret, which no output shows
			const { config, attendee } = deliveries[i].body as { config: object; attendee: object };
			expect(items[0].json).toEqual({ config: { ...config, endpoint_url: url }, attendee });
		}
		const checkIn = executions[2][0].json as {
			config: Record<string, unknown>;
			attendee: Record<string, unknown>;
		};
		expect(checkIn.config).toEqual({
			event_id: eventId,
			webhook_id: hookId,
			action: 'attendee-check-in',
			endpoint_url: harness.webhookUrl(),
		});
		expect(checkIn.attendee.check_in_method).toBe('qr_code');
		expect(checkIn.attendee.checked_in_at).toEqual(expect.any(String));
		expect((executions[3][0].json.attendee as Record<string, unknown>).checked_in_at).toBeNull();
		expect((executions[1][0].json.attendee as Record<string, unknown>).job_title).toBe('CTO');
		// n8n answered each delivery itself with 200 and started the workflow
		expect(harness.received.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
		// deliveries of a stored subscription need no API call
		// checkExists and create's check for a concurrent registration; no call per delivery
		expect(apiCalls().filter((r) => r.method === 'GET')).toHaveLength(2);
	});

	it('only the chosen actions are delivered', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-check-in']));
		await harness.activate();
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		ctx.sim.checkIn(attendee.id, 'walk_in');
		await ctx.sim.settled();
		expect(harness.executions).toHaveLength(1);
		const body = harness.executions[0][0].json as { attendee: Record<string, unknown> };
		expect(body.attendee.check_in_method).toBe('walk_in');
	});

	it('the tidy output: camelCase keys, update_at read as updatedAt, action and event id alongside', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-update'], 'tidy'));
		await harness.activate();
		const attendee = addAttendee(ctx.sim, eventId, {
			updatedAt: '2026-11-20T10:00:00.000Z',
			ticketClassId: 'tc-1',
			customFields: { diet: 'vegan' },
		});
		ctx.sim.notify(eventId, 'attendee-update', deliveryAttendee(attendee, 'VIP'));
		await ctx.sim.settled();

		expect(harness.executions).toHaveLength(1);
		const json = harness.executions[0][0].json;
		expect(json).toMatchObject({
			action: 'attendee-update',
			eventId,
			id: attendee.id,
			firstName: 'Ada',
			lastName: 'Lovelace',
			email: 'ada@example.com',
			registrationStatus: 'registered',
			ticketClassId: 'tc-1',
			ticketClassName: 'VIP',
			updatedAt: '2026-11-20T10:00:00.000Z',
			createdAt: attendee.createdAt,
			checkedInAt: null,
			customFields: { diet: 'vegan' },
		});
		const keys = Object.keys(json);
		expect(keys.filter((k) => k.includes('_'))).toEqual([]);
		expect(keys).not.toContain('updateAt');
		expect(keys).not.toContain('config');
	});

	it('a forged delivery naming another webhook is refused with 401 and starts nothing', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ALL));
		await harness.activate();
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.clearLog();

		const forged = {
			config: {
				event_id: eventId,
				webhook_id: randomUUID(),
				action: 'attendee-create',
				endpoint_url: harness.webhookUrl(),
			},
			attendee: deliveryAttendee(attendee),
		};
		const answer = await harness.post(forged, deliveryUrl(ctx.sim, eventId, harness));
		expect(answer.status).toBe(401);
		expect(harness.executions).toHaveLength(0);
		// judged from the node's static data: EventX is not asked
		expect(apiCalls()).toHaveLength(0);

		// another event: refused without asking EventX
		ctx.sim.clearLog();
		const hookId = hooksOf(ctx.sim, eventId)[0].id;
		const otherEvent = {
			...forged,
			config: { ...forged.config, event_id: ctx.sim.seeded.eventIds[1], webhook_id: hookId },
		};
		expect((await harness.post(otherEvent, deliveryUrl(ctx.sim, eventId, harness))).status).toBe(
			401,
		);
		expect(apiCalls()).toHaveLength(0);
		expect(harness.executions).toHaveLength(0);

		// the genuine one still goes through
		expect(
			(
				await harness.post(
					{ ...forged, config: { ...forged.config, webhook_id: hookId } },
					deliveryUrl(ctx.sim, eventId, harness),
				)
			).status,
		).toBe(200);
		expect(harness.executions).toHaveLength(1);
	});

	it('a webhook of another node on the same event is refused even though EventX holds it', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ALL));
		await harness.activate();
		const other = randomUUID();
		ctx.sim.store.webhooks.set(other, {
			id: other,
			eventId,
			url: 'https://elsewhere.example.com/webhook/abc/webhook',
			actions: ALL,
		});
		const answer = await harness.post(
			{
				config: { event_id: eventId, webhook_id: other, action: 'attendee-create' },
				attendee: { id: randomUUID() },
			},
			deliveryUrl(ctx.sim, eventId, harness),
		);
		expect(answer.status).toBe(401);
		expect(harness.executions).toHaveLength(0);
	});

	it('malformed bodies are refused with 400 and start nothing', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ALL));
		await harness.activate();
		const hookId = hooksOf(ctx.sim, eventId)[0].id;
		const config = { event_id: eventId, webhook_id: hookId, action: 'attendee-create' };
		ctx.sim.clearLog();

		const bodies: unknown[] = [
			'not json at all',
			[],
			{},
			{ config },
			{ attendee: { id: 'x' } },
			{ config, attendee: 'ada' },
			{ config: 'x', attendee: {} },
			{ config: { ...config, action: 'attendee-explode' }, attendee: {} },
			{ config: { event_id: eventId, action: 'attendee-create' }, attendee: {} },
		];
		const url = deliveryUrl(ctx.sim, eventId, harness);
		for (const body of bodies) {
			const answer = await harness.post(body, url);
			expect({ body, status: answer.status }).toEqual({ body, status: 400 });
			// without the secret the body is not even looked at
			const unsigned = await harness.post(body);
			expect({ body, status: unsigned.status }).toEqual({ body, status: 401 });
		}
		expect(harness.executions).toHaveLength(0);
		expect(apiCalls()).toHaveLength(0);
	});

	it('deliveries reach the test URL while the editor listens', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create'], 'tidy'));
		await harness.listenForTest();
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();
		expect(harness.received.map((r) => [r.isTest, r.status])).toEqual([[true, 200]]);
		expect(harness.executions).toHaveLength(1);
		expect(harness.executions[0][0].json).toMatchObject({ action: 'attendee-create', eventId });
		await harness.stopListening();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
	});

	it('a test delivery is judged from the static data of its own activation, without calling EventX', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.listenForTest();
		ctx.sim.clearLog();
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();
		expect(harness.executions).toHaveLength(1);
		expect(apiCalls()).toHaveLength(0);
	});

	it('a node whose static data lacks its webhook (lost, or not saved yet) confirms a delivery with one call; activation stores it again', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		harness.savedStaticData = {};
		harness.restart();
		ctx.sim.clearLog();
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();
		// EventX lists the webhook on the event, pointing at this node: the delivery is this node's
		// (test/trigger/activationRace.test.ts).
		expect(harness.received.map((r) => r.status)).toEqual([200]);
		expect(harness.executions).toHaveLength(1);
		expect(
			apiCalls().map((r) => `${r.method} ${r.path.replace(/^.*\/webhook/, 'webhook')}`),
		).toEqual(['GET webhook/all']);

		// n8n activates the workflow again (e.g. on start): the webhook whose secret is lost is
		// replaced by a new registration, and deliveries are judged without a call again
		const lost = hooksOf(ctx.sim, eventId)[0];
		await harness.activate('init');
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(1);
		expect(hooksOf(ctx.sim, eventId)[0].id).not.toBe(lost.id);
		ctx.sim.clearLog();
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();
		expect(harness.executions).toHaveLength(2);
		expect(apiCalls()).toHaveLength(0);
	});

	it('end to end: activate, an attendee change becomes an item, deactivate leaves no webhook and no deliveries', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(
			ctx.sim,
			triggerParameters(eventId, ['attendee-create', 'attendee-check-in'], 'tidy', 'list'),
		);
		await harness.activate();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(1);
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();
		expect(harness.executions.map((items) => items[0].json.id)).toEqual([attendee.id]);

		await harness.deactivate();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
		ctx.sim.checkIn(attendee.id);
		await ctx.sim.settled();
		expect(ctx.sim.store.deliveries).toHaveLength(1);
		expect(harness.received).toHaveLength(1);
	});

	it('an action the node does not listen to is answered 200 and starts nothing', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const hookId = hooksOf(ctx.sim, eventId)[0].id;
		const answer = await harness.post(
			{
				config: { event_id: eventId, webhook_id: hookId, action: 'attendee-delete' },
				attendee: { id: randomUUID() },
			},
			deliveryUrl(ctx.sim, eventId, harness),
		);
		expect(answer.status).toBe(200);
		expect(harness.executions).toHaveLength(0);
	});

	it('a known delivery is accepted while EventX is down: deliveries need no call', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const hookId = hooksOf(ctx.sim, eventId)[0].id;
		ctx.sim.clearLog();
		ctx.sim.addFault({ kind: 'status', status: 503, times: 0 });
		const delivery = {
			config: { event_id: eventId, webhook_id: hookId, action: 'attendee-create' },
			attendee: { id: randomUUID() },
		};
		expect((await harness.post(delivery, deliveryUrl(ctx.sim, eventId, harness))).status).toBe(200);
		expect(harness.executions).toHaveLength(1);
		expect(apiCalls()).toHaveLength(0);
	});
});

describe('event IDs in another case (issue 41, point 10)', () => {
	it('an Event given By ID in upper case receives the lower-case deliveries EventX sends', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(
			ctx.sim,
			triggerParameters(eventId.toUpperCase(), ['attendee-create'], 'tidy'),
		);
		await harness.activate();
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();
		expect(ctx.sim.store.deliveries.map((d) => d.body.config)).toEqual([
			expect.objectContaining({ event_id: eventId }),
		]);
		expect(harness.received.map((r) => r.status)).toEqual([200]);
		expect(harness.executions.map((items) => items[0].json.eventId)).toEqual([eventId]);

		// and IDs a sender spells in upper case are the same IDs
		const hookId = hooksOf(ctx.sim, eventId)[0].id;
		const shouted = {
			config: {
				event_id: eventId.toUpperCase(),
				webhook_id: hookId.toUpperCase(),
				action: 'attendee-create',
			},
			attendee: { id: randomUUID() },
		};
		expect((await harness.post(shouted, deliveryUrl(ctx.sim, eventId, harness))).status).toBe(200);
		expect(harness.executions).toHaveLength(2);
	});
});

describe("refused deliveries leave a trace in n8n's log", () => {
	it('each refusal is a warning saying why, naming IDs and never the secret', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const otherEvent = ctx.sim.seeded.eventIds[1];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const hookId = hooksOf(ctx.sim, eventId)[0].id;
		const url = deliveryUrl(ctx.sim, eventId, harness);
		const secret = new URL(url).searchParams.get('secret')!;
		const stranger = randomUUID();
		const logs = captureLogs();
		try {
			const config = { event_id: otherEvent, webhook_id: hookId, action: 'attendee-create' };
			expect((await harness.post({ config, attendee: {} }, url)).status).toBe(401);
			const unknown = { ...config, event_id: eventId, webhook_id: stranger };
			expect((await harness.post({ config: unknown, attendee: {} }, url)).status).toBe(401);
			expect((await harness.post({ attendee: {} }, url)).status).toBe(400);
			const ignored = { ...config, event_id: eventId, action: 'attendee-delete' };
			expect((await harness.post({ config: ignored, attendee: {} }, url)).status).toBe(200);
			const genuine = { ...config, event_id: eventId };
			expect((await harness.post({ config: genuine, attendee: {} })).status).toBe(401);
			const wrong = `${harness.webhookUrl()}?secret=${'A'.repeat(43)}`;
			expect((await harness.post({ config: genuine, attendee: {} }, wrong)).status).toBe(401);
		} finally {
			logs.restore();
		}
		expect(logs.lines.map((l) => [l.level, l.message])).toEqual([
			[
				'warn',
				`EventX Trigger: refused a delivery (HTTP 401): it is for event ${otherEvent}, and this trigger watches event ${eventId}`,
			],
			[
				'warn',
				`EventX Trigger: refused a delivery (HTTP 401): it names webhook ${stranger}, and this trigger's webhook is ${hookId}`,
			],
			[
				'warn',
				'EventX Trigger: refused a delivery (HTTP 400): the body has no "config" and "attendee" objects',
			],
			[
				'info',
				'EventX Trigger: 1 delivery of "attendee-delete" left out: the trigger does not listen to it',
			],
			[
				'warn',
				'EventX Trigger: refused a delivery (HTTP 401): its URL carries no secret (a forged delivery, or a webhook registered before secrets: publishing the workflow again registers it anew)',
			],
			[
				'warn',
				"EventX Trigger: refused a delivery (HTTP 401): its URL's secret is not the one of this trigger's registration (an old or forged URL; publishing the workflow again registers the trigger anew)",
			],
		]);
		expect(logs.lines[0].meta).toEqual({ workflowId: harness.workflow.id, node: 'EventX Trigger' });
		expect(JSON.stringify(logs.lines)).not.toContain(secret);
		expect(harness.executions).toHaveLength(0);
	});
});
