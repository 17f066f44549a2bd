import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { create } from './create.operation';
import { deleteOperation } from './delete.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['webhook'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description:
				"Subscribe a URL to the event's attendee actions; returns the webhook with its ID",
			action: 'Create a webhook',
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete a webhook permanently; this cannot be undone',
			action: 'Delete a webhook permanently',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: "List the event's webhooks with their URLs and actions",
			action: 'Get many webhooks',
		},
		{
			name: 'Update',
			value: 'update',
			description: "Change a webhook's URL or actions",
			action: 'Update a webhook',
		},
	],
	default: 'getMany',
};

export const webhookResource: Resource = {
	operationProperty,
	operations: { create, delete: deleteOperation, getMany, update },
};
