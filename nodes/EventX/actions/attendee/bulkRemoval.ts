import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { attendeeIdsProperty, readAttendeeIds } from '../../helpers/attendeeIds';
import { sendInBatches } from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxNoContent } from '../../transport';
import type { BatchOperation, PreparedItem } from '../types';
import { batchOptionsProperty, readBatchSize, show } from './fields';

export interface RemovalPlan {
	eventId: string;
	attendeeIds: string[];
	batchSize: number;
}

/**
 * Remove and Delete: the same batched call of a list of attendee IDs, to `bulk-remove` or
 * `bulk-delete`, with the editor notice that tells the two apart.
 */
export function bulkRemoval(
	operation: 'remove' | 'delete',
	endpoint: 'bulk-remove' | 'bulk-delete',
	notice: string,
): BatchOperation<RemovalPlan> {
	const description: INodeProperties[] = [
		{
			displayName: notice,
			name: `${operation}Notice`,
			type: 'notice',
			default: '',
			displayOptions: { show: show(operation) },
		},
		eventLocator({ show: show(operation) }),
		...attendeeIdsProperty(
			show(operation),
			'The attendees of this item: attendee IDs (UUIDs), one or several separated by commas',
		),
		batchOptionsProperty(operation),
	];
	return {
		description,
		prepare(this: IExecuteFunctions, itemIndex) {
			return {
				eventId: readEventId(this, itemIndex).toLowerCase(),
				attendeeIds: readAttendeeIds(this, itemIndex),
				batchSize: readBatchSize(this, itemIndex, operation),
			};
		},
		async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<RemovalPlan>>) {
			const results = await sendInBatches(
				this,
				prepared.map(({ plan, itemIndex }) => ({
					group: plan.eventId,
					payloads: plan.attendeeIds,
					itemIndex,
				})),
				prepared[0]?.plan.batchSize ?? 100,
				async (eventId, attendeeIds, itemIndex) => {
					await eventxNoContent.call(this, {
						method: 'DELETE',
						path: `${API_PREFIX}/event/${eventId}/attendee/${endpoint}`,
						body: { attendeeIds },
						retry: 'write',
						itemIndex,
					});
				},
			);
			return results.map((result, i) =>
				'error' in result
					? result
					: { json: { success: true, attendeeIds: prepared[i].plan.attendeeIds } },
			);
		},
	};
}
