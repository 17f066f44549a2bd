import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { attendeeIdsProperty, readAttendeeIds } from '../../helpers/attendeeIds';
import { DEFAULT_BATCH_SIZE, batchOptionsProperty, readBatchSize } from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { eventxNoContent } from '../../transport';
import type { BatchOperation, BatchResult, PreparedItem } from '../types';

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
		attendeeIdsProperty(
			'The attendees of this item. The IDs of all items are sent together, each attendee once, in requests of up to Batch Size IDs per event.',
		),
		batchOptionsProperty(
			'sendOptions',
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
	const eventId = readEventId(ctx, itemIndex).toLowerCase();
	return {
		eventId,
		channel,
		path: pathOf(eventId),
		attendeeIds: readAttendeeIds(ctx, itemIndex),
		batchSize: readBatchSize(ctx, itemIndex, 'sendOptions'),
		extra,
	};
}

interface Group {
	path: string;
	/** Distinct IDs of the group's items, in first-seen order. */
	ids: string[];
	/** The item (its index) that first gave each ID: a chunk's errors point at its first ID's. */
	firstItemOf: Map<string, number>;
	/** Index of the chunk each ID is sent in. */
	chunkOf: Map<string, number>;
}

/**
 * Sends the attendees of all prepared items: grouped by request path (event, channel, draft),
 * deduplicated, chunked by Batch Size, one POST per chunk, each chunk at most once.
 *
 * A send is not idempotent. The transport's `write` class retries only a 429 or a refused
 * connection (nothing was sent). After any other failure the chunk is never repeated; its items
 * get the error. Without Continue On Fail, no further chunk is sent once one failed (the node
 * stops there); with it, the other chunks still go out and only the failed chunk's items fail.
 */
export async function sendToAttendees(
	ctx: IExecuteFunctions,
	prepared: Array<PreparedItem<SendPlan>>,
): Promise<BatchResult[]> {
	const groups = new Map<string, Group>();
	for (const { plan, itemIndex } of prepared) {
		let group = groups.get(plan.path);
		if (!group) {
			group = { path: plan.path, ids: [], firstItemOf: new Map(), chunkOf: new Map() };
			groups.set(plan.path, group);
		}
		for (const id of plan.attendeeIds) {
			if (!group.firstItemOf.has(id)) {
				group.firstItemOf.set(id, itemIndex);
				group.ids.push(id);
			}
		}
	}
	const batchSize = prepared[0]?.plan.batchSize ?? DEFAULT_BATCH_SIZE;
	const continueOnFail = ctx.continueOnFail();
	/** Failure of each chunk, by `${path}#${chunk}`; absent = sent. */
	const failures = new Map<string, Error>();
	let stopped: Error | undefined;

	for (const group of groups.values()) {
		for (let start = 0, chunk = 0; start < group.ids.length; start += batchSize, chunk++) {
			const ids = group.ids.slice(start, start + batchSize);
			for (const id of ids) group.chunkOf.set(id, chunk);
			const key = `${group.path}#${chunk}`;
			if (stopped) {
				failures.set(
					key,
					new NodeOperationError(
						ctx.getNode(),
						'Not sent: an earlier request of this execution failed',
						{ description: stopped.message },
					),
				);
				continue;
			}
			// IDs are in first-seen order, so the chunk's first ID came from its earliest item.
			const firstItem = group.firstItemOf.get(ids[0]);
			try {
				await eventxNoContent.call(ctx, {
					method: 'POST',
					path: group.path,
					body: { attendeeIds: ids },
					retry: 'write',
					itemIndex: firstItem,
				});
			} catch (error) {
				failures.set(key, error as Error);
				if (!continueOnFail) stopped = error as Error;
			}
		}
	}

	return prepared.map(({ plan }): BatchResult => {
		const group = groups.get(plan.path)!;
		for (const id of plan.attendeeIds) {
			const failure = failures.get(`${plan.path}#${group.chunkOf.get(id)}`);
			if (failure) return { error: failure };
		}
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
