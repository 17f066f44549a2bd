import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { attendeeIdsProperty, readAttendeeIds } from '../../helpers/attendeeIds';
import {
	batchOptionsProperty,
	readBatchSize,
	sendInBatches,
	type BatchResult,
	type PreparedItem,
} from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { eventxNoContent } from '../../transport';
import type { BatchOperation } from '../types';

export type SendChannel = 'email' | 'sms' | 'whatsapp' | 'manual-email';

/** One item's send, validated: where it goes and to whom. */
export interface SendPlan {
	eventId: string;
	channel: SendChannel;
	/** The request path; items with the same path are sent together. */
	path: string;
	/** This item's attendees, deduplicated, in the order given. */
	attendeeIds: string[];
	batchSize: number;
	/** Extra members of the output (e.g. outreachEmailId). */
	extra: IDataObject;
}

/** The Event, Attendee IDs and Batch Size parameters of a send to attendees (`extra` after Event). */
export function attendeeSendProperties(extra: INodeProperties[] = []): INodeProperties[] {
	return [
		eventLocator(),
		...extra,
		...attendeeIdsProperty(
			'The attendees to send to: attendee IDs (UUIDs), one or several separated by commas. Each attendee gets it once per execution, however many items name them.',
		),
		batchOptionsProperty(
			'How many attendee IDs one request carries. The IDs of all input items are gathered per event, deduplicated and sent in as few requests as this allows.',
		),
	];
}

export function readSendPlan(
	ctx: IExecuteFunctions,
	itemIndex: number,
	channel: SendChannel,
	pathOf: (eventId: string) => string,
	extra: IDataObject = {},
): SendPlan {
	const eventId = readEventId(ctx, itemIndex);
	return {
		eventId,
		channel,
		path: pathOf(eventId),
		attendeeIds: readAttendeeIds(ctx, itemIndex),
		batchSize: readBatchSize(ctx, itemIndex),
		extra,
	};
}

/**
 * Sends the attendees of all prepared items through the batching engine: grouped by request path
 * (event, channel, draft), deduplicated (each attendee once, whichever items gave it), chunked by
 * Batch Size, one POST per chunk, each chunk at most once.
 *
 * A send is not idempotent, so a rejected chunk is never split or repeated: the transport's
 * `write` class retries only a 429 or a refused connection (nothing was sent). After any other
 * failure its items get the error; without Continue On Fail no further chunk is sent.
 */
export async function sendToAttendees(
	ctx: IExecuteFunctions,
	prepared: Array<PreparedItem<SendPlan>>,
): Promise<BatchResult[]> {
	const results = await sendInBatches(ctx, prepared, {
		group: (plan) => plan.path,
		payloads: (plan) => plan.attendeeIds,
		send: async (path, attendeeIds, itemIndex) => {
			await eventxNoContent.call(ctx, {
				method: 'POST',
				path,
				body: { attendeeIds },
				retry: 'write',
				itemIndex,
			});
		},
		// A send reaches each attendee once and is never repeated, so never split.
		dedupe: (id) => id,
		split: false,
	});
	return results.map((result, i): BatchResult => {
		if ('error' in result) return result;
		const { plan } = prepared[i];
		return {
			json: {
				eventId: plan.eventId,
				channel: plan.channel,
				...plan.extra,
				attendeeIds: plan.attendeeIds,
				sent: true,
			},
		};
	});
}

/** A send to attendees as an operation: prepare reads the item, executeBatch sends all items together. */
export function attendeeSendOperation(
	description: INodeProperties[],
	prepare: (this: IExecuteFunctions, itemIndex: number) => SendPlan,
): BatchOperation<SendPlan> {
	return {
		description,
		prepare,
		async executeBatch(this: IExecuteFunctions, prepared) {
			return await sendToAttendees(this, prepared);
		},
	};
}
