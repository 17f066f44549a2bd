import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { CUSTOM_DOMAIN_STATUSES } from '../../helpers/enums';
import { enumOptions } from '../../helpers/labels';
import { readOrganizationId } from '../../helpers/locators';
import { pagingProperties, readLimit } from '../../helpers/paging';
import { requireOneOf } from '../../helpers/validation';
import { API_PREFIX, eventxPaginate } from '../../transport';
import type { ItemOperation } from '../types';
import { customDomainOrganization } from './fields';

const properties: INodeProperties[] = [
	customDomainOrganization(),
	...pagingProperties(),
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: enumOptions(CUSTOM_DOMAIN_STATUSES)
			.concat({ name: 'Any', value: '' })
			.sort((a, b) => a.name.localeCompare(b.name)),
		default: '',
		description: 'Only the domains in this state of verification',
	},
];

const displayOptions = { show: { resource: ['customDomain'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	orgId: string;
	status?: string;
	limit?: number;
}

export const getMany: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const status = this.getNodeParameter('status', itemIndex, '') as unknown;
		return {
			orgId: readOrganizationId(this, itemIndex),
			status:
				status === ''
					? undefined
					: requireOneOf(this, status, CUSTOM_DOMAIN_STATUSES, 'Status', itemIndex),
			limit: readLimit(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, { orgId, status, limit }, itemIndex) {
		// The list documents page and pageSize only: read one page a request.
		return await eventxPaginate.call(
			this,
			{
				method: 'GET',
				path: `${API_PREFIX}/org/${orgId}/custom-domains`,
				qs: status ? { status } : {},
				itemIndex,
			},
			limit,
			false,
		);
	},
};
