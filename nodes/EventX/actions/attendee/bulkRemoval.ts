import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { attendeeIdsProperty, readAttendeeIds } from '../../helpers/attendeeIds';
import {
	batchOptionsProperty,
	readBatchSize,
	sendInBatches,
	type PreparedItem,
} from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxNoContent } from '../../transport';
import type { BatchOperation } from '../types';

export interface RemovalPlan {
	eventId: string;
	attendeeIds: string[];
	batchSize: number;
}

/** The parameters of Remove and Delete: what the operation does to the records, then whom. */
export function removalProperties(notice: {
	name: 'removeNotice' | 'deleteNotice';
	text: string;
}): INodeProperties[] {
	return [
		{ displayName: notice.text, name: notice.name, type: 'notice', default: '' },
		eventLocator(),
		...attendeeIdsProperty(
			'The attendees of this item: attendee IDs (UUIDs), one or several separated by commas',
		),
		batchOptionsProperty(
			'How many attendees one request carries. The items of one execution are grouped per event and sent in as few requests as this allows.',
		),
	];
}

/**
 * Remove and Delete: the same batched call of a list of attendee IDs, to `bulk-remove` or
 * `bulk-delete`.
 */
export function bulkRemoval(
	description: INodeProperties[],
	endpoint: 'bulk-remove' | 'bulk-delete',
): BatchOperation<RemovalPlan> {
	return {
		description,
		prepare(this: IExecuteFunctions, itemIndex) {
			return {
				eventId: readEventId(this, itemIndex),
				attendeeIds: readAttendeeIds(this, itemIndex),
				batchSize: readBatchSize(this, itemIndex),
			};
		},
		async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<RemovalPlan>>) {
			const results = await sendInBatches(this, prepared, {
				group: (plan) => plan.eventId,
				payloads: (plan) => plan.attendeeIds,
				send: async (eventId, attendeeIds, itemIndex) => {
					await eventxNoContent.call(this, {
						method: 'DELETE',
						path: `${API_PREFIX}/event/${eventId}/attendee/${endpoint}`,
						body: { attendeeIds },
						retry: 'write',
						itemIndex,
					});
				},
				// Removing or deleting twice is harmless: a rejected request is split to find the refused IDs.
				split: true,
			});
			return results.map((result, i) =>
				'error' in result
					? result
					: { json: { success: true, attendeeIds: prepared[i].plan.attendeeIds } },
			);
		},
	};
}
