import { hasDurablePolling, outputOf, POLL_TIMEOUT_SECONDS, type Execution } from '../environment';
import { demoExamples, EXAMPLE_IDS } from '../../../scripts/n8n-runtime';
import { CREDENTIAL_ID, NEXT_POLL_MS, pollingWorkflow, POLLING_TRIGGER_TYPE } from '../workflows';
import type { E2eSuite } from './types';
import { setTimeout } from '../../platform.cjs';

const ATTENDEES_WORKFLOW = 'evxE2ePollAttendee';
/** The trigger node's name in the polling workflows (its static data is kept under it). */
const POLLING_NODE = 'EventX Polling Trigger';
/** examples/paid-order-accounting.json, imported by the examples suite on its demo event. */
const ORDERS_WORKFLOW = EXAMPLE_IDS.accounting;

/** How long a check waits for the example's next poll (Every Minute, at a random second). */
const EXAMPLE_NEXT_POLL_MS = 75_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Events whose attendees (the third event) and orders (the examples' event) no other suite
// changes: every execution of these workflows is one of this suite's changes.
let eventId: string;
let orderEventId: string;
let changedAt = 0;
const made: { attendeeId?: string; orderId?: string } = {};

const withStatus = (executions: Execution[], status: string) =>
	executions.filter((e) => e.status === status);

/**
 * The EventX Polling Trigger in a real n8n with n8n's own Poll Times: a test workflow polling
 * twice a minute (New Attendee) and the paid-order example as it ships (Every Minute). The first
 * part activates both and changes EventX through the simulator's API; n8n's polls happen while the
 * editor suite runs, and `pollingChecksSuite` (last) checks the executions they produced, so the
 * poll interval costs the e2e little wall time. It starts after the suites that compare the
 * simulator's whole request log.
 */
export const pollingSuite: E2eSuite = {
	workflows(state) {
		eventId = state.seeded.eventIds[2];
		orderEventId = demoExamples(state, CREDENTIAL_ID).events.accounting;
		return [pollingWorkflow(ATTENDEES_WORKFLOW, eventId, 'newAttendee')];
	},

	server(env) {
		describe('the EventX Polling Trigger in n8n: activation', () => {
			test("n8n lists the polling trigger with n8n's Poll Times as its first parameter", async () => {
				const response = await env().rest().request('GET', '/types/nodes.json');
				const type = (
					response.data as Array<{
						name: string;
						polling?: boolean;
						properties: Array<{ name: string }>;
					}>
				).find((t) => t.name === POLLING_TRIGGER_TYPE);
				expect(type?.polling).toBe(true);
				expect(type?.properties[0].name).toBe('pollTimes');
			});

			test('activation reads where the lists stand and starts no execution', async () => {
				const before = Date.now();
				for (const [id, listPath] of [
					[ATTENDEES_WORKFLOW, `/event/${eventId}/attendee`],
					[ORDERS_WORKFLOW, `/event/${orderEventId}/order`],
				] as const) {
					// n8n polls once when it activates a polling workflow
					await env().setActive(
						id,
						true,
						async () => (await env().readsAfter(listPath, before)).length > 0,
					);
				}
				expect(await env().countExecutions(ATTENDEES_WORKFLOW, 'success')).toBe(0);
				expect(await env().countExecutions(ORDERS_WORKFLOW, 'success')).toBe(0);
			});
		});
	},
};

/**
 * The changes, once each trigger has its state. It runs after the event triggers' activation, so
 * that the wait for the example's first scheduled poll (up to a minute) overlaps theirs.
 */
export const pollingChangesSuite: E2eSuite = {
	workflows: () => [],

	server(env) {
		describe('the EventX Polling Trigger in n8n: changes', () => {
			test('once each trigger has its state, a new attendee and a paid order are made through the API', async () => {
				if (hasDurablePolling(env().setup.n8n.release)) {
					// With durable cursors n8n runs the activation poll as a test and keeps nothing it
					// staged: the trigger's state comes from the first scheduled poll.
					const until = Date.now() + EXAMPLE_NEXT_POLL_MS;
					for (const id of [ATTENDEES_WORKFLOW, ORDERS_WORKFLOW]) {
						while (!(await env().pollCursor(id, POLLING_NODE))?.pollState && Date.now() < until)
							await sleep(1000);
						expect((await env().pollCursor(id, POLLING_NODE))?.pollState).toBeDefined();
					}
				}
				changedAt = Date.now();
				const upserted = await env().eventx<{ dataList: Array<{ id: string }> }>(
					'PUT',
					`/event/${eventId}/attendee/bulk-upsert`,
					[{ firstName: 'Polly', lastName: 'Poller', invitationEmail: 'polly@example.com' }],
				);
				made.attendeeId = upserted.dataList[0].id;
				const order = await env().sim<{ id: string }>(
					'POST',
					`/__sim/events/${orderEventId}/orders`,
					{ status: 'paid', amount: '120.00', user: { email: 'buyer@example.com' } },
				);
				made.orderId = order.id;
				expect(await env().countExecutions(ATTENDEES_WORKFLOW, 'success')).toBe(0);
				expect(await env().countExecutions(ORDERS_WORKFLOW, 'success')).toBe(0);
			});
		});
	},
};

/** The second part of the polling suite: what n8n's polls made of the changes, and of no change. */
export const pollingChecksSuite: E2eSuite = {
	workflows: () => [],

	server(env) {
		describe('the EventX Polling Trigger in n8n: executions', () => {
			test('each change made through the API started exactly one execution, with the record', async () => {
				const attendees = await env().executions(ATTENDEES_WORKFLOW, 1, NEXT_POLL_MS);
				const orders = await env().executions(ORDERS_WORKFLOW, 1, EXAMPLE_NEXT_POLL_MS);
				expect(attendees.map((e) => e.status)).toEqual(['success']);
				expect(orders.map((e) => e.status)).toEqual(['success']);
				const [attendee] = outputOf(attendees[0].data.resultData.runData, 'EventX Polling Trigger');
				expect(attendee).toMatchObject({
					action: 'attendee-create',
					eventId,
					id: made.attendeeId,
					firstName: 'Polly',
					email: 'polly@example.com',
				});
				const [order] = outputOf(orders[0].data.resultData.runData, 'EventX Polling Trigger');
				expect(order).toMatchObject({
					action: 'order-paid',
					eventId: orderEventId,
					id: made.orderId,
					status: 'paid',
					amount: '120.00',
					user: expect.objectContaining({ email: 'buyer@example.com' }),
				});
				// The example's last node holds the order as a bookkeeping row.
				const [row] = outputOf(orders[0].data.resultData.runData, 'Append to Your Ledger');
				expect(row).toMatchObject({
					orderId: made.orderId,
					buyerEmail: 'buyer@example.com',
					amount: 120,
				});
				expect(Date.parse(String(attendees[0].startedAt))).toBeGreaterThan(changedAt);
			});

			test("the trigger's state is where n8n keeps poll cursors (durable cursors on 2.41, static data on 2.8): a watermark a minute behind EventX's clock", async () => {
				const cursor = (await env().pollCursor(ATTENDEES_WORKFLOW, POLLING_NODE)) as
					| { pollState?: { v: number; at: string } }
					| undefined;
				expect(cursor?.pollState).toMatchObject({
					v: 2,
					trigger: 'newAttendee',
					list: eventId,
					at: expect.any(String),
					seen: expect.any(String),
				});
				const clock = await env().sim<{ now: string }>('POST', '/__sim/clock', {});
				expect(Date.parse(cursor!.pollState!.at)).toBeLessThanOrEqual(
					Date.parse(clock.now) - 60_000,
				);
			});

			test('polls that find nothing new start no execution', async () => {
				const attendees = await env().executions(ATTENDEES_WORKFLOW, 1, 0);
				const last = Date.parse(String(attendees[0].startedAt)) + 1000;
				// a later poll of each workflow (the log may have been cleared: then the next one)
				const lists = [`/event/${eventId}/attendee`, `/event/${orderEventId}/order`];
				const unpolled = async () => {
					const left: string[] = [];
					for (const list of lists)
						if ((await env().readsAfter(list, last)).length === 0) left.push(list);
					return left;
				};
				const until = Date.now() + EXAMPLE_NEXT_POLL_MS;
				while ((await unpolled()).length > 0 && Date.now() < until) await sleep(1000);
				expect(await unpolled()).toEqual([]);
				expect(await env().executions(ATTENDEES_WORKFLOW, 2, 0)).toHaveLength(1);
				expect(await env().executions(ORDERS_WORKFLOW, 2, 0)).toHaveLength(1);
				await env().setActive(ORDERS_WORKFLOW, false);
				if (!hasDurablePolling(env().setup.n8n.release))
					await env().setActive(ATTENDEES_WORKFLOW, false);
			});

			test(`a silent EventX: the poll ends within n8n's poll timeout (${POLL_TIMEOUT_SECONDS} s) with EventX's failure and its cursor kept; the next brings the new attendee once`, async () => {
				if (!hasDurablePolling(env().setup.n8n.release)) return;
				const before = await env().pollCursor(ATTENDEES_WORKFLOW, POLLING_NODE);
				await env().sim('POST', '/__sim/faults', {
					kind: 'hang',
					method: 'GET',
					path: `/event/${eventId}/attendee$`,
					times: 0,
				});
				const upserted = await env().eventx<{ dataList: Array<{ id: string }> }>(
					'PUT',
					`/event/${eventId}/attendee/bulk-upsert`,
					[{ firstName: 'Sidney', lastName: 'Silent', invitationEmail: 'sidney@example.com' }],
				);
				// the next poll fails by itself, within the budget n8n gives it (not abandoned by n8n,
				// which would leave no execution)
				const failed = await env().executionsUntil(
					ATTENDEES_WORKFLOW,
					(list) => withStatus(list, 'error').length > 0,
					NEXT_POLL_MS + 30_000,
				);
				const [error] = withStatus(failed, 'error');
				expect(JSON.stringify(error?.data.resultData.error)).toContain(
					'EventX did not answer in time',
				);
				expect(await env().pollCursor(ATTENDEES_WORKFLOW, POLLING_NODE)).toEqual(before);

				await env().sim('DELETE', '/__sim/faults');
				const after = await env().executionsUntil(
					ATTENDEES_WORKFLOW,
					(list) => withStatus(list, 'success').length >= 2,
					2 * NEXT_POLL_MS,
				);
				// every failed poll failed the same way; the attendee came out once, in one execution
				for (const e of withStatus(after, 'error'))
					expect(JSON.stringify(e.data.resultData.error)).toContain(
						'EventX did not answer in time',
					);
				const succeeded = withStatus(after, 'success').sort((a, b) =>
					String(a.startedAt).localeCompare(String(b.startedAt)),
				);
				expect(succeeded).toHaveLength(2);
				expect(
					outputOf(succeeded[1].data.resultData.runData, 'EventX Polling Trigger').map((i) => i.id),
				).toEqual([upserted.dataList[0].id]);
				await env().setActive(ATTENDEES_WORKFLOW, false);
			});
		});
	},
};
