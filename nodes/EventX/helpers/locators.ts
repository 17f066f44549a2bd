import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { UUID_PATTERN, requireUuid } from './validation';

interface LocatorSpec {
	name: string;
	/** The record's label: "Attendee", "Webhook", "Organization". */
	label: string;
	/** The listSearch method of the "From List" mode. */
	searchListMethod: string;
	/** Whether the list can be filtered by typing (server-side or client-side). */
	searchable: boolean;
	placeholder: string;
	description: string;
}

const EXAMPLE_UUID = 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b';

/** A record picked from a list, or given by ID ("By ID", for expressions); read with `readLocatorId`. */
export function recordLocator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.label,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: spec.description,
		builderHint: {
			propertyHint:
				"Mode id takes the record's UUID (e.g. from its Get Many), never its name or email; mode list is for the editor",
		},
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
	};
}

/** The ID of a locator (picked from the list or given by ID), checked to be a UUID. */
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

/** The organization: picked from the organizations of the user's events, or given by ID. */
export function organizationLocator(description: string): INodeProperties {
	return recordLocator({
		name: 'organizationId',
		label: 'Organization',
		searchListMethod: 'searchOrganizations',
		searchable: true,
		placeholder: 'Select an organization...',
		description,
	});
}

export function readOrganizationId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'organizationId', 'Organization ID', itemIndex);
}
