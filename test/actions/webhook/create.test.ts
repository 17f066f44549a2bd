import { apiRequests, expectNodeError, expectNotRepeated, run, useSimulator } from '../../fixtures';
import { BAD, testBadInputs, webhookParams } from '../badInputs';
import { webhookContext } from './fixtures';

const ctx = useSimulator();
const { params } = webhookContext(ctx);
/** Every action the OpenAPI documents for a webhook. */
const ALL_ACTIONS = [
	'attendee-create',
	'attendee-update',
	'attendee-delete',
	'attendee-check-in',
	'attendee-check-out',
];

describe('Webhook > Create', () => {
	test('creates the subscription with the URL and all five actions', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const { items, error } = await run(ctx.sim, {
			parameters: params('create', {
				webhookUrl: 'https://hooks.example.com/eventx',
				webhookActions: ALL_ACTIONS,
			}),
		});
		expect(error).toBeUndefined();
		const [request] = apiRequests(ctx.sim);
		expect(request).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/event/${eventId}/webhook`,
			body: { url: 'https://hooks.example.com/eventx', actions: ALL_ACTIONS },
		});
		const stored = ctx.sim.store.webhooksOf(eventId);
		expect(stored).toHaveLength(1);
		expect(items[0].json).toMatchObject({
			id: stored[0].id,
			url: 'https://hooks.example.com/eventx',
			actions: ALL_ACTIONS,
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
		expectNotRepeated(error);
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

describe('Webhook > Create: validation before sending', () => {
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
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(ctx.sim.requests).toHaveLength(0);
	});
});

testBadInputs(ctx, [
	{
		name: 'Webhook Create: a URL that is not http(s)',
		parameters: webhookParams('create', { webhookUrl: BAD, webhookActions: ['attendee-create'] }),
		good: () => 'https://hooks.example.com/a',
		bad: 'ftp://hooks.example.com/a',
		field: /^URL:/,
	},
	{
		name: 'Webhook Create: text that is not a URL',
		parameters: webhookParams('create', { webhookUrl: BAD, webhookActions: ['attendee-create'] }),
		good: () => 'http://127.0.0.1:9/b',
		bad: 'hooks dot example',
		field: /^URL:/,
	},
	{
		name: 'Webhook Create: no action',
		parameters: webhookParams('create', {
			webhookUrl: 'https://hooks.example.com/c',
			webhookActions: BAD,
		}),
		good: () => ['attendee-update'],
		bad: [],
		field: /^Actions:/,
	},
	{
		name: 'Webhook Create: an unknown action',
		parameters: webhookParams('create', {
			webhookUrl: 'https://hooks.example.com/d',
			webhookActions: BAD,
		}),
		good: () => ['attendee-delete'],
		bad: ['attendee-explode'],
		field: /^Actions:/,
	},
]);
