import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	NodeApiError,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { BatchResult, PreparedItem } from '../helpers/batching';
import type { Operation } from './types';
import { isBatchOperation } from './types';
import { resources } from './resources';

/** Appends one item per entry; a loop, as spreading 100,000s of items overflows the call stack. */
function pushItems(
	output: INodeExecutionData[],
	json: IDataObject | IDataObject[],
	itemIndex: number,
): void {
	for (const entry of Array.isArray(json) ? json : [json]) {
		output.push({ json: entry, pairedItem: { item: itemIndex } });
	}
}

type NodeError = NodeApiError | NodeOperationError;

/**
 * A failed item under Continue On Fail, as n8n shapes one: `{ error: message }`, with the error
 * itself on the item (its description, code and status stay there). The item's `error` is also
 * what sends it to the error output when On Error is "Continue (using error output)".
 */
function errorItem(
	toErrorOutput: boolean,
	error: NodeError,
	itemIndex: number,
	details?: IDataObject,
): INodeExecutionData {
	// n8n rewrites an item that carries its error to `{ error: message }`: an operation's details
	// (e.g. `result: 'failed'`) are kept on the regular output by leaving the error object off,
	// so its description (e.g. "the attendee was saved; only its ticket change failed") goes along.
	if (details && !toErrorOutput) {
		const json: IDataObject = { ...details, error: error.message };
		if (error.description) json.errorDescription = error.description;
		return { json, pairedItem: { item: itemIndex } };
	}
	return { json: { error: error.message }, error, pairedItem: { item: itemIndex } };
}

function withItemIndex(ctx: IExecuteFunctions, error: unknown, itemIndex: number): NodeError {
	if (
		error instanceof NodeOperationError ||
		(error as { name?: string })?.name === 'NodeApiError'
	) {
		const e = error as NodeError;
		if (e.context && e.context.itemIndex === undefined) e.context.itemIndex = itemIndex;
		return e;
	}
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * Dispatches to the chosen operation in two phases: prepare (validate) every item, then run.
 * Output items keep the input order and each points at the item it came from.
 */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0) as string;
	const operation: Operation | undefined = resources[resource]?.operations[operationName];
	if (!operation) {
		throw new NodeOperationError(
			this.getNode(),
			`The operation "${operationName}" of "${resource}" is not supported`,
		);
	}
	const continueOnFail = this.continueOnFail();

	const outcomes: Array<BatchResult | undefined> = new Array(items.length);
	const prepared: Array<PreparedItem<unknown>> = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		try {
			prepared.push({ plan: await operation.prepare.call(this, itemIndex), itemIndex });
		} catch (error) {
			const failure = withItemIndex(this, error, itemIndex);
			if (!continueOnFail) throw failure;
			outcomes[itemIndex] = { error: failure };
		}
	}

	if (isBatchOperation(operation)) {
		if (prepared.length > 0) {
			const results = await operation.executeBatch.call(this, prepared);
			prepared.forEach(({ itemIndex }, i) => {
				const result = results[i];
				if ('error' in result && !continueOnFail)
					throw withItemIndex(this, result.error, itemIndex);
				outcomes[itemIndex] = result;
			});
		}
	} else {
		for (const { plan, itemIndex } of prepared) {
			try {
				outcomes[itemIndex] = { json: await operation.execute.call(this, plan, itemIndex) };
			} catch (error) {
				const failure = withItemIndex(this, error, itemIndex);
				if (!continueOnFail) throw failure;
				outcomes[itemIndex] = { error: failure };
			}
		}
	}

	const output: INodeExecutionData[] = [];
	const toErrorOutput = this.getNode().onError === 'continueErrorOutput';
	outcomes.forEach((outcome, itemIndex) => {
		if (!outcome) return;
		if ('error' in outcome)
			output.push(
				errorItem(
					toErrorOutput,
					withItemIndex(this, outcome.error, itemIndex),
					itemIndex,
					outcome.details,
				),
			);
		else if (outcome.binary) {
			const items = [itemIndex, ...(outcome.pairedWith ?? [])].map((item) => ({ item }));
			output.push({
				json: outcome.json as IDataObject,
				binary: outcome.binary,
				pairedItem: items.length === 1 ? items[0] : items,
			});
		} else pushItems(output, outcome.json, itemIndex);
	});
	return [output];
}
