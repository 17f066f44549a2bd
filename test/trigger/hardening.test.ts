/**
 * The trigger as an attacker would try it: forged deliveries cost nothing, delivery keys named like
 * Object's own properties are kept as data, and racing activations leave one webhook.
 */
import { randomUUID } from 'node:crypto';

import type { TriggerHarness } from '../harness/trigger';
import { useSimulator } from '../fixtures';
import { tidyAttendee } from '../../nodes/EventX/trigger/delivery';
import { hooksOf, startTrigger, triggerParameters } from './setup';

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
		for (let i = 0; i < 50; i++) expect((await harness.post(forged())).status).toBe(401);
		expect(api()).toHaveLength(0);

		// 20 at once right after the token expired: no token exchange either
		ctx.sim.store.expireAllTokens();
		const answers = await Promise.all(Array.from({ length: 20 }, () => harness!.post(forged())));
		expect(answers.map((a) => a.status)).toEqual(Array(20).fill(401));
		expect(api()).toHaveLength(0);
		expect(harness.executions).toHaveLength(0);
	});

	it('tidy output keeps keys named like Object properties exactly, as plain keys', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create'], 'tidy'));
		await harness.activate();
		const webhookId = hooksOf(ctx.sim, eventId)[0].id;
		// Written as text: an object literal would turn "__proto__" into a prototype, not a key.
		const body = `{"config":{"event_id":"${eventId}","webhook_id":"${webhookId}","action":"attendee-create"},"attendee":{"id":"a1","__proto__":{"polluted":true},"constructor":"c","to_string":"t","value_of":"v","has_own_property":"h","first_name":"Ada","prototype":"p"}}`;
		expect((await harness.post(body)).status).toBe(200);
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
