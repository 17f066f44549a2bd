import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { itemParameter } from './parameters';
import { modelFilled } from './tool';
import { invalidField, listEntries, requireUuid } from './validation';

/**
 * The attendees an item acts on; the same parameter for every operation that takes a list. As a
 * tool, the model fills it.
 */
export function attendeeIdsProperty(description: string): INodeProperties[] {
	return modelFilled({
		displayName: 'Attendee IDs',
		name: 'attendeeIds',
		type: 'string',
		default: '={{ $json.id }}',
		required: true,
		placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		hint: 'One ID, a comma-separated list, or an array from an expression',
		description,
		builderHint: {
			propertyHint:
				'Attendee UUIDs, not emails; every item of one execution is sent in shared requests, no loop needed',
		},
	});
}

/** One ID, a comma-separated list or an array (of IDs or comma-separated lists); deduplicated. */
export function readAttendeeIds(ctx: IExecuteFunctions, itemIndex: number): string[] {
	const raw = itemParameter(ctx, 'attendeeIds', itemIndex);
	const ids: string[] = [];
	for (const value of listEntries(raw)) {
		if (typeof value !== 'string')
			throw invalidField(ctx, 'Attendee IDs', `${JSON.stringify(value)} is not a UUID`, itemIndex);
		ids.push(requireUuid(ctx, value, 'Attendee IDs', itemIndex).toLowerCase());
	}
	if (ids.length === 0) {
		throw invalidField(
			ctx,
			'Attendee IDs',
			'no attendee ID given',
			itemIndex,
			'Give one attendee ID, a comma-separated list or an array of IDs (for example {{ $json.id }})',
		);
	}
	return [...new Set(ids)];
}
