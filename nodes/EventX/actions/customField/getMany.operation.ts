import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator } from '../../helpers/eventLocator';
import { simplifyProperty } from '../../helpers/simplify';
import { eventListOperation } from '../eventList';

const properties: INodeProperties[] = [eventLocator(), simplifyProperty()];

const displayOptions = { show: { resource: ['customField'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The questions of the event's question library, one output item each. */
export const getMany = eventListOperation(description, 'custom-field/all');
