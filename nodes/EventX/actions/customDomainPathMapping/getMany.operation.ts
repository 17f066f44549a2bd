import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { pagingProperties, readLimit } from '../../helpers/paging';
import { eventxPaginate } from '../../transport';
import { domainTargetProperties, readDomainTarget } from '../customDomain/domainOperation';
import type { ItemOperation } from '../types';
import { mappingsPath } from './fields';

const properties: INodeProperties[] = [...domainTargetProperties(), ...pagingProperties()];

const displayOptions = { show: { resource: ['customDomainPathMapping'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	orgId: string;
	customDomainId: string;
	limit?: number;
}

export const getMany: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return { ...readDomainTarget(this, itemIndex), limit: readLimit(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { limit, ...target }, itemIndex) {
		// The list documents page and pageSize only: read one page a request.
		return await eventxPaginate.call(
			this,
			{ method: 'GET', path: mappingsPath(target), qs: {}, itemIndex },
			limit,
			false,
		);
	},
};
