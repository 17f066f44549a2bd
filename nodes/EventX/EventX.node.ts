import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { operationProperties, resourceOptions, resources } from './actions/resources';
import { route } from './actions/router';
import { listSearch, loadOptions, resourceMapping } from './methods';
import { ACTION_DESCRIPTION } from './helpers/nodeDescription';

export class EventX implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EventX',
		name: 'eventX',
		icon: { light: 'file:eventx.svg', dark: 'file:eventx.dark.svg' },
		group: ['transform'],
		// One version until a change would break workflows saved with a released one (CONTRIBUTING.md).
		version: 1,
		defaultVersion: 1,
		// "Get Many: Event": the labels of the chosen operation and resource (parameters hold only
		// their values). A literal, as n8n's verification requires; the description test writes the
		// table out and checks that it covers every operation the dropdowns offer.
		subtitle:
			'={{ {"attendee:changeTicket":"Change Ticket: Attendee","attendee:upsert":"Create or Update: Attendee","attendee:delete":"Delete: Attendee","attendee:get":"Get: Attendee","attendee:getByQrCodeToken":"Get by QR Code Token: Attendee","attendee:getByShortCode":"Get by Short Code: Attendee","attendee:getMany":"Get Many: Attendee","attendee:remove":"Remove: Attendee","attendee:update":"Update: Attendee","attendeeTag:getMany":"Get Many: Attendee Tag","customDomain:create":"Create: Custom Domain","customDomain:delete":"Delete: Custom Domain","customDomain:get":"Get: Custom Domain","customDomain:getMany":"Get Many: Custom Domain","customDomain:update":"Update: Custom Domain","customDomain:verify":"Verify: Custom Domain","customDomainPathMapping:create":"Create: Custom Domain Path Mapping","customDomainPathMapping:delete":"Delete: Custom Domain Path Mapping","customDomainPathMapping:getMany":"Get Many: Custom Domain Path Mapping","customDomainPathMapping:update":"Update: Custom Domain Path Mapping","customField:upsert":"Create or Update: Custom Field","customField:getMany":"Get Many: Custom Field","event:create":"Create: Event","event:delete":"Delete: Event","event:get":"Get: Event","event:getAsICalendar":"Get as iCalendar: Event","event:getMany":"Get Many: Event","event:mergeExtensionData":"Merge Extension Data: Event","event:update":"Update: Event","invoice:getForOrder":"Get for Order: Invoice","invoice:getForUser":"Get for User: Invoice","media:delete":"Delete: Media","media:get":"Get: Media","media:upload":"Upload: Media","order:get":"Get: Order","order:getMany":"Get Many: Order","outreach:upsertEmailTemplate":"Create or Update Email Template: Outreach","outreach:sendConfirmationEmail":"Send Confirmation Email: Outreach","outreach:sendConfirmationSms":"Send Confirmation SMS: Outreach","outreach:sendConfirmationWhatsApp":"Send Confirmation WhatsApp: Outreach","outreach:sendManualEmail":"Send Manual Email: Outreach","outreach:sendTestEmail":"Send Test Email: Outreach","registrationForm:create":"Create: Registration Form","registrationForm:get":"Get: Registration Form","ticketAddOn:getMany":"Get Many: Ticket Add-On","ticketClass:create":"Create: Ticket Class","ticketClass:getMany":"Get Many: Ticket Class","ticketing:createOrder":"Create Order: Ticketing","ticketing:getOrderStatus":"Get Order Status: Ticketing","ticketing:getPaymentConfiguration":"Get Payment Configuration: Ticketing","ticketing:getQuotation":"Get Quotation: Ticketing","webhook:create":"Create: Webhook","webhook:delete":"Delete: Webhook","webhook:getMany":"Get Many: Webhook","webhook:update":"Update: Webhook"}[$parameter["resource"] + ":" + $parameter["operation"]] }}',
		description: ACTION_DESCRIPTION,
		defaults: { name: 'EventX' },
		usableAsTool: true,
		builderHint: {
			searchHint:
				'Manage EventX events, attendees, orders, tickets and outreach; to start on their changes, use EventX Trigger',
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'eventXApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resourceOptions,
				default: 'event',
			},
			...Object.entries(resources).flatMap(([resourceName, resource]) => [
				resource.operationProperty,
				...Object.entries(resource.operations).flatMap(([operationName, operation]) =>
					operationProperties(
						{ resource: [resourceName], operation: [operationName] },
						operation.description,
					),
				),
			]),
		],
	};

	methods = { listSearch, loadOptions, resourceMapping };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
