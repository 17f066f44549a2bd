import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readOrganizationId } from '../../helpers/locators';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import {
	customDomainOrganization,
	defaultRedirectUrlProperty,
	readDefaultRedirectUrl,
	readDomain,
} from './fields';

const properties: INodeProperties[] = [
	customDomainOrganization(),
	{
		displayName: 'Domain',
		name: 'domain',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. events.example.com',
		description: "The host name to serve the organization's event pages on",
	},
	defaultRedirectUrlProperty(),
];

const displayOptions = { show: { resource: ['customDomain'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	orgId: string;
	domain: string;
	defaultRedirectUrl: string;
}

export const create: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			orgId: readOrganizationId(this, itemIndex),
			domain: readDomain(this, itemIndex),
			defaultRedirectUrl: readDefaultRedirectUrl(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, { orgId, domain, defaultRedirectUrl }, itemIndex) {
		return await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/org/${orgId}/custom-domains`,
			body: { domain, defaultRedirectUrl },
			retry: 'write',
			itemIndex,
		});
	},
};
