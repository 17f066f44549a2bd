/**
 * The workflows in `examples/`, imported as a user would import them (only the event, the ticket
 * class and the credential chosen), run by n8n against the simulator.
 */
import { demoExamples, EXAMPLE_IDS } from '../../../scripts/n8n-runtime';
import { eventxRequest, outputOf, type E2eEnvironment } from '../environment';
import { CREDENTIAL_ID, doorCheckInAnswer, type SimState } from '../workflows';
import type { E2eSuite } from './types';

type Json = Record<string, any>;

let events: ReturnType<typeof demoExamples>['events'];
let vipTicketClass: string;

/** A call to the simulator's public API with the demo user's token. */
async function eventx(env: E2eEnvironment, method: string, path: string, body?: unknown) {
	return (await eventxRequest(env.simulator.url, method, path, body)) as Json;
}

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
			test('scheduled outreach confirms the attendees created since its last run, once', async () => {
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

				const first = await newcomers('Hedy', 'Katherine', 'Barbara');
				const run1 = await env().execute(EXAMPLE_IDS.outreach);
				expect(outputOf(run1, 'Remember This Run')).toEqual([
					expect.objectContaining({ confirmed: 3 }),
				]);
				let sent = emailsTo(await env().state(), events.outreach);
				expect(sent.map((o) => [...(o.attendeeIds as string[])].sort())).toEqual([
					[...first].sort(),
				]);

				// Nothing new: nothing is sent, and the window does not move.
				const run2 = await env().execute(EXAMPLE_IDS.outreach);
				expect(outputOf(run2, 'Since Last Run')[0].since).toBe(
					outputOf(run1, 'Since Last Run')[0].now,
				);
				expect(outputOf(run2, 'New Attendees')).toEqual([]);
				expect(emailsTo(await env().state(), events.outreach)).toHaveLength(1);

				const second = await newcomers('Radia');
				await env().execute(EXAMPLE_IDS.outreach);
				sent = emailsTo(await env().state(), events.outreach);
				expect(sent.map((o) => [...(o.attendeeIds as string[])].sort())).toEqual([
					[...first].sort(),
					second,
				]);
			});

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
			});
		});
	},

	server(env) {
		describe('examples activated in n8n', () => {
			test('door check-in answers a scanned QR code with the attendee, and 404 for an unknown one', async () => {
				const guest = (await env().state()).attendees.find(
					(a) => a.eventId === events.door && !a.removedAt,
				)!;
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
				expect(answer).toEqual(doorCheckInAnswer(guest));
				const unknown = await scan('not-a-real-token');
				expect(unknown.status).toBe(404);
				expect(await unknown.json()).toEqual({
					error: 'No attendee of this event has this QR code',
				});
				await env().setActive(EXAMPLE_IDS.door, false);
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
