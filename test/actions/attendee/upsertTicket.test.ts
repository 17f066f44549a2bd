import { apiRequests, run, useSimulator } from '../../helpers';
import { byId, HOSTED } from './fixtures';

const ctx = useSimulator();

const upsert = (extra: Record<string, unknown>) => ({
	resource: 'attendee',
	operation: 'upsert',
	eventId: byId(HOSTED(ctx.sim)),
	upsertFields: { firstName: '={{ $json.name }}', invitationEmail: '={{ $json.email }}' },
	...extra,
});

const people = [
	{ name: 'Hedy', email: 'hedy@example.com' },
	{ name: 'Radia', email: 'radia@example.com' },
];

describe('Create or Update with a ticket class', () => {
	test('one bulk upsert, then one ticket change per attendee; each item answers its attendee with the new ticket', async () => {
		const [, vip] = ctx.sim.store.ticketClasses.get(HOSTED(ctx.sim))! as Array<{ id: string }>;
		const [workshop] = ctx.sim.store.ticketClassAddOns.get(HOSTED(ctx.sim))! as Array<{
			id: string;
		}>;
		const { items, error } = await run(ctx.sim, {
			parameters: upsert({
				ticketClassId: vip.id,
				addOns: { addOn: [{ ticketClassAddOnId: workshop.id, qty: 2 }] },
			}),
			items: people,
			typeVersion: 2,
		});
		expect(error).toBeUndefined();
		const paths = apiRequests(ctx.sim).map(
			(r) => `${r.method} ${r.path.replace(/^.*\/event\/[0-9a-f-]{36}\/attendee/, '')}`,
		);
		expect(paths[0]).toBe('PUT /bulk-upsert');
		expect(paths.slice(1)).toEqual([
			expect.stringMatching(/^PATCH \/[0-9a-f-]{36}\/attendee-ticket$/),
			expect.stringMatching(/^PATCH \/[0-9a-f-]{36}\/attendee-ticket$/),
		]);
		expect(items.map((i) => [i.json.firstName, i.json.ticketClassId])).toEqual([
			['Hedy', vip.id],
			['Radia', vip.id],
		]);
		for (const item of items) {
			const stored = ctx.sim.store.attendees.get(String(item.json.id))!;
			expect(stored.ticketClassId).toBe(vip.id);
			expect(stored.addOns).toEqual([
				expect.objectContaining({ ticketClassAddOnId: workshop.id, qty: 2 }),
			]);
		}
	});

	test('without a ticket class nothing else is sent (version 1 too)', async () => {
		const { items } = await run(ctx.sim, { parameters: upsert({}), items: people });
		expect(items).toHaveLength(2);
		expect(apiRequests(ctx.sim).map((r) => r.method)).toEqual(['PUT']);
	});

	test('a refused ticket change fails only its item, saying the attendee was saved', async () => {
		const [, vip] = ctx.sim.store.ticketClasses.get(HOSTED(ctx.sim))! as Array<{ id: string }>;
		ctx.sim.addFault({ kind: 'status', status: 404, path: '/attendee-ticket$', times: 1 });
		const { items, error } = await run(ctx.sim, {
			parameters: upsert({ ticketClassId: vip.id }),
			items: people,
			typeVersion: 2,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toBeDefined();
		expect(String((items[0].error as { description?: string }).description)).toMatch(
			/^Attendee [0-9a-f-]{36} was saved; only its ticket change failed\./,
		);
		expect(items[1].json).toMatchObject({ firstName: 'Radia', ticketClassId: vip.id });
	});

	test('a ticket class that is not a UUID stops the run before any request', async () => {
		const { error } = await run(ctx.sim, {
			parameters: upsert({ ticketClassId: 'vip' }),
			items: people,
			typeVersion: 2,
		});
		expect(error?.message).toMatch(/^Ticket Class: "vip" is not a UUID/);
		expect(apiRequests(ctx.sim)).toEqual([]);
	});
});
