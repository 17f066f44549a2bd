// The simulator's record clock: what polling tests move and freeze.
import { useSimulator } from '../fixtures';
import { simRequest } from '../e2e/environment';
import { setTimeout } from '../platform.cjs';
import { DEMO_API_TOKEN } from './store';

const ctx = useSimulator();

describe('Simulator: the record clock', () => {
	it('freezes, moves and runs again through /__sim/clock; records take its time', async () => {
		const frozen = await simRequest<{ now: string; frozen: boolean }>(
			ctx.sim.url,
			'POST',
			'/__sim/clock',
			{ freeze: '2026-12-01T09:00:00.000Z' },
		);
		expect(frozen).toEqual({ now: '2026-12-01T09:00:00.000Z', frozen: true, rate: 1 });
		const moved = await simRequest<{ now: string }>(ctx.sim.url, 'POST', '/__sim/clock', {
			advanceMs: 60_000,
		});
		expect(moved.now).toBe('2026-12-01T09:01:00.000Z');

		const attendee = ctx.sim.seeded.attendeeIds[ctx.sim.seeded.eventIds[0]][0];
		expect(ctx.sim.checkIn(attendee).updatedAt).toBe('2026-12-01T09:01:00.000Z');

		const running = await simRequest<{ now: string; frozen: boolean }>(
			ctx.sim.url,
			'POST',
			'/__sim/clock',
			{ freeze: false },
		);
		expect(running.frozen).toBe(false);
		// it runs on from the time it was frozen at
		expect(Math.abs(Date.parse(running.now) - Date.parse('2026-12-01T09:01:00.000Z'))).toBeLessThan(
			5000,
		);
		const bad = await fetch(`${ctx.sim.url}/__sim/clock`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ advanceMs: 'soon' }),
		});
		expect(bad.status).toBe(400);
	});

	it('runs faster than real time at a rate, from where it stood, and freezes at that pace', async () => {
		const clock = (body: unknown) =>
			simRequest<{ now: string; frozen: boolean; rate: number }>(
				ctx.sim.url,
				'POST',
				'/__sim/clock',
				body,
			);
		await clock({ freeze: '2026-12-01T09:00:00.000Z' });
		await clock({ rate: 60 });
		const started = Date.now();
		const running = await clock({ freeze: false });
		expect(running).toMatchObject({ frozen: false, rate: 60 });
		await new Promise((r) => setTimeout(r, 500));
		const later = Date.parse((await clock({})).now);
		// 0.5 s or more of real time at 60 times: 30 s or more; the calls' own time at most adds to it.
		const realMs = Date.now() - started;
		expect(later - Date.parse('2026-12-01T09:00:00.000Z')).toBeGreaterThanOrEqual(30_000);
		expect(later - Date.parse('2026-12-01T09:00:00.000Z')).toBeLessThanOrEqual(realMs * 60 + 60);
		// The Date header follows the same clock (whole seconds).
		const answer = await fetch(`${ctx.sim.url}/public-api/v1/event`);
		expect(Date.parse(answer.headers.get('date')!)).toBeGreaterThanOrEqual(
			Date.parse('2026-12-01T09:00:30.000Z'),
		);
		const frozen = await clock({ freeze: true });
		expect(frozen.frozen).toBe(true);
		await new Promise((r) => setTimeout(r, 100));
		expect((await clock({})).now).toBe(frozen.now);
		// Back to real time: a second is a second again.
		await clock({ rate: 1, freeze: false });
		const a = Date.parse((await clock({})).now);
		await new Promise((r) => setTimeout(r, 300));
		expect(Date.parse((await clock({})).now) - a).toBeLessThan(2000);
		expect(
			(
				await fetch(`${ctx.sim.url}/__sim/clock`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ rate: 0 }),
				})
			).status,
		).toBe(400);
	});
});

describe('Simulator: a server whose clock differs (date-skew)', () => {
	it("answers the next matching request with its Date that far off the service's clock, then the others as before", async () => {
		ctx.sim.store.freezeTime('2026-12-01T09:00:00.000Z');
		ctx.sim.addFault({ kind: 'date-skew', path: '^/public-api/v1/event$', skewMs: -120_000 });
		const token = (
			(await (
				await fetch(`${ctx.sim.url}/public-api/v1/auth`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ apiToken: DEMO_API_TOKEN }),
				})
			).json()) as { data: { accessToken: string } }
		).data.accessToken;
		const dates: Array<string | null> = [];
		for (let i = 0; i < 2; i++) {
			const answer = await fetch(`${ctx.sim.url}/public-api/v1/event`, {
				headers: { authorization: `Bearer ${token}` },
			});
			expect(answer.status).toBe(200);
			dates.push(answer.headers.get('date'));
		}
		expect(dates).toEqual(['Tue, 01 Dec 2026 08:58:00 GMT', 'Tue, 01 Dec 2026 09:00:00 GMT']);
	});
});

describe('Simulator: the Date header', () => {
	it("is the service's clock, off by dateSkewMs (a server whose clock is wrong), or absent with null", async () => {
		await simRequest(ctx.sim.url, 'POST', '/__sim/clock', { freeze: '2026-12-01T09:00:00.000Z' });
		const date = async () =>
			(await fetch(`${ctx.sim.url}/public-api/v1/auth`, { method: 'POST' })).headers.get('date');
		expect(await date()).toBe('Tue, 01 Dec 2026 09:00:00 GMT');
		await simRequest(ctx.sim.url, 'POST', '/__sim/clock', { dateSkewMs: -120_000 });
		expect(await date()).toBe('Tue, 01 Dec 2026 08:58:00 GMT');
		await simRequest(ctx.sim.url, 'POST', '/__sim/clock', { dateSkewMs: null });
		expect(await date()).toBeNull();
		const bad = await fetch(`${ctx.sim.url}/__sim/clock`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ dateSkewMs: 'behind' }),
		});
		expect(bad.status).toBe(400);
	});
});
