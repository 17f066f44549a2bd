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

	cli(env) {
		describe('an action workflow run by n8n', () => {
			test('every operation runs in n8n and reaches the simulator as documented', async () => {
				await env().clearRequests();
				const runData = await env().execute(ACTION_WORKFLOW);
				const requests = await env().apiRequests();
				const state = await env().state();
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
				const result = await env().executeRaw(INVALID_FILTER_WORKFLOW);
				expect(result.status).not.toBe(0);
				// "Invalid input" is zod 3's own wording for a union no member of which matched.
				expect(`${result.stdout}\n${result.stderr}`).toMatch(
					/NodeOperationError: Filters: "extensionData\.capacity" Invalid input/,
				);
				expect(await env().apiRequests()).toHaveLength(0);
			});
		});
	},
};
