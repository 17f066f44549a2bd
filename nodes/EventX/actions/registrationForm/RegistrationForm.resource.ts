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
			description: 'Create a registration form for the event with its tickets and fields',
			action: 'Create a registration form',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get a registration form with its tickets, add-ons and fields',
			action: 'Get a registration form',
		},
	],
	default: 'get',
};

export const registrationFormResource: Resource = {
	operationProperty,
	operations: { create, get },
};
