// The helper that runs code with the n8n process in another time zone really moves the process's
// zone: setting TZ in jest's copy of process.env (what it did before) moved nothing.
import { inProcessTimeZone } from '../fixtures';
import { process } from '../platform.cjs';

/** How far local time is behind UTC on 2026-01-01, in minutes, as Date reads it. */
const offsetOnNewYear = () => new Date(2026, 0, 1).getTimezoneOffset();

test('in Pacific/Auckland, local dates are 13 hours ahead of UTC; afterwards the zone is back', async () => {
	const before = offsetOnNewYear();
	const inside = await inProcessTimeZone('Pacific/Auckland', async () => ({
		offset: offsetOnNewYear(),
		zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
		parsed: Date.parse('2026-01-01T00:00:00'),
	}));
	expect(inside).toEqual({
		offset: -780,
		zone: 'Pacific/Auckland',
		parsed: Date.parse('2025-12-31T11:00:00Z'),
	});
	expect(offsetOnNewYear()).toBe(before);
});

test("jest's copy of process.env does not move the zone (why the helper sets the worker's own)", () => {
	const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
	const previous = process.env.TZ;
	process.env.TZ = zone === 'Asia/Tokyo' ? 'Europe/Lisbon' : 'Asia/Tokyo';
	try {
		expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
	} finally {
		if (previous === undefined) delete process.env.TZ;
		else process.env.TZ = previous;
	}
});
