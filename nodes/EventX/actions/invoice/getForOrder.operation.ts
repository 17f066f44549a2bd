import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { orderProperties, orderRecordOperation } from '../order/fields';
import { invoiceSimplifyProperty, simplifyInvoice } from './fields';

const properties: INodeProperties[] = [...orderProperties(), invoiceSimplifyProperty()];

const displayOptions = { show: { resource: ['invoice'], operation: ['getForOrder'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The invoice details of one order. */
export const getForOrder = orderRecordOperation(
	description,
	(orderId) => `invoice/${orderId}`,
	simplifyInvoice,
);
