import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	domainTargetProperties,
	readDomainTarget,
	type ReadOwn,
	type Send,
} from '../customDomain/domainOperation';
import type { ItemOperation } from '../types';
import { mappingsPath, pathMappingLocator, readPathMappingId } from './fields';

export interface MappingPlan {
	orgId: string;
	customDomainId: string;
	pathMappingId: string;
	/** What the operation reads of its own parameters. */
	extra: IDataObject;
}

/**
 * An operation on one path mapping (Update, Delete): the organization, the domain, the mapping,
 * the operation's own parameters, and one request to `.../path-mappings/{pathMappingId}`.
 */
export function mappingOperation(
	operation: string,
	own: INodeProperties[],
	readOwn: ReadOwn,
	send: Send<MappingPlan>,
): ItemOperation<MappingPlan> {
	const properties = [...domainTargetProperties(), pathMappingLocator(), ...own];
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['customDomainPathMapping'], operation: [operation] } },
			properties,
		),
		prepare(this: IExecuteFunctions, itemIndex) {
			return {
				...readDomainTarget(this, itemIndex),
				pathMappingId: readPathMappingId(this, itemIndex),
				extra: readOwn(this, itemIndex),
			};
		},
		async execute(this: IExecuteFunctions, plan, itemIndex) {
			const path = `${mappingsPath(plan)}/${plan.pathMappingId}`;
			return await send(this, path, plan, itemIndex);
		},
	};
}
