import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { sendInBatches } from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { API_PREFIX, eventxNoContent } from '../../transport';
import { readAttendeeIds } from '../outreach/attendeeSend';
import type { BatchOperation, PreparedItem } from '../types';
import { batchOptionsProperty, readBatchSize, show } from './fields';

export const description: INodeProperties[] = [
	{
		displayName:
			'Delete is permanent: the attendees and their data are erased and cannot be restored. Use Remove to only cancel their registrations.',
		name: 'deleteNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: show('delete') },
	},
	eventLocator({ show: show('delete') }),
	{
		displayName: 'Attendee IDs',
		name: 'attendeeIds',
		type: 'string',
		default: '={{ $json.id }}',
		required: true,
		placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		description:
			'The attendees of this item: one ID, a comma-separated list, or an array from an expression',
		displayOptions: { show: show('delete') },
	},
	batchOptionsProperty('delete'),
];

interface Plan {
	eventId: string;
	attendeeIds: string[];
	batchSize: number;
}

export const deleteAttendees: BatchOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			eventId: readEventId(this, itemIndex).toLowerCase(),
			attendeeIds: readAttendeeIds(this, itemIndex),
			batchSize: readBatchSize(this, itemIndex, 'delete'),
		};
	},
	async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<Plan>>) {
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
					path: `${API_PREFIX}/event/${eventId}/attendee/bulk-delete`,
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
