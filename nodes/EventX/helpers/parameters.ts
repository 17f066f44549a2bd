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

/** `={{ $json.field }}`: a parameter that is the input item's own field, nothing more. */
const ITEM_FIELD = /^=\{\{\s*\$json\.([A-Za-z_$][\w$]*)\s*\}\}$/;

const itemFields = new WeakMap<object, Map<string, string | null>>();

/**
 * One item's value of the parameter `name`. When the parameter is exactly `={{ $json.field }}`
 * (Attendee IDs' default, `{{ $json.id }}`) and the item's field holds a string, that string is
 * what n8n's expression would give, and it is read from the item directly: evaluating the
 * expression costs n8n 0.1 ms or more an item (it builds the workflow data proxy and `$now` in
 * the workflow's time zone), more than the batched requests over thousands of items. Any other
 * parameter or value goes through n8n as usual.
 */
export function itemParameter(ctx: IExecuteFunctions, name: string, itemIndex: number): unknown {
	let known = itemFields.get(ctx);
	if (!known) itemFields.set(ctx, (known = new Map()));
	let field = known.get(name);
	if (field === undefined) {
		const raw = ctx.getNodeParameter(name, itemIndex, null, { rawExpressions: true });
		field = typeof raw === 'string' ? (ITEM_FIELD.exec(raw)?.[1] ?? null) : null;
		known.set(name, field);
	}
	if (field !== null) {
		const json = ctx.getInputData()[itemIndex]?.json;
		const value = json && Object.hasOwn(json, field) ? json[field] : undefined;
		if (typeof value === 'string') return value;
	}
	return ctx.getNodeParameter(name, itemIndex, '') as unknown;
}
