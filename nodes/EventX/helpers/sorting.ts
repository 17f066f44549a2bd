import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { enumLabel } from './labels';
import { requireOneOf } from './validation';

/**
 * Sort rules (field and direction, several allowed) over a list's documented sort keys. Each list
 * passes its whole description, a literal that says what EventX does when no rule is given.
 */
export function sortProperty(keys: readonly string[], description: string): INodeProperties {
	return {
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Sort Rule',
		default: {},
		description,
		options: [
			{
				displayName: 'Rule',
				name: 'rules',
				values: [
					{
						displayName: 'Field',
						name: 'field',
						type: 'options',
						options: [...keys].sort().map((key) => ({ name: enumLabel(key), value: key })),
						default: 'createdAt',
					},
					{
						displayName: 'Direction',
						name: 'direction',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'asc' },
							{ name: 'Descending', value: 'desc' },
						],
						default: 'desc',
					},
				],
			},
		],
	};
}

/** The Sort rules as EventX's comma-separated `sort`, "-" for descending; undefined for none. */
export function readSort(
	ctx: IExecuteFunctions,
	itemIndex: number,
	allowed: readonly string[],
): string | undefined {
	const rules = ((ctx.getNodeParameter('sort', itemIndex, {}) as IDataObject).rules ??
		[]) as Array<{
		field?: unknown;
		direction?: unknown;
	}>;
	if (rules.length === 0) return undefined;
	return rules
		.map((rule) => {
			const field = requireOneOf(ctx, rule.field, allowed, 'Sort > Field', itemIndex);
			const direction = requireOneOf(
				ctx,
				rule.direction ?? 'asc',
				['asc', 'desc'],
				'Sort > Direction',
				itemIndex,
			);
			return direction === 'desc' ? `-${field}` : field;
		})
		.join(',');
}
