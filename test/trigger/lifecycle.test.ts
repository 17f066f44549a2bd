// Trigger: webhook lifecycle (activation, re-activation, deactivation) against the simulator.
import { randomUUID } from 'node:crypto';

import { TriggerHarness } from '../harness/trigger';
import { demoCredentials, useSimulator } from '../fixtures';
import { deliveryUrl, hooksOf, startTrigger, storedIds, triggerParameters } from './setup';

const ctx = useSimulator();
let harness: TriggerHarness | undefined;

afterEach(async () => {
	await harness?.stop();
	harness = undefined;
});

const webhookRequests = (method: string) =>
	ctx.sim.requestsTo(method, /^\/public-api\/v1\/event\/[^/]+\/webhook/);

describe('EventX Trigger lifecycle (n8n HookContext, static data, simulator)', () => {
	it('activation creates exactly one webhook with the production URL and stores its id; deactivation removes it', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(
			ctx.sim,
			triggerParameters(eventId, ['attendee-create', 'attendee-check-in']),
		);

		const { existed } = await harness.activate();
		expect(existed).toBe(false);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		// the node's URL, with a secret of 256 bits (43 characters of base64url)
		const [url, secret] = hooks[0].url.split('?secret=');
		expect(url).toBe(harness.webhookUrl());
		expect(url).toMatch(/\/webhook\/[0-9a-f-]{36}\/webhook$/);
		expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(hooks[0].actions.sort()).toEqual(['attendee-check-in', 'attendee-create']);
		expect(harness.staticData).toEqual({
			webhooks: { [harness.webhookUrl()]: { webhookId: hooks[0].id, eventId, secret } },
		});
		// n8n saved the static data after activation
		expect(harness.savedStaticData['node:EventX Trigger']).toEqual(harness.staticData);
		// one list (checkExists), one create, one list to catch a concurrent registration
		expect(webhookRequests('GET')).toHaveLength(2);
		expect(webhookRequests('POST')).toHaveLength(1);

		expect(await harness.deactivate()).toBe(true);
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
		expect(harness.staticData).toEqual({});
		expect(webhookRequests('DELETE')).toHaveLength(1);
	});

	it('activating twice leaves one webhook: the second checkExists finds it and creates nothing', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-update']));
		expect((await harness.activate()).existed).toBe(false);
		expect((await harness.activate()).existed).toBe(true);
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(1);
		expect(webhookRequests('POST')).toHaveLength(1);
		expect(webhookRequests('PATCH')).toHaveLength(0);
	});

	it('reactivating after a restart (static data loaded from the database) reuses the webhook', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const id = hooksOf(ctx.sim, eventId)[0].id;
		harness.restart();
		expect(storedIds(harness)).toEqual({ [harness.webhookUrl()]: id });
		expect((await harness.activate('init')).existed).toBe(true);
		expect(hooksOf(ctx.sim, eventId).map((h) => h.id)).toEqual([id]);
		await harness.deactivate();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
	});

	it('a restart that lost the static data (and the secret) replaces the webhook found by URL: one remains, the old URL is refused', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const old = hooksOf(ctx.sim, eventId)[0];
		harness.savedStaticData = {};
		harness.restart();
		expect((await harness.activate('init')).existed).toBe(false);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).not.toBe(old.id);
		expect(hooks[0].url).not.toBe(old.url);
		expect(storedIds(harness)).toEqual({ [harness.webhookUrl()]: hooks[0].id });
		expect(webhookRequests('DELETE').map((r) => r.path)).toEqual([
			`/public-api/v1/event/${eventId}/webhook/${old.id}`,
		]);
		const delivery = {
			config: { event_id: eventId, webhook_id: hooks[0].id, action: 'attendee-create' },
			attendee: { id: randomUUID() },
		};
		expect((await harness.post(delivery, old.url)).status).toBe(401);
		expect((await harness.post(delivery, hooks[0].url)).status).toBe(200);
	});

	it('a subscription stored before deliveries carried a secret is registered anew at the next activation', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const webhookId = randomUUID();
		const node = 'node:EventX Trigger';
		harness = new TriggerHarness({
			parameters: triggerParameters(eventId, ['attendee-create']),
			credentials: demoCredentials(ctx.sim),
			staticData: {},
		});
		await harness.start();
		// What the previous version left: EventX holds the bare URL, static data its ID.
		ctx.sim.store.webhooks.set(webhookId, {
			id: webhookId,
			eventId,
			url: harness.webhookUrl(),
			actions: ['attendee-create'],
		});
		harness.savedStaticData = {
			[node]: { webhooks: { [harness.webhookUrl()]: { webhookId, eventId } } },
		};
		harness.restart();
		const unsigned = {
			config: { event_id: eventId, webhook_id: webhookId, action: 'attendee-create' },
			attendee: { id: randomUUID() },
		};
		// until then its deliveries are refused
		expect((await harness.post(unsigned)).status).toBe(401);

		expect((await harness.activate('init')).existed).toBe(false);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).not.toBe(webhookId);
		expect(hooks[0].url).toMatch(/\?secret=[A-Za-z0-9_-]{43}$/);
		expect(storedIds(harness)).toEqual({ [harness.webhookUrl()]: hooks[0].id });
		expect(harness.executions).toHaveLength(0);
	});

	it('a webhook deleted outside n8n counts as absent: checkExists is false, forgets the id, create makes a new one', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const oldId = hooksOf(ctx.sim, eventId)[0].id;
		ctx.sim.store.webhooks.delete(oldId); // removed in EventX's admin panel

		expect(await harness.run('checkExists', 'trigger', 'init', false)).toBe(false);
		expect(harness.staticData).toEqual({});
		expect(await harness.run('create', 'trigger', 'init', false)).toBe(true);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).not.toBe(oldId);
		expect(storedIds(harness)).toEqual({ [harness.webhookUrl()]: hooks[0].id });
	});

	it('a webhook with this URL but other actions is patched, not duplicated', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const id = hooksOf(ctx.sim, eventId)[0].id;

		harness.setParameters(
			triggerParameters(eventId, ['attendee-delete', 'attendee-check-out', 'attendee-create']),
		);
		expect((await harness.activate('update')).existed).toBe(true);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).toBe(id);
		expect([...hooks[0].actions].sort()).toEqual([
			'attendee-check-out',
			'attendee-create',
			'attendee-delete',
		]);
		expect(webhookRequests('PATCH')).toHaveLength(1);
		expect(webhookRequests('POST')).toHaveLength(1);
	});

	it('webhooks at this URL the node did not register (left by an older install) are replaced by one', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		for (let i = 0; i < 3; i++) {
			const id = randomUUID();
			ctx.sim.store.webhooks.set(id, {
				id,
				eventId,
				url: harness.webhookUrl(),
				actions: ['attendee-create'],
			});
		}
		const other = randomUUID();
		ctx.sim.store.webhooks.set(other, {
			id: other,
			eventId,
			url: 'https://elsewhere.example.com/hook',
			actions: ['attendee-create'],
		});
		expect((await harness.activate()).existed).toBe(false);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks.filter((h) => h.url.startsWith(harness!.webhookUrl()))).toHaveLength(1);
		expect(hooks.filter((h) => h.url === deliveryUrl(ctx.sim, eventId, harness!))).toHaveLength(1);
		// someone else's webhook is left alone
		expect(hooks.some((h) => h.id === other)).toBe(true);
		expect(webhookRequests('DELETE')).toHaveLength(3);
		expect(webhookRequests('POST')).toHaveLength(1);
	});

	it('a second registration at this URL (another secret) is removed by the next activation, the stored one kept', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const kept = hooksOf(ctx.sim, eventId)[0];
		const stray = randomUUID();
		ctx.sim.store.webhooks.set(stray, {
			id: stray,
			eventId,
			url: `${harness.webhookUrl()}?secret=${'s'.repeat(43)}`,
			actions: ['attendee-create'],
		});
		expect((await harness.activate('update')).existed).toBe(true);
		expect(hooksOf(ctx.sim, eventId)).toEqual([kept]);
		expect(webhookRequests('POST')).toHaveLength(1);
	});

	it('a failing delete still clears the stored subscription; the next activation replaces the webhook and deactivation removes it', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const id = hooksOf(ctx.sim, eventId)[0].id;

		ctx.sim.addFault({
			kind: 'status',
			method: 'DELETE',
			path: '/webhook/',
			status: 500,
			times: 1,
		});
		expect(await harness.deactivate()).toBe(false);
		expect(harness.staticData).toEqual({});
		expect(hooksOf(ctx.sim, eventId).map((h) => h.id)).toEqual([id]); // still on EventX

		expect((await harness.activate()).existed).toBe(false);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).not.toBe(id);
		expect(storedIds(harness)).toEqual({ [harness.webhookUrl()]: hooks[0].id });
		expect(await harness.deactivate()).toBe(true);
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
	});

	it('deleting a webhook that is already gone (404) counts as success', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		ctx.sim.store.webhooks.clear();
		expect(await harness.deactivate()).toBe(true);
		expect(harness.staticData).toEqual({});
		expect(ctx.sim.requestsTo('DELETE', /\/webhook\//).map((r) => r.status)).toEqual([404]);
	});

	it('test mode registers the test URL next to the production one; each mode removes only its own', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const productionId = hooksOf(ctx.sim, eventId)[0].id;

		expect((await harness.listenForTest()).existed).toBe(false);
		let hooks = hooksOf(ctx.sim, eventId);
		expect(hooks.map((h) => h.url.split('?')[0]).sort()).toEqual(
			[harness.webhookUrl(), harness.webhookUrl(true)].sort(),
		);
		// each with its own secret
		expect(new Set(hooks.map((h) => h.url.split('?')[1])).size).toBe(2);
		const testId = hooks.find((h) => h.url === deliveryUrl(ctx.sim, eventId, harness!, true))!.id;
		expect(storedIds(harness)).toEqual({
			[harness.webhookUrl()]: productionId,
			[harness.webhookUrl(true)]: testId,
		});
		// listening again (the user clicks twice) adds nothing
		expect((await harness.listenForTest()).existed).toBe(true);
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(2);

		expect(await harness.stopListening()).toBe(true);
		hooks = hooksOf(ctx.sim, eventId);
		expect(hooks.map((h) => h.id)).toEqual([productionId]);
		expect(storedIds(harness)).toEqual({ [harness.webhookUrl()]: productionId });

		// the production subscription survived the test session and still deactivates cleanly
		await harness.activate('update');
		expect(hooksOf(ctx.sim, eventId).map((h) => h.id)).toEqual([productionId]);
		await harness.deactivate();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
	});

	it('test mode alone: one webhook at the test URL, none after listening stops', async () => {
		const eventId = ctx.sim.seeded.eventIds[1];
		harness = await startTrigger(
			ctx.sim,
			triggerParameters(eventId, ['attendee-update'], 'raw', 'list'),
		);
		await harness.listenForTest();
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		expect(hooks[0].url.split('?secret=')[0]).toBe(harness.webhookUrl(true));
		expect(hooks[0].url).toContain('/webhook-test/');
		await harness.stopListening();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
	});

	it('an event that is not a UUID is refused before any request', async () => {
		harness = await startTrigger(ctx.sim, triggerParameters('not-an-id', ['attendee-create']));
		await expect(harness.activate()).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: 'Event: "not-an-id" is not a UUID',
		});
		expect(webhookRequests('GET')).toHaveLength(0);
	});

	it('no chosen action is refused before any request', async () => {
		harness = await startTrigger(ctx.sim, triggerParameters(ctx.sim.seeded.eventIds[0], []));
		await expect(harness.activate()).rejects.toMatchObject({
			name: 'NodeOperationError',
			message: 'Trigger On: choose at least one action',
		});
		expect(ctx.sim.requestsTo()).toHaveLength(0);
	});

	it("an event the account cannot see fails activation with EventX's message", async () => {
		harness = await startTrigger(ctx.sim, triggerParameters(randomUUID(), ['attendee-create']));
		await expect(harness.activate()).rejects.toMatchObject({
			name: 'NodeApiError',
			message: 'Event not found',
			httpCode: '404',
		});
		expect(webhookRequests('POST')).toHaveLength(0);
	});
});
