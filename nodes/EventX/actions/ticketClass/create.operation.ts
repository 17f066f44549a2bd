import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import {
	invalidField,
	listEntries,
	requireUuid,
	requireWholeNumber,
	toIsoDateTime,
} from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Name',
		name: 'ticketName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. General Admission',
		description: "The ticket class name buyers see (in the event's default language)",
	},
	{
		displayName: 'Price',
		name: 'price',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 0,
		description: "Price of one ticket in the event's payment currency; 0 for a free ticket",
	},
	{
		displayName: 'Quantity',
		name: 'qty',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 100,
		description: 'How many tickets of this class can be sold',
	},
	{
		displayName: 'Sale Starts At',
		name: 'saleStartsAt',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'When the tickets go on sale (ISO 8601, e.g. 2026-12-01T09:00:00Z)',
	},
	{
		displayName: 'Additional Fields',
		name: 'ticketClassFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Add-On Names or IDs',
				name: 'addOnIds',
				type: 'multiOptions',
				typeOptions: {
					loadOptionsMethod: 'getTicketClassAddOns',
					loadOptionsDependsOn: ['eventId.value'],
				},
				default: [],
				description:
					'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
			},
			{
				displayName: 'Description',
				name: 'description',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'What the ticket includes, shown to buyers',
			},
			{
				displayName: 'Max Add-On Quantity',
				name: 'maxAddOnQty',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 10,
				description: 'The most add-ons one ticket may carry. Leave the field out for no limit.',
			},
			{
				displayName: 'Max Quantity Per Order',
				name: 'maxQty',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 10,
				description: 'The most tickets of this class one order may hold (10 when not set)',
			},
			{
				displayName: 'Message',
				name: 'message',
				type: 'string',
				typeOptions: { rows: 3 },
				default: '',
				description: 'A message for the buyers of this ticket class',
			},
			{
				displayName: 'Min Add-On Quantity',
				name: 'minAddOnQty',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'The fewest add-ons one ticket must carry (0 when not set)',
			},
			{
				displayName: 'Min Quantity Per Order',
				name: 'minQty',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 1,
				description: 'The fewest tickets of this class one order must hold (1 when not set)',
			},
			{
				displayName: 'Sale Ends At',
				name: 'saleEndsAt',
				type: 'dateTime',
				default: '',
				description: 'When the sale stops; leave empty to sell until the event',
			},
		],
	},
];

const displayOptions = { show: { resource: ['ticketClass'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The create body: every member EventX requires, from the parameters and their defaults. */
function readTicketClass(ctx: IExecuteFunctions, itemIndex: number): IDataObject {
	const name = ctx.getNodeParameter('ticketName', itemIndex, '') as unknown;
	if (typeof name !== 'string' || name.trim() === '')
		throw invalidField(ctx, 'Name', 'is required', itemIndex);
	const price = ctx.getNodeParameter('price', itemIndex, 0) as unknown;
	if (typeof price !== 'number' || !Number.isFinite(price) || price < 0)
		throw invalidField(
			ctx,
			'Price',
			`must be a number of at least 0, not ${JSON.stringify(price)}`,
			itemIndex,
		);
	const qty = requireWholeNumber(
		ctx,
		ctx.getNodeParameter('qty', itemIndex, 100),
		1,
		'Quantity',
		itemIndex,
	);
	const saleStartsAt = toIsoDateTime(
		ctx,
		ctx.getNodeParameter('saleStartsAt', itemIndex, ''),
		'Sale Starts At',
		itemIndex,
	);
	if (!saleStartsAt) throw invalidField(ctx, 'Sale Starts At', 'is required', itemIndex);
	const fields = ctx.getNodeParameter('ticketClassFields', itemIndex, {}) as IDataObject;
	const saleEndsAt =
		toIsoDateTime(ctx, fields.saleEndsAt, 'Additional Fields > Sale Ends At', itemIndex) ?? null;
	if (saleEndsAt !== null && Date.parse(saleEndsAt) < Date.parse(saleStartsAt))
		throw invalidField(
			ctx,
			'Additional Fields > Sale Ends At',
			'must not be before Sale Starts At',
			itemIndex,
		);
	const count = (key: string, label: string, fallback: number) =>
		requireWholeNumber(ctx, fields[key] ?? fallback, 0, `Additional Fields > ${label}`, itemIndex);
	const minQty = count('minQty', 'Min Quantity Per Order', 1);
	const maxQty = count('maxQty', 'Max Quantity Per Order', 10);
	if (maxQty < minQty)
		throw invalidField(
			ctx,
			'Additional Fields > Max Quantity Per Order',
			`must not be below Min Quantity Per Order (${minQty})`,
			itemIndex,
		);
	const minAddOnQty = count('minAddOnQty', 'Min Add-On Quantity', 0);
	const maxAddOnQty =
		fields.maxAddOnQty === undefined ? null : count('maxAddOnQty', 'Max Add-On Quantity', 0);
	if (maxAddOnQty !== null && maxAddOnQty < minAddOnQty)
		throw invalidField(
			ctx,
			'Additional Fields > Max Add-On Quantity',
			`must not be below Min Add-On Quantity (${minAddOnQty})`,
			itemIndex,
		);
	const addOnIds = [
		...new Set(
			listEntries(fields.addOnIds ?? []).map((id) =>
				requireUuid(ctx, id, 'Additional Fields > Add-Ons', itemIndex).toLowerCase(),
			),
		),
	];
	const contentI18n: IDataObject = { name: { default: name.trim() } };
	for (const key of ['description', 'message'])
		if (typeof fields[key] === 'string' && fields[key] !== '')
			contentI18n[key] = { default: fields[key] };
	return {
		contentI18n,
		price,
		qty,
		saleStartsAt,
		saleEndsAt,
		addOnIds,
		minAddOnQty,
		maxAddOnQty,
		minQty,
		maxQty,
	};
}

export const create: ItemOperation<{ eventId: string; body: IDataObject }> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { eventId: readEventId(this, itemIndex), body: readTicketClass(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, body }, itemIndex) {
		// A create is not idempotent: `write` retries only where nothing was applied (429, refused).
		return await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/event/${eventId}/ticket-class`,
			body,
			retry: 'write',
			itemIndex,
		});
	},
};
