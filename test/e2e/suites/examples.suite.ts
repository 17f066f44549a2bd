/**
 * The workflows in `examples/`, imported as a user would import them (only the event, the ticket
 * class and the credential chosen), run by n8n against the simulator.
 */
import ICAL from 'ical.js';

import { demoExamples, EXAMPLE_IDS } from '../../../scripts/n8n-runtime';
import { outputOf, type E2eEnvironment } from '../environment';
import { setTimeout } from '../../platform.cjs';
import { CREDENTIAL_ID, doorCheckInAnswer, type SimState } from '../workflows';
import type { E2eSuite } from './types';

type Json = Record<string, unknown>;

let events: ReturnType<typeof demoExamples>['events'];
let vipTicketClass: string;

/** A call to the simulator's public API with the demo user's token. */
const eventx = async (env: E2eEnvironment, method: string, path: string, body?: unknown) =>
	await env.eventx<Json>(method, path, body);

const emailsTo = (state: SimState, eventId: string) =>
	state.outbox.filter((o) => o.eventId === eventId && o.channel === 'email');

export const examplesSuite: E2eSuite = {
	workflows(state) {
		const examples = demoExamples(state, CREDENTIAL_ID);
		({ events, vipTicketClass } = examples);
		return examples.workflows;
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

			test("scheduled outreach (on the sync's demo event): the first run confirms the attendees of the last day, the synced ones too; later runs only newcomers", async () => {
				const newcomers = async (...names: string[]) =>
					(
						(
							await eventx(
								env(),
								'PUT',
								`/event/${events.outreach}/attendee/bulk-upsert`,
								names.map((firstName) => ({
									firstName,
									invitationEmail: `${firstName.toLowerCase()}@example.com`,
								})),
							)
						).dataList as Json[]
					).map((a) => String(a.id));
				const dayAgo = Date.now() - 24 * 3600_000;
				const recent = (await env().state()).attendees
					.filter(
						(a) =>
							a.eventId === events.outreach &&
							!a.removedAt &&
							Date.parse(String(a.createdAt)) > dayAgo,
					)
					.map((a) => String(a.id));
				expect(recent.length).toBeGreaterThan(0);

				// The first run, as a user's first click: output on the last node.
				const run1 = await env().execute(EXAMPLE_IDS.outreach);
				expect(outputOf(run1, 'New Attendees').map((a) => a.id)).toEqual(
					expect.arrayContaining(recent),
				);
				// The attendee sync (run first, same demo event) made these three.
				expect(outputOf(run1, 'New Attendees').map((a) => a.invitationEmail)).toEqual(
					expect.arrayContaining(['ada@example.com', 'grace@example.com', 'alan@example.com']),
				);
				expect(outputOf(run1, 'Remember This Run')).toEqual([
					expect.objectContaining({ confirmed: recent.length }),
				]);
				const sentTo = async () =>
					emailsTo(await env().state(), events.outreach).map((o) =>
						[...(o.attendeeIds as string[])].sort(),
					);
				expect(await sentTo()).toEqual([[...recent].sort()]);

				// The next run starts after the newest attendee a run read (not at the run's start: one
				// created while a run reads is in that run's list and must not be in the next one's).
				const lastRunOf = (run: typeof run1) => outputOf(run, 'Remember This Run')[0].lastRun;
				const newestRead = outputOf(run1, 'New Attendees')
					.map((a) => String(a.createdAt))
					.sort()
					.pop();
				expect(lastRunOf(run1)).toBe(newestRead);

				const first = await newcomers('Hedy', 'Katherine', 'Barbara');
				const run2 = await env().execute(EXAMPLE_IDS.outreach);
				expect(outputOf(run2, 'Since Last Run')[0].since).toBe(lastRunOf(run1));
				expect(outputOf(run2, 'Remember This Run')).toEqual([
					expect.objectContaining({ confirmed: 3 }),
				]);
				expect(await sentTo()).toEqual([[...recent].sort(), [...first].sort()]);

				// Nothing new: nothing is sent, and the window does not move.
				const run3 = await env().execute(EXAMPLE_IDS.outreach);
				expect(outputOf(run3, 'Since Last Run')[0].since).toBe(lastRunOf(run2));
				expect(outputOf(run3, 'New Attendees')).toEqual([]);
				expect(await sentTo()).toHaveLength(2);

				const second = await newcomers('Radia');
				await env().execute(EXAMPLE_IDS.outreach);
				expect(await sentTo()).toEqual([[...recent].sort(), [...first].sort(), second]);
			});
		});
	},

	server(env) {
		describe('examples activated in n8n', () => {
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

			test('the day before: the first click takes the event that starts next (or started last) and sends the confirmation to its registered attendees not checked in', async () => {
				const expected = await sampleEvent('startsAt', -86_400_000);
				const before = (await env().state()).outbox.length;
				const execution = await env().runManually(EXAMPLE_IDS.dayBefore, 'Event Starts Tomorrow');
				expect(execution.status).toBe('success');
				const runData = execution.data.resultData.runData;
				expect(outputOf(runData, 'Event Starts Tomorrow')).toEqual([
					expect.objectContaining({ action: 'event-starting', eventId: expected }),
				]);
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
				const sent = state.outbox
					.slice(before)
					.filter((o) => o.eventId === expected && o.channel === 'email')
					.flatMap((o) => o.attendeeIds as string[]);
				expect([...sent].sort()).toEqual(due);
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
		});
	},
};
