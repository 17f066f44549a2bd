import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchResult } from '../actions/types';

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;

/** One prepared item as the batcher sees it: where it goes and what it carries. */
export interface BatchItem<Payload> {
	/** Items with the same group (e.g. the event ID) are sent together. */
	group: string;
	/** This item's payloads (one attendee object, or several IDs); at least one. */
	payloads: Payload[];
	/** The item's index, for errors. */
	itemIndex: number;
}

/**
 * Sends one chunk of payloads (all of one group). Returns one result per payload, in order, or
 * nothing when the endpoint answers no content.
 */
export type SendChunk<Payload> = (
	group: string,
	payloads: Payload[],
	firstItemIndex: number,
) => Promise<IDataObject[] | void>;

/** HTTP statuses that prove EventX refused the whole request and applied none of it. */
const DEFINITIVE_REJECTIONS = new Set([400, 404, 409, 422]);

function statusOf(error: unknown): number | undefined {
	const code = (error as { httpCode?: unknown }).httpCode;
	return typeof code === 'string' && /^\d{3}$/.test(code) ? Number(code) : undefined;
}

/**
 * Sends the payloads of all items in as few requests as Batch Size allows: grouped by `group`
 * (first-seen order), an item's payloads kept together in one chunk whenever they fit, one
 * request per chunk. Returns one result per item, in order.
 *
 * When a request fails:
 * - a definitive rejection (400, 404, 409, 422: EventX applied nothing) of a chunk with more than
 *   one item is split in halves and each half re-sent, down to single items, so the good items
 *   are still saved and only the offending item(s) fail with EventX's message;
 * - any other failure (5xx, timeout, dropped connection: EventX may have applied it) is never
 *   re-sent (the transport already retried what is safe: a 429 or a refused connection). The
 *   chunk's items fail; without Continue On Fail, no later chunk is sent.
 */
export async function sendInBatches<Payload>(
	ctx: IExecuteFunctions,
	items: Array<BatchItem<Payload>>,
	batchSize: number,
	send: SendChunk<Payload>,
): Promise<BatchResult[]> {
	const results: BatchResult[] = new Array(items.length);
	const continueOnFail = ctx.continueOnFail();
	let stopped: Error | undefined;

	const groups = new Map<string, number[]>();
	items.forEach((item, position) => {
		const members = groups.get(item.group) ?? [];
		members.push(position);
		groups.set(item.group, members);
	});

	const collect = (group: string): { group: string; positions: number[] } => ({
		group,
		positions: [],
	});

	// Pack whole items into chunks of at most batchSize payloads (an item larger than a chunk goes alone).
	const chunks: Array<{ group: string; positions: number[] }> = [];
	for (const [group, members] of groups) {
		let current = collect(group);
		let size = 0;
		for (const position of members) {
			const count = items[position].payloads.length;
			if (size > 0 && size + count > batchSize) {
				chunks.push(current);
				current = collect(group);
				size = 0;
			}
			current.positions.push(position);
			size += count;
		}
		if (current.positions.length > 0) chunks.push(current);
	}

	const sendChunk = async (group: string, positions: number[]): Promise<void> => {
		const payloads = positions.flatMap((p) => items[p].payloads);
		try {
			const answer = await send(group, payloads, items[positions[0]].itemIndex);
			let offset = 0;
			for (const p of positions) {
				const count = items[p].payloads.length;
				if (Array.isArray(answer)) {
					const slice = answer.slice(offset, offset + count);
					results[p] = { json: count === 1 && slice.length === 1 ? slice[0] : slice };
				} else {
					results[p] = { json: { success: true } };
				}
				offset += count;
			}
		} catch (error) {
			const status = statusOf(error);
			if (status !== undefined && DEFINITIVE_REJECTIONS.has(status) && positions.length > 1) {
				const half = Math.ceil(positions.length / 2);
				await sendChunk(group, positions.slice(0, half));
				await sendChunk(group, positions.slice(half));
				return;
			}
			for (const p of positions) results[p] = { error: error as Error };
			if (!(status !== undefined && DEFINITIVE_REJECTIONS.has(status)) && !continueOnFail) {
				stopped = error as Error;
			}
		}
	};

	for (const chunk of chunks) {
		if (stopped) {
			for (const p of chunk.positions) {
				results[p] = {
					error: new NodeOperationError(
						ctx.getNode(),
						'Not sent: an earlier request of this execution failed',
						{ itemIndex: items[p].itemIndex, description: stopped.message },
					),
				};
			}
			continue;
		}
		await sendChunk(chunk.group, chunk.positions);
	}
	return results;
}
