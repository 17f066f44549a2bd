import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { resourceOptions, resources, subtitleExpression } from './actions/resources';
import { route } from './actions/router';
import { listSearch, loadOptions } from './methods';
import { ACTION_DESCRIPTION } from './helpers/nodeDescription';
import { LATEST_VERSION, operationProperties, v1Only } from './helpers/versions';
import { requestOptionsProperty, requestSettingsOptions } from './transport/requestOptions';

export class EventX implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EventX',
		name: 'eventX',
		icon: { light: 'file:eventx.svg', dark: 'file:eventx.dark.svg' },
		group: ['transform'],
		// Version 2: pickers, Simplify and one Options collection per operation (see helpers/versions).
		version: [1, 2],
		defaultVersion: LATEST_VERSION,
		subtitle: subtitleExpression(),
		description: ACTION_DESCRIPTION,
		defaults: { name: 'EventX' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'eventXApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: resourceOptions,
				default: 'event',
			},
			...Object.entries(resources).flatMap(([resourceName, resource]) => [
				resource.operationProperty,
				...Object.entries(resource.operations).flatMap(([operationName, operation]) =>
					operationProperties(
						{ resource: [resourceName], operation: [operationName] },
						operation.description,
						requestSettingsOptions,
					),
				),
			]),
			v1Only(requestOptionsProperty),
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
