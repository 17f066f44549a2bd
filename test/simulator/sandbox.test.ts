// What `npm run dev` needs of the simulator: its data saved and put back across restarts, and
// attendee changes made as EventX's admin panel would (the banner's trigger commands).
import { useSimulator } from '../fixtures';
import { simRequest } from '../e2e/environment';
import {
	demoQrCodeToken,
	demoTriggerIds,
	scanCommand,
	triggerCommands,
} from '../../scripts/runtime/sandbox';
import { apiCall } from './apiCall';
import { Simulator } from './server';

const ctx = useSimulator();

describe('Simulator: a snapshot of its data', () => {
	it('puts back attendees, orders, media bytes, the clock and what was seeded', async () => {
		const sim = ctx.sim;
		const [eventId] = sim.seeded.eventIds;
		const created = await simRequest<Record<string, unknown>>(
			sim.url,
			'POST',
			`/__sim/events/${eventId}/attendees`,
			{ firstName: 'Grace', invitationEmail: 'grace@example.com' },
		);
		const order = sim.addOrder(eventId, { status: 'pending_payment' });
		sim.store.media.set('m1', {
			id: 'm1',
			eventId,
			fileName: 'a.txt',
			mimeType: 'text/plain',
			byteSize: 3,
			checksum: 'x',
			bytes: Buffer.from('abc'),
			createdAt: '2026-01-01T00:00:00.000Z',
		});
		sim.store.freezeTime('2026-12-01T09:00:00.000Z');

		const copy = new Simulator({ seed: false });
		copy.restore(sim.snapshot());
		await copy.start();
		try {
			expect(copy.seeded).toEqual(sim.seeded);
			expect(copy.store.attendees.get(String(created.id))).toMatchObject({
				firstName: 'Grace',
				invitationEmail: 'grace@example.com',
				eventId,
			});
			expect(copy.store.orders.get(order.id)?.status).toBe('pending_payment');
			expect(copy.store.media.get('m1')?.bytes?.toString()).toBe('abc');
			expect(copy.store.now()).toBe('2026-12-01T09:00:00.000Z');
			// The API answers from the restored data, with the demo token.
			const answer = await apiCall(
				copy,
				'GET',
				`/public-api/v1/event/${eventId}/attendee/${created.id}`,
			);
			expect(answer.status).toBe(200);
			expect(answer.body.data?.firstName).toBe('Grace');
		} finally {
			await copy.stop();
		}
	});
});

describe("Simulator: the sandbox's attendee changes", () => {
	it('create, update, register, check in and delete, each with its webhook delivery', async () => {
		const sim = ctx.sim;
		const [eventId] = sim.seeded.eventIds;
		const actions: string[] = [];
		const notify = sim.notify.bind(sim);
		sim.notify = (event, action, attendee) => {
			actions.push(`${event === eventId ? 'event' : event} ${action}`);
			return notify(event, action, attendee);
		};
		const created = await simRequest<Record<string, unknown>>(
			sim.url,
			'POST',
			`/__sim/events/${eventId}/attendees`,
			{ firstName: 'Ada', invitationEmail: 'ada@example.com', registrationStatus: 'pending' },
		);
		expect(created).toMatchObject({
			firstName: 'Ada',
			registrationStatus: 'pending',
			registeredAt: null,
		});
		const id = String(created.id);
		const updated = await simRequest<Record<string, unknown>>(
			sim.url,
			'PATCH',
			`/__sim/attendees/${id}`,
			{
				jobTitle: 'CTO',
			},
		);
		expect(updated.jobTitle).toBe('CTO');
		const registered = await simRequest<Record<string, unknown>>(
			sim.url,
			'POST',
			`/__sim/attendees/${id}/register`,
		);
		expect(registered.registrationStatus).toBe('registered');
		expect(typeof registered.registeredAt).toBe('string');
		await simRequest(sim.url, 'POST', `/__sim/attendees/${id}/check-in`);
		await simRequest(sim.url, 'DELETE', `/__sim/attendees/${id}`);
		expect(sim.store.attendees.get(id)?.removedAt).toEqual(expect.any(String));
		expect(actions).toEqual([
			'event attendee-create',
			'event attendee-update',
			'event attendee-update',
			'event attendee-check-in',
			'event attendee-delete',
		]);
		const gone = await fetch(`${sim.url}/__sim/attendees/${id}`, { method: 'DELETE' });
		expect(gone.status).toBe(404);
	});
});

describe("The sandbox banner's trigger commands", () => {
	it('each acts on a demo record of the examples event and is answered 200, in any order', async () => {
		const sim = ctx.sim;
		const eventId = sim.seeded.eventIds[1];
		const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as Parameters<
			typeof demoTriggerIds
		>[0];
		const ids = demoTriggerIds(state, eventId);
		expect(Object.values(ids).filter((id) => id.startsWith('<'))).toEqual([]);
		// A draft of the demo event's organization, to publish.
		expect(sim.store.events.get(ids.draftEventId)?.event).toMatchObject({
			organizationId: ids.organizationId,
			isPublished: false,
		});
		// Five different attendees: no command undoes what another needs.
		const attendees = [
			ids.attendeeId,
			ids.pendingAttendeeId,
			ids.notCheckedInAttendeeId,
			ids.checkedInAttendeeId,
			ids.deletableAttendeeId,
		];
		expect(new Set(attendees).size).toBe(5);
		// Two other published events of the organization, each with attendees (the reminder's
		// registered and not checked in), moved by the day-before and after-the-event commands.
		const live = (eventId: string) =>
			[...sim.store.attendees.values()].filter((a) => a.eventId === eventId && !a.removedAt);
		for (const moved of [ids.reminderEventId, ids.exportEventId])
			expect(sim.store.events.get(moved)?.event).toMatchObject({
				organizationId: ids.organizationId,
				isPublished: true,
			});
		expect(new Set([eventId, ids.reminderEventId, ids.exportEventId]).size).toBe(3);
		expect(
			live(ids.reminderEventId).filter(
				(a) => a.registrationStatus === 'registered' && !a.attendedAt,
			).length,
		).toBeGreaterThan(0);
		expect(live(ids.exportEventId).length).toBeGreaterThan(0);
		const statuses: number[] = [];
		for (const { command } of [...triggerCommands(sim.url, ids)].reverse()) {
			const [, method, url, body] = command.match(/^curl -X (\w+) (\S+)(?: -d '(.*)')?$/)!;
			statuses.push((await fetch(url, { method, body })).status);
		}
		expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 200]);
		// The draft is published; the times are relative to EventX's clock when the command ran:
		// Launch Night's moments in 1, 2 and 3 minutes, a day before the reminder event's start
		// and an hour after the export event's end each in a minute.
		expect(sim.store.events.get(ids.draftEventId)?.event.isPublished).toBe(true);
		const launch = [...sim.store.events.values()]
			.map((r) => r.event)
			.find(
				(e) => (e.contentI18n as { name: { default: string } }).name.default === 'Launch Night',
			)!;
		expect(launch).toMatchObject({ organizationId: ids.organizationId, isPublished: true });
		// Four attendees: the day-before and after-the-event examples' first runs take Launch Night
		// once it exists (its reminder time came last, it ends next) and must show someone.
		const guests = live(String(launch.id));
		expect(guests.length).toBe(4);
		expect(
			guests.filter((a) => a.registrationStatus === 'registered' && !a.attendedAt).length,
		).toBe(2);
		const created = Date.parse(String(launch.createdAt));
		expect(
			(['entryStartsAt', 'startsAt', 'endsAt'] as const).map(
				(key) => Date.parse(String(launch[key])) - created,
			),
		).toEqual([60_000, 120_000, 180_000]);
		// A move is stamped `updatedAt` when it ran.
		const movedBy = (eventId: string) => {
			const event = sim.store.events.get(eventId)!.event;
			return (['startsAt', 'endsAt'] as const).map(
				(key) => Date.parse(String(event[key])) - Date.parse(String(event.updatedAt)),
			);
		};
		expect(movedBy(ids.reminderEventId)).toEqual([86_460_000, 90_060_000]);
		expect(movedBy(ids.exportEventId)).toEqual([-7_200_000, -3_540_000]);
	});

	it("the door scanner's command: a live attendee's QR code token, POSTed as JSON to the example's test URL", async () => {
		const sim = ctx.sim;
		const eventId = sim.seeded.eventIds[1];
		const state = (await (await fetch(`${sim.url}/__sim/state`)).json()) as Parameters<
			typeof demoQrCodeToken
		>[0];
		const token = demoQrCodeToken(state, eventId);
		const found = await apiCall(
			sim,
			'GET',
			`/public-api/v1/event/${eventId}/attendee/qr-code-token/${token}`,
		);
		expect(found.status).toBe(200);
		expect(scanCommand('http://127.0.0.1:5678', token)).toBe(
			`curl -X POST http://127.0.0.1:5678/webhook-test/eventx-door-check-in -H 'content-type: application/json' -d '{"qrCodeToken":"${token}"}'`,
		);
	});
});
