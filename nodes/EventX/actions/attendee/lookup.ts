import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { i18nText } from '../../helpers/labels';
import { oncePerExecution } from '../../helpers/perExecution';
import { simplifyAttendees } from '../../helpers/simplify';
import { API_PREFIX, eventxData, eventxList } from '../../transport';

/** The event's ticket classes by ID: their names, read once per execution. */
async function ticketClassNames(
	ctx: IExecuteFunctions,
	eventId: string,
	itemIndex: number,
): Promise<Map<string, string>> {
	return await oncePerExecution(ctx, `ticket-class-names:${eventId}`, async () => {
		const { dataList } = await eventxList.call(ctx, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/ticket-class/all`,
			itemIndex,
		});
		return new Map(dataList.map((c) => [String(c.id), i18nText(c, 'name')]));
	});
}

/**
 * An attendee found by QR code token or short code, as door staff need it: EventX's lookup
 * answers only the ID, the creation time and the answers, so the attendee is read by ID; the
 * item is the simplified attendee (as Get gives it) with its ticket class by name and whether
 * it has checked in.
 */
export async function attendeeAtTheDoor(
	ctx: IExecuteFunctions,
	eventId: string,
	found: IDataObject,
	itemIndex: number,
): Promise<IDataObject> {
	const attendee = await eventxData.call(ctx, {
		method: 'GET',
		path: `${API_PREFIX}/event/${eventId}/attendee/${String(found.id)}`,
		itemIndex,
	});
	const [simple] = await simplifyAttendees(ctx, eventId, [attendee], itemIndex);
	const ticketClassId = attendee.ticketClassId;
	const ticketClassName =
		typeof ticketClassId === 'string'
			? ((await ticketClassNames(ctx, eventId, itemIndex)).get(ticketClassId) ?? ticketClassId)
			: null;
	return { ...simple, ticketClassName, checkedIn: Boolean(attendee.checkedInAt) };
}
