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
				"Add a custom domain for the organization's event pages. Needs the organization, the domain and a default redirect URL; returns the domain with the DNS records to publish.",
			action: 'Create a custom domain',
		},
		{
			name: 'Delete',
			value: 'delete',
			description:
				'Delete a custom domain permanently; this cannot be undone. Needs the organization and the domain ID; returns the deleted ID.',
			action: 'Delete a custom domain permanently',
		},
		{
			name: 'Get',
			value: 'get',
			description:
				'Get a custom domain with its DNS records. Needs the organization and the domain ID; returns its status and the records to publish.',
			action: 'Get a custom domain',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				"List the organization's custom domains, optionally by status. Needs the organization; returns one item per domain.",
			action: 'Get many custom domains',
		},
		{
			name: 'Update',
			value: 'update',
			description:
				"Change a custom domain's default redirect URL. Needs the organization, the domain ID and the URL; returns the updated domain.",
			action: 'Update a custom domain',
		},
		{
			name: 'Verify',
			value: 'verify',
			description:
				"Check a custom domain's DNS records and SSL certificate again. Needs the organization and the domain ID; returns the domain with its new status.",
			action: 'Verify a custom domain',
		},
	],
	default: 'getMany',
};

export const customDomainResource: Resource = {
	operationProperty,
	operations: { create, delete: deleteCustomDomain, get, getMany, update, verify },
};
