import type { IExecuteFunctions } from 'n8n-workflow';

/** Whether a saved parameter value holds an expression anywhere (then it may differ per item). */
function hasExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(hasExpression);
	if (value !== null && typeof value === 'object') return Object.values(value).some(hasExpression);
	return false;
}

const readings = new WeakMap<object, Map<string, { dynamic: boolean; value?: unknown }>>();

/**
 * One item's reading of the parameters `names` (`read` gets and checks them), done once per
 * execution when none of them holds an expression: their value is then the same for every item,
 * and n8n resolves, copies and checks a parameter on each read, which over thousands of items
 * costs more than the requests. A reading that fails is not kept (each item then fails with its
 * own index).
 */
export function sameForAllItems<T>(
	ctx: IExecuteFunctions,
	names: string[],
	itemIndex: number,
	read: (itemIndex: number) => T,
): T {
	let known = readings.get(ctx);
	if (!known) readings.set(ctx, (known = new Map()));
	const key = names.join('\n');
	let reading = known.get(key);
	if (reading && !reading.dynamic) return reading.value as T;
	if (!reading) {
		const raw = names.map((name) =>
			ctx.getNodeParameter(name, itemIndex, null, { rawExpressions: true }),
		);
		reading = { dynamic: hasExpression(raw) };
		known.set(key, reading);
	}
	const value = read(itemIndex);
	if (!reading.dynamic) reading.value = value;
	return value;
}
