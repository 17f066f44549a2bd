import { apiRequests, run, useSimulator } from '../helpers';
import { byId, HOSTED } from './attendee/fixtures';

const ctx = useSimulator();

/** Version 2 reads the request settings and the batch size from the operation's one Options. */
describe('version 2 parameters at run time', () => {
	test('Options > Batch Size splits the upsert', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'upsert',
				eventId: byId(HOSTED(ctx.sim)),
				upsertFields: { firstName: '={{ $json.name }}' },
				options: { batchSize: 1 },
			},
			items: [{ name: 'A' }, { name: 'B' }, { name: 'C' }],
			typeVersion: 2,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(3);
		expect(apiRequests(ctx.sim).filter((r) => r.path.endsWith('/bulk-upsert'))).toHaveLength(3);
	});

	test('Options > Max Retries 0 sends a failing read once', async () => {
		ctx.sim.addFault({ kind: 'status', status: 503, path: '/event$', times: 0 });
		const { error } = await run(ctx.sim, {
			parameters: { resource: 'event', operation: 'getMany', options: { maxRetries: 0 } },
			typeVersion: 2,
		});
		expect(error).toBeDefined();
		expect(apiRequests(ctx.sim).filter((r) => r.path === '/public-api/v1/event')).toHaveLength(1);
	});

	test('Event Create takes the organization from the picker', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'create',
				organizationId: {
					__rl: true,
					mode: 'list',
					value: ctx.sim.seeded.organizations.hosted,
					cachedResultName: 'Organization of Tech Summit 2026',
				},
				name: 'Launch Party',
				startsAt: '2027-03-01T18:00:00Z',
				endsAt: '2027-03-01T22:00:00Z',
				timezone: 'GMT',
				estimatedAttendeeCount: '51-100',
				format: 'in-person',
			},
			typeVersion: 2,
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ organizationId: ctx.sim.seeded.organizations.hosted });
	});

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
			typeVersion: 2,
		});
		expect(deleted.error).toBeUndefined();
		expect(deleted.items[0].json).toEqual({ id, eventId, deleted: true });
		expect(ctx.sim.store.webhooks.has(id)).toBe(false);

		const wrong = await run(ctx.sim, {
			parameters: {
				resource: 'webhook',
				operation: 'delete',
				eventId: byId(eventId),
				// A By ID value that is not a UUID is refused by n8n itself (the mode's regex); a
				// plain text value (as version 1 saved it) reaches the node's own check.
				webhookId: 'hook-1',
			},
			typeVersion: 2,
		});
		expect(wrong.error?.message).toBe('Webhook ID: "hook-1" is not a UUID');
		expect(apiRequests(ctx.sim).filter((r) => r.method === 'DELETE')).toHaveLength(1);
	});
});
