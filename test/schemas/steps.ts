/**
 * One run of each output the package ships a schema for, in an order that lets later runs work on
 * what earlier ones made (a webhook is created before it is updated, a domain before its mappings):
 * test/schemas/outputs.test.ts runs them against one simulator and validates every item.
 */
import type { IBinaryKeyData, IDataObject, INodeParameters } from 'n8n-workflow';

import { byId } from '../fixtures';
import type { Simulator } from '../simulator/server';
import { mappedColumns } from '../actions/attendee/fixtures';
import { binaryOf, FILE } from '../actions/media/fixtures';

/** What a run works with: the simulator, and the first output item of an earlier run. */
export interface StepContext {
	sim: Simulator;
	out: (key: string) => IDataObject;
}

export interface ActionStep {
	/** `resource:operation` of the action node. */
	key: string;
	parameters: (ctx: StepContext) => INodeParameters | Promise<INodeParameters>;
	items?: (ctx: StepContext) => IDataObject[];
	binaries?: Array<IBinaryKeyData | undefined>;
}

const seededEvent = (sim: Simulator) => sim.seeded.eventIds[0];
const onSeeded = (resource: string, operation: string, extra: INodeParameters = {}) => ({
	key: `${resource}:${operation}`,
	parameters: ({ sim }: StepContext): INodeParameters => ({
		resource,
		operation,
		eventId: byId(seededEvent(sim)),
		...extra,
	}),
});
const id = (ctx: StepContext, key: string) => String(ctx.out(key).id);
const ORG = (sim: Simulator) => sim.seeded.organizations.hosted;
const DRAFT = '5b0d7c1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e';

/** Every operation of the action node, once. */
export const ACTION_STEPS: ActionStep[] = [
	{
		key: 'event:getMany',
		parameters: () => ({ resource: 'event', operation: 'getMany', returnAll: false, limit: 5 }),
	},
	{
		key: 'event:create',
		parameters: ({ sim }) => ({
			resource: 'event',
			operation: 'create',
			organizationId: ORG(sim),
			name: 'Schema Launch Party',
			startsAt: '2027-03-01T18:00:00Z',
			endsAt: '2027-03-01T23:00:00Z',
			timezone: 'Asia/Hong_Kong',
			format: 'hybrid',
			estimatedAttendeeCount: '101-200',
		}),
	},
	{
		key: 'event:get',
		parameters: (ctx) => ({
			resource: 'event',
			operation: 'get',
			eventId: byId(id(ctx, 'event:create')),
		}),
	},
	{
		key: 'event:getAsICalendar',
		parameters: (ctx) => ({
			resource: 'event',
			operation: 'getAsICalendar',
			eventId: byId(id(ctx, 'event:create')),
		}),
	},
	{
		key: 'event:update',
		parameters: (ctx) => ({
			resource: 'event',
			operation: 'update',
			eventId: byId(id(ctx, 'event:create')),
			organizationId: ORG(ctx.sim),
			name: 'Schema Launch Party (renamed)',
			startsAt: '2027-03-02T18:00:00Z',
			endsAt: '2027-03-02T23:00:00Z',
			timezone: 'Europe/London',
			format: 'hybrid',
			estimatedAttendeeCount: '51-100',
			defaultLocale: 'en',
			paymentCurrency: 'JPY',
		}),
	},
	{
		key: 'event:mergeExtensionData',
		parameters: (ctx) => ({
			resource: 'event',
			operation: 'mergeExtensionData',
			eventId: byId(id(ctx, 'event:create')),
			extensionData: JSON.stringify({ capacity: 250, tags: ['vip'], hidden: false }),
		}),
	},
	onSeeded('attendee', 'getMany', { returnAll: false, limit: 5 }),
	{
		key: 'attendee:get',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'get').parameters(ctx),
			attendeeId: byId(id(ctx, 'attendee:getMany')),
		}),
	},
	{
		key: 'attendee:getByQrCodeToken',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'getByQrCodeToken').parameters(ctx),
			qrCodeToken: String(ctx.out('attendee:getMany').qrCodeToken),
		}),
	},
	{
		key: 'attendee:getByShortCode',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'getByShortCode').parameters(ctx),
			shortCode: String(ctx.sim.store.attendees.get(id(ctx, 'attendee:getMany'))?.shortCode),
		}),
	},
	{
		key: 'attendee:upsert',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'upsert').parameters(ctx),
			matchOn: 'invitationEmail',
			columns: mappedColumns(null),
		}),
		items: () => [
			{ firstName: 'Schema', lastName: 'Newcomer', email: 'schema.newcomer@example.com' },
		],
	},
	{
		key: 'attendee:update',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'update').parameters(ctx),
			attendeeId: byId(String((ctx.out('attendee:upsert').attendee as IDataObject).id)),
			columns: mappedColumns({ jobTitle: 'Head of Events', city: 'Singapore' }, { withId: false }),
		}),
	},
	{
		key: 'attendee:changeTicket',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'changeTicket').parameters(ctx),
			attendeeId: byId(id(ctx, 'attendee:update')),
			ticketClassId: String(ctx.sim.store.ticketClasses.get(seededEvent(ctx.sim))![1].id),
			addOns: {
				addOn: [
					{
						ticketClassAddOnId: String(
							ctx.sim.store.ticketClassAddOns.get(seededEvent(ctx.sim))![0].id,
						),
						qty: 2,
					},
				],
			},
		}),
	},
	onSeeded('attendeeTag', 'getMany'),
	onSeeded('customField', 'getMany'),
	{
		...onSeeded('customField', 'upsert', {
			customFieldType: 'text',
			customFieldLabel: 'Job Level',
		}),
	},
	...(
		[
			['sendConfirmationEmail', {}],
			['sendConfirmationSms', {}],
			['sendConfirmationWhatsApp', {}],
			['sendManualEmail', { outreachEmailId: DRAFT }],
		] as const
	).map(
		([operation, extra]): ActionStep => ({
			key: `outreach:${operation}`,
			parameters: (ctx) => ({
				...onSeeded('outreach', operation).parameters(ctx),
				...extra,
				attendeeIds: id(ctx, 'attendee:update'),
			}),
		}),
	),
	onSeeded('outreach', 'sendTestEmail', {
		testTemplateType: 'confirmation-email-with-ticket-summary',
		testEmails: 'qa@example.com, lead@example.com',
	}),
	onSeeded('outreach', 'upsertEmailTemplate', {
		templateType: 'confirmation-email',
		templateFields: {
			subject: 'See you at the launch',
			contentHtml: '<p>Hello {{firstName}}</p>',
			shouldAttachCalendarFile: true,
		},
	}),
	onSeeded('webhook', 'create', {
		webhookUrl: 'http://127.0.0.1:9/schema-hook',
		webhookActions: ['attendee-create'],
	}),
	onSeeded('webhook', 'getMany'),
	{
		key: 'webhook:update',
		parameters: (ctx) => ({
			...onSeeded('webhook', 'update').parameters(ctx),
			webhookId: byId(id(ctx, 'webhook:create')),
			webhookUpdateFields: { actions: ['attendee-create', 'attendee-check-in'] },
		}),
	},
	{
		key: 'webhook:delete',
		parameters: (ctx) => ({
			...onSeeded('webhook', 'delete').parameters(ctx),
			webhookId: byId(id(ctx, 'webhook:create')),
		}),
	},
	{
		...onSeeded('media', 'upload', { binaryPropertyName: 'data' }),
		binaries: [{ data: binaryOf(FILE) }],
	},
	{
		key: 'media:get',
		parameters: (ctx) => ({
			...onSeeded('media', 'get').parameters(ctx),
			mediaId: id(ctx, 'media:upload'),
		}),
	},
	{
		key: 'media:delete',
		parameters: (ctx) => ({
			...onSeeded('media', 'delete').parameters(ctx),
			mediaId: id(ctx, 'media:upload'),
		}),
	},
	{
		key: 'registrationForm:create',
		parameters: (ctx) => ({
			...onSeeded('registrationForm', 'create').parameters(ctx),
			formName: 'Schema Form',
			ticketClassIds: [String(ctx.sim.store.ticketClasses.get(seededEvent(ctx.sim))![1].id)],
			formFields: { field: [{ id: 'email', isRequired: true }] },
		}),
	},
	{
		key: 'registrationForm:get',
		parameters: (ctx) => ({
			...onSeeded('registrationForm', 'get').parameters(ctx),
			regFormId: id(ctx, 'registrationForm:create'),
		}),
	},
	onSeeded('ticketing', 'getPaymentConfiguration'),
	{
		key: 'ticketing:getQuotation',
		parameters: (ctx) => ({
			...onSeeded('ticketing', 'getQuotation').parameters(ctx),
			quotationItems: {
				item: [
					{
						ticketClassId: String(ctx.sim.store.ticketClasses.get(seededEvent(ctx.sim))![1].id),
						qty: 2,
					},
				],
			},
		}),
	},
	{
		key: 'ticketing:createOrder',
		parameters: (ctx) => ({
			...onSeeded('ticketing', 'createOrder').parameters(ctx),
			purchaserEmail: 'schema.buyer@example.com',
			orderItems: {
				item: [
					{
						ticketClassId: String(ctx.sim.store.ticketClasses.get(seededEvent(ctx.sim))![1].id),
						email: 'schema.guest@example.com',
						regFormId: id(ctx, 'registrationForm:create'),
						fields: '{"firstName": "Schema"}',
					},
				],
			},
			orderOptions: { orderPaymentMethod: 'offline' },
		}),
	},
	{
		key: 'ticketing:getOrderStatus',
		parameters: (ctx) => ({
			...onSeeded('ticketing', 'getOrderStatus').parameters(ctx),
			orderId: id(ctx, 'ticketing:createOrder'),
		}),
	},
	onSeeded('order', 'getMany', { returnAll: false, limit: 5 }),
	{
		key: 'order:get',
		parameters: (ctx) => ({
			...onSeeded('order', 'get').parameters(ctx),
			orderId: byId(id(ctx, 'order:getMany')),
		}),
	},
	{
		key: 'invoice:getForOrder',
		parameters: (ctx) => ({
			...onSeeded('invoice', 'getForOrder').parameters(ctx),
			orderId: byId(id(ctx, 'order:getMany')),
		}),
	},
	{
		key: 'invoice:getForUser',
		parameters: (ctx) => ({
			...onSeeded('invoice', 'getForUser').parameters(ctx),
			userId: String(ctx.out('order:get').userId),
		}),
	},
	onSeeded('ticketAddOn', 'getMany'),
	onSeeded('ticketClass', 'create', {
		ticketName: 'Early Bird',
		price: 25.5,
		qty: 200,
		saleStartsAt: '2026-12-01T09:00:00Z',
	}),
	onSeeded('ticketClass', 'getMany'),
	...customDomainSteps(),
	{
		key: 'attendee:remove',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'remove').parameters(ctx),
			attendeeIds: id(ctx, 'attendee:update'),
		}),
	},
	{
		key: 'attendee:delete',
		parameters: (ctx) => ({
			...onSeeded('attendee', 'delete').parameters(ctx),
			attendeeIds: id(ctx, 'attendee:update'),
		}),
	},
	{
		key: 'event:delete',
		parameters: (ctx) => ({
			resource: 'event',
			operation: 'delete',
			eventId: byId(id(ctx, 'event:create')),
		}),
	},
];

/** A custom domain, its path mappings, then its deletion. */
function customDomainSteps(): ActionStep[] {
	const domain =
		(operation: string, extra: (ctx: StepContext) => INodeParameters = () => ({})) =>
		(ctx: StepContext): INodeParameters => ({
			resource: 'customDomain',
			operation,
			organizationId: ORG(ctx.sim),
			...(operation === 'create' || operation === 'getMany'
				? {}
				: { customDomainId: byId(id(ctx, 'customDomain:create')) }),
			...extra(ctx),
		});
	const mapping =
		(operation: string, extra: (ctx: StepContext) => INodeParameters = () => ({})) =>
		(ctx: StepContext): INodeParameters => ({
			resource: 'customDomainPathMapping',
			operation,
			organizationId: ORG(ctx.sim),
			customDomainId: byId(id(ctx, 'customDomain:create')),
			...(operation === 'create' || operation === 'getMany'
				? {}
				: { pathMappingId: byId(id(ctx, 'customDomainPathMapping:create')) }),
			...extra(ctx),
		});
	return [
		{
			key: 'customDomain:create',
			parameters: domain('create', () => ({
				domain: 'schema.acme.example',
				defaultRedirectUrl: 'https://acme.example/events',
			})),
		},
		{ key: 'customDomain:getMany', parameters: domain('getMany', () => ({ returnAll: true })) },
		{ key: 'customDomain:get', parameters: domain('get') },
		{
			key: 'customDomain:update',
			parameters: domain('update', () => ({ defaultRedirectUrl: 'https://acme.example/2027' })),
		},
		{ key: 'customDomain:verify', parameters: domain('verify') },
		{
			key: 'customDomainPathMapping:create',
			parameters: mapping('create', (ctx) => ({
				pathName: 'schema-summit',
				eventId: byId(seededEvent(ctx.sim)),
			})),
		},
		{
			key: 'customDomainPathMapping:getMany',
			parameters: mapping('getMany', () => ({ returnAll: true })),
		},
		{
			key: 'customDomainPathMapping:update',
			parameters: mapping('update', () => ({
				pathMappingUpdateFields: { pathName: 'schema-summit-2027' },
			})),
		},
		{ key: 'customDomainPathMapping:delete', parameters: mapping('delete') },
		{ key: 'customDomain:delete', parameters: domain('delete') },
	];
}
