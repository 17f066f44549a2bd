import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { create } from './create.operation';
import { deleteCustomDomain } from './delete.operation';
import { get } from './get.operation';
import { getMany } from './getMany.operation';
import { update } from './update.operation';
import { verify } from './verify.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['customDomain'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description:
				"Add a custom domain for the organization's event pages; returns the DNS records to publish",
			action: 'Create a custom domain',
		},
		{
			name: 'Delete',
			value: 'delete',
			description:
				'Delete a custom domain and its path mappings permanently; this cannot be undone',
			action: 'Delete a custom domain permanently',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get a custom domain with its status and the DNS records to publish',
			action: 'Get a custom domain',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: "List the organization's custom domains, optionally by status",
			action: 'Get many custom domains',
		},
		{
			name: 'Update',
			value: 'update',
			description: "Change a custom domain's default redirect URL",
			action: 'Update a custom domain',
		},
		{
			name: 'Verify',
			value: 'verify',
			description:
				"Check a custom domain's DNS records and SSL certificate again; returns its new status",
			action: 'Verify a custom domain',
		},
	],
	default: 'getMany',
};

export const customDomainResource: Resource = {
	operationProperty,
	operations: { create, delete: deleteCustomDomain, get, getMany, update, verify },
};
