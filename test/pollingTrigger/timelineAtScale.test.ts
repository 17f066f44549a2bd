// Event Starting at volume: more events due at one instant than Max Records Per Poll (3,000 with
// 2,500), more than the memory the trigger kept before (2,000). Each fires once: the rest at the
// next poll. In the slow project (a few seconds: four reads of 3,000 events, each answer held to
// the OpenAPI).
import type { INodeParameters } from 'n8n-workflow';

import { useSimulator } from '../fixtures';
import { addEvent } from '../simulator/routes/events';
import { ORG_HOSTED } from '../simulator/seed';
import { pollingTrigger } from './setup';

const ctx = useSimulator();

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const T0 = Date.parse('2027-03-01T09:00:00.000Z');
const iso = (t: number) => new Date(t).toISOString();

it('3,000 events due at one instant with Max Records Per Poll 2,500: 2,500 fire, the other 500 at the next poll, each once', async () => {
	ctx.sim.store.freezeTime(T0);
	for (let i = 0; i < 3_000; i++)
		addEvent(ctx.sim.store, {
			organizationId: ORG_HOSTED,
			name: `Crowd ${i}`,
			startsAt: iso(T0 + DAY + HOUR),
			endsAt: iso(T0 + DAY + 9 * HOUR),
		});
	const harness = pollingTrigger(ctx.sim, {
		events: 'all',
		resource: 'eventStarting',
		when: 'before',
		leadTime: 1,
		timeUnit: 'days',
		options: { maxRecords: 2_500 },
	} as INodeParameters);
	const names = async (offset: number) => {
		ctx.sim.store.freezeTime(T0 + offset);
		return ((await harness.pollItems()) ?? []).map((item) => String(item.json.name));
	};
	expect(await names(0)).toEqual([]);
	const first = await names(HOUR);
	const second = await names(HOUR + MIN);
	expect(await names(HOUR + 2 * MIN)).toEqual([]);
	expect([first.length, second.length]).toEqual([2_500, 500]);
	expect(new Set([...first, ...second]).size).toBe(3_000);
});
