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

it('3,000 events due at one instant with Max Records Per Poll 2,500: 2,500 fire, the other 500 at the next poll, each once', async () => {
	ctx.sim.store.freezeTime('2027-03-01T09:00:00.000Z');
	for (let i = 0; i < 3_000; i++)
		addEvent(ctx.sim.store, {
			organizationId: ORG_HOSTED,
			name: `Crowd ${i}`,
			// Their reminders, a day before, are all due at 10:00 on 2027-03-01.
			startsAt: '2027-03-02T10:00:00.000Z',
			endsAt: '2027-03-02T18:00:00.000Z',
		});
	const harness = pollingTrigger(ctx.sim, {
		events: 'all',
		resource: 'eventStarting',
		when: 'before',
		leadTime: 1,
		timeUnit: 'days',
		options: { maxRecords: 2_500 },
	} as INodeParameters);
	const names = async (at: string) => {
		ctx.sim.store.freezeTime(`2027-03-01T${at}:00.000Z`);
		return ((await harness.pollItems()) ?? []).map((item) => String(item.json.name));
	};
	expect(await names('09:00')).toEqual([]);
	const first = await names('10:00');
	const second = await names('10:01');
	expect(await names('10:02')).toEqual([]);
	expect([first.length, second.length]).toEqual([2_500, 500]);
	expect(new Set([...first, ...second]).size).toBe(3_000);
});
