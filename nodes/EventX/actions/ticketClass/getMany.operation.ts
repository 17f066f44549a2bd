import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator } from '../../helpers/eventLocator';
import { simplifyProperty } from '../../helpers/simplify';
import { eventListOperation } from '../eventList';

const properties: INodeProperties[] = [eventLocator(), simplifyProperty()];

const displayOptions = { show: { resource: ['ticketClass'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The event's ticket classes with their add-ons, one output item each. */
export const getMany = eventListOperation(description, 'ticket-class/all');
