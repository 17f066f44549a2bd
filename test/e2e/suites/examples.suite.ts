/**
 * The workflows in `examples/`, imported as a user would import them (only the event, the ticket
 * class and the credential chosen), run by n8n against the simulator. The examples that send are
 * run as they ship (their send switched off: nothing goes out) and switched on, as a user switches
 * them on. The scheduled outreach (switched on) and the timeline example are published while the
 * polling suite's triggers wait for their first polls (`examplesPublishedSuite`), see an organizer
 * at work once their triggers have their state (`examplesChangesSuite`), and their executions are
 * checked last (`examplesChecksSuite`), so that n8n's polls cost the e2e little wall time.
 */
import ICAL from 'ical.js';

import { demoExamples, EXAMPLE_IDS } from '../../../scripts/n8n-runtime';
import { outputOf, type E2eEnvironment, type Execution } from '../environment';
import { setTimeout } from '../../platform.cjs';
import { CREDENTIAL_ID, doorCheckInAnswer, NEXT_POLL_MS, TWICE_A_MINUTE } from '../workflows';
import type { E2eSuite } from './types';

type Json = Record<string, unknown>;

let events: ReturnType<typeof demoExamples>['events'];
let vipTicketClass: string;

/** Examples with their send switched on (the node activated), beside the examples as they ship. */
const SWITCHED_ON = { outreach: 'evxExampleOutreachOn', dayBefore: 'evxExampleDayBeforeOn' };
/** The trigger of the scheduled-outreach example. */
export const OUTREACH_TRIGGER = 'New Attendees at 08:00';
/** The five triggers of the timeline example, and what its "What Happened" node says of each. */
const TIMELINE = {
	'New Event': { action: 'event-create', happened: 'created' },
	'Event Published': { action: 'event-publish', happened: 'published' },
	'Doors Opening': { action: 'event-doors-opening', happened: 'doors open' },
	'Event Starting': { action: 'event-starting', happened: 'starting' },
	'Event Ended': { action: 'event-ended', happened: 'ended' },
} as const;

/**
 * The outreach example switched on runs on another demo event (Data Conference 2026), whose
 * attendees no other suite changes, and polls twice a minute (its 08:00 would not come).
 */
let outreachOnEvent: { id: string; name: string };
/** What the organizer did once the published examples' triggers had their state. */
const made: { newcomers?: string[]; launchNight?: string; lastMomentAt?: number } = {};

/** The example `workflow` with its deactivated nodes activated, as `id`; `change` edits its nodes. */
export function switchedOn(
	workflow: Json,
	id: string,
	change: (node: Json) => void = () => undefined,
) {
	const copy = structuredClone(workflow);
	for (const node of copy.nodes as Json[]) {
		delete node.disabled;
		change(node);
	}
	return { ...copy, id, name: `${String(copy.name)} (send switched on)` };
}

/** A call to the simulator's public API with the demo user's token. */
const eventx = async (env: E2eEnvironment, method: string, path: string, body?: unknown) =>
	await env.eventx<Json>(method, path, body);

export const examplesSuite: E2eSuite = {
	workflows(state) {
		const examples = demoExamples(state, CREDENTIAL_ID);
		({ events, vipTicketClass } = examples);
		const dataConference = state.events.find((e) => e.id === state.seeded.eventIds[3])!;
		outreachOnEvent = {
			id: String(dataConference.id),
			name: (dataConference.contentI18n as { name: { default: string } }).name.default,
		};
		const shipped = (id: string) => examples.workflows.find((w) => w.id === id)!;
		return [
			...examples.workflows,
			switchedOn(shipped(EXAMPLE_IDS.outreach), SWITCHED_ON.outreach, (node) => {
				if (node.name !== OUTREACH_TRIGGER) return;
				const parameters = node.parameters as Json;
				parameters.pollTimes = TWICE_A_MINUTE;
				parameters.eventId = {
					__rl: true,
					mode: 'list',
					value: outreachOnEvent.id,
					cachedResultName: outreachOnEvent.name,
				};
			}),
			switchedOn(shipped(EXAMPLE_IDS.dayBefore), SWITCHED_ON.dayBefore),
		];
	},

	cli(env) {
		describe('examples run with `n8n execute`', () => {
			test('sync upserts the rows in one request and gives the VIP rows the VIP ticket', async () => {
				await env().clearRequests();
				const runData = await env().execute(EXAMPLE_IDS.sync);
				expect(outputOf(runData, 'Create or Update Attendees')).toHaveLength(3);
				expect(outputOf(runData, 'Give VIP Ticket')).toHaveLength(2);
				const requests = await env().apiRequests();
				expect(requests.filter((r) => r.path.endsWith('/bulk-upsert'))).toHaveLength(1);
				const attendees = (await env().state()).attendees.filter(
					(a) => a.eventId === events.sync && String(a.invitationEmail).endsWith('@example.com'),
				);
				expect(attendees.map((a) => a.invitationEmail)).toEqual(
					expect.arrayContaining(['ada@example.com', 'grace@example.com', 'alan@example.com']),
				);
				const ticketOf = (email: string) =>
					attendees.find((a) => a.invitationEmail === email)?.ticketClassId;
				expect(ticketOf('ada@example.com')).toBe(vipTicketClass);
				expect(ticketOf('alan@example.com')).toBe(vipTicketClass);
				expect(ticketOf('grace@example.com')).not.toBe(vipTicketClass);
				// Map Automatically took the CRM's own column names; each item says what it did.
				const synced = outputOf(runData, 'Create or Update Attendees');
				expect(synced.map((i) => i.result)).toEqual(['created', 'created', 'created']);
				expect(synced[0].attendee).toMatchObject({
					invitationEmail: 'ada@example.com',
					firstName: 'Ada',
					lastName: 'Lovelace',
					organization: 'Analytical Engines',
				});

				// Matched on email: the same sync again updates the three attendees, never duplicates.
				const again = await env().execute(EXAMPLE_IDS.sync);
				expect(outputOf(again, 'Create or Update Attendees').map((i) => i.result)).toEqual([
					'updated',
					'updated',
					'updated',
				]);
				const afterwards = (await env().state()).attendees.filter(
					(a) => a.eventId === events.sync && String(a.invitationEmail).endsWith('@example.com'),
				);
				expect(afterwards).toHaveLength(attendees.length);
			});
		});
	},

	server(env) {
		describe('examples in n8n: published, or run from the editor', () => {
			test('door check-in answers a scanned QR code with the attendee, and 404 for an unknown one', async () => {
				const state = await env().state();
				const guest = state.attendees.find((a) => a.eventId === events.door && !a.removedAt)!;
				const scan = async (qrCodeToken: string) =>
					await fetch(`${env().baseUrl}/webhook/eventx-door-check-in`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ qrCodeToken }),
					});
				// Registered once the workflow itself answers (n8n says "not registered" before).
				await env().setActive(EXAMPLE_IDS.door, true, async () => {
					const probe = await scan('not-a-real-token');
					return !/not registered/i.test(await probe.text());
				});
				const known = await scan(String(guest.qrCodeToken));
				const answer = await known.json();
				expect({ status: known.status, answer }).toEqual({
					status: 200,
					answer: expect.anything(),
				});
				// Exactly one execution welcomed someone: this scan (the readiness probes were unknown).
				let welcomed: unknown[] = [];
				for (let i = 0; i < 40 && welcomed.length === 0; i++) {
					if (i > 0) await new Promise((r) => setTimeout(r, 250));
					welcomed = (await env().executions(EXAMPLE_IDS.door, 1)).filter(
						(run) => outputOf(run.data.resultData.runData, 'Welcome').length === 1,
					);
				}
				expect(welcomed).toHaveLength(1);
				expect(answer).toEqual(doorCheckInAnswer(guest, state));
				// The ticket class by name, as door staff read it (e.g. "General"), not its ID.
				expect((answer as { ticketClass?: unknown }).ticketClass).toMatch(/^(General|VIP Pass)$/);
				const unknown = await scan('not-a-real-token');
				expect(unknown.status).toBe(404);
				expect(await unknown.json()).toEqual({
					error: 'No attendee of this event has this QR code',
				});
				await env().setActive(EXAMPLE_IDS.door, false);
			});

			test('add to calendar: opening the link downloads the event as an .ics file', async () => {
				const open = async () => await fetch(`${env().baseUrl}/webhook/eventx-add-to-calendar`);
				await env().setActive(
					EXAMPLE_IDS.calendar,
					true,
					async () => (await open()).status === 200,
				);
				const answer = await open();
				const text = await answer.text();
				expect({
					status: answer.status,
					type: answer.headers.get('content-type'),
					disposition: answer.headers.get('content-disposition'),
				}).toEqual({
					status: 200,
					type: expect.stringMatching(/^text\/calendar/),
					disposition: `attachment; filename="Design Week 2026.ics"; filename*=UTF-8''Design%20Week%202026.ics`,
				});
				// Read back by an independent parser: the demo event, in its time zone, with the reminder.
				const calendar = new ICAL.Component(ICAL.parse(text));
				for (const zone of calendar.getAllSubcomponents('vtimezone'))
					ICAL.TimezoneService.register(zone);
				const vevents = calendar.getAllSubcomponents('vevent');
				expect(vevents).toHaveLength(1);
				const event = new ICAL.Event(vevents[0]);
				expect(event.uid).toBe(events.calendar);
				expect(event.summary).toBe('Design Week 2026');
				// Design Week 2026: 2026-12-08 09:00 to 17:00 UTC, in Hong Kong (UTC+8).
				expect(event.startDate.zone.tzid).toBe('Asia/Hong_Kong');
				expect(event.startDate.toString()).toBe('2026-12-08T17:00:00');
				expect(event.endDate.toString()).toBe('2026-12-09T01:00:00');
				expect(event.startDate.toJSDate().toISOString()).toBe('2026-12-08T09:00:00.000Z');
				const alarm = vevents[0].getFirstSubcomponent('valarm')!;
				expect((alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds()).toBe(-3600);
				ICAL.TimezoneService.reset();
				await env().setActive(EXAMPLE_IDS.calendar, false);
			});

			/**
			 * The event an event-trigger example's first click takes: among published events, the
			 * one whose moment (its `field` time plus `offset`) came last, else the next one.
			 */
			async function sampleEvent(field: 'startsAt' | 'endsAt', offset: number) {
				const { now } = await env().sim<{ now: string }>('POST', '/__sim/clock', {});
				const moments = (await env().state()).events
					.filter((e) => e.isPublished === true)
					.map((e) => ({ id: String(e.id), due: Date.parse(String(e[field])) + offset }));
				const past = moments.filter((m) => m.due <= Date.parse(now));
				const pick = past.length
					? past.reduce((a, b) => (b.due > a.due ? b : a))
					: moments.reduce((a, b) => (b.due < a.due ? b : a));
				return pick.id;
			}

			const attendeeIdsOf = async (eventId: string) =>
				(await env().state()).attendees
					.filter((a) => a.eventId === eventId && !a.removedAt)
					.map((a) => String(a.id))
					.sort();

			test('after the event: the first click takes the event that ended last (or ends next) and makes a CSV and an Excel file of all its attendees', async () => {
				const expected = await sampleEvent('endsAt', 3_600_000);
				const execution = await env().runManually(EXAMPLE_IDS.afterEvent, 'Event Ended + 1 Hour');
				expect(execution.status).toBe('success');
				const runData = execution.data.resultData.runData;
				const [trigger] = outputOf(runData, 'Event Ended + 1 Hour');
				expect(trigger).toMatchObject({
					action: 'event-ended',
					eventId: expected,
					moment: expect.objectContaining({ trigger: 'eventEnded', of: 'endsAt' }),
				});
				const listed = outputOf(runData, 'Attendees of the Event').map((a) => String(a.id));
				expect(listed.sort()).toEqual(await attendeeIdsOf(expected));
				const fileOf = (node: string) => {
					const runs = runData[node] as Array<{
						data: { main: Array<Array<{ binary?: Record<string, Json> }>> };
					}>;
					const items = runs[0].data.main[0];
					return items.map((item) => ({
						fileName: item.binary?.data?.fileName,
						mimeType: item.binary?.data?.mimeType,
					}));
				};
				const name = String(trigger.name);
				expect(fileOf('Attendees CSV')).toEqual([
					{ fileName: `${name} attendees.csv`, mimeType: 'text/csv' },
				]);
				expect(fileOf('Attendees Excel')).toEqual([
					{
						fileName: `${name} attendees.xlsx`,
						mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
					},
				]);
			});

			test('the day before: the first click takes the event whose reminder time came last (or comes next) and shows its registered attendees not checked in, sending nothing; switched on, it sends them the confirmation', async () => {
				const expected = await sampleEvent('startsAt', -86_400_000);
				const state = await env().state();
				const due = state.attendees
					.filter(
						(a) =>
							a.eventId === expected &&
							!a.removedAt &&
							a.registrationStatus === 'registered' &&
							!a.attendedAt,
					)
					.map((a) => String(a.id))
					.sort();
				expect(due.length).toBeGreaterThan(0);
				const sentSince = async (before: number) =>
					(await env().state()).outbox
						.slice(before)
						.filter((o) => o.eventId === expected && o.channel === 'email')
						.flatMap((o) => o.attendeeIds as string[])
						.sort();

				const before = state.outbox.length;
				const execution = await env().runManually(EXAMPLE_IDS.dayBefore, 'Event Starts Tomorrow');
				expect(execution.status).toBe('success');
				const runData = execution.data.resultData.runData;
				expect(outputOf(runData, 'Event Starts Tomorrow')).toEqual([
					expect.objectContaining({ action: 'event-starting', eventId: expected }),
				]);
				// The send is switched off: the attendees pass through it, and nothing goes out.
				expect(
					outputOf(runData, 'Send Reminder')
						.map((a) => String(a.id))
						.sort(),
				).toEqual(due);
				expect(await sentSince(before)).toEqual([]);

				const on = await env().runManually(SWITCHED_ON.dayBefore, 'Event Starts Tomorrow');
				expect(on.status).toBe('success');
				expect(await sentSince(before)).toEqual(due);
			});

			test('attendee lifecycle sends created, updated and checked-in attendees down their branches', async () => {
				const lifecycleHooks = async () =>
					(await env().state()).webhooks.filter((h) => h.eventId === events.lifecycle);
				await env().setActive(
					EXAMPLE_IDS.lifecycle,
					true,
					async () => (await lifecycleHooks()).length === 1,
				);
				const [created] = (
					await eventx(env(), 'PUT', `/event/${events.lifecycle}/attendee/bulk-upsert`, [
						{ firstName: 'Mary', lastName: 'Jackson', invitationEmail: 'mary@example.com' },
					])
				).dataList as Json[];
				await eventx(env(), 'PATCH', `/event/${events.lifecycle}/attendee/${created.id}`, {
					jobTitle: 'Engineer',
				});
				await env().sim('POST', `/__sim/attendees/${created.id}/check-in`, {});

				const executions = await env().executions(EXAMPLE_IDS.lifecycle, 3);
				expect(executions.map((e) => e.status)).toEqual(['success', 'success', 'success']);
				const branches = executions
					.map((e) => {
						const runData = e.data.resultData.runData;
						const [branch] = ['Welcome New Attendee', 'Sync Profile Change', 'Tell the Door Team']
							.filter((name) => runData[name])
							.map((name) => outputOf(runData, name)[0]);
						return branch;
					})
					.sort((a: Json, b: Json) => String(a.route).localeCompare(String(b.route)));
				expect(branches).toEqual([
					expect.objectContaining({ route: 'checked-in', attendee: 'Mary Jackson' }),
					expect.objectContaining({ route: 'created', attendee: 'Mary Jackson' }),
					expect.objectContaining({ route: 'updated', attendee: 'Mary Jackson' }),
				]);
				await env().setActive(
					EXAMPLE_IDS.lifecycle,
					false,
					async () => (await lifecycleHooks()).length === 0,
				);
				expect(await lifecycleHooks()).toEqual([]);
			});

			test("scheduled outreach: the first click shows the event's newest attendee and sends nothing", async () => {
				const [newest] = (
					await eventx(env(), 'PUT', `/event/${events.outreach}/attendee/bulk-upsert`, [
						{ firstName: 'Dorothy', lastName: 'Vaughan', invitationEmail: 'dorothy@example.com' },
					])
				).dataList as Json[];
				const before = (await env().state()).outbox.length;
				const execution = await env().runManually(EXAMPLE_IDS.outreach, OUTREACH_TRIGGER);
				expect(execution.status).toBe('success');
				const runData = execution.data.resultData.runData;
				expect(outputOf(runData, OUTREACH_TRIGGER)).toEqual([
					expect.objectContaining({
						action: 'attendee-create',
						id: newest.id,
						eventId: events.outreach,
						firstName: 'Dorothy',
					}),
				]);
				// The send is switched off: the attendee passes through it, and nothing goes out.
				expect(outputOf(runData, 'Send Confirmation Email').map((a) => a.id)).toEqual([newest.id]);
				expect((await env().state()).outbox.slice(before)).toEqual([]);
			});

			test("the timeline example: each trigger's first click fetches an event, and What Happened says what happened to it", async () => {
				const state = await env().state();
				const nameOf = (eventId: unknown) =>
					(
						state.events.find((e) => e.id === eventId)?.contentI18n as
							| { name: { default: string } }
							| undefined
					)?.name.default;
				for (const [trigger, { action, happened }] of Object.entries(TIMELINE)) {
					const execution = await env().runManually(EXAMPLE_IDS.timeline, trigger);
					expect({ trigger, status: execution.status }).toEqual({ trigger, status: 'success' });
					const runData = execution.data.resultData.runData;
					const [item] = outputOf(runData, trigger);
					expect({ trigger, action: item.action }).toEqual({ trigger, action });
					expect(outputOf(runData, 'What Happened')).toEqual([
						{
							event: nameOf(item.eventId),
							happened,
							at: expect.any(String),
							eventId: item.eventId,
						},
					]);
				}
			});
		});
	},
};

/** What a trigger node emitted in these executions. */
const emittedBy = (executions: Execution[], node: string) =>
	executions.flatMap((e) => outputOf(e.data.resultData.runData, node));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The outreach example switched on and the timeline example as it ships, published after the
 * suites that compare the simulator's whole request log (their triggers read EventX at every poll).
 */
export const examplesPublishedSuite: E2eSuite = {
	workflows: () => [],

	server(env) {
		describe('examples published in n8n', () => {
			test('the outreach example, switched on, and the timeline example are published', async () => {
				for (const id of [SWITCHED_ON.outreach, EXAMPLE_IDS.timeline])
					await env().setActive(id, true);
			});
		});
	},
};

/** Once the published examples' triggers have their state: an organizer at work. */
export const examplesChangesSuite: E2eSuite = {
	workflows: () => [],

	server(env) {
		describe('examples published in n8n: an organizer at work', () => {
			test('three people register for the outreach event, and Launch Night is added, its doors opening, start and end seconds away', async () => {
				// Each trigger's state: kept from the publishing poll (2.8), or made by the first
				// scheduled poll (durable cursors on 2.41). The timeline polls every minute.
				const until = Date.now() + 75_000;
				const nodes: Array<[string, string]> = [
					[SWITCHED_ON.outreach, OUTREACH_TRIGGER],
					...Object.keys(TIMELINE).map((node): [string, string] => [EXAMPLE_IDS.timeline, node]),
				];
				for (const [id, node] of nodes) {
					const ready = async () => {
						const cursor = await env().pollCursor(id, node);
						return Boolean(cursor?.pollState ?? cursor?.momentState);
					};
					while (!(await ready()) && Date.now() < until) await sleep(1000);
					expect({ node, ready: await ready() }).toEqual({ node, ready: true });
				}
				made.newcomers = (
					(
						await eventx(
							env(),
							'PUT',
							`/event/${outreachOnEvent.id}/attendee/bulk-upsert`,
							['Hedy', 'Katherine', 'Barbara'].map((firstName) => ({
								firstName,
								invitationEmail: `${firstName.toLowerCase()}@example.com`,
							})),
						)
					).dataList as Json[]
				).map((a) => String(a.id));
				const { organizations } = (await env().state()).seeded;
				const { now } = await env().sim<{ now: string }>('POST', '/__sim/clock', {});
				const t = Date.parse(now);
				const iso = (ms: number) => new Date(t + ms).toISOString();
				const launch = await env().sim<{ id: string }>('POST', '/__sim/events', {
					organizationId: organizations.hosted,
					name: 'Launch Night',
					entryStartsAt: iso(3_000),
					startsAt: iso(6_000),
					endsAt: iso(9_000),
				});
				made.launchNight = launch.id;
				made.lastMomentAt = t + 9_000;
			});
		});
	},
};

/** Last: what the published examples' polls made of it. */
export const examplesChecksSuite: E2eSuite = {
	workflows: () => [],

	server(env) {
		describe('examples published in n8n: executions', () => {
			test('the outreach example confirmed each newcomer once, in one send', async () => {
				const newcomers = [...made.newcomers!].sort();
				const emitted = (executions: Execution[]) =>
					emittedBy(executions, OUTREACH_TRIGGER)
						.map((a) => String(a.id))
						.sort();
				const executions = await env().executionsUntil(
					SWITCHED_ON.outreach,
					(listed) => emitted(listed).length >= newcomers.length,
					NEXT_POLL_MS * 2,
				);
				expect(emitted(executions)).toEqual(newcomers);
				expect(executions.map((e) => e.status)).toEqual(executions.map(() => 'success'));
				const sends = (await env().state()).outbox
					.filter((o) => o.eventId === outreachOnEvent.id && o.channel === 'email')
					.map((o) => [...(o.attendeeIds as string[])].sort());
				expect(sends).toEqual([newcomers]);
				await env().setActive(SWITCHED_ON.outreach, false);
			});

			test("the timeline example fired once for each of Launch Night's five moments, from created to ended", async () => {
				const happened = (executions: Execution[]) =>
					executions
						.flatMap((e) => outputOf(e.data.resultData.runData, 'What Happened'))
						.filter((item) => item.eventId === made.launchNight)
						.map((item) => String(item.happened))
						.sort();
				const want = Object.values(TIMELINE)
					.map((t) => t.happened)
					.sort();
				const executions = await env().executionsUntil(
					EXAMPLE_IDS.timeline,
					(listed) => happened(listed).length >= want.length,
					Math.max(0, (made.lastMomentAt ?? 0) - Date.now()) + 75_000,
				);
				expect(happened(executions)).toEqual(want);
				await env().setActive(EXAMPLE_IDS.timeline, false);
			});
		});
	},
};
