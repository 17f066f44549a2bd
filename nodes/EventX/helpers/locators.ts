import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { UUID_PATTERN, requireUuid } from './validation';
import { v1Only, fromV2 } from './versions';

interface LocatorSpec {
	/** Parameter name, shared by both versions (the saved value keeps working). */
	name: string;
	/** The record's label: "Attendee", "Webhook", "Organization". */
	label: string;
	/** The listSearch method of the "From List" mode. */
	searchListMethod: string;
	/** Whether the list can be filtered by typing (server-side or client-side). */
	searchable: boolean;
	placeholder: string;
	description: string;
	/** The version 1 text field's description (kept as it was). */
	v1Description: string;
}

const EXAMPLE_UUID = 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b';

/**
 * A record picked from a list (version 2) or typed as an ID (version 1's text field, and
 * version 2's "By ID" mode for expressions). Both are read with `readLocatorId`.
 */
export function recordLocator(spec: LocatorSpec): INodeProperties[] {
	return [
		v1Only({
			displayName: `${spec.label} ID`,
			name: spec.name,
			type: 'string',
			default: '',
			required: true,
			placeholder: EXAMPLE_UUID,
			description: spec.v1Description,
		}),
		fromV2({
			displayName: spec.label,
			name: spec.name,
			type: 'resourceLocator',
			default: { mode: 'list', value: '' },
			required: true,
			description: spec.description,
			modes: [
				{
					displayName: 'From List',
					name: 'list',
					type: 'list',
					placeholder: spec.placeholder,
					typeOptions: { searchListMethod: spec.searchListMethod, searchable: spec.searchable },
				},
				{
					displayName: 'By ID',
					name: 'id',
					type: 'string',
					placeholder: EXAMPLE_UUID,
					validation: [
						{
							type: 'regex',
							properties: {
								regex: UUID_PATTERN,
								errorMessage: `Not a valid ${spec.label.toLowerCase()} ID (a UUID)`,
							},
						},
					],
				},
			],
		}),
	];
}

/** The ID of a locator or of a version 1 text field (a plain string), checked to be a UUID. */
export function readLocatorId(
	ctx: IExecuteFunctions,
	name: string,
	field: string,
	itemIndex: number,
): string {
	const value = ctx.getNodeParameter(name, itemIndex, '', { extractValue: true }) as unknown;
	const raw =
		value !== null && typeof value === 'object' && 'value' in value
			? (value as { value: unknown }).value
			: value;
	return requireUuid(ctx, raw, field, itemIndex).toLowerCase();
}

/** The organization (version 2: picked from the organizations of the user's events; version 1: its ID). */
export function organizationLocator(description: string, v1Description: string): INodeProperties[] {
	return recordLocator({
		name: 'organizationId',
		label: 'Organization',
		searchListMethod: 'searchOrganizations',
		searchable: true,
		placeholder: 'Select an organization...',
		description,
		v1Description,
	});
}

export function readOrganizationId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'organizationId', 'Organization ID', itemIndex);
}
