// Trigger: deliveries (which are accepted, how they are output, what is refused).
import { randomUUID } from 'node:crypto';

import type { TriggerHarness } from '../harness/trigger';
import { useSimulator } from '../fixtures';
import { deliveryAttendee } from '../simulator/deliveries';
import { addAttendee, hooksOf, startTrigger, triggerParameters } from './setup';

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

		const executions = harness.executions;
		expect(executions).toHaveLength(5);
		for (const [i, items] of executions.entries()) {
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual(deliveries[i].body);
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
		const answer = await harness.post(forged);
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
		expect((await harness.post(otherEvent)).status).toBe(401);
		expect(apiCalls()).toHaveLength(0);
		expect(harness.executions).toHaveLength(0);

		// the genuine one still goes through
		expect(
			(await harness.post({ ...forged, config: { ...forged.config, webhook_id: hookId } })).status,
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
		const answer = await harness.post({
			config: { event_id: eventId, webhook_id: other, action: 'attendee-create' },
			attendee: { id: randomUUID() },
		});
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
		for (const body of bodies) {
			const answer = await harness.post(body);
			expect({ body, status: answer.status }).toEqual({ body, status: 400 });
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

		// n8n activates the workflow again (e.g. on start): the webhook is adopted and stored, and
		// deliveries are judged without a call again
		await harness.activate('init');
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(1);
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
		const answer = await harness.post({
			config: { event_id: eventId, webhook_id: hookId, action: 'attendee-delete' },
			attendee: { id: randomUUID() },
		});
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
		expect((await harness.post(delivery)).status).toBe(200);
		expect(harness.executions).toHaveLength(1);
		expect(apiCalls()).toHaveLength(0);
	});
});
