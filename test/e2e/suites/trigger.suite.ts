import { randomUUID } from 'node:crypto';

import { outputOf } from '../environment';
import { triggerWorkflow } from '../workflows';
import type { E2eSuite } from './types';
import { print, setTimeout } from '../../platform.cjs';

const TRIGGER_WORKFLOW = 'evxE2eTrigger00001';

type Deliveries = { deliveries: Array<{ status?: number; answer?: string; error?: string }> };

let eventId: string;

/** Activation, deliveries, deactivation and a restart of n8n with the EventX Trigger. */
export const triggerSuite: E2eSuite = {
	workflows(state) {
		eventId = state.seeded.eventIds[0];
		return [
			triggerWorkflow(TRIGGER_WORKFLOW, eventId, {
				events: ['attendee-create', 'attendee-check-in'],
				output: 'tidy',
			}),
		];
	},

	server(env) {
		const hooksOfEvent = async () =>
			(await env().state()).webhooks.filter((h) => h.eventId === eventId);
		/** (De)activates the trigger's workflow once EventX holds `hooks` webhooks of the event. */
		const setActive = async (active: boolean, hooks = active ? 1 : 0) =>
			await env().setActive(
				TRIGGER_WORKFLOW,
				active,
				async () => (await hooksOfEvent()).length === hooks,
			);
		const notify = async (action: string, attendee: Record<string, unknown>) =>
			await env().sim<Deliveries>('POST', '/__sim/notify', { eventId, action, attendee });

		describe('the EventX Trigger in n8n', () => {
			test('n8n lists the three nodes of the package, builder hints and all (2.8.4 knows no such field and loads them too)', async () => {
				const response = await env().rest().request('GET', '/types/nodes.json');
				const types = response.data as Array<{
					name: string;
					builderHint?: { searchHint?: string };
				}>;
				const ours = new Map(
					types.filter((t) => t.name.startsWith('n8n-nodes-eventx.')).map((t) => [t.name, t]),
				);
				expect([...ours.keys()].sort()).toEqual(
					expect.arrayContaining([
						'n8n-nodes-eventx.eventX',
						'n8n-nodes-eventx.eventXPollingTrigger',
						'n8n-nodes-eventx.eventXTrigger',
					]),
				);
				// n8n 2.41 knows the field (its loader would refuse a misplaced one); 2.8.4 knows nothing of
				// it, passes it on with the description and loads the nodes all the same.
				expect(ours.get('n8n-nodes-eventx.eventX')!.builderHint).toEqual({
					searchHint:
						'Manage EventX events, attendees, orders, tickets and outreach; to start on their changes, use EventX Trigger',
				});
				expect(ours.get('n8n-nodes-eventx.eventXPollingTrigger')!.builderHint).toEqual({
					searchHint:
						'Checks EventX on a schedule: attendees, orders, events changed, starting or ended; works where EventX cannot reach n8n',
				});
			});

			test('activation registers one webhook; deliveries become successful executions', async () => {
				await setActive(true);
				const hooks = await hooksOfEvent();
				expect(hooks).toHaveLength(1);
				expect(String(hooks[0].url)).toContain(`127.0.0.1:${env().setup.port}/webhook/`);

				const attendee = {
					id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
					firstName: 'Ada',
					lastName: 'Lovelace',
					invitationEmail: 'ada@example.com',
					registrationStatus: 'registered',
					createdAt: '2026-11-20T10:00:00.000Z',
					updatedAt: '2026-11-20T10:00:00.000Z',
				};
				const created = await notify('attendee-create', attendee);
				expect(created.deliveries.map((d) => d.status)).toEqual([200]);
				const checkedIn = await notify('attendee-check-in', {
					...attendee,
					checkedInAt: '2026-11-21T09:00:00.000Z',
					updatedAt: '2026-11-21T09:00:00.000Z',
				});
				expect(checkedIn.deliveries.map((d) => d.status)).toEqual([200]);
				// The URL n8n shows, without the secret EventX was given: refused, runs nothing.
				const [url, secret] = String(hooks[0].url).split('?secret=');
				expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
				const forged = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						config: { event_id: eventId, webhook_id: hooks[0].id, action: 'attendee-create' },
						attendee: { ...attendee, id: randomUUID() },
					}),
				});
				expect(forged.status).toBe(401);

				const executions = await env().executions(TRIGGER_WORKFLOW, 2);
				expect(executions).toHaveLength(2);
				expect(executions.every((e) => e.status === 'success')).toBe(true);
				const outputs = executions
					.map((e) => outputOf(e.data.resultData.runData, 'EventX Trigger')[0])
					.sort((a, b) => String(a.action).localeCompare(String(b.action)));
				expect(outputs[0]).toMatchObject({ action: 'attendee-check-in', id: attendee.id, eventId });
				expect(outputs[0].checkedInAt).toBe('2026-11-21T09:00:00.000Z');
				expect(outputs[1]).toMatchObject({
					action: 'attendee-create',
					id: attendee.id,
					firstName: 'Ada',
				});

				await setActive(false);
				expect(await hooksOfEvent()).toHaveLength(0);
			});

			test('a restart with the workflow active keeps exactly one webhook', async () => {
				await setActive(true);
				expect(await hooksOfEvent()).toHaveLength(1);
				await env().stopN8n();
				await env().startN8n();
				expect(await hooksOfEvent()).toHaveLength(1);
				// and it still delivers to the restarted n8n
				const again = await notify('attendee-create', {
					id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
					firstName: 'Grace',
					lastName: 'Hopper',
					createdAt: '2026-11-22T10:00:00.000Z',
					updatedAt: '2026-11-22T10:00:00.000Z',
				});
				expect(again.deliveries.map((d) => d.status)).toEqual([200]);
			});

			test('EventX failing during deactivation: the workflow is deactivated, the next activation cleans up', async () => {
				// Active since the restart test, with one webhook.
				expect(await hooksOfEvent()).toHaveLength(1);
				await env().sim('POST', '/__sim/faults', {
					kind: 'status',
					status: 503,
					method: 'DELETE',
					path: '/webhook/',
					times: 0,
				});
				await env().clearRequests();
				// Settled once n8n has tried to delete the webhook (and EventX refused).
				await env().setActive(TRIGGER_WORKFLOW, false, async () =>
					(await env().apiRequests()).some(
						(r) => r.method === 'DELETE' && r.path.includes('/webhook/'),
					),
				);
				await env().sim('DELETE', '/__sim/faults');
				expect(
					(await env().api<{ active: boolean }>('GET', `/workflows/${TRIGGER_WORKFLOW}`)).data
						.active,
				).toBe(false);
				// EventX still holds the webhook n8n could not remove.
				const [stale] = await hooksOfEvent();
				expect(stale).toBeDefined();

				// The stale webhook (its secret forgotten) is replaced: one, then none after deactivation.
				await env().setActive(TRIGGER_WORKFLOW, true, async () => {
					const hooks = await hooksOfEvent();
					return hooks.length === 1 && hooks[0].id !== stale.id;
				});
				const [fresh] = await hooksOfEvent();
				// the stale URL's secret is no longer accepted, even with the new webhook's ID
				const replayed = await fetch(String(stale.url), {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({
						config: { event_id: eventId, webhook_id: fresh.id, action: 'attendee-create' },
						attendee: { id: randomUUID() },
					}),
				});
				expect(replayed.status).toBe(401);
				await setActive(false);
				expect(await hooksOfEvent()).toHaveLength(0);
			});

			test('a burst of 1,000 deliveries is answered without loss: 1,000 executions', async () => {
				const BURST = 1000;
				const CONCURRENCY = 20;
				await setActive(true);
				const before = await env().countExecutions(TRIGGER_WORKFLOW, 'success');
				const started = Date.now();
				const statuses: Array<number | undefined> = [];
				const refused: Deliveries['deliveries'] = [];
				for (let start = 0; start < BURST; start += CONCURRENCY) {
					const wave = Array.from({ length: Math.min(CONCURRENCY, BURST - start) }, (_, i) =>
						notify('attendee-create', {
							id: randomUUID(),
							firstName: `Burst ${start + i}`,
							createdAt: '2026-11-22T12:00:00.000Z',
							updatedAt: '2026-11-22T12:00:00.000Z',
						}),
					);
					for (const answer of await Promise.all(wave)) {
						statuses.push(...answer.deliveries.map((d) => d.status));
						refused.push(...answer.deliveries.filter((d) => d.status !== 200));
					}
				}
				const answeredMs = Date.now() - started;
				expect(statuses).toHaveLength(BURST);
				expect(refused).toEqual([]);

				let executed = 0;
				for (let i = 0; i < 120 && executed < before + BURST; i++) {
					executed = await env().countExecutions(TRIGGER_WORKFLOW, 'success');
					if (executed < before + BURST) await new Promise((r) => setTimeout(r, 500));
				}
				expect(executed - before).toBe(BURST);
				expect(await env().countExecutions(TRIGGER_WORKFLOW, 'error')).toBe(0);
				print(
					`trigger burst: ${BURST} deliveries answered 200 in ${answeredMs} ms, ${executed - before} executions recorded after ${Date.now() - started} ms`,
				);
				await setActive(false);
				expect(await hooksOfEvent()).toHaveLength(0);
			});
		});
	},
};
