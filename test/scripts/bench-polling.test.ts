// The bench's pollingCatchUp job on a small downtime: the trigger polls until every record that
// arrived is out, the plain reader reads once, and both are checked for exactly once (with the
// next poll or run, which must find nothing).
import { exactlyOnce, pollingJob } from '../../scripts/bench-polling';
import { EventXPollingTrigger } from '../../nodes/EventXPollingTrigger/EventXPollingTrigger.node';
import { useSimulator } from '../fixtures';

const ctx = useSimulator();

const listRequests = () =>
	ctx.sim.requests.filter((r) => r.path.startsWith(`/public-api/v1/event/`));

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
		const { outputItems } = await run.run();
		expect(outputItems).toBe(250);
		const caughtUp = listRequests().length;
		ctx.sim.clearLog();
		const polling = await run.confirm();
		expect(polling).toMatchObject({ polls: 1, missing: 0, repeated: 0, unexpected: 0 });
		// the next poll (run) asked EventX and found nothing
		expect(listRequests().length).toBeGreaterThan(0);
		if (implementation === 'raw') {
			// one range from where its last run ended, and again for the next run
			expect(caughtUp).toBe(1);
			expect(listRequests()).toHaveLength(1);
			expect(polling.stateBytes).toBe(0);
		} else {
			expect(caughtUp).toBeGreaterThan(0);
			expect(polling.stateBytes).toBeGreaterThan(0);
		}
	});

	it('the check counts what is missing, repeated and unasked', () => {
		expect(exactlyOnce(['a', 'b', 'c'], ['a', 'c', 'a', 'x'])).toEqual({
			missing: 1,
			repeated: 1,
			unexpected: 1,
		});
		expect(exactlyOnce(['a', 'b'], ['b', 'a'])).toEqual({ missing: 0, repeated: 0, unexpected: 0 });
	});
});
