// The simulator's events as an organizer drives them (admin panel): added, published,
// rescheduled and deleted on the record clock, and what the event list shows of it.
import { useSimulator } from '../fixtures';
import { simRequest } from '../e2e/environment';
import { apiCall } from './apiCall';
import { ORG_HOSTED } from './seed';

const ctx = useSimulator();

type Json = Record<string, unknown>;

const control = async <T = Json>(method: string, path: string, body?: unknown) =>
	await simRequest<T>(ctx.sim.url, method, path, body);

describe('Simulator: events driven by an organizer', () => {
	beforeEach(() => ctx.sim.store.freezeTime('2026-12-01T09:00:00.000Z'));

	test('an added event is created now, with its entry window, published unless told otherwise', async () => {
		const event = await control('POST', '/__sim/events', {
			organizationId: ORG_HOSTED,
			name: 'Night Market',
			startsAt: '2026-12-02T10:00:00Z',
			endsAt: '2026-12-02T18:00:00Z',
			entryStartsAt: '2026-12-02T09:00:00Z',
			timezone: 'Asia/Hong_Kong',
		});
		expect(event).toMatchObject({
			startsAt: '2026-12-02T10:00:00.000Z',
			endsAt: '2026-12-02T18:00:00.000Z',
			entryStartsAt: '2026-12-02T09:00:00.000Z',
			entryEndsAt: null,
			timezone: 'Asia/Hong_Kong',
			isPublished: true,
			publishedAt: '2026-12-01T09:00:00.000Z',
			createdAt: '2026-12-01T09:00:00.000Z',
			updatedAt: '2026-12-01T09:00:00.000Z',
		});
		expect(event.rawData).toMatchObject({ entryStartsAt: '2026-12-02T09:00:00.000Z' });
		const listed = await apiCall(ctx.sim, 'GET', '/public-api/v1/event?sort=-createdAt');
		expect(listed.body.dataList![0].id).toBe(event.id);
	});

	test('unpublish and publish again: publishedAt and updatedAt follow the record clock', async () => {
		const id = ctx.sim.seeded.eventIds[1]; // Design Week: seeded unpublished
		ctx.sim.store.advanceTime(60_000);
		const published = await control('POST', `/__sim/events/${id}/publish`, { published: true });
		expect(published).toMatchObject({
			isPublished: true,
			publishedAt: '2026-12-01T09:01:00.000Z',
			updatedAt: '2026-12-01T09:01:00.000Z',
		});
		ctx.sim.store.advanceTime(60_000);
		const unpublished = await control('POST', `/__sim/events/${id}/publish`, { published: false });
		expect(unpublished).toMatchObject({
			isPublished: false,
			publishedAt: null,
			updatedAt: '2026-12-01T09:02:00.000Z',
		});
		const bad = await fetch(`${ctx.sim.url}/__sim/events/${id}/publish`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ published: 'yes' }),
		});
		expect(bad.status).toBe(400);
	});

	test('a reschedule moves the given times only; updatedAt is now; an end before the start is refused', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const moved = await control('POST', `/__sim/events/${id}/schedule`, {
			startsAt: '2026-12-03T09:00:00Z',
			endsAt: '2026-12-03T17:00:00Z',
			entryStartsAt: '2026-12-03T08:00:00Z',
		});
		expect(moved).toMatchObject({
			startsAt: '2026-12-03T09:00:00.000Z',
			endsAt: '2026-12-03T17:00:00.000Z',
			entryStartsAt: '2026-12-03T08:00:00.000Z',
			entryEndsAt: null,
			updatedAt: '2026-12-01T09:00:00.000Z',
		});
		const cleared = await control('POST', `/__sim/events/${id}/schedule`, { entryStartsAt: null });
		expect(cleared).toMatchObject({ entryStartsAt: null, startsAt: '2026-12-03T09:00:00.000Z' });
		const bad = await fetch(`${ctx.sim.url}/__sim/events/${id}/schedule`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ endsAt: '2026-12-02T09:00:00Z' }),
		});
		expect(bad.status).toBe(400);
	});

	test('a deleted event leaves the list and answers 404; the API Delete stamps the record clock too', async () => {
		const [a, b] = ctx.sim.seeded.eventIds;
		await control('DELETE', `/__sim/events/${a}`);
		expect(ctx.sim.store.events.get(a)!.deletedAt).toBe('2026-12-01T09:00:00.000Z');
		expect((await apiCall(ctx.sim, 'GET', `/public-api/v1/event/${a}`)).status).toBe(404);
		const listed = await apiCall(ctx.sim, 'GET', '/public-api/v1/event?pageSize=100');
		expect(listed.body.dataList!.map((e) => e.id)).not.toContain(a);
		ctx.sim.store.advanceTime(1000);
		expect((await apiCall(ctx.sim, 'DELETE', `/public-api/v1/event/${b}`)).status).toBe(204);
		expect(ctx.sim.store.events.get(b)!.deletedAt).toBe('2026-12-01T09:00:01.000Z');
	});

	test('Event Update stamps updatedAt on the record clock', async () => {
		const id = ctx.sim.seeded.eventIds[0];
		const updated = await apiCall(ctx.sim, 'PUT', `/public-api/v1/event/${id}`, {
			name: 'Tech Summit 2026',
			descriptionHtml: '',
			startsAt: '2026-12-01T09:00:00Z',
			endsAt: '2026-12-01T17:00:00Z',
			timezone: 'Asia/Hong_Kong',
			estimatedAttendeeCount: '51-100',
			categories: [],
			types: [],
			defaultLocale: 'en',
			paymentCurrency: 'USD',
		});
		expect(updated.status).toBe(200);
		expect(updated.body.data!.updatedAt).toBe('2026-12-01T09:00:00.000Z');
	});
});
