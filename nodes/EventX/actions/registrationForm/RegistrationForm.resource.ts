import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { create } from './create.operation';
import { get } from './get.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['registrationForm'] } },
	options: [
		{
			name: 'Create',
			value: 'create',
			description:
				'Create a registration form for the event. Needs the event, a name, the ticket classes and the fields; returns the form with its tickets and fields.',
			action: 'Create a registration form',
		},
		{
			name: 'Get',
			value: 'get',
			description:
				'Get a registration form with its tickets, add-ons and fields. Needs the event and the form ID; returns the form as registrants see it.',
			action: 'Get a registration form',
		},
	],
	default: 'get',
};

export const registrationFormResource: Resource = {
	operationProperty,
	operations: { create, get },
};
