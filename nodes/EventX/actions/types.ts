import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { BatchResult, PreparedItem } from '../helpers/batching';

/**
 * One operation of the action node. `prepare` reads and validates one item's parameters and
 * must not call EventX: the router prepares every item first, so bad input stops the run (or,
 * with Continue On Fail, only its own item) before any request goes out.
 */
interface OperationBase<Plan> {
	description: INodeProperties[];
	prepare(this: IExecuteFunctions, itemIndex: number): Plan | Promise<Plan>;
}

/** An operation that makes its own request(s) for each item. */
export interface ItemOperation<Plan = unknown> extends OperationBase<Plan> {
	execute(
		this: IExecuteFunctions,
		plan: Plan,
		itemIndex: number,
	): Promise<IDataObject | IDataObject[]>;
}

/**
 * An operation that handles the items of an execution together: bulk endpoints and sends, or one
 * file made of several items (Get as iCalendar).
 */
export interface BatchOperation<Plan = unknown> extends OperationBase<Plan> {
	/** Returns one result per prepared item, in the same order. */
	executeBatch(
		this: IExecuteFunctions,
		prepared: Array<PreparedItem<Plan>>,
	): Promise<BatchResult[]>;
}

export type Operation<Plan = unknown> = ItemOperation<Plan> | BatchOperation<Plan>;

export function isBatchOperation<Plan>(
	operation: Operation<Plan>,
): operation is BatchOperation<Plan> {
	return 'executeBatch' in operation;
}

/** A resource: its operation selector and its operations, keyed by operation value. */
export interface Resource {
	operationProperty: INodeProperties;
	operations: Record<string, Operation>;
}
