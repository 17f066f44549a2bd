import { run, useSimulator } from '../../helpers';

const ctx = useSimulator();

test('smoke: get many events', async () => {
	console.log('start', ctx.sim.url);
	const result = await run(ctx.sim, {
		parameters: { resource: 'event', operation: 'getMany', returnAll: true },
	});
	if (result.error) console.log(result.error);
	expect(result.error).toBeUndefined();
	expect(result.items.length).toBe(6);
});
