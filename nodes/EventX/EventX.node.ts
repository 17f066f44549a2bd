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
import { requestOptionsProperty } from './transport/requestOptions';

export class EventX implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EventX',
		name: 'eventX',
		icon: { light: 'file:eventx.svg', dark: 'file:eventx.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: subtitleExpression(),
		description: 'Manage events, attendees, outreach and webhooks in EventX',
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
			...Object.values(resources).flatMap((resource) => [
				resource.operationProperty,
				...Object.values(resource.operations).flatMap((operation) => operation.description),
			]),
			requestOptionsProperty,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
