// The bench's pollingCatchUp job on a small downtime: the trigger polls until caught up, the plain
// reader reads once, and both are checked for exactly once.
import { pollingJob } from '../../scripts/bench-polling';
import { EventXPollingTrigger } from '../../nodes/EventXPollingTrigger/EventXPollingTrigger.node';
import { useSimulator } from '../fixtures';

const ctx = useSimulator();

describe('bench pollingCatchUp', () => {
	it.each([
		['pollingNewAttendee', 'eventx'],
		['pollingNewAttendee', 'raw'],
		['pollingOrderPaid', 'eventx'],
		['pollingOrderPaid', 'raw'],
	] as const)('%s, %s: every record that arrived, once', async (job, implementation) => {
		const run = await pollingJob({
			job,
			implementation,
			simulatorUrl: ctx.sim.url,
			eventId: ctx.sim.seeded.eventIds[0],
			arrivals: 250,
			nodeType: new EventXPollingTrigger(),
		});
		await run.prepare();
		ctx.sim.clearLog();
		const { outputItems, polling } = await run.run();
		expect(outputItems).toBe(250);
		expect(polling).toMatchObject({ missing: 0, repeated: 0, unexpected: 0 });
		if (implementation === 'raw') {
			// one range from where its last run ended
			expect(polling.polls).toBe(1);
			expect(ctx.sim.requests.filter((r) => r.path.includes('/event/'))).toHaveLength(1);
		} else {
			// a poll with the 250, one that finds nothing
			expect(polling.polls).toBe(2);
			expect(polling.stateBytes).toBeGreaterThan(0);
		}
	});
});
