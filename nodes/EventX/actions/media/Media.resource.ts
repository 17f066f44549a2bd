import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { deleteMedia } from './delete.operation';
import { get } from './get.operation';
import { upload } from './upload.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['media'] } },
	options: [
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete a media file and its record permanently; this cannot be undone',
			action: 'Delete a media file permanently',
		},
		{
			name: 'Get',
			value: 'get',
			description: "Get a media record by ID: the file's name, path, type and size",
			action: 'Get a media file',
		},
		{
			name: 'Upload',
			value: 'upload',
			description:
				"Upload a file from the item's binary data to the event's media; returns the media ID",
			action: 'Upload a media file',
		},
	],
	default: 'upload',
};

export const mediaResource: Resource = {
	operationProperty,
	operations: { delete: deleteMedia, get, upload },
};
