// Trigger: a delivery that arrives while n8n activates the workflow. n8n saves the static data
// that `create` wrote (the webhook's ID) only after every webhook of the workflow is registered;
// in queue mode the webhook process reads the static data from the database, so a delivery EventX
// sends in between meets static data without the webhook (test/e2e/queue.e2e.test.ts shows it in
// a real n8n). Here: the trigger activated, then the webhook process's view of its static data
// put back to what the database held before the activation saved it.
import { randomUUID } from 'node:crypto';

import type { TriggerHarness } from '../harness/trigger';
import { useSimulator } from '../fixtures';
import { deliveryAttendee } from '../simulator/deliveries';
import { addAttendee, deliveryUrl, hooksOf, startTrigger, triggerParameters } from './setup';

const ctx = useSimulator();
let harness: TriggerHarness | undefined;

afterEach(async () => {
	await harness?.stop();
	harness = undefined;
});

const listCalls = () => ctx.sim.requestsTo('GET', /\/webhook\/all$/).length;

/** Activates, then rebuilds the running workflow from static data saved before the activation. */
async function activatedButNotSaved(eventId: string) {
	harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create'], 'tidy'));
	await harness.activate();
	harness.savedStaticData = {};
	harness.restart();
	return harness;
}

const forged = (eventId: string, url: string) => ({
	config: {
		event_id: eventId,
		webhook_id: randomUUID(),
		action: 'attendee-create',
		endpoint_url: url,
	},
	attendee: { id: randomUUID(), first_name: 'Mallory' },
});

describe('EventX Trigger: deliveries during the activation', () => {
	it('a change delivered before n8n saved the subscription starts the workflow, confirmed by one list of the webhooks', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const trigger = await activatedButNotSaved(eventId);
		const before = listCalls();
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();

		expect(ctx.sim.store.deliveries.map((d) => d.status)).toEqual([200]);
		expect(trigger.executions.map((items) => items.map((i) => i.json.id))).toEqual([[attendee.id]]);
		expect(listCalls() - before).toBe(1);
	});

	it('meanwhile a forged delivery is refused: without a secret at no cost, with a wrong one or another webhook named after one list', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const trigger = await activatedButNotSaved(eventId);
		const held = deliveryUrl(ctx.sim, eventId, trigger);
		const before = listCalls();
		// The URL n8n shows, without the secret: refused before EventX is asked.
		expect((await trigger.post(forged(eventId, held), trigger.webhookUrl())).status).toBe(401);
		expect(listCalls() - before).toBe(0);

		// A secret of the right shape that EventX does not hold.
		const guessed = `${trigger.webhookUrl()}?secret=${'A'.repeat(43)}`;
		expect((await trigger.post(forged(eventId, guessed), guessed)).status).toBe(401);

		// The right URL, naming a webhook of the same event registered by someone else.
		const other = ctx.sim.store.webhooks.values().next().value!;
		const elsewhere = randomUUID();
		ctx.sim.store.webhooks.set(elsewhere, {
			...other,
			id: elsewhere,
			url: 'https://elsewhere.example.com/hook',
		});
		const body = forged(eventId, held);
		body.config.webhook_id = elsewhere;
		expect((await trigger.post(body, held)).status).toBe(401);
		expect(trigger.executions).toEqual([]);
		// Each with a secret cost one list while no subscription was stored.
		expect(listCalls() - before).toBe(2);
	});

	it('once the subscription is saved, deliveries are judged without calling EventX again', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		harness = await startTrigger(ctx.sim, triggerParameters(eventId, ['attendee-create'], 'tidy'));
		await harness.activate();
		harness.restart();
		expect(hooksOf(ctx.sim, eventId)).toHaveLength(1);
		const before = listCalls();
		// Forgeries with a secret of the right shape: refused from the static data alone.
		for (let i = 0; i < 5; i++) {
			const guessed = `${harness.webhookUrl()}?secret=${String(i).repeat(43)}`;
			expect((await harness.post(forged(eventId, guessed), guessed)).status).toBe(401);
		}
		const attendee = addAttendee(ctx.sim, eventId);
		ctx.sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
		await ctx.sim.settled();
		expect(harness.executions).toHaveLength(1);
		expect(listCalls() - before).toBe(0);
	});
});
