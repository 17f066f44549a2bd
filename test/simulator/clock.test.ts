// The simulator's record clock: what polling tests move and freeze.
import { useSimulator } from '../fixtures';
import { simRequest } from '../e2e/environment';

const ctx = useSimulator();

describe('Simulator: the record clock', () => {
	it('freezes, moves and runs again through /__sim/clock; records take its time', async () => {
		const frozen = await simRequest<{ now: string; frozen: boolean }>(
			ctx.sim.url,
			'POST',
			'/__sim/clock',
			{ freeze: '2026-12-01T09:00:00.000Z' },
		);
		expect(frozen).toEqual({ now: '2026-12-01T09:00:00.000Z', frozen: true });
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
