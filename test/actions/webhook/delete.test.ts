import { EventX } from '../../../nodes/EventX/EventX.node';
import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { byId, HOSTED } from '../attendee/fixtures';
import { aWebhook, BAD, testBadInputs, webhookParams } from '../badInputs';
import { webhookContext } from './fixtures';

const ctx = useSimulator();
const { params, addHook } = webhookContext(ctx);

describe('Webhook > Delete', () => {
	test('removes the webhook for good', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const id = addHook(eventId);
		const keep = addHook(eventId);
		const { items, error } = await run(ctx.sim, {
			parameters: params('delete', { webhookId: byId(id) }),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'DELETE',
			path: `/public-api/v1/event/${eventId}/webhook/${id}`,
		});
		expect(ctx.sim.store.webhooks.has(id)).toBe(false);
		expect(ctx.sim.store.webhooks.has(keep)).toBe(true);
		expect(items[0].json).toEqual({ id, eventId, deleted: true });
	});

	test('the editor says that the delete is permanent', () => {
		const notice = new EventX().description.properties.find(
			(p) =>
				p.type === 'notice' &&
				(p.displayOptions?.show?.resource as string[] | undefined)?.includes('webhook') &&
				(p.displayOptions?.show?.operation as string[] | undefined)?.includes('delete'),
		);
		expect(notice?.displayName).toMatch(/permanent/i);
	});
});

describe('Webhook > Delete: validation before sending', () => {
	test('Delete refuses a webhook ID that is not a UUID', async () => {
		const { error } = await run(ctx.sim, {
			parameters: params('delete', { webhookId: byId('={{ "42" }}') }),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Webhook ID: "42" is not a UUID',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

describe('Webhook > Delete: the webhook picked from the list', () => {
	test('Webhook Delete takes the webhook from the picker; a wrong ID names the field', async () => {
		const eventId = HOSTED(ctx.sim);
		const id = '8a3f1c2e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
		ctx.sim.store.webhooks.set(id, {
			id,
			eventId,
			url: 'https://hooks.example.com/a',
			actions: ['attendee-create'],
		});
		const deleted = await run(ctx.sim, {
			parameters: {
				resource: 'webhook',
				operation: 'delete',
				eventId: byId(eventId),
				webhookId: {
					__rl: true,
					mode: 'list',
					value: id,
					cachedResultName: 'https://hooks.example.com/a',
				},
			},
		});
		expect(deleted.error).toBeUndefined();
		expect(deleted.items[0].json).toEqual({ id, eventId, deleted: true });
		expect(ctx.sim.store.webhooks.has(id)).toBe(false);

		const wrong = await run(ctx.sim, {
			parameters: {
				resource: 'webhook',
				operation: 'delete',
				eventId: byId(eventId),
				// A typed By ID value that is not a UUID is refused by n8n itself (the mode's regex);
				// one from an expression reaches the node's own check.
				webhookId: byId('={{ "hook-1" }}'),
			},
		});
		expectNodeError(wrong.error, {
			name: 'NodeOperationError',
			message: 'Webhook ID: "hook-1" is not a UUID',
			item: 0,
		});
		expect(apiRequests(ctx.sim).filter((r) => r.method === 'DELETE')).toHaveLength(1);
	});
});

testBadInputs(ctx, [
	{
		name: 'Webhook Delete: an empty webhook ID',
		parameters: webhookParams('delete', { webhookId: byId(BAD) }),
		good: aWebhook,
		bad: '',
		field: /^Webhook ID:/,
	},
]);
