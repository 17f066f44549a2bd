import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { REG_FORM_PROFILE_FIELDS } from '../helpers/enums';
import { chosenEventId } from '../helpers/eventLocator';
import { enumLabel } from '../helpers/labels';
import { API_PREFIX, eventxList, eventxPaginate } from '../transport';

/** The default-language text of an I18n member, falling back to the ID. */
function label(item: IDataObject, member: 'name' | 'label'): string {
	const i18n = (item.contentI18n as IDataObject | undefined)?.[member] as IDataObject | undefined;
	const text =
		i18n?.default ?? Object.values(i18n ?? {}).find((v) => typeof v === 'string' && v !== '');
	return typeof text === 'string' && text !== '' ? text : String(item.id);
}

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
			name: label(item, member),
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
			name: label(q, 'label'),
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
		name: label(event, 'name'),
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
