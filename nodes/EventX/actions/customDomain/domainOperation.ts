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

/** The organization and the custom domain an operation works on (Custom Domain, Path Mapping). */
export const domainTargetProperties = () => [customDomainOrganization(), customDomainLocator()];

export function readDomainTarget(ctx: IExecuteFunctions, itemIndex: number) {
	return {
		orgId: readOrganizationId(ctx, itemIndex),
		customDomainId: readCustomDomainId(ctx, itemIndex),
	};
}

/** `/org/{orgId}/custom-domains/{customDomainId}`: the domain's own path. */
export const domainPath = ({ orgId, customDomainId }: { orgId: string; customDomainId: string }) =>
	`${API_PREFIX}/org/${orgId}/custom-domains/${customDomainId}`;

/** Reads an operation's own parameters (validated, before any request). */
export type ReadOwn = (ctx: IExecuteFunctions, itemIndex: number) => IDataObject;

/** Sends an operation's one request to the record's path and answers the output item. */
export type Send<Plan> = (
	ctx: IExecuteFunctions,
	path: string,
	plan: Plan,
	itemIndex: number,
) => Promise<IDataObject>;

/**
 * An operation on one custom domain (Get, Update, Delete, Verify): the organization, the domain,
 * the operation's own parameters, and one request to `/org/{orgId}/custom-domains/{id}...`.
 */
export function domainOperation(
	operation: string,
	own: INodeProperties[],
	readOwn: ReadOwn,
	send: Send<DomainPlan>,
): ItemOperation<DomainPlan> {
	const properties = [...domainTargetProperties(), ...own];
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['customDomain'], operation: [operation] } },
			properties,
		),
		prepare(this: IExecuteFunctions, itemIndex) {
			return { ...readDomainTarget(this, itemIndex), extra: readOwn(this, itemIndex) };
		},
		async execute(this: IExecuteFunctions, plan, itemIndex) {
			return await send(this, domainPath(plan), plan, itemIndex);
		},
	};
}
