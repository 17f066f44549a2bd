import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	orderProperties,
	orderRecordOperation,
	orderSimplifyProperty,
	simplifyOrder,
} from './fields';

const properties: INodeProperties[] = [...orderProperties(), orderSimplifyProperty()];

const displayOptions = { show: { resource: ['order'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One order by ID. */
export const get = orderRecordOperation(
	description,
	(orderId) => `order/${orderId}`,
	simplifyOrder,
);
