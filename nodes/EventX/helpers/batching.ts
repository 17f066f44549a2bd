import type { IBinaryKeyData, IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { sameForAllItems } from './parameters';
import { holdKeys } from './keyedLock';
import { invalidField } from './validation';

export const DEFAULT_BATCH_SIZE = 100;
export const MAX_BATCH_SIZE = 1000;

/** Options > Batch Size of a batched operation. */
export function batchOptionsProperty(description: string): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
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

export function readBatchSize(ctx: IExecuteFunctions, itemIndex: number): number {
	return sameForAllItems(ctx, ['options'], itemIndex, (index) => {
		const size =
			(ctx.getNodeParameter('options', index, {}) as IDataObject).batchSize ?? DEFAULT_BATCH_SIZE;
		if (typeof size !== 'number' || !Number.isInteger(size) || size < 1 || size > MAX_BATCH_SIZE) {
			throw invalidField(
				ctx,
				'Batch Size',
				`must be a whole number from 1 to ${MAX_BATCH_SIZE}, not ${JSON.stringify(size)}`,
				index,
			);
		}
		return size;
	});
}

/**
 * The outcome for one input item of a batched operation. `sharedWith`: the other items whose
 * payload was the same (sent once). `details`: what a failed item shows besides the error.
 * `binary`: a file on the (single) output item; `pairedWith`: the other input items that output
 * item stands for too (one file made of several items).
 */
export type BatchResult = (
	| { json: IDataObject | IDataObject[]; binary?: IBinaryKeyData; pairedWith?: number[] }
	| { error: Error; details?: IDataObject }
) & {
	sharedWith?: number[];
};

export interface PreparedItem<Plan> {
	plan: Plan;
	itemIndex: number;
}

/** One prepared item as the batcher sees it: where it goes and what it carries. */
interface BatchItem<Payload> {
	/** Items with the same group (the event, or a send's path) are sent together. */
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

/** How an operation's writes are batched: what differs between the batched operations. */
export interface BatchRules<Plan, Payload> {
	/** Items with the same group (the event, or a send's path) are sent together. */
	group: (plan: Plan) => string;
	/** The item's payloads (one attendee object, or several IDs); at least one. */
	payloads: (plan: Plan) => Payload[];
	/** Sends one request of payloads of one group. */
	send: SendChunk<Payload>;
	/**
	 * Send each payload once per group, whichever items gave it (a send reaches an attendee once);
	 * the key says when two payloads are the same (`undefined`: never the same as another). Every
	 * item that gave it shares its outcome, and its result names the others (`sharedWith`).
	 */
	dedupe?: (payload: Payload) => string | undefined;
	/**
	 * Which of the same payloads is sent: the first given (a send: they are equal), or the last
	 * (an import: the latest row of one attendee wins).
	 */
	keep?: 'first' | 'last';
	/**
	 * Runs once per group, before its first request, on all its payloads (after deduplication):
	 * returns them as they are to be sent (an import matched on email gives each known attendee
	 * its ID). A failure fails every payload of the group.
	 */
	resolve?: (group: string, payloads: Payload[], firstItemIndex: number) => Promise<Payload[]>;
	/**
	 * Keys this execution holds, within the n8n process, from before `resolve` to the group's last
	 * request: another execution giving one of them waits (an import of a new email must not read
	 * the event while another is creating that attendee).
	 */
	exclusive?: (group: string, payloads: Payload[]) => string[];
	/**
	 * Split a definitively rejected request in halves to find the payloads EventX refuses (an
	 * upsert or a removal can be repeated; a send is never split: nothing of it is re-sent).
	 */
	split: boolean;
}

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
 * The one engine of the batched writes (Create or Update, Remove, Delete and every send). Sends
 * the payloads of all items in as few requests as Batch Size allows: grouped by `group`
 * (first-seen order), payloads in item order (deduplicated when the rules say so), at most
 * `batchSize` payloads a request (an item with more payloads than that spans requests). Returns
 * one result per item, in order: its answers (one object, or an array when it had several
 * payloads), or the error of the first of its payloads that failed.
 *
 * When a request fails:
 * - a definitive rejection (400, 404, 409, 422: EventX applied nothing) of a request with more
 *   than one payload is, where the rules allow it, split in halves and each half re-sent, down to
 *   single payloads, so the good payloads are still saved and only the offending one(s) fail with
 *   EventX's message; when both halves are refused with the same error, the refusal is about the
 *   request, and splitting stops there (500 payloads refused on every request cost 3 requests,
 *   not 999);
 * - any other failure (5xx, timeout, dropped connection: EventX may have applied it) is never
 *   re-sent (the transport already retried what is safe: a 429 or a refused connection).
 * Its payloads fail. Without Continue On Fail, no later request is sent after a failure that
 * splitting did not isolate: their items fail with "Not sent: an earlier request of this
 * execution failed".
 */
export async function sendInBatches<Plan extends { batchSize: number }, Payload>(
	ctx: IExecuteFunctions,
	prepared: Array<PreparedItem<Plan>>,
	rules: BatchRules<Plan, Payload>,
): Promise<BatchResult[]> {
	const { send } = rules;
	const items: Array<BatchItem<Payload>> = prepared.map(({ plan, itemIndex }) => ({
		group: rules.group(plan),
		payloads: rules.payloads(plan),
		itemIndex,
	}));
	// Batch Size is validated per item by readBatchSize and read here once, as the first item gives it.
	const batchSize = prepared[0]?.plan.batchSize ?? DEFAULT_BATCH_SIZE;
	const continueOnFail = ctx.continueOnFail();
	let stopped: Error | undefined;
	/** Per item: the answer and the error of each of its payloads. */
	const answers = items.map((item) => new Array<IDataObject>(item.payloads.length));
	const errors = items.map((item) => new Array<Error | undefined>(item.payloads.length));

	/** One payload as sent, and every (item, payload) that gave it. */
	interface Entry {
		payload: Payload;
		givenBy: Array<{ position: number; index: number }>;
	}
	const groups = new Map<string, { entries: Entry[]; byKey: Map<string, Entry> }>();
	items.forEach((item, position) => {
		let group = groups.get(item.group);
		if (!group) groups.set(item.group, (group = { entries: [], byKey: new Map() }));
		item.payloads.forEach((payload, index) => {
			const key = rules.dedupe?.(payload);
			const known = key === undefined ? undefined : group.byKey.get(key);
			if (known) {
				if (rules.keep === 'last') known.payload = payload;
				return void known.givenBy.push({ position, index });
			}
			const entry: Entry = { payload, givenBy: [{ position, index }] };
			group.entries.push(entry);
			if (key !== undefined) group.byKey.set(key, entry);
		});
	});
	/** The item that first gave the entry: a request's errors point at its first payload's item. */
	const itemOf = (entry: Entry) => items[entry.givenBy[0].position].itemIndex;

	/** Sends the entries as one request; the error when it failed, `undefined` when answered. */
	const attempt = async (group: string, entries: Entry[]): Promise<Error | undefined> => {
		try {
			const answer = await send(
				group,
				entries.map((e) => e.payload),
				itemOf(entries[0]),
			);
			entries.forEach((entry, i) => {
				for (const { position, index } of entry.givenBy)
					answers[position][index] = Array.isArray(answer) ? (answer[i] ?? {}) : { success: true };
			});
			return undefined;
		} catch (error) {
			return error as Error;
		}
	};

	const fail = (entries: Entry[], error: Error | ((position: number) => Error)) => {
		for (const entry of entries)
			for (const { position, index } of entry.givenBy)
				errors[position][index] ??= typeof error === 'function' ? error(position) : error;
	};
	/** A failure that splitting did not isolate stops the execution's later requests. */
	const failed = (entries: Entry[], error: Error) => {
		fail(entries, error);
		if (!continueOnFail && !(rules.split && isDefinitive(error))) stopped = error;
	};

	/**
	 * A rejected request: its halves are re-sent so that only the offending payloads fail. When
	 * both halves are refused with the same error, the rejection is about the request (a closed
	 * event, a missing permission), not an attendee: every payload fails with it, no further split.
	 */
	const split = async (group: string, entries: Entry[], error: Error): Promise<void> => {
		if (!rules.split || !isDefinitive(error) || entries.length === 1) return failed(entries, error);
		const half = Math.ceil(entries.length / 2);
		const halves = [entries.slice(0, half), entries.slice(half)];
		const refusals: Array<Error | undefined> = [];
		for (const part of halves) refusals.push(await attempt(group, part));
		const [first, second] = refusals;
		if (first && second && sameRejection(first, second)) {
			halves.forEach((part, i) => failed(part, refusals[i]!));
			return;
		}
		for (const [i, part] of halves.entries()) {
			const refusal = refusals[i];
			if (refusal) await split(group, part, refusal);
		}
	};

	/**
	 * Payloads that `resolve` made the same (an attendee given by ID in one item and found by its
	 * email in another) become one: sent once, the later item's payload when `keep` is 'last'.
	 */
	const merge = (entries: Entry[]): Entry[] => {
		if (!rules.dedupe) return entries;
		const last = (entry: Entry) => Math.max(...entry.givenBy.map((g) => g.position));
		const byKey = new Map<string, Entry>();
		const merged: Entry[] = [];
		for (const entry of entries) {
			const key = rules.dedupe(entry.payload);
			const known = key === undefined ? undefined : byKey.get(key);
			if (!known) {
				merged.push(entry);
				if (key !== undefined) byKey.set(key, entry);
				continue;
			}
			if (rules.keep === 'last' && last(entry) > last(known)) known.payload = entry.payload;
			known.givenBy.push(...entry.givenBy);
		}
		return merged;
	};

	/** Sends a group's entries in chunks of Batch Size (none once the execution has stopped). */
	const sendGroup = async (group: string, entries: Entry[]): Promise<void> => {
		for (let start = 0; start < entries.length; start += batchSize) {
			const chunk = entries.slice(start, start + batchSize);
			if (stopped) {
				const reason = stopped;
				fail(
					chunk,
					(position) =>
						new NodeOperationError(
							ctx.getNode(),
							'Not sent: an earlier request of this execution failed',
							{ itemIndex: items[position].itemIndex, description: reason.message },
						),
				);
				continue;
			}
			const error = await attempt(group, chunk);
			if (error) await split(group, chunk, error);
		}
	};

	for (const [group, found] of groups) {
		let entries = found.entries;
		const release =
			rules.exclusive && !stopped && entries.length > 0
				? await holdKeys(
						rules.exclusive(
							group,
							entries.map((e) => e.payload),
						),
					)
				: undefined;
		try {
			if (rules.resolve && !stopped && entries.length > 0) {
				try {
					const resolved = await rules.resolve(
						group,
						entries.map((e) => e.payload),
						itemOf(entries[0]),
					);
					entries.forEach((entry, i) => (entry.payload = resolved[i]));
					entries = found.entries = merge(entries);
				} catch (error) {
					failed(entries, error as Error);
					continue;
				}
			}
			await sendGroup(group, entries);
		} finally {
			release?.();
		}
	}

	/** The other items that gave one of this item's payloads. */
	const shared = new Map<number, Set<number>>();
	for (const { entries } of groups.values())
		for (const entry of entries) {
			if (entry.givenBy.length < 2) continue;
			for (const { position } of entry.givenBy) {
				const others = shared.get(position) ?? new Set<number>();
				for (const other of entry.givenBy)
					if (other.position !== position) others.add(items[other.position].itemIndex);
				shared.set(position, others);
			}
		}

	return items.map((_item, position): BatchResult => {
		const sharedWith = shared.has(position) ? [...shared.get(position)!] : undefined;
		const error = errors[position].find((e) => e !== undefined);
		if (error) return { error, ...(sharedWith ? { sharedWith } : {}) };
		const list = answers[position];
		return { json: list.length === 1 ? list[0] : list, ...(sharedWith ? { sharedWith } : {}) };
	});
}
