// Cross-cutting: the node descriptions as the editor shows them (n8n's UX guidelines, the one version, Options, Simplify, pickers) for every operation at once.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { EventXApi } from '../../credentials/EventXApi.credentials';

import { EventX } from '../../nodes/EventX/EventX.node';
import { EventXPollingTrigger } from '../../nodes/EventXPollingTrigger/EventXPollingTrigger.node';
import { EventXTrigger } from '../../nodes/EventXTrigger/EventXTrigger.node';
import { resourceOptions, resources } from '../../nodes/EventX/actions/resources';

/** Lists whose natural order is not alphabetical: ranges of numbers, and IANA timezones. */
const NATURAL_ORDER = new Set(['estimatedAttendeeCount', 'timezone']);

type Property = INodeProperties & { values?: INodeProperties[] };

/** Every property of a node, nested collections and fixed collections included. */
function allProperties(properties: Property[]): Property[] {
	return properties.flatMap((p) => {
		const nested = (p.type === 'collection' ? p.options : undefined) as Property[] | undefined;
		const groups = p.type === 'fixedCollection' ? (p.options as Property[]) : [];
		return [
			p,
			...allProperties(nested ?? []),
			...groups.flatMap((g) => allProperties(g.values ?? [])),
		];
	});
}

const nodes = [
	new EventX().description,
	new EventXTrigger().description,
	new EventXPollingTrigger().description,
];
const properties = nodes.flatMap((d) => allProperties(d.properties as Property[]));

describe('what the editor shows (n8n UX guidelines)', () => {
	test('option lists are sorted alphabetically, except numeric ranges and timezones', () => {
		const unsorted = properties
			.filter(
				(p) => (p.type === 'options' || p.type === 'multiOptions') && Array.isArray(p.options),
			)
			.filter((p) => !NATURAL_ORDER.has(p.name))
			.filter((p) => {
				const names = (p.options as INodePropertyOptions[]).map((o) => o.name);
				return names.join('\n') !== [...names].sort((a, b) => a.localeCompare(b)).join('\n');
			})
			.map((p) => p.name);
		expect(unsorted).toEqual([]);
	});

	test('display names are in Title Case; descriptions are sentences', () => {
		const small = new Set([
			'a',
			'an',
			'and',
			'by',
			'for',
			'in',
			'of',
			'on',
			'or',
			'the',
			'to',
			'with',
		]);
		const notTitle = properties
			.filter((p) => p.type !== 'notice')
			.filter((p) =>
				p.displayName
					.split(/\s+/)
					.some((word, i) => /^[a-z]/.test(word) && (i === 0 || !small.has(word))),
			)
			.map((p) => p.displayName);
		expect(notTitle).toEqual([]);
		const notSentence = properties
			.filter((p) => p.description)
			.filter((p) => !/^[A-Z0-9"'<]/.test(String(p.description)))
			.map((p) => `${p.name}: ${p.description}`);
		expect(notSentence).toEqual([]);
	});

	test("every operation has n8n's wording, an action and a description", () => {
		const operations = properties.filter((p) => p.name === 'operation');
		expect(operations.length).toBeGreaterThanOrEqual(5);
		for (const op of operations.flatMap((p) => p.options as INodePropertyOptions[])) {
			expect(op.action).toMatch(/^[A-Z][a-z]/);
			expect(op.description).toMatch(/^[A-Z]/);
		}
		const names = operations.flatMap((p) =>
			(p.options as INodePropertyOptions[]).map((o) => o.name),
		);
		for (const name of ['Get', 'Get Many', 'Create', 'Create or Update', 'Update', 'Delete'])
			expect(names).toContain(name);
	});

	test('every notice is a sentence with its full stop', () => {
		const unfinished = properties
			.filter((p) => p.type === 'notice' && !/^[A-Z].*\.$/.test(p.displayName))
			.map((p) => p.displayName);
		expect(unfinished).toEqual([]);
	});

	test('destructive operations carry a notice', () => {
		const notices = properties.filter((p) => p.type === 'notice');
		const shownFor = (resource: string, operation: string) =>
			notices.some(
				(n) =>
					n.displayOptions?.show?.resource?.includes(resource) &&
					n.displayOptions?.show?.operation?.includes(operation),
			);
		expect(shownFor('attendee', 'delete')).toBe(true);
		expect(shownFor('attendee', 'remove')).toBe(true);
		expect(shownFor('webhook', 'delete')).toBe(true);
	});

	test('dropdowns loaded for the chosen event reload when another event is picked', () => {
		// n8n's editor watches a resource locator's value only when it is named "<name>.value":
		// with "eventId" the ticket classes and questions of the first event stayed listed.
		const dependent = properties.filter((p) => p.typeOptions?.loadOptionsDependsOn);
		expect(dependent.map((p) => p.name)).toEqual(
			expect.arrayContaining(['questionId', 'ticketClassAddOnId', 'ticketClassId']),
		);
		for (const p of dependent)
			expect({ name: p.name, dependsOn: p.typeOptions!.loadOptionsDependsOn }).toEqual({
				name: p.name,
				dependsOn: ['eventId.value'],
			});
	});

	test('the canvas subtitle says what each node does', () => {
		// "Get Many: Event", looked up by resource and operation.
		const subtitle = String(new EventX().description.subtitle);
		// The subtitle is a literal: its table holds exactly every operation of every resource.
		const table =
			/^=\{\{ (\{.*\})\[\$parameter\["resource"\] \+ ":" \+ \$parameter\["operation"\]\] \}\}$/.exec(
				subtitle,
			);
		expect(table).not.toBeNull();
		// "<Operation>: <Resource>" as the dropdowns label them, written out.
		expect(JSON.parse(table![1])).toEqual({
			'attendee:changeTicket': 'Change Ticket: Attendee',
			'attendee:upsert': 'Create or Update: Attendee',
			'attendee:delete': 'Delete: Attendee',
			'attendee:get': 'Get: Attendee',
			'attendee:getByQrCodeToken': 'Get by QR Code Token: Attendee',
			'attendee:getByShortCode': 'Get by Short Code: Attendee',
			'attendee:getMany': 'Get Many: Attendee',
			'attendee:remove': 'Remove: Attendee',
			'attendee:update': 'Update: Attendee',
			'attendeeTag:getMany': 'Get Many: Attendee Tag',
			'customDomain:create': 'Create: Custom Domain',
			'customDomain:delete': 'Delete: Custom Domain',
			'customDomain:get': 'Get: Custom Domain',
			'customDomain:getMany': 'Get Many: Custom Domain',
			'customDomain:update': 'Update: Custom Domain',
			'customDomain:verify': 'Verify: Custom Domain',
			'customDomainPathMapping:create': 'Create: Custom Domain Path Mapping',
			'customDomainPathMapping:delete': 'Delete: Custom Domain Path Mapping',
			'customDomainPathMapping:getMany': 'Get Many: Custom Domain Path Mapping',
			'customDomainPathMapping:update': 'Update: Custom Domain Path Mapping',
			'customField:upsert': 'Create or Update: Custom Field',
			'customField:getMany': 'Get Many: Custom Field',
			'event:create': 'Create: Event',
			'event:delete': 'Delete: Event',
			'event:get': 'Get: Event',
			'event:getAsICalendar': 'Get as iCalendar: Event',
			'event:getMany': 'Get Many: Event',
			'event:mergeExtensionData': 'Merge Extension Data: Event',
			'event:update': 'Update: Event',
			'invoice:getForOrder': 'Get for Order: Invoice',
			'invoice:getForUser': 'Get for User: Invoice',
			'media:delete': 'Delete: Media',
			'media:get': 'Get: Media',
			'media:upload': 'Upload: Media',
			'order:get': 'Get: Order',
			'order:getMany': 'Get Many: Order',
			'outreach:upsertEmailTemplate': 'Create or Update Email Template: Outreach',
			'outreach:sendConfirmationEmail': 'Send Confirmation Email: Outreach',
			'outreach:sendConfirmationSms': 'Send Confirmation SMS: Outreach',
			'outreach:sendConfirmationWhatsApp': 'Send Confirmation WhatsApp: Outreach',
			'outreach:sendManualEmail': 'Send Manual Email: Outreach',
			'outreach:sendTestEmail': 'Send Test Email: Outreach',
			'registrationForm:create': 'Create: Registration Form',
			'registrationForm:get': 'Get: Registration Form',
			'ticketAddOn:getMany': 'Get Many: Ticket Add-On',
			'ticketClass:create': 'Create: Ticket Class',
			'ticketClass:getMany': 'Get Many: Ticket Class',
			'ticketing:createOrder': 'Create Order: Ticketing',
			'ticketing:getOrderStatus': 'Get Order Status: Ticketing',
			'ticketing:getPaymentConfiguration': 'Get Payment Configuration: Ticketing',
			'ticketing:getQuotation': 'Get Quotation: Ticketing',
			'webhook:create': 'Create: Webhook',
			'webhook:delete': 'Delete: Webhook',
			'webhook:getMany': 'Get Many: Webhook',
			'webhook:update': 'Update: Webhook',
		});
		// Every operation the Resource and Operation dropdowns offer has its entry.
		const offered = resourceOptions.flatMap(({ value: resource }) =>
			(resources[resource as string].operationProperty.options as INodePropertyOptions[]).map(
				({ value }) => `${resource}:${value}`,
			),
		);
		expect(offered.filter((key) => !(key in JSON.parse(table![1])))).toEqual([]);
		expect(new EventXTrigger().description.subtitle).toContain('"attendee-check-in":"Checked In"');
	});

	test("the trigger's changes come first, so n8n's node panel offers each as a trigger", () => {
		// n8n takes the first parameter labelled Event, Events or Trigger On.
		const first = new EventXTrigger().description.properties.find((p) =>
			['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
		);
		expect(first?.name).toBe('events');
		expect(first?.options).toHaveLength(5);
	});
});

describe("the action node's parameters", () => {
	const description = new EventX().description;
	const node = (parameters: Record<string, unknown>, type = 'n8n-nodes-eventx.eventX') =>
		({ id: 'n', name: 'EventX', type, typeVersion: 1, position: [0, 0], parameters }) as never;
	/** The top-level parameters n8n shows for one operation (as a node or as a tool). */
	const shown = (resource: string, operation: string, tool = false) => {
		const values = { resource, operation };
		const nodeType = tool ? { ...description, name: 'eventXTool' } : description;
		return description.properties.filter((p) =>
			NodeHelpers.displayParameter(values, p, node(values), nodeType as never),
		);
	};
	const operations = description.properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.options as INodePropertyOptions[]).map((o) => ({
				resource: String(p.displayOptions!.show!.resource![0]),
				operation: String(o.value),
			})),
		);

	test('one version, 1, until a release has saved workflows to keep', () => {
		expect(description.version).toBe(1);
		expect(description.defaultVersion).toBe(1);
		expect(new EventXTrigger().description.version).toBe(1);
		expect(new EventXPollingTrigger().description.version).toBe(1);
		const versioned = description.properties.filter((p) =>
			JSON.stringify(p.displayOptions ?? {}).includes('@version'),
		);
		expect(versioned.map((p) => p.name)).toEqual([]);
	});

	test('Create or Update and Update take their fields from the attendee resource mapper', () => {
		const names = (operation: string) => shown('attendee', operation).map((p) => p.name);
		expect(names('upsert')).toEqual([
			'resource',
			'operation',
			'eventId',
			'matchOn',
			'columns',
			'ticketClassId',
			'addOns',
			'options',
		]);
		expect(names('update')).toEqual([
			'resource',
			'operation',
			'eventId',
			'attendeeId',
			'columns',
			'options',
		]);
		const columns = shown('attendee', 'upsert').find((p) => p.name === 'columns')!;
		expect(columns.typeOptions?.resourceMapper).toMatchObject({
			resourceMapperMethod: 'getAttendeeColumns',
			supportAutoMap: true,
		});
		const matchOn = shown('attendee', 'upsert').find((p) => p.name === 'matchOn')!;
		expect(matchOn.default).toBe('invitationEmail');
		expect((matchOn.options as INodePropertyOptions[]).map((o) => o.value)).toEqual([
			'id',
			'invitationEmail',
			'nothing',
		]);
	});

	test('every operation has one Options collection, holding the request settings', () => {
		for (const { resource, operation } of operations) {
			const collections = shown(resource, operation).filter((p) => p.type === 'collection');
			const options = collections.filter((p) => p.displayName === 'Options');
			expect({ resource, operation, options: options.map((p) => p.name) }).toEqual({
				resource,
				operation,
				options: ['options'],
			});
			const names = (options[0].options as INodeProperties[]).map((o) => o.name);
			expect(names).toEqual(
				expect.arrayContaining(['maxRetries', 'maxRetryWaitSeconds', 'timeoutSeconds']),
			);
		}
		const names = (resource: string, operation: string) =>
			(shown(resource, operation).find((p) => p.name === 'options')!.options as INodeProperties[])
				.map((o) => o.name)
				.sort();
		expect(names('attendee', 'upsert')).toEqual([
			'batchSize',
			'maxRetries',
			'maxRetryWaitSeconds',
			'timeoutSeconds',
			'unknownFields',
		]);
		expect(names('event', 'get')).toEqual(['maxRetries', 'maxRetryWaitSeconds', 'timeoutSeconds']);
	});

	test('an AI tool is not asked about timeouts and retries', () => {
		for (const { resource, operation } of operations) {
			const options = shown(resource, operation, true).filter((p) => p.type === 'collection');
			const settings = options.flatMap((p) => (p.options as INodeProperties[]).map((o) => o.name));
			expect(settings).not.toContain('timeoutSeconds');
			expect(settings).not.toContain('maxRetries');
		}
		// The operation's own options stay: Batch Size and Unknown Input Fields of Create or Update.
		const upsert = shown('attendee', 'upsert', true).find((p) => p.name === 'options');
		expect((upsert?.options as INodeProperties[]).map((o) => o.name)).toEqual([
			'batchSize',
			'unknownFields',
		]);
	});

	test('Simplify is offered, on by default, for every get and list operation', () => {
		for (const { resource, operation } of operations) {
			const simplify = shown(resource, operation).find((p) => p.name === 'simplify');
			// Media, registration forms, ticketing, custom domains and their path mappings answer
			// without rawData or question answers: there is nothing to simplify. Get as iCalendar
			// answers a file.
			const readsRecords =
				/^get/.test(operation) &&
				operation !== 'getAsICalendar' &&
				![
					'customDomain',
					'customDomainPathMapping',
					'media',
					'registrationForm',
					'ticketing',
				].includes(resource);
			expect({ resource, operation, simplify: simplify?.default }).toEqual({
				resource,
				operation,
				simplify: readsRecords ? true : undefined,
			});
		}
	});

	test('records the API can list are picked from a list, with By ID kept for expressions', () => {
		const locator = (resource: string, operation: string, name: string) =>
			shown(resource, operation).find((p) => p.name === name);
		for (const [resource, operation, name, method] of [
			['event', 'create', 'organizationId', 'searchOrganizations'],
			['attendee', 'get', 'attendeeId', 'searchAttendees'],
			['attendee', 'update', 'attendeeId', 'searchAttendees'],
			['attendee', 'changeTicket', 'attendeeId', 'searchAttendees'],
			['webhook', 'update', 'webhookId', 'searchWebhooks'],
			['webhook', 'delete', 'webhookId', 'searchWebhooks'],
			['order', 'get', 'orderId', 'searchOrders'],
			['customDomainPathMapping', 'getMany', 'customDomainId', 'searchCustomDomains'],
			['customDomainPathMapping', 'update', 'pathMappingId', 'searchPathMappings'],
			['customDomainPathMapping', 'delete', 'pathMappingId', 'searchPathMappings'],
			...['getMany', 'create', 'get', 'update', 'delete', 'verify'].map((operation) => [
				'customDomain',
				operation,
				'organizationId',
				'searchOrganizations',
			]),
			...['get', 'update', 'delete', 'verify'].map((operation) => [
				'customDomain',
				operation,
				'customDomainId',
				'searchCustomDomains',
			]),
		]) {
			const p = locator(resource, operation, name)!;
			expect({ name, type: p.type }).toEqual({ name, type: 'resourceLocator' });
			expect(p.modes!.map((m) => m.name)).toEqual(['list', 'id']);
			expect(p.modes![0].typeOptions?.searchListMethod).toBe(method);
			expect(new EventX().methods.listSearch).toHaveProperty(method);
		}
		const manual = shown('outreach', 'sendManualEmail').find((p) => p.name === 'outreachEmailId')!;
		expect(manual.description).toMatch(/admin panel/);
	});

	test("the node panel's one EventX entry describes the action node", () => {
		// n8n gives the merged EventX entry the trigger's description.
		expect(new EventXTrigger().description.description.startsWith(description.description)).toBe(
			true,
		);
	});
});

describe('the credential', () => {
	test('the API Token field says where the token is and links to the README', () => {
		const token = new EventXApi().properties.find((p) => p.name === 'apiToken')!;
		expect(token.description).toMatch(/admin panel/);
		expect(token.description).toContain('https://github.com/eventx/n8n-nodes-eventx#credentials');
	});
});
