import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { sendInBatches } from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxList } from '../../transport';
import type { BatchOperation, PreparedItem } from '../types';
import {
	attendeeIdProperty,
	batchOptionsProperty,
	customFieldsProperty,
	profileProperty,
	readBatchSize,
	readProfile,
	show,
} from './fields';

export const description: INodeProperties[] = [
	eventLocator({ show: show('upsert') }),
	attendeeIdProperty('upsert', false),
	profileProperty('upsert', true),
	customFieldsProperty('upsert'),
	batchOptionsProperty('upsert'),
];

interface Plan {
	eventId: string;
	attendee: IDataObject;
	batchSize: number;
}

export const upsert: BatchOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex).toLowerCase();
		const rawId = this.getNodeParameter('attendeeId', itemIndex, '') as unknown;
		const attendee: IDataObject = {};
		if (rawId !== '' && rawId !== undefined && rawId !== null)
			attendee.id = requireUuid(this, rawId, 'Attendee ID', itemIndex).toLowerCase();
		Object.assign(attendee, readProfile(this, itemIndex, 'upsert'));
		return { eventId, attendee, batchSize: readBatchSize(this, itemIndex, 'upsert') };
	},
	async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<Plan>>) {
		const batchSize = prepared[0]?.plan.batchSize ?? 100;
		return await sendInBatches(
			this,
			prepared.map(({ plan, itemIndex }) => ({
				group: plan.eventId,
				payloads: [plan.attendee],
				itemIndex,
			})),
			batchSize,
			async (eventId, attendees, itemIndex) => {
				const { dataList } = await eventxList.call(this, {
					method: 'PUT',
					path: `${API_PREFIX}/event/${eventId}/attendee/bulk-upsert`,
					body: attendees,
					retry: 'write',
					itemIndex,
				});
				return dataList;
			},
		);
	},
};
