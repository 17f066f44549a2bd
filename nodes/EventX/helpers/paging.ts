import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { toolDefault } from './tool';
import { requireWholeNumber } from './validation';

/** The Limit of a list operation used as an agent's tool: a few results, not a page of 50. */
export const TOOL_LIMIT = 10;

/** Return All and Limit of a list operation. */
export function pagingProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			builderHint: {
				propertyHint:
					'True reads every record (the node pages itself); false returns at most Limit records',
			},
		},
		...toolDefault(
			{
				displayName: 'Limit',
				name: 'limit',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 50,
				description: 'Max number of results to return',
				displayOptions: { show: { returnAll: [false] } },
				builderHint: {
					propertyHint: 'Read only when Return All is false; no paging loop is needed',
				},
			},
			TOOL_LIMIT,
			'Max number of results to return. Small by default on a tool, so that the answer fits in the model context.',
		),
	];
}

/**
 * The parameters of a filtered, sorted list (attendees, events, orders), in the order every such
 * operation shows them: what to list, Return All and Limit, Filters, the sort rules, Simplify.
 */
export function listProperties(list: {
	target: INodeProperties[];
	filters: INodeProperties[];
	sort: INodeProperties;
	simplify: INodeProperties;
}): INodeProperties[] {
	return [
		...list.target,
		...pagingProperties(),
		{
			displayName: 'Filters',
			name: 'filters',
			type: 'collection',
			placeholder: 'Add Filter',
			default: {},
			options: list.filters,
		},
		list.sort,
		list.simplify,
	];
}

/** `undefined` for Return All, otherwise the validated limit. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (ctx.getNodeParameter('returnAll', itemIndex, false) === true) return undefined;
	return requireWholeNumber(
		ctx,
		ctx.getNodeParameter('limit', itemIndex, 50),
		1,
		'Limit',
		itemIndex,
	);
}

/** What a list operation's prepare reads: the query, the limit (none for Return All), Simplify. */
export interface ListPlan {
	qs: IDataObject;
	limit?: number;
	simplify: boolean;
}
