import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { getMany } from './getMany.operation';

// The resource's own spelling, "Add-On": n8n's action-casing lint rule would split the hyphen
// ("add ons"). test/actions/actionNames.test.ts holds the casing.
const GET_MANY_ACTION = 'Get many ticket add-ons';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['ticketAddOn'] } },
	options: [
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				"List the add-ons an event's tickets can include, with price, stock and sold quantity",
			action: GET_MANY_ACTION,
		},
	],
	default: 'getMany',
};

export const ticketAddOnResource: Resource = { operationProperty, operations: { getMany } };
