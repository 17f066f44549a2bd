import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readAttendeeIds } from '../../helpers/attendeeIds';
import { readBatchSize, sendInBatches } from '../../helpers/batching';
import { readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxNoContent } from '../../transport';
import type { BatchOperation, PreparedItem } from '../types';

export interface RemovalPlan {
	eventId: string;
	attendeeIds: string[];
	batchSize: number;
}

/**
 * Remove and Delete: the same batched call of a list of attendee IDs, to `bulk-remove` or
 * `bulk-delete`; `optionsName` is the operation's version 1 Options collection.
 */
export function bulkRemoval(
	description: INodeProperties[],
	endpoint: 'bulk-remove' | 'bulk-delete',
	optionsName: 'removeOptions' | 'deleteOptions',
): BatchOperation<RemovalPlan> {
	return {
		description,
		prepare(this: IExecuteFunctions, itemIndex) {
			return {
				eventId: readEventId(this, itemIndex),
				attendeeIds: readAttendeeIds(this, itemIndex),
				batchSize: readBatchSize(this, itemIndex, optionsName),
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
