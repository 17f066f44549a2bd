import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ORDER_PAYMENT_METHODS, STRIPE_PAYMENT_METHODS } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { enumOptions } from '../../helpers/labels';
import {
	invalidField,
	requireEmail,
	parseJson,
	requireOneOf,
	requireUuid,
} from '../../helpers/validation';
import { API_PREFIX, eventxData, writeOutcomeOf } from '../../transport';
import type { ItemOperation } from '../types';
import { addOnIdsField, readRows, readTicketRow, texts, ticketClassField } from './fields';

const properties: INodeProperties[] = [
	{
		displayName:
			'Create Order places a real order: a paid ticket starts a payment, and it is not repeated when EventX does not answer. Use Get Quotation to check prices first.',
		name: 'orderNotice',
		type: 'notice',
		default: '',
	},
	eventLocator(),
	{
		displayName: 'Purchaser Email',
		name: 'purchaserEmail',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		required: true,
		description: 'The email address of the person who buys the tickets',
	},
	{
		displayName: 'Tickets',
		name: 'orderItems',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Ticket',
		default: {},
		required: true,
		description: "One row per ticket: its class, its attendee's registration and its add-ons",
		options: [
			{
				displayName: 'Ticket',
				name: 'item',
				values: [
					ticketClassField(),
					{
						displayName: 'Attendee Email',
						name: 'email',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						description: "The ticket holder's email address",
					},
					{
						displayName: 'Registration Form ID',
						name: 'regFormId',
						type: 'string',
						default: '',
						description: 'The registration form the answers belong to (a UUID)',
					},
					{
						displayName: 'Answers (JSON)',
						name: 'fields',
						type: 'json',
						default: '{}',
						description:
							'The registration form\'s answers by field ID, e.g. {"firstName": "Ada"}: text, a list of texts, true/false, or {"mediaValues": [media IDs]} for a file question',
					},
					addOnIdsField(),
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Billing Information',
				name: 'paymentBillingInformation',
				type: 'string',
				default: '',
				description: 'Billing details printed on the receipt',
			},
			{
				displayName: 'Offline Payment Billing Information',
				name: 'offlinePaymentBillingInformation',
				type: 'string',
				default: '',
				description: 'Billing details printed on the invoice of an offline payment',
			},
			{
				displayName: 'Payment Method',
				name: 'orderPaymentMethod',
				type: 'options',
				options: enumOptions(ORDER_PAYMENT_METHODS),
				default: 'online',
				description: 'Online (Stripe) or offline (invoice) payment',
			},
			{
				displayName: 'Promo Code',
				name: 'promoCodeName',
				type: 'string',
				default: '',
				description: 'A promo code to apply to the order',
			},
			{
				displayName: 'Stripe Payment Method',
				name: 'stripePaymentMethod',
				type: 'options',
				options: enumOptions(STRIPE_PAYMENT_METHODS),
				default: 'card',
				description: 'How an online payment is made',
			},
			...['Campaign', 'Content', 'Medium', 'Source', 'Term'].map(
				(part): INodeProperties => ({
					displayName: `UTM ${part}`,
					name: `utm_${part.toLowerCase()}`,
					type: 'string',
					default: '',
					description: `The utm_${part.toLowerCase()} the order is attributed to`,
				}),
			),
		],
	},
];

const displayOptions = { show: { resource: ['ticketing'], operation: ['createOrder'] } };

export const description = updateDisplayOptions(displayOptions, properties);

const isAnswer = (value: unknown): boolean =>
	typeof value === 'string' ||
	typeof value === 'boolean' ||
	(Array.isArray(value) && value.every((v) => typeof v === 'string')) ||
	(value !== null &&
		typeof value === 'object' &&
		Object.keys(value).every((k) => k === 'mediaValues') &&
		Array.isArray((value as IDataObject).mediaValues) &&
		((value as IDataObject).mediaValues as unknown[]).every((v) => typeof v === 'string'));

function readAnswers(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): IDataObject {
	const parsed = parseJson(ctx, value, field, itemIndex) ?? {};
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
		throw invalidField(ctx, field, 'must be a JSON object of field IDs and answers', itemIndex);
	for (const [key, answer] of Object.entries(parsed)) {
		if (!isAnswer(answer))
			throw invalidField(
				ctx,
				field,
				`the answer to "${key}" must be text, a list of texts, true/false or {"mediaValues": [...]}`,
				itemIndex,
			);
	}
	return parsed as IDataObject;
}

function readOrderItem(
	ctx: IExecuteFunctions,
	row: IDataObject,
	index: number,
	itemIndex: number,
): IDataObject {
	const where = `Tickets ${index + 1}`;
	const { ticketClassId, addOnIds } = readTicketRow(ctx, row, where, itemIndex);
	const given = typeof row.email === 'string' ? row.email.trim() : '';
	const email = given === '' ? '' : requireEmail(ctx, given, `${where}: Attendee Email`, itemIndex);
	const regFormId =
		typeof row.regFormId === 'string' && row.regFormId.trim() !== ''
			? requireUuid(ctx, row.regFormId, `${where}: Registration Form ID`, itemIndex).toLowerCase()
			: undefined;
	const fields = readAnswers(ctx, row.fields, `${where}: Answers (JSON)`, itemIndex);
	const registered = email !== '' || regFormId || Object.keys(fields).length > 0;
	return {
		ticketClassId,
		...(registered
			? {
					regFormData: {
						...(email ? { email } : {}),
						...(regFormId ? { regFormId } : {}),
						fields,
					},
				}
			: {}),
		...(addOnIds ? { addOnIds } : {}),
	};
}

interface Plan {
	eventId: string;
	body: IDataObject;
}

export const createOrder: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const purchaserEmail = requireEmail(
			this,
			String(this.getNodeParameter('purchaserEmail', itemIndex, '')),
			'Purchaser Email',
			itemIndex,
		);
		const rows = readRows(this, 'orderItems', 'item', 'Tickets', itemIndex);
		const attendeeTicketOrderItems = rows.map((row, i) => readOrderItem(this, row, i, itemIndex));
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const choice = (name: string, allowed: readonly string[], field: string) =>
			options[name] === undefined
				? {}
				: { [name]: requireOneOf(this, options[name], allowed, field, itemIndex) };
		return {
			eventId: readEventId(this, itemIndex),
			body: {
				purchaserEmail,
				attendeeTicketOrderItems,
				...choice('orderPaymentMethod', ORDER_PAYMENT_METHODS, 'Payment Method'),
				...choice('stripePaymentMethod', STRIPE_PAYMENT_METHODS, 'Stripe Payment Method'),
				...texts(options, [
					'promoCodeName',
					'paymentBillingInformation',
					'offlinePaymentBillingInformation',
					'utm_source',
					'utm_medium',
					'utm_campaign',
					'utm_term',
					'utm_content',
				]),
			},
		};
	},
	async execute(this: IExecuteFunctions, { eventId, body }, itemIndex) {
		const sentAt = new Date().toISOString();
		let data: IDataObject;
		try {
			// An order moves money: retried only where EventX's answer proves nothing was applied.
			data = await eventxData.call(this, {
				method: 'POST',
				path: `${API_PREFIX}/reg/event/${eventId}`,
				body,
				retry: 'write',
				itemIndex,
			});
		} catch (error) {
			throw orderInDoubt(error, String(body.purchaserEmail), sentAt);
		}
		const order = data.order as IDataObject | undefined;
		return order && typeof order === 'object' ? { ...order, eventId } : data;
	},
};

/**
 * A Create Order that failed without EventX's verdict (no answer, a dropped connection, a 5xx
 * from a gateway) or with a success it could not read: the order may exist. The error says so
 * first, and how to find it, rather than reading like a refusal that invites a second order.
 */
function orderInDoubt(error: unknown, purchaserEmail: string, sentAt: string): unknown {
	const outcome = writeOutcomeOf(error);
	if (!outcome) return error;
	const e = error as Error & { description?: string };
	e.message =
		outcome === 'probably'
			? `The order was probably placed, but EventX's answer could not be read: ${e.message}`
			: `The order may have been placed: EventX did not confirm it (${e.message})`;
	e.description = [
		'It was not sent again, so that no second order is placed.',
		`Before running the item again, check whether it exists: Order > Get Many on this event with Filters > Buyer Emails set to ${purchaserEmail}, newest first; an order created at or shortly after ${sentAt} (when it was sent) is this one.`,
		e.description,
	]
		.filter(Boolean)
		.join(' ');
	return e;
}
