import { randomUUID } from 'node:crypto';

import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { aWebhook, BAD, testBadInputs, webhookParams } from '../badInputs';
import { webhookContext } from './fixtures';

const ctx = useSimulator();
const { params, addHook } = webhookContext(ctx);

describe('Webhook > Update', () => {
	test('changes only the URL', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const id = addHook(eventId, 'https://example.com/old', ['attendee-update']);
		const { items, error } = await run(ctx.sim, {
			parameters: params('update', {
				webhookId: byId(id),
				webhookUpdateFields: { url: 'https://example.com/new' },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'PATCH',
			path: `/public-api/v1/event/${eventId}/webhook/${id}`,
			body: { url: 'https://example.com/new' },
		});
		expect(ctx.sim.store.webhooks.get(id)).toMatchObject({
			url: 'https://example.com/new',
			actions: ['attendee-update'],
		});
		expect(items[0].json).toMatchObject({ id, url: 'https://example.com/new' });
	});

	test('changes only the actions', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const id = addHook(eventId, 'https://example.com/keep');
		const { error } = await run(ctx.sim, {
			parameters: params('update', {
				webhookId: byId(id),
				webhookUpdateFields: { actions: ['attendee-check-in', 'attendee-check-out'] },
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].body).toEqual({
			actions: ['attendee-check-in', 'attendee-check-out'],
		});
		expect(ctx.sim.store.webhooks.get(id)).toMatchObject({
			url: 'https://example.com/keep',
			actions: ['attendee-check-in', 'attendee-check-out'],
		});
	});

	test("a webhook of another event fails with EventX's message", async () => {
		const id = addHook(ctx.sim.seeded.eventIds[1]);
		const { error } = await run(ctx.sim, {
			parameters: params('update', {
				webhookId: byId(id),
				webhookUpdateFields: { url: 'https://example.com/new' },
			}),
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'Webhook not found', item: 0 });
	});
});

describe('Webhook > Update: validation before sending', () => {
	test.each([
		[{ webhookUpdateFields: {} }, 'Update Fields: set the URL, the actions or both'],
		[
			{ webhookUpdateFields: { url: 'mailto:me@example.com' } },
			/^URL: .* is not an http or https URL$/,
		],
		[{ webhookUpdateFields: { actions: [] } }, 'Actions: choose at least one action'],
		[
			{ webhookId: byId('={{ "hook-1" }}'), webhookUpdateFields: { url: 'https://example.com' } },
			'Webhook ID: "hook-1" is not a UUID',
		],
	])('Update refuses %j', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: params('update', { webhookId: byId(randomUUID()), ...extra }),
		});
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Webhook Update: a webhook ID that is not a UUID',
		parameters: webhookParams('update', {
			webhookId: byId(BAD),
			webhookUpdateFields: { actions: ['attendee-create'] },
		}),
		good: aWebhook,
		bad: 'hook-1',
		field: /^Webhook ID:/,
	},
]);
