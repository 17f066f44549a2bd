import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { modelFilled } from '../../helpers/tool';
import { requireUuid } from '../../helpers/validation';

/** The media record of Get and Delete: EventX lists no media, so its ID (Media Upload outputs it). */
export function mediaIdProperty(): INodeProperties[] {
	return modelFilled({
		displayName: 'Media ID',
		name: 'mediaId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		description: 'The media record (a UUID): the ID Media Upload outputs',
	});
}

export function readMediaId(ctx: IExecuteFunctions, itemIndex: number): string {
	return requireUuid(
		ctx,
		ctx.getNodeParameter('mediaId', itemIndex, ''),
		'Media ID',
		itemIndex,
	).toLowerCase();
}
