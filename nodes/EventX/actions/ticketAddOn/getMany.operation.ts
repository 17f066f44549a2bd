import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator } from '../../helpers/eventLocator';
import { simplifyProperty } from '../../helpers/simplify';
import { eventListOperation } from '../eventList';

const properties: INodeProperties[] = [eventLocator(), simplifyProperty()];

const displayOptions = { show: { resource: ['ticketAddOn'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The add-ons the event's tickets can carry, one output item each. */
export const getMany = eventListOperation(description, 'ticket-class-add-on/all');
