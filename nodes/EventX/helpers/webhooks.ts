import type { IDataObject } from 'n8n-workflow';

import { API_PREFIX, eventxList, eventxNoContent, type EventXContext } from '../transport';

/** `/event/{eventId}/webhook`, or one webhook of it: the Webhook resource and the trigger share it. */
export function webhookPath(eventId: string, webhookId?: string): string {
	const base = `${API_PREFIX}/event/${eventId}/webhook`;
	return webhookId === undefined ? base : `${base}/${webhookId}`;
}

/** Every webhook of the event (EventX answers them all at once). */
export async function listWebhooks(ctx: EventXContext, eventId: string): Promise<IDataObject[]> {
	const { dataList } = await eventxList.call(ctx, {
		method: 'GET',
		path: `${webhookPath(eventId)}/all`,
	});
	return dataList;
}

/** Deletes one webhook (a DELETE is retried only where EventX proves nothing was applied). */
export async function deleteWebhook(
	ctx: EventXContext,
	eventId: string,
	webhookId: string,
	itemIndex?: number,
): Promise<void> {
	await eventxNoContent.call(ctx, {
		method: 'DELETE',
		path: webhookPath(eventId, webhookId),
		itemIndex,
	});
}
