import { outputOf } from '../environment';
import { actionSeed, actionSteps, chainWorkflow, ORG_HOSTED, type ActionStep } from '../workflows';
import type { E2eSuite } from './types';

const ACTION_WORKFLOW = 'evxE2eActions0001';
const INVALID_FILTER_WORKFLOW = 'evxE2eInvalidFilter1';

let steps: ActionStep[];

/** Every operation of every resource in one workflow; a bad filter refused before any request. */
export const actionsSuite: E2eSuite = {
	workflows(state) {
		steps = actionSteps(expect, actionSeed(state));
		return [
			chainWorkflow(ACTION_WORKFLOW, 'E2E EventX actions', steps),
			chainWorkflow(INVALID_FILTER_WORKFLOW, 'E2E invalid filter', [
				{
					name: 'Get Many Events',
					parameters: {
						resource: 'event',
						operation: 'getMany',
						returnAll: true,
						filters: {
							organizationId: ORG_HOSTED,
							extensionData: '{"capacity": {"$gt": "ten"}}',
						},
					},
				},
			]),
		];
	},

	// In the started n8n, as the editor runs a workflow (the examples run with `n8n execute`).
	server(env) {
		describe('an action workflow run by n8n', () => {
			test('every operation runs in n8n and reaches the simulator as documented', async () => {
				await env().clearRequests();
				const sentBefore = (await env().state()).outbox.length;
				const runData = await env().run(ACTION_WORKFLOW);
				const requests = await env().apiRequests();
				const after = await env().state();
				// What this run sent: the examples, run before it, have sent messages too.
				const state = { ...after, outbox: after.outbox.slice(sentBefore) };
				for (const step of steps) {
					const run = (runData[step.name] as Array<{ error?: { message: string } }>)?.[0];
					expect({ step: step.name, error: run?.error?.message }).toEqual({
						step: step.name,
						error: undefined,
					});
					step.check({
						output: outputOf(runData, step.name),
						requests,
						state,
						outputOf: (name) => outputOf(runData, name),
					});
				}
				// Every request the run made went through the credential's token exchange.
				expect(requests.every((r) => r.authorized)).toBe(true);
			});

			test('bad input fails with the message zod made in the package, before any request', async () => {
				await env().clearRequests();
				const execution = await env().runManually(INVALID_FILTER_WORKFLOW, 'Start');
				expect(execution.status).toBe('error');
				// "Invalid input" is zod 3's own wording for a union no member of which matched.
				expect(execution.data.resultData.error).toMatchObject({
					name: 'NodeOperationError',
					message: expect.stringMatching(/^Filters: "extensionData\.capacity" Invalid input/),
				});
				expect(await env().apiRequests()).toHaveLength(0);
			});
		});
	},
};
