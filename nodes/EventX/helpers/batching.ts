import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchResult } from '../actions/types';
import { invalidField } from './validation';
import { optionsName } from './versions';

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;

/** Options > Batch Size of a batched operation; `name` is the collection's parameter name. */
export function batchOptionsProperty(name: string, description: string): INodeProperties {
	return {
		displayName: 'Options',
		name,
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: 1, maxValue: MAX_BATCH_SIZE },
				default: DEFAULT_BATCH_SIZE,
				description,
			},
		],
	};
}

export function readBatchSize(ctx: IExecuteFunctions, itemIndex: number, name: string): number {
	const size =
		(ctx.getNodeParameter(optionsName(ctx, name), itemIndex, {}) as IDataObject).batchSize ??
		DEFAULT_BATCH_SIZE;
	if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE) {
		throw invalidField(
			ctx,
			'Batch Size',
			`must be a whole number from 1 to ${MAX_BATCH_SIZE}, not ${JSON.stringify(size)}`,
			itemIndex,
		);
	}
	return size;
}

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

function isDefinitive(error: unknown): boolean {
	const status = statusOf(error);
	return status !== undefined && DEFINITIVE_REJECTIONS.has(status);
}

/** The same status, message and details (EventX's code, the route): the same refusal. */
function sameRejection(a: Error, b: Error): boolean {
	const key = (e: Error) =>
		JSON.stringify([statusOf(e), e.message, (e as { description?: unknown }).description]);
	return key(a) === key(b);
}

/**
 * Sends the payloads of all items in as few requests as Batch Size allows: grouped by `group`
 * (first-seen order), payloads in item order, at most `batchSize` payloads a request (an item with
 * more payloads than that spans requests). Returns one result per item, in order: its answers
 * (one object, or an array when it had several payloads), or the error of a request that carried
 * one of its payloads.
 *
 * When a request fails:
 * - a definitive rejection (400, 404, 409, 422: EventX applied nothing) of a request with more
 *   than one payload is split in halves and each half re-sent, down to single payloads, so the
 *   good payloads are still saved and only the offending one(s) fail with EventX's message;
 *   when both halves are refused with the same error, the refusal is about the request, and
 *   splitting stops there (500 payloads refused on every request cost 3 requests, not 999);
 * - any other failure (5xx, timeout, dropped connection: EventX may have applied it) is never
 *   re-sent (the transport already retried what is safe: a 429 or a refused connection). Its
 *   items fail; without Continue On Fail, no later request is sent.
 */
export async function sendInBatches<Payload>(
	ctx: IExecuteFunctions,
	items: Array<BatchItem<Payload>>,
	batchSize: number,
	send: SendChunk<Payload>,
): Promise<BatchResult[]> {
	const continueOnFail = ctx.continueOnFail();
	let stopped: Error | undefined;
	/** Per item: the answer of each payload, and the first error. */
	const answers = items.map((item) => new Array<IDataObject>(item.payloads.length));
	const errors = new Array<Error | undefined>(items.length);

	interface Entry {
		position: number;
		index: number;
	}
	const groups = new Map<string, Entry[]>();
	items.forEach((item, position) => {
		const entries = groups.get(item.group) ?? [];
		item.payloads.forEach((_, index) => entries.push({ position, index }));
		groups.set(item.group, entries);
	});

	/** Sends the entries as one request; the error when it failed, `undefined` when answered. */
	const attempt = async (group: string, entries: Entry[]): Promise<Error | undefined> => {
		const payloads = entries.map((e) => items[e.position].payloads[e.index]);
		try {
			const answer = await send(group, payloads, items[entries[0].position].itemIndex);
			entries.forEach((e, i) => {
				answers[e.position][e.index] = Array.isArray(answer)
					? (answer[i] ?? {})
					: { success: true };
			});
			return undefined;
		} catch (error) {
			return error as Error;
		}
	};

	const fail = (entries: Entry[], error: Error) => {
		for (const e of entries) errors[e.position] ??= error;
		if (!isDefinitive(error) && !continueOnFail) stopped = error;
	};

	/**
	 * A rejected request: its halves are re-sent so that only the offending payloads fail. When
	 * both halves are refused with the same error, the rejection is about the request (a closed
	 * event, a missing permission), not an attendee: every payload fails with it, no further split.
	 */
	const split = async (group: string, entries: Entry[], error: Error): Promise<void> => {
		if (!isDefinitive(error) || entries.length === 1) return fail(entries, error);
		const half = Math.ceil(entries.length / 2);
		const halves = [entries.slice(0, half), entries.slice(half)];
		const refusals: Array<Error | undefined> = [];
		for (const part of halves) refusals.push(await attempt(group, part));
		const [first, second] = refusals;
		if (first && second && sameRejection(first, second)) {
			halves.forEach((part, i) => fail(part, refusals[i]!));
			return;
		}
		for (const [i, part] of halves.entries()) {
			const refusal = refusals[i];
			if (refusal) await split(group, part, refusal);
		}
	};

	const sendEntries = async (group: string, entries: Entry[]): Promise<void> => {
		const error = await attempt(group, entries);
		if (error) await split(group, entries, error);
	};

	for (const [group, entries] of groups) {
		for (let start = 0; start < entries.length; start += batchSize) {
			const chunk = entries.slice(start, start + batchSize);
			if (stopped) {
				for (const e of chunk) {
					errors[e.position] ??= new NodeOperationError(
						ctx.getNode(),
						'Not sent: an earlier request of this execution failed',
						{ itemIndex: items[e.position].itemIndex, description: stopped.message },
					);
				}
				continue;
			}
			await sendEntries(group, chunk);
		}
	}

	return items.map((_item, position) => {
		const error = errors[position];
		if (error) return { error };
		const list = answers[position];
		return { json: list.length === 1 ? list[0] : list };
	});
}
