import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { create } from './create.operation';
import { deletePathMapping } from './delete.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['customDomainPathMapping'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description:
				'Make a path of a custom domain lead to an event, optionally to one registration form',
			action: 'Create a path mapping',
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete a path mapping permanently; this cannot be undone',
			action: 'Delete a path mapping permanently',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: "List a custom domain's path mappings",
			action: 'Get many path mappings',
		},
		{
			name: 'Update',
			value: 'update',
			description: "Change a path mapping's path, event or registration form",
			action: 'Update a path mapping',
		},
	],
	default: 'getMany',
};

export const customDomainPathMappingResource: Resource = {
	operationProperty,
	operations: { create, delete: deletePathMapping, getMany, update },
};
