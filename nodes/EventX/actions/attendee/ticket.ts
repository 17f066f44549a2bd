import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { sameForAllItems } from '../../helpers/parameters';
import { invalidField, requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';

/** Ticket Class and Add-Ons: Change Ticket's change, or Create or Update's optional one. */
/** Ticket Class and Add-Ons; `afterUpsert` for Create or Update, where they follow the save. */
export function ticketProperties(afterUpsert: boolean): INodeProperties[] {
	return [
		{
			displayName: 'Ticket Class Name or ID',
			name: 'ticketClassId',
			type: 'options',
			typeOptions: {
				loadOptionsMethod: 'getTicketClasses',
				loadOptionsDependsOn: ['eventId.value'],
			},
			default: '',
			// Empty (keep the current ticket class) is not one of the loaded options: the editor
			// would flag it as an unsupported value without this.
			allowArbitraryValues: true,
			description:
				'Leave empty to keep the current one. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
			hint: afterUpsert
				? "Optional: given to each attendee right after it is saved, one request per attendee (EventX's bulk upsert takes no ticket class)"
				: undefined,
		},
		{
			displayName: 'Add-Ons',
			name: 'addOns',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Add-On',
			default: {},
			description: afterUpsert
				? "Optional: the attendee's add-ons, set together with the ticket class right after the attendee is saved (replaces the current ones)"
				: "The attendee's add-ons after the change (replaces the current ones)",
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
}

/** The `attendee-ticket` body of one item, or undefined when neither field is set. */
export function readTicketChange(
	ctx: IExecuteFunctions,
	itemIndex: number,
): IDataObject | undefined {
	return sameForAllItems(ctx, ['ticketClassId', 'addOns'], itemIndex, (index) =>
		ticketChangeOf(ctx, index),
	);
}

function ticketChangeOf(ctx: IExecuteFunctions, itemIndex: number): IDataObject | undefined {
	const body: IDataObject = {};
	const ticketClassId = ctx.getNodeParameter('ticketClassId', itemIndex, '') as unknown;
	if (ticketClassId !== '' && ticketClassId !== undefined && ticketClassId !== null)
		body.ticketClassId = requireUuid(ctx, ticketClassId, 'Ticket Class', itemIndex);
	const rows = ((ctx.getNodeParameter('addOns', itemIndex, {}) as IDataObject).addOn ??
		[]) as IDataObject[];
	if (rows.length > 0) {
		body.addOns = rows.map((row) => {
			const qty = row.qty;
			if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 0)
				throw invalidField(
					ctx,
					'Add-Ons > Quantity',
					`must be a whole number, not ${JSON.stringify(qty)}`,
					itemIndex,
				);
			return {
				ticketClassAddOnId: requireUuid(ctx, row.ticketClassAddOnId, 'Add-Ons > Add-On', itemIndex),
				qty,
			};
		});
	}
	return Object.keys(body).length > 0 ? body : undefined;
}

/** Changes one attendee's ticket class and add-ons; answers the attendee. */
export async function changeAttendeeTicket(
	ctx: IExecuteFunctions,
	eventId: string,
	attendeeId: string,
	body: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	return await eventxData.call(ctx, {
		method: 'PATCH',
		path: `${API_PREFIX}/event/${eventId}/attendee/${attendeeId}/attendee-ticket`,
		body,
		retry: 'write',
		itemIndex,
	});
}
