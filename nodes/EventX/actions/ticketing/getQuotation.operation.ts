import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { requireWholeNumber } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { addOnIdsField, readRows, readTicketRow, texts, ticketClassField } from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Tickets',
		name: 'quotationItems',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Ticket',
		default: {},
		required: true,
		description: 'The tickets to price: a ticket class, how many, and their add-ons',
		options: [
			{
				displayName: 'Ticket',
				name: 'item',
				values: [
					ticketClassField(),
					{
						displayName: 'Quantity',
						name: 'qty',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 1,
						description: 'How many tickets of this class',
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
				displayName: 'Promo Code',
				name: 'promoCode',
				type: 'string',
				default: '',
				description: 'A promo code to apply to the prices',
			},
		],
	},
];

const displayOptions = { show: { resource: ['ticketing'], operation: ['getQuotation'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	body: IDataObject;
}

export const getQuotation: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const rows = readRows(this, 'quotationItems', 'item', 'Tickets', itemIndex);
		const orderItems = rows.map((row, i) => {
			const where = `Tickets ${i + 1}`;
			const qty = requireWholeNumber(this, row.qty, 1, `${where}: Quantity`, itemIndex);
			const { ticketClassId, addOnIds } = readTicketRow(this, row, where, itemIndex);
			return { ticketClassId, qty, ...(addOnIds ? { addOnIds } : {}) };
		});
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		return {
			eventId: readEventId(this, itemIndex),
			body: { orderItems, ...texts(options, ['promoCode']) },
		};
	},
	async execute(this: IExecuteFunctions, { eventId, body }, itemIndex) {
		// Priced by EventX's order engine: not repeated on an ambiguous failure, as a Create Order.
		return await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/reg/event/${eventId}/quotation`,
			body,
			retry: 'write',
			itemIndex,
		});
	},
};
