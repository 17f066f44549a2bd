import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { REG_FORM_PROFILE_FIELDS } from '../helpers/enums';
import { chosenEventId } from '../helpers/eventLocator';
import { enumLabel, i18nText } from '../helpers/labels';
import { API_PREFIX, eventxList, eventxPaginate } from '../transport';

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

/** The most events a picker lists (an expression can name any other). */
const EVENT_PICKER_LIMIT = 1000;

/** The events a picker of several events offers: newest start first, each with its start date. */
export async function getEvents(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const events = await eventxPaginate.call(
		this,
		{ method: 'GET', path: `${API_PREFIX}/event`, qs: { sort: '-startsAt' } },
		EVENT_PICKER_LIMIT,
	);
	return events.map((event) => ({
		name: i18nText(event, 'name'),
		value: String(event.id),
		description: typeof event.startsAt === 'string' ? `Starts ${event.startsAt}` : undefined,
	}));
}

/** The action node's dropdowns. */
export const loadOptionsMethods = {
	getCustomFields,
	getFormFields,
	getTicketClassAddOns,
	getTicketClasses,
};
