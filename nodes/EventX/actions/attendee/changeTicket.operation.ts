import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { invalidField, requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import { modelFilled } from '../../helpers/tool';
import type { ItemOperation } from '../types';
import { attendeeIdProperty, readAttendeeId, show } from './fields';

export const description: INodeProperties[] = [
	eventLocator({ show: show('changeTicket') }),
	...modelFilled(attendeeIdProperty('changeTicket')),
	{
		displayName: 'Ticket Class Name or ID',
		name: 'ticketClassId',
		type: 'options',
		typeOptions: { loadOptionsMethod: 'getTicketClasses', loadOptionsDependsOn: ['eventId.value'] },
		default: '',
		description:
			'The new ticket class; leave empty to keep the current one. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
		displayOptions: { show: show('changeTicket') },
	},
	{
		displayName: 'Add-Ons',
		name: 'addOns',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Add-On',
		default: {},
		description: "The attendee's add-ons after the change (replaces the current ones)",
		displayOptions: { show: show('changeTicket') },
		options: [
			{
				displayName: 'Add-On',
				name: 'addOn',
				values: [
					{
						displayName: 'Add-On Name or ID',
						name: 'ticketClassAddOnId',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getTicketClassAddOns',
							loadOptionsDependsOn: ['eventId.value'],
						},
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Quantity',
						name: 'qty',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 1,
					},
				],
			},
		],
	},
];

interface Plan {
	eventId: string;
	attendeeId: string;
	body: IDataObject;
}

export const changeTicket: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const attendeeId = readAttendeeId(this, itemIndex);
		const body: IDataObject = {};
		const ticketClassId = this.getNodeParameter('ticketClassId', itemIndex, '') as string;
		if (ticketClassId !== '' && ticketClassId !== undefined)
			body.ticketClassId = requireUuid(this, ticketClassId, 'Ticket Class', itemIndex);
		const rows = ((this.getNodeParameter('addOns', itemIndex, {}) as IDataObject).addOn ??
			[]) as IDataObject[];
		if (rows.length > 0) {
			body.addOns = rows.map((row) => {
				const qty = row.qty;
				if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 0)
					throw invalidField(
						this,
						'Add-Ons > Quantity',
						`must be a whole number, not ${JSON.stringify(qty)}`,
						itemIndex,
					);
				return {
					ticketClassAddOnId: requireUuid(
						this,
						row.ticketClassAddOnId,
						'Add-Ons > Add-On',
						itemIndex,
					),
					qty,
				};
			});
		}
		if (Object.keys(body).length === 0)
			throw invalidField(
				this,
				'Ticket Class',
				'choose a ticket class or at least one add-on',
				itemIndex,
			);
		return { eventId, attendeeId, body };
	},
	async execute(this: IExecuteFunctions, { eventId, attendeeId, body }, itemIndex) {
		return await eventxData.call(this, {
			method: 'PATCH',
			path: `${API_PREFIX}/event/${eventId}/attendee/${attendeeId}/attendee-ticket`,
			body,
			retry: 'write',
			itemIndex,
		});
	},
};
