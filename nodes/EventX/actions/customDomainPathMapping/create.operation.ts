import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { eventxData } from '../../transport';
import { domainTargetProperties, readDomainTarget } from '../customDomain/domainOperation';
import type { ItemOperation } from '../types';
import {
	mappingsPath,
	pathNameProperty,
	readPathName,
	readRegFormId,
	regFormIdProperty,
} from './fields';

const properties: INodeProperties[] = [
	...domainTargetProperties(),
	pathNameProperty(true),
	{ ...eventLocator(), description: 'The event the path leads to' },
	regFormIdProperty(
		"The registration form the path opens (a UUID), e.g. the ID Registration Form > Create returned. Empty: the event's page.",
	),
];

const displayOptions = { show: { resource: ['customDomainPathMapping'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	orgId: string;
	customDomainId: string;
	body: { eventId: string; eventRegFormId?: string; pathName: string };
}

export const create: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const pathName = readPathName(
			this,
			this.getNodeParameter('pathName', itemIndex, ''),
			itemIndex,
		);
		const eventId = readEventId(this, itemIndex);
		const eventRegFormId = readRegFormId(
			this,
			this.getNodeParameter('eventRegFormId', itemIndex, ''),
			itemIndex,
		);
		return {
			...readDomainTarget(this, itemIndex),
			body: { eventId, ...(eventRegFormId ? { eventRegFormId } : {}), pathName },
		};
	},
	async execute(this: IExecuteFunctions, { body, ...target }, itemIndex) {
		return await eventxData.call(this, {
			method: 'POST',
			path: mappingsPath(target),
			body,
			retry: 'write',
			itemIndex,
		});
	},
};
