import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { invalidField, listEntries, requireUuid } from '../../helpers/validation';

/** One ticket row's class, picked from the event's ticket classes. */
export const ticketClassField = (): INodeProperties => ({
	displayName: 'Ticket Class Name or ID',
	name: 'ticketClassId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getTicketClasses', loadOptionsDependsOn: ['eventId.value'] },
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
});

/** One ticket row's add-ons: IDs, comma-separated or an array from an expression. */
export const addOnIdsField = (): INodeProperties => ({
	displayName: 'Add-On IDs',
	name: 'addOnIds',
	type: 'string',
	default: '',
	placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
	description:
		"Add-ons bought with this ticket: IDs (UUIDs) separated by commas. Ticket Add-On > Get Many lists the event's add-ons.",
});

/** The rows of a fixedCollection `name` (values under `row`), at least one. */
export function readRows(
	ctx: IExecuteFunctions,
	name: string,
	row: string,
	field: string,
	itemIndex: number,
): IDataObject[] {
	const value = ctx.getNodeParameter(name, itemIndex, {}) as IDataObject;
	const rows = (value?.[row] ?? []) as IDataObject[];
	if (!Array.isArray(rows) || rows.length === 0)
		throw invalidField(ctx, field, 'add at least one ticket', itemIndex);
	return rows;
}

/** A ticket row's class and add-ons, checked; `where` names the row ("Tickets 2"). */
export function readTicketRow(
	ctx: IExecuteFunctions,
	row: IDataObject,
	where: string,
	itemIndex: number,
): { ticketClassId: string; addOnIds?: string[] } {
	const ticketClassId = requireUuid(
		ctx,
		row.ticketClassId,
		`${where}: Ticket Class`,
		itemIndex,
	).toLowerCase();
	const addOnIds = listEntries(row.addOnIds).map((id) =>
		requireUuid(ctx, id, `${where}: Add-On IDs`, itemIndex).toLowerCase(),
	);
	return { ticketClassId, ...(addOnIds.length > 0 ? { addOnIds: [...new Set(addOnIds)] } : {}) };
}

/** Optional text fields of a collection, trimmed; empty ones left out. */
export function texts(options: IDataObject, names: string[]): IDataObject {
	return Object.fromEntries(
		names
			.map((name) => [name, typeof options[name] === 'string' ? options[name].trim() : ''])
			.filter(([, value]) => value !== ''),
	);
}
