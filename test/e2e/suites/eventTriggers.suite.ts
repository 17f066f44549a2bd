/**
 * The six event triggers of the EventX Polling Trigger in a real n8n, on every event of the
 * account, polling twice a minute (n8n's Poll Times). The first part activates one workflow per
 * trigger, waits for their cursors, then (as an organizer in EventX's admin panel) adds an event,
 * published from the start, whose doors open, starts and ends within seconds, and publishes a
 * draft. n8n polls while the editor suite runs; the checks (last) find each trigger fired exactly
 * once for each of its events.
 */
import { outputOf, type E2eEnvironment, type Execution } from '../environment';
import { eventPollingWorkflow, NEXT_POLL_MS, nextPollTick } from '../workflows';
import { setTimeout } from '../../platform.cjs';
import type { E2eSuite } from './types';

const POLLING_NODE = 'EventX Polling Trigger';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One workflow per trigger; the moments at the time itself. */
const WORKFLOWS = {
	newEvent: { id: 'evxE2eNewEvent00001', parameters: { resource: 'newEvent' } },
	eventUpdated: { id: 'evxE2eEventUpdated1', parameters: { resource: 'eventUpdated' } },
	eventPublished: { id: 'evxE2eEventPublish1', parameters: { resource: 'eventPublished' } },
	eventStarting: {
		id: 'evxE2eEventStarting',
		parameters: { resource: 'eventStarting', when: 'at' },
	},
	doorsOpening: { id: 'evxE2eDoorsOpening1', parameters: { resource: 'doorsOpening', when: 'at' } },
	eventEnded: { id: 'evxE2eEventEnded001', parameters: { resource: 'eventEnded', when: 'at' } },
} as const;

type TriggerName = keyof typeof WORKFLOWS;

/** The events this suite made: one added (all its moments), one draft published. */
const made: { added?: string; published?: string; lastMomentAt?: number } = {};

/** The events each execution of a workflow emitted, by ID. */
async function emittedBy(env: E2eEnvironment, workflowId: string): Promise<string[]> {
	const listed = await env.api<{ data?: Execution[] }>(
		'GET',
		`/executions?workflowId=${workflowId}&includeData=true`,
	);
	return (listed.data?.data ?? []).flatMap((e) =>
		outputOf(e.data.resultData.runData, POLLING_NODE).map((item) => String(item.eventId)),
	);
}

export const eventTriggersSuite: E2eSuite = {
	workflows: () =>
		Object.values(WORKFLOWS).map(({ id, parameters }) => eventPollingWorkflow(id, parameters)),

	server(env) {
		describe('event triggers in n8n: activation and an organizer at work', () => {
			test('six workflows, one per event trigger, start; then an event opens its doors, starts and ends, and a draft is published', async () => {
				const { organizations } = (await env().state()).seeded;
				const draft = await env().sim<{ id: string }>('POST', '/__sim/events', {
					organizationId: organizations.hosted,
					name: 'E2E Draft Launch',
					startsAt: '2027-06-01T09:00:00Z',
					endsAt: '2027-06-01T17:00:00Z',
					isPublished: false,
				});
				made.published = draft.id;
				for (const { id } of Object.values(WORKFLOWS)) await env().setActive(id, true);
				// Each trigger's state: kept from the activation poll (2.8), or made by the first
				// scheduled poll (durable cursors on 2.41, which keep nothing the activation staged).
				const until = Date.now() + NEXT_POLL_MS;
				for (const { id } of Object.values(WORKFLOWS)) {
					const ready = async () => {
						const cursor = await env().pollCursor(id, POLLING_NODE);
						return Boolean(cursor?.pollState ?? cursor?.momentState);
					};
					while (!(await ready()) && Date.now() < until) await sleep(1000);
					expect(await ready()).toBe(true);
				}
				const { now } = await env().sim<{ now: string }>('POST', '/__sim/clock', {});
				const t = Date.parse(now);
				const iso = (ms: number) => new Date(t + ms).toISOString();
				const added = await env().sim<{ id: string }>('POST', '/__sim/events', {
					organizationId: organizations.hosted,
					name: 'E2E Quick Meetup',
					isPublished: true,
					entryStartsAt: iso(3_000),
					startsAt: iso(6_000),
					endsAt: iso(9_000),
				});
				made.added = added.id;
				made.lastMomentAt = t + 9_000;
				await env().sim('POST', `/__sim/events/${draft.id}/publish`, { published: true });
			});
		});
	},
};

/** The second part: what n8n's polls made of it. */
export const eventTriggersChecksSuite: E2eSuite = {
	workflows: () => [],

	server(env) {
		describe('event triggers in n8n: executions', () => {
			// The added event is created published: Event Published fires for it as for the draft.
			const expected: Record<TriggerName, () => Array<string | undefined>> = {
				newEvent: () => [made.added],
				eventUpdated: () => [made.published],
				eventPublished: () => [made.published, made.added],
				eventStarting: () => [made.added],
				doorsOpening: () => [made.added],
				eventEnded: () => [made.added],
			};

			test('each trigger fired exactly once for its event (other suites may add events of their own)', async () => {
				const ours = new Set([made.added, made.published]);
				const fired = async () =>
					Object.fromEntries(
						await Promise.all(
							(Object.keys(WORKFLOWS) as TriggerName[]).map(
								async (name) =>
									[
										name,
										(await emittedBy(env(), WORKFLOWS[name].id))
											.filter((id) => ours.has(id))
											.sort(),
									] as const,
							),
						),
					);
				const want = Object.fromEntries(
					(Object.keys(WORKFLOWS) as TriggerName[]).map((name) => [name, expected[name]().sort()]),
				);
				// Every moment is due by now; n8n's next poll brings the last ones.
				const until = Math.max(Date.now(), made.lastMomentAt ?? 0) + NEXT_POLL_MS;
				let got = await fired();
				while (JSON.stringify(got) !== JSON.stringify(want) && Date.now() < until) {
					await sleep(2000);
					got = await fired();
				}
				expect(got).toEqual(want);
				// One more poll of each changes nothing. The six poll together at each :00 and :30 (their
				// Poll Times): once the next such tick's reads of the event list (one at least per
				// workflow) have ended, whatever that poll fired is listed. (n8n 2.8 saves a poll's state
				// only when it fires, so the saved state cannot tell that a poll happened.)
				const tick = nextPollTick(Date.now());
				const readsSinceTick = async () => (await env().readsAfter('/event', tick - 1)).length;
				let reads = 0;
				let quietSince = Date.now();
				while (Date.now() < tick + NEXT_POLL_MS) {
					const now = await readsSinceTick();
					if (now !== reads) [reads, quietSince] = [now, Date.now()];
					if (reads >= Object.keys(WORKFLOWS).length && Date.now() - quietSince >= 3000) break;
					await sleep(1000);
				}
				expect(reads).toBeGreaterThanOrEqual(Object.keys(WORKFLOWS).length);
				expect(await fired()).toEqual(want);
				for (const { id } of Object.values(WORKFLOWS)) await env().setActive(id, false);
			});
		});
	},
};
