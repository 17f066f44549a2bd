/**
 * The trigger as an attacker would try it: deliveries without the secret of the URL EventX was
 * given are refused and cost nothing, the secret shows nowhere, delivery keys named like Object's
 * own properties are kept as data, and racing activations leave one webhook.
 */
import { randomUUID } from 'node:crypto';

import type { TriggerHarness } from '../harness/trigger';
import { useSimulator } from '../fixtures';
import { deliveryAttendee } from '../simulator/deliveries';
import { tidyAttendee } from '../../nodes/EventX/trigger/delivery';
import * as secrets from '../../nodes/EventX/trigger/secret';
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

const api = () => ctx.sim.requests.filter((r) => r.path.startsWith('/public-api/'));

describe('EventX Trigger hardening', () => {
	it('50 forged deliveries with the right event and unknown webhook IDs: 401 each, no call to EventX', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		ctx.sim.clearLog();
		const forged = () => ({
			config: { event_id: eventId, webhook_id: randomUUID(), action: 'attendee-create' },
			attendee: { id: randomUUID() },
		});
		const url = deliveryUrl(ctx.sim, eventId, harness);
		for (let i = 0; i < 50; i++) expect((await harness.post(forged(), url)).status).toBe(401);
		expect(api()).toHaveLength(0);

		// 20 at once right after the token expired: no token exchange either
		ctx.sim.store.expireAllTokens();
		const answers = await Promise.all(
			Array.from({ length: 20 }, () => harness!.post(forged(), url)),
		);
		expect(answers.map((a) => a.status)).toEqual(Array(20).fill(401));
		expect(api()).toHaveLength(0);
		expect(harness.executions).toHaveLength(0);
	});

	it('a forged delivery with the right IDs and no or a wrong secret: 401, no execution, no call to EventX', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const hook = hooksOf(ctx.sim, eventId)[0];
		const base = harness.webhookUrl();
		const secret = hook.url.slice(`${base}?secret=`.length);
		expect(secret).toHaveLength(43);
		const flip = (c: string) => (c === 'A' ? 'B' : 'A');
		ctx.sim.clearLog();
		const genuine = {
			config: { event_id: eventId, webhook_id: hook.id, action: 'attendee-create' },
			attendee: { id: randomUUID(), first_name: 'Mallory' },
		};
		const forgedUrls = [
			base,
			`${base}?secret=`,
			`${base}?secret`,
			`${base}?secret=${randomUUID()}`,
			`${base}?secret=${flip(secret[0])}${secret.slice(1)}`,
			`${base}?secret=${secret.slice(0, -1)}${flip(secret.at(-1)!)}`,
			`${base}?secret=${secret.slice(0, 42)}`,
			`${base}?secret=${secret}x`,
			`${base}?secret=${secret.toUpperCase()}`,
			`${base}?Secret=${secret}`,
			`${base}?token=${secret}`,
			// a secret given twice reaches the node as a list, not as the secret
			`${base}?secret=${secret}&secret=${secret}`,
		];
		for (const url of forgedUrls) {
			const answer = await harness.post(genuine, url);
			expect({ url, status: answer.status }).toEqual({ url, status: 401 });
		}
		expect(harness.executions).toHaveLength(0);
		expect(ctx.sim.requestsTo()).toHaveLength(0);
		// the same delivery at the URL EventX holds is accepted
		expect((await harness.post(genuine, hook.url)).status).toBe(200);
		expect(harness.executions).toHaveLength(1);
	});

	it("one registration's secret at the other's path is refused: the test URL's at the production path, and the other way", async () => {
		// Found writing the property tests' model (a delivery counts only at a URL EventX holds).
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		await harness.listenForTest();
		const production = deliveryUrl(ctx.sim, eventId, harness);
		const test = deliveryUrl(ctx.sim, eventId, harness, true);
		const hookAt = (url: string) => hooksOf(ctx.sim, eventId).find((h) => h.url === url)!.id;
		const delivery = (webhookId: string) => ({
			config: { event_id: eventId, webhook_id: webhookId, action: 'attendee-create' },
			attendee: { id: randomUUID() },
		});
		const query = (url: string) => url.slice(url.indexOf('?'));
		expect(
			(await harness.post(delivery(hookAt(test)), `${harness.webhookUrl()}${query(test)}`)).status,
		).toBe(401);
		expect(
			(
				await harness.post(
					delivery(hookAt(production)),
					`${harness.webhookUrl(true)}${query(production)}`,
				)
			).status,
		).toBe(401);
		expect(harness.executions).toHaveLength(0);
		// each at its own path
		expect((await harness.post(delivery(hookAt(test)), test)).status).toBe(200);
		expect((await harness.post(delivery(hookAt(production)), production)).status).toBe(200);
		expect(harness.received.map((r) => [r.isTest, r.status])).toEqual([
			[false, 401],
			[true, 401],
			[true, 200],
			[false, 200],
		]);
	});

	it('after deactivation and activation the old URL is refused, the new one accepted', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		await harness.activate();
		const before = hooksOf(ctx.sim, eventId)[0];
		await harness.deactivate();
		await harness.activate();
		const after = hooksOf(ctx.sim, eventId)[0];
		expect(after.url).not.toBe(before.url);
		const delivery = (webhookId: string) => ({
			config: { event_id: eventId, webhook_id: webhookId, action: 'attendee-create' },
			attendee: { id: randomUUID() },
		});
		// the old URL with either webhook's ID
		expect((await harness.post(delivery(before.id), before.url)).status).toBe(401);
		expect((await harness.post(delivery(after.id), before.url)).status).toBe(401);
		expect((await harness.post(delivery(after.id), after.url)).status).toBe(200);
		expect(harness.executions).toHaveLength(1);
	});

	it('the secret shows in no output, no error and no log', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		// A known secret for the registration whose refusal EventX words with the URL it was given.
		const KNOWN = 'kn0wn-secret-for-this-test-only-0123456789a';
		const logs = captureLogs();
		try {
			harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
			const spy = jest.spyOn(secrets, 'newSecret').mockReturnValueOnce(KNOWN);
			ctx.sim.addFault({
				kind: 'status',
				method: 'POST',
				path: '/webhook$',
				status: 400,
				times: 1,
				body: {
					error: {
						code: 'INVALID_URL',
						message: `Invalid url "${harness.webhookUrl()}?secret=${KNOWN}"`,
						status: 400,
					},
				},
			});
			const failure = await harness.activate().then(
				() => undefined,
				(error: unknown) => error,
			);
			spy.mockRestore();
			expect(failure).toMatchObject({
				name: 'NodeApiError',
				message: `Invalid url "${harness.webhookUrl()}?secret=[redacted]"`,
			});
			expect(JSON.stringify(failure)).not.toContain(KNOWN);
			expect(String((failure as Error).stack)).not.toContain(KNOWN);

			// A registration that works, in production and test mode; raw and tidy outputs.
			await harness.activate();
			await harness.listenForTest();
			const urls = hooksOf(ctx.sim, eventId).map((h) => h.url);
			const shown = urls.map((url) => url.split('?secret=')[1]);
			expect(shown.map((s) => s.length)).toEqual([43, 43]);
			const attendee = addAttendee(ctx.sim, eventId);
			ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
			await ctx.sim.settled();
			harness.setParameters(triggerParameters(eventId, ['attendee-create'], 'tidy'));
			ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
			await ctx.sim.settled();
			// refused deliveries, logged
			await harness.post({ config: {}, attendee: {} }, `${harness.webhookUrl()}?secret=wrong`);
			await harness.post({ config: {}, attendee: {} }, urls[0]);
			await harness.stopListening();
			await harness.deactivate();

			expect(harness.executions).toHaveLength(4);
			const outputs = JSON.stringify(harness.executions);
			expect(outputs).toContain(harness.webhookUrl());
			const answers = JSON.stringify(harness.received.map((r) => r.response));
			expect(logs.lines.length).toBeGreaterThanOrEqual(2);
			for (const secret of [KNOWN, ...shown]) {
				expect(outputs).not.toContain(secret);
				expect(answers).not.toContain(secret);
				expect(JSON.stringify(logs.lines)).not.toContain(secret);
			}
		} finally {
			logs.restore();
		}
	});

	it('tidy output keeps keys named like Object properties exactly, as plain keys', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create'], 'tidy'));
		await harness.activate();
		const webhookId = hooksOf(ctx.sim, eventId)[0].id;
		// Written as text: an object literal would turn "__proto__" into a prototype, not a key.
		const body = `{"config":{"event_id":"${eventId}","webhook_id":"${webhookId}","action":"attendee-create"},"attendee":{"id":"a1","__proto__":{"polluted":true},"constructor":"c","to_string":"t","value_of":"v","has_own_property":"h","first_name":"Ada","prototype":"p"}}`;
		expect((await harness.post(body, deliveryUrl(ctx.sim, eventId, harness))).status).toBe(200);
		expect(harness.executions).toHaveLength(1);
		const json = harness.executions[0][0].json;
		expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
		expect(Object.keys(json)).toEqual([
			'action',
			'eventId',
			'id',
			'__proto__',
			'constructor',
			'toString',
			'valueOf',
			'hasOwnProperty',
			'firstName',
			'prototype',
		]);
		expect(Object.getOwnPropertyDescriptor(json, '__proto__')?.value).toEqual({ polluted: true });
		expect(Object.getOwnPropertyDescriptor(json, 'constructor')?.value).toBe('c');
		expect(Object.getOwnPropertyDescriptor(json, 'toString')?.value).toBe('t');
		expect(Object.getOwnPropertyDescriptor(json, 'valueOf')?.value).toBe('v');
		expect(Object.getOwnPropertyDescriptor(json, 'hasOwnProperty')?.value).toBe('h');
		expect(({} as Record<string, unknown>).polluted).toBeUndefined();
	});

	it('two activations at once leave exactly one webhook, stored by both; none after deactivation', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create']));
		// Both check before either creates, as two activations racing would.
		const [first, second] = await Promise.all([harness.activate(), harness.activate()]);
		expect([first, second]).toEqual([{ existed: false }, { existed: false }]);
		expect(ctx.sim.requestsTo('POST', /\/webhook$/)).toHaveLength(2);
		const hooks = hooksOf(ctx.sim, eventId);
		expect(hooks).toHaveLength(1);
		const stored = (harness.staticData.webhooks ?? {}) as Record<string, { webhookId: string }>;
		expect(Object.values(stored).map((s) => s.webhookId)).toEqual([hooks[0].id]);

		await harness.deactivate();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(0);
	});
});

describe('tidyAttendee', () => {
	it('reads both spellings of a name as one, the first given winning, and tidies keys past any it has seen', () => {
		const attendee = { first_name: 'Ada', firstName: 'Other', update_at: 't1', check_in_at: null };
		expect(tidyAttendee('attendee-update', 'e1', attendee)).toEqual({
			action: 'attendee-update',
			eventId: 'e1',
			firstName: 'Ada',
			updatedAt: 't1',
			checkInAt: null,
		});
		// A delivery may carry any key: 3,000 new ones are tidied like the first.
		const many: Record<string, string> = {};
		for (let i = 0; i < 3000; i++) many[`extra_key_${i}_x`] = String(i);
		const tidy = tidyAttendee('attendee-update', 'e1', many);
		expect(tidy.extraKey0X).toBe('0');
		expect(tidy.extraKey2999X).toBe('2999');
		expect(Object.keys(tidy)).toHaveLength(3002);
	});
});
