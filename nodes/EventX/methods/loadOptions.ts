import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { REG_FORM_PROFILE_FIELDS } from '../helpers/enums';
import { chosenEventId } from '../helpers/eventLocator';
import { enumLabel, i18nText } from '../helpers/labels';
import { API_PREFIX, eventxList } from '../transport';

async function listOf(
	ctx: ILoadOptionsFunctions,
	resource: string,
	member: 'name' | 'label',
	describe?: (item: IDataObject) => string | undefined,
): Promise<INodePropertyOptions[]> {
	const eventId = chosenEventId(ctx);
	if (!eventId) return [];
	const { dataList } = await eventxList.call(ctx, {
		method: 'GET',
		path: `${API_PREFIX}/event/${eventId}/${resource}/all`,
	});
	return dataList
		.map((item) => ({
			name: i18nText(item, member),
			value: String(item.id),
			description: describe?.(item),
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

export async function getTicketClasses(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await listOf(this, 'ticket-class', 'name');
}

export async function getTicketClassAddOns(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	return await listOf(this, 'ticket-class-add-on', 'name');
}

/** The event's custom questions; archived ones are left out. */
export async function getCustomFields(
	this: ILoadOptionsFunctions,
): Promise<INodePropertyOptions[]> {
	const eventId = chosenEventId(this);
	if (!eventId) return [];
	const { dataList } = await eventxList.call(this, {
		method: 'GET',
		path: `${API_PREFIX}/event/${eventId}/custom-field/all`,
	});
	return dataList
		.filter((q) => !q.archivedAt)
		.map((q) => ({
			name: i18nText(q, 'label'),
			value: String(q.id),
			description: `Type: ${String(q.type)}`,
		}))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/** A registration form's fields: the attendee profile's, then the event's custom questions. */
export async function getFormFields(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return [
		...REG_FORM_PROFILE_FIELDS.map((id) => ({
			name: enumLabel(id),
			value: id,
			description: 'Attendee profile field',
		})),
		...(await getCustomFields.call(this)),
	];
}

/** The action node's dropdowns. */
export const loadOptionsMethods = {
	getCustomFields,
	getFormFields,
	getTicketClassAddOns,
	getTicketClasses,
};
