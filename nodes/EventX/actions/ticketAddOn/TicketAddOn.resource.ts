import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { getMany } from './getMany.operation';

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
				"List the add-ons an event's tickets can include (e.g. a workshop or a dinner). Needs the event; returns one item per add-on with its ID, name, price, stock and sold quantity.",
			action: 'Get many ticket add-ons',
		},
	],
	default: 'getMany',
};

export const ticketAddOnResource: Resource = { operationProperty, operations: { getMany } };
