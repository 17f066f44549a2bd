import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, recordLocator } from '../../helpers/locators';
import { invalidField, requireUuid } from '../../helpers/validation';
import { domainPath } from '../customDomain/domainOperation';

/** The path mappings of the chosen domain: `/org/{orgId}/custom-domains/{id}/path-mappings`. */
export const mappingsPath = (target: { orgId: string; customDomainId: string }) =>
	`${domainPath(target)}/path-mappings`;

/** The path mapping of Update and Delete: picked from the domain's, or by ID. */
export function pathMappingLocator(): INodeProperties {
	return recordLocator({
		name: 'pathMappingId',
		label: 'Path Mapping',
		searchListMethod: 'searchPathMappings',
		searchable: true,
		placeholder: 'Select a path mapping...',
		description: "The path mapping to work on: the domain's mappings are listed by path",
	});
}

export function readPathMappingId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'pathMappingId', 'Path Mapping ID', itemIndex);
}

export const PATH_NAME_FIELD = 'Path Name';

export function pathNameProperty(required: boolean): INodeProperties {
	return {
		displayName: PATH_NAME_FIELD,
		name: 'pathName',
		type: 'string',
		default: '',
		required,
		placeholder: 'e.g. summit-2026',
		description:
			'The path under the domain that leads to the event, without the leading slash: summit-2026 serves events.example.com/summit-2026',
	};
}

/** Segments of URL-safe characters separated by single slashes; no dot segments. */
const PATH_NAME = /^[A-Za-z0-9._~-]+(\/[A-Za-z0-9._~-]+)*$/;
const DOT_SEGMENT = /(^|\/)\.{1,2}(\/|$)/;
const MAX_PATH_NAME = 200;

/** A path such as summit-2026 or 2026/summit, checked before it is sent. */
export function readPathName(ctx: IExecuteFunctions, value: unknown, itemIndex: number): string {
	const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (text === '') throw invalidField(ctx, PATH_NAME_FIELD, 'is required', itemIndex);
	const hint = 'Give the path without the leading slash, e.g. summit-2026 or 2026/summit';
	if (text.startsWith('/'))
		throw invalidField(ctx, PATH_NAME_FIELD, `"${text}" starts with a slash`, itemIndex, hint);
	if (text.length > MAX_PATH_NAME)
		throw invalidField(
			ctx,
			PATH_NAME_FIELD,
			`is ${text.length} characters long (at most ${MAX_PATH_NAME})`,
			itemIndex,
		);
	if (!PATH_NAME.test(text) || DOT_SEGMENT.test(text))
		throw invalidField(
			ctx,
			PATH_NAME_FIELD,
			`"${text}" is not a path: use letters, digits, "-", "_", "." and "~", and "/" between parts`,
			itemIndex,
			hint,
		);
	return text;
}

export const REG_FORM_FIELD = 'Registration Form ID';

export function regFormIdProperty(description: string): INodeProperties {
	return {
		displayName: REG_FORM_FIELD,
		name: 'eventRegFormId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		description,
	};
}

/** The registration form's ID (a UUID) or undefined when the field is empty. */
export function readRegFormId(
	ctx: IExecuteFunctions,
	value: unknown,
	itemIndex: number,
): string | undefined {
	if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
		return undefined;
	return requireUuid(ctx, value, REG_FORM_FIELD, itemIndex).toLowerCase();
}
