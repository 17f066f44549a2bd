import { randomUUID } from 'node:crypto';

import { EventX } from '../../../nodes/EventX/EventX.node';
import { WEBHOOK_ACTIONS } from '../../../nodes/EventX/helpers/enums';
import { apiRequests, run, useSimulator } from '../../helpers';

const ctx = useSimulator();

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const params = (operation: string, extra: Record<string, unknown> = {}) => ({
	resource: 'webhook',
	operation,
	eventId: byId(ctx.sim.seeded.eventIds[0]),
	...extra,
});

function addHook(eventId: string, url = 'https://example.com/a', actions = ['attendee-create']) {
	const id = randomUUID();
	ctx.sim.store.webhooks.set(id, { id, eventId, url, actions });
	return id;
}

describe('Webhook > Get Many', () => {
	test("returns the event's webhooks, one item each, and no other event's", async () => {
		const [eventId, other] = ctx.sim.seeded.eventIds;
		const a = addHook(eventId, 'https://example.com/a');
		const b = addHook(eventId, 'https://example.com/b', ['attendee-delete']);
		addHook(other);
		const { items, error } = await run(ctx.sim, { parameters: params('getMany') });
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.id).sort()).toEqual([a, b].sort());
		expect(items.find((i) => i.json.id === b)?.json).toEqual({
			id: b,
			url: 'https://example.com/b',
			actions: ['attendee-delete'],
			rawData: { url: 'https://example.com/b', actions: ['attendee-delete'] },
		});
		expect(apiRequests(ctx.sim)).toEqual([
			expect.objectContaining({
				method: 'GET',
				path: `/public-api/v1/event/${eventId}/webhook/all`,
			}),
		]);
	});

	test('an event without webhooks gives no items', async () => {
		const { items, error } = await run(ctx.sim, { parameters: params('getMany') });
		expect(error).toBeUndefined();
		expect(items).toHaveLength(0);
	});
});

describe('Webhook > Create', () => {
	test('creates the subscription with the URL and all five actions', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const { items, error } = await run(ctx.sim, {
			parameters: params('create', {
				webhookUrl: 'https://hooks.example.com/eventx',
				webhookActions: [...WEBHOOK_ACTIONS],
			}),
		});
		expect(error).toBeUndefined();
		const [request] = apiRequests(ctx.sim);
		expect(request).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/event/${eventId}/webhook`,
			body: { url: 'https://hooks.example.com/eventx', actions: [...WEBHOOK_ACTIONS] },
		});
		const stored = ctx.sim.store.webhooksOf(eventId);
		expect(stored).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: stored[0].id,
			url: 'https://hooks.example.com/eventx',
			actions: [...WEBHOOK_ACTIONS],
		});
	});

	test('is not repeated after a dropped connection: exactly one webhook exists', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: '/webhook$' });
		const { error } = await run(ctx.sim, {
			parameters: params('create', {
				webhookUrl: 'https://hooks.example.com/x',
				webhookActions: ['attendee-check-in'],
			}),
		});
		expect(error?.description).toMatch(/may have been applied; it was not repeated/);
		expect(ctx.sim.requestsTo('POST', '/webhook$')).toHaveLength(1);
		expect(ctx.sim.store.webhooksOf(eventId)).toHaveLength(1);
	});

	test('is retried after a 429 and created once', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		ctx.sim.addFault({
			kind: 'status',
			status: 429,
			method: 'POST',
			path: '/webhook$',
			headers: { 'retry-after': '0' },
		});
		const { error } = await run(ctx.sim, {
			parameters: params('create', {
				webhookUrl: 'http://hooks.example.com/x',
				webhookActions: ['attendee-create'],
			}),
		});
		expect(error).toBeUndefined();
		expect(ctx.sim.requestsTo('POST', '/webhook$').map((r) => r.status)).toEqual([429, 200]);
		expect(ctx.sim.store.webhooksOf(eventId)).toHaveLength(1);
	});
});

describe('Webhook > Update', () => {
	test('changes only the URL', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const id = addHook(eventId, 'https://example.com/old', ['attendee-update']);
		const { items, error } = await run(ctx.sim, {
			parameters: params('update', {
				webhookId: id,
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
				webhookId: id,
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
				webhookId: id,
				webhookUpdateFields: { url: 'https://example.com/new' },
			}),
		});
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe('Webhook not found');
	});
});

describe('Webhook > Delete', () => {
	test('removes the webhook for good', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const id = addHook(eventId);
		const keep = addHook(eventId);
		const { items, error } = await run(ctx.sim, {
			parameters: params('delete', { webhookId: id }),
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

describe('Webhook > validation before sending', () => {
	test.each([
		[
			{ webhookUrl: 'ftp://example.com/x' },
			'URL: "ftp://example.com/x" is not an http or https URL',
		],
		[
			{ webhookUrl: 'javascript:alert(1)' },
			'URL: "javascript:alert(1)" is not an http or https URL',
		],
		[{ webhookUrl: 'example.com/hook' }, 'URL: "example.com/hook" is not a URL'],
		[{ webhookActions: '={{ "" }}' }, 'Actions: choose at least one action'],
		[{ webhookActions: '={{ [] }}' }, 'Actions: choose at least one action'],
		[
			{ webhookActions: '={{ ["attendee-create", "order-paid"] }}' },
			/^Actions: "order-paid" is not one of attendee-create/,
		],
	])('Create refuses %j', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: params('create', {
				webhookUrl: 'https://example.com/hook',
				webhookActions: ['attendee-create'],
				...extra,
			}),
		});
		expect(error?.name).toBe('NodeOperationError');
		if (typeof message === 'string') expect(error?.message).toBe(message);
		else expect(error?.message).toMatch(message);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test.each([
		[{ webhookUpdateFields: {} }, 'Update Fields: set the URL, the actions or both'],
		[
			{ webhookUpdateFields: { url: 'mailto:me@example.com' } },
			/^URL: .* is not an http or https URL$/,
		],
		[{ webhookUpdateFields: { actions: [] } }, 'Actions: choose at least one action'],
		[
			{ webhookId: 'hook-1', webhookUpdateFields: { url: 'https://example.com' } },
			'Webhook ID: "hook-1" is not a UUID',
		],
	])('Update refuses %j', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: params('update', { webhookId: randomUUID(), ...extra }),
		});
		expect(error?.name).toBe('NodeOperationError');
		if (typeof message === 'string') expect(error?.message).toBe(message);
		else expect(error?.message).toMatch(message);
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test('Delete refuses a webhook ID that is not a UUID', async () => {
		const { error } = await run(ctx.sim, {
			parameters: params('delete', { webhookId: '={{ "42" }}' }),
		});
		expect(error?.message).toBe('Webhook ID: "42" is not a UUID');
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
