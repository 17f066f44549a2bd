import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { readOrganizationId } from '../../helpers/locators';
import { API_PREFIX } from '../../transport';
import type { ItemOperation } from '../types';
import { customDomainLocator, customDomainOrganization, readCustomDomainId } from './fields';

export interface DomainPlan {
	orgId: string;
	customDomainId: string;
	/** What the operation reads of its own parameters. */
	extra: IDataObject;
}

/**
 * An operation on one custom domain (Get, Update, Delete, Verify): the organization, the domain,
 * the operation's own parameters, and one request to `/org/{orgId}/custom-domains/{id}...`.
 */
export function domainOperation(
	operation: string,
	own: INodeProperties[],
	readOwn: (ctx: IExecuteFunctions, itemIndex: number) => IDataObject,
	send: (
		ctx: IExecuteFunctions,
		path: string,
		plan: DomainPlan,
		itemIndex: number,
	) => Promise<IDataObject>,
): ItemOperation<DomainPlan> {
	const properties = [...customDomainOrganization(), ...customDomainLocator(), ...own];
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['customDomain'], operation: [operation] } },
			properties,
		),
		prepare(this: IExecuteFunctions, itemIndex) {
			return {
				orgId: readOrganizationId(this, itemIndex),
				customDomainId: readCustomDomainId(this, itemIndex),
				extra: readOwn(this, itemIndex),
			};
		},
		async execute(this: IExecuteFunctions, plan, itemIndex) {
			const path = `${API_PREFIX}/org/${plan.orgId}/custom-domains/${plan.customDomainId}`;
			return await send(this, path, plan, itemIndex);
		},
	};
}
