// The simulator's history: every change to an attendee, an order or an event, in order, with the
// record's stamps after it (what the soak's checker compares the triggers' output with).
import { useSimulator } from '../fixtures';
import { simRequest } from '../e2e/environment';
import type { HistoryEntry } from './store';

const ctx = useSimulator();

describe('Simulator: the history of changes', () => {
	it('lists attendee, order and event changes in order, with their stamps, after a sequence number', async () => {
		const sim = ctx.sim;
		const control = <T>(method: string, path: string, body?: unknown) =>
			simRequest<T>(sim.url, method, path, body);
		await control('POST', '/__sim/clock', { freeze: '2026-12-01T09:00:00.000Z' });
		const [eventId] = sim.seeded.eventIds;
		const before = sim.store.history.length;

		const attendee = await control<{ id: string }>('POST', `/__sim/events/${eventId}/attendees`, {
			firstName: 'Ada',
		});
		await control('POST', '/__sim/clock', { advanceMs: 1000 });
		await control('POST', `/__sim/attendees/${attendee.id}/check-in`, {});
		const order = await control<{ id: string }>('POST', `/__sim/events/${eventId}/orders`, {});
		await control('POST', '/__sim/clock', { advanceMs: 1000 });
		await control('POST', `/__sim/orders/${order.id}/status`, { status: 'paid' });
		const event = await control<{ id: string }>('POST', '/__sim/events', {
			organizationId: sim.seeded.organizations.hosted,
			name: 'Night Run',
			startsAt: '2026-12-05T18:00:00.000Z',
			endsAt: '2026-12-05T20:00:00.000Z',
			isPublished: false,
		});
		await control('POST', `/__sim/events/${event.id}/publish`, { published: true });
		await control('POST', `/__sim/events/${event.id}/schedule`, {
			startsAt: '2026-12-05T19:00:00.000Z',
		});
		await control('DELETE', `/__sim/events/${event.id}`);

		const all = await control<HistoryEntry[]>('GET', `/__sim/history?after=${before}`);
		expect(all.map((c) => [c.kind, c.id, new Date(c.at).toISOString()])).toEqual([
			['attendee-create', attendee.id, '2026-12-01T09:00:00.000Z'],
			['attendee-check-in', attendee.id, '2026-12-01T09:00:01.000Z'],
			['order-create', order.id, '2026-12-01T09:00:01.000Z'],
			['order-status', order.id, '2026-12-01T09:00:02.000Z'],
			['event-create', event.id, '2026-12-01T09:00:02.000Z'],
			['event-publish', event.id, '2026-12-01T09:00:02.000Z'],
			['event-schedule', event.id, '2026-12-01T09:00:02.000Z'],
			['event-delete', event.id, '2026-12-01T09:00:02.000Z'],
		]);
		expect(all.map((c) => c.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((n) => before + n));
		expect(all[1].record).toMatchObject({
			createdAt: '2026-12-01T09:00:00.000Z',
			updatedAt: '2026-12-01T09:00:01.000Z',
			attendedAt: '2026-12-01T09:00:01.000Z',
		});
		expect(all[3].record).toMatchObject({
			status: 'paid',
			createdAt: '2026-12-01T09:00:01.000Z',
			purchasedAt: '2026-12-01T09:00:02.000Z',
		});
		expect(all[4].record).toMatchObject({ isPublished: false, publishedAt: null });
		expect(all[5].record).toMatchObject({
			isPublished: true,
			publishedAt: '2026-12-01T09:00:02.000Z',
		});
		expect(all[6].record).toMatchObject({
			startsAt: '2026-12-05T19:00:00.000Z',
			endsAt: '2026-12-05T20:00:00.000Z',
		});
		expect(all[7].record.deletedAt).toBe('2026-12-01T09:00:02.000Z');
		// A later change is not in the copy kept earlier.
		expect(all[0].record.attendedAt).toBeNull();

		const last = await control<HistoryEntry[]>('GET', `/__sim/history?after=${before + 7}`);
		expect(last.map((c) => c.kind)).toEqual(['event-delete']);
	});
});
