import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readEventId } from '../helpers/eventLocator';
import { readSimplify, withoutRawData } from '../helpers/simplify';
import { API_PREFIX, eventxList } from '../transport';
import type { ItemOperation } from './types';

/**
 * A list EventX answers whole for one event (`/event/{eventId}/<list>`), one output item per
 * record; Simplify drops EventX's rawData copy. The Get Many of Webhook, Attendee Tag, Ticket
 * Class, Ticket Add-On and Custom Field.
 */
export function eventListOperation(
	description: INodeProperties[],
	list:
		| 'webhook/all'
		| 'attendee-tag/all'
		| 'ticket-class/all'
		| 'ticket-class-add-on/all'
		| 'custom-field/all',
): ItemOperation<{ eventId: string; simplify: boolean }> {
	return {
		description,
		prepare(this: IExecuteFunctions, itemIndex) {
			return { eventId: readEventId(this, itemIndex), simplify: readSimplify(this, itemIndex) };
		},
		async execute(this: IExecuteFunctions, { eventId, simplify }, itemIndex) {
			const { dataList } = await eventxList.call(this, {
				method: 'GET',
				path: `${API_PREFIX}/event/${eventId}/${list}`,
				itemIndex,
			});
			return simplify ? dataList.map(withoutRawData) : dataList;
		},
	};
}
