/**
 * The action workflow's steps for orders, invoices, ticket classes, add-ons, custom fields, and
 * the event's extension data and delete. Writes go to the event the workflow created ('Create
 * Event'), which Delete Event removes last, so the seeded events stay as other suites expect.
 */
import { byId } from '../fixtures';
import { eventName, forStep, fromStep, type ActionSeed, type ActionStep } from './workflows';

type Json = Record<string, unknown>;

const created = byId("={{ $('Create Event').first().json.id }}");

export function commerceSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const seeded = byId(seed.eventId);
	const ordersOf = (state: { orders: Json[] }) =>
		state.orders.filter((o) => o.eventId === seed.eventId);
	return [
		{
			name: 'Get Many Orders',
			parameters: {
				resource: 'order',
				operation: 'getMany',
				eventId: seeded,
				limit: 2,
				filters: { status: ['paid'], paymentMethod: ['online'] },
				sort: { rules: [{ field: 'purchasedAt', direction: 'desc' }] },
			},
			check: ({ output, requests, state }) => {
				const paid = ordersOf(state)
					.filter((o) => o.status === 'paid' && o.paymentMethod === 'online')
					.sort((a, b) => String(b.purchasedAt).localeCompare(String(a.purchasedAt)));
				expect(output.map((o) => o.id)).toEqual(paid.slice(0, 2).map((o) => o.id));
				const sent = forStep(requests, 'GET', /\/order$/);
				expect(sent).toHaveLength(1);
				expect(JSON.parse(sent[0].query.filter)).toEqual({
					status: ['paid'],
					paymentMethod: ['online'],
				});
				expect(sent[0].query).toMatchObject({ sort: '-purchasedAt', pageSize: '2' });
			},
		},
		{
			name: 'Get Order',
			parameters: {
				resource: 'order',
				operation: 'get',
				eventId: seeded,
				orderId: byId(fromStep('Get Many Orders', 'id')),
			},
			check: ({ output, requests, outputOf }) => {
				expect(output).toEqual([outputOf('Get Many Orders')[0]]);
				expect(forStep(requests, 'GET', /\/order\/[0-9a-f-]+$/)).toHaveLength(1);
			},
		},
		{
			name: 'Get Invoice for Order',
			parameters: {
				resource: 'invoice',
				operation: 'getForOrder',
				eventId: seeded,
				orderId: byId(fromStep('Get Order', 'id')),
			},
			check: ({ output, requests, outputOf }) => {
				const order = outputOf('Get Order')[0];
				expect(output).toEqual([
					expect.objectContaining({
						orderId: order.id,
						purchaserName: order.buyerName,
						subTotal: order.amount,
					}),
				]);
				expect(forStep(requests, 'GET', new RegExp(`/invoice/${String(order.id)}$`))).toHaveLength(
					1,
				);
			},
		},
		{
			name: 'Get Invoice for User',
			parameters: {
				resource: 'invoice',
				operation: 'getForUser',
				eventId: seeded,
				userId: fromStep('Get Order', 'userId'),
			},
			check: ({ output, requests, outputOf }) => {
				const order = outputOf('Get Order')[0];
				expect(output).toEqual([expect.objectContaining({ orderId: order.id })]);
				const sent = forStep(requests, 'POST', /\/invoice\/details$/);
				expect(sent.map((r) => r.body)).toEqual([{ userId: order.userId }]);
			},
		},
		{
			name: 'Get Many Ticket Add-Ons',
			parameters: { resource: 'ticketAddOn', operation: 'getMany', eventId: seeded },
			check: ({ output, state }) => {
				expect(output.map((a) => a.id)).toEqual(
					state.ticketClassAddOns[seed.eventId].map((a) => a.id),
				);
			},
		},
		{
			name: 'Create Ticket Class',
			parameters: {
				resource: 'ticketClass',
				operation: 'create',
				eventId: created,
				ticketName: 'E2E Early Bird',
				price: 15,
				qty: 50,
				saleStartsAt: '2027-01-01T00:00:00Z',
				ticketClassFields: { description: 'Made by n8n', maxQty: 4 },
			},
			check: ({ output, requests, state, outputOf }) => {
				const eventId = String(outputOf('Create Event')[0].id);
				const sent = forStep(requests, 'POST', /\/ticket-class$/);
				expect(sent.map((r) => r.path)).toEqual([`/public-api/v1/event/${eventId}/ticket-class`]);
				expect(sent[0].body).toMatchObject({
					contentI18n: {
						name: { default: 'E2E Early Bird' },
						description: { default: 'Made by n8n' },
					},
					price: 15,
					qty: 50,
					maxQty: 4,
					saleEndsAt: null,
				});
				expect(state.ticketClasses[eventId].map((c) => c.id)).toEqual([output[0].id]);
			},
		},
		{
			name: 'Get Many Ticket Classes',
			parameters: { resource: 'ticketClass', operation: 'getMany', eventId: created },
			check: ({ output, outputOf }) => {
				expect(output.map((c) => c.id)).toEqual([outputOf('Create Ticket Class')[0].id]);
			},
		},
		{
			name: 'Create or Update Custom Field',
			parameters: {
				resource: 'customField',
				operation: 'upsert',
				eventId: created,
				customFieldType: 'dropdown',
				customFieldLabel: 'E2E Shirt Size',
				choices: 'S, M, L',
			},
			check: ({ output, requests, state, outputOf }) => {
				const eventId = String(outputOf('Create Event')[0].id);
				const sent = forStep(requests, 'PUT', /\/custom-field\/bulk-upsert$/);
				expect(sent).toHaveLength(1);
				expect(sent[0].body).toEqual({
					data: [
						{
							type: 'dropdown',
							contentI18n: { label: { default: 'E2E Shirt Size' } },
							isFilterable: false,
							config: {
								options: ['S', 'M', 'L'].map((label) => ({
									id: label.toLowerCase(),
									contentI18n: { label: { default: label } },
								})),
							},
						},
					],
				});
				expect(state.customFields[eventId].map((q) => q.id)).toEqual([output[0].id]);
			},
		},
		{
			name: 'Get Many Custom Fields',
			parameters: { resource: 'customField', operation: 'getMany', eventId: created },
			check: ({ output, outputOf }) => {
				// Simplify (on by default) leaves out EventX's rawData copy the upsert answered with.
				const saved = { ...outputOf('Create or Update Custom Field')[0] };
				expect(saved.rawData).toEqual(expect.any(Object));
				delete saved.rawData;
				expect(output).toEqual([saved]);
			},
		},
		{
			name: 'Merge Extension Data',
			parameters: {
				resource: 'event',
				operation: 'mergeExtensionData',
				eventId: created,
				extensionData: '{ "source": "n8n", "capacity": 120, "tags": ["e2e"] }',
			},
			check: ({ output, requests }) => {
				expect(output[0].extensionData).toEqual({ source: 'n8n', capacity: 120, tags: ['e2e'] });
				const sent = forStep(requests, 'PATCH', /\/extension-data$/);
				expect(sent.map((r) => r.body)).toEqual([
					{ extensionData: { source: 'n8n', capacity: 120, tags: ['e2e'] } },
				]);
			},
		},
		{
			name: 'Delete Event',
			parameters: { resource: 'event', operation: 'delete', eventId: created },
			check: ({ output, requests, state, outputOf }) => {
				const eventId = String(outputOf('Create Event')[0].id);
				expect(output).toEqual([{ id: eventId, deleted: true }]);
				const sent = forStep(requests, 'DELETE', new RegExp(`^/public-api/v1/event/${eventId}$`));
				expect(sent.map((r) => r.status)).toEqual([204]);
				// Soft delete: the record stays in the simulator's state with its extension data.
				const stored = state.events.find((e) => e.id === eventId);
				expect(stored && eventName(stored)).toBe('E2E Launch Party (renamed)');
			},
		},
	];
}
