import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { organizationLocator, readLocatorId, recordLocator } from '../../helpers/locators';
import { invalidField, readHttpUrl } from '../../helpers/validation';

/** The organization whose custom domains an operation works on. */
export const customDomainOrganization = () =>
	organizationLocator(
		'The organization the custom domains belong to. The list shows the organizations of the events you host or manage.',
	);

/** The custom domain of Get, Update, Delete and Verify: picked from the organization's, or by ID. */
export function customDomainLocator(): INodeProperties {
	return recordLocator({
		name: 'customDomainId',
		label: 'Custom Domain',
		searchListMethod: 'searchCustomDomains',
		searchable: true,
		placeholder: 'Select a custom domain...',
		description: "The custom domain to work on: the organization's domains are listed by name",
	});
}

export function readCustomDomainId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'customDomainId', 'Custom Domain ID', itemIndex);
}

/** Where visitors of the domain's root are sent: an absolute http(s) URL. */
export function defaultRedirectUrlProperty(): INodeProperties {
	return {
		displayName: 'Default Redirect URL',
		name: 'defaultRedirectUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://www.example.com/events',
		description: 'Where a visit to the domain goes when no path mapping matches (http or https)',
	};
}

export function readDefaultRedirectUrl(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('defaultRedirectUrl', itemIndex, '');
	return readHttpUrl(ctx, value, 'Default Redirect URL', itemIndex);
}

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** A host name such as events.example.com: no scheme, path or port. */
export function readDomain(ctx: IExecuteFunctions, itemIndex: number): string {
	const text = String(ctx.getNodeParameter('domain', itemIndex, ''))
		.trim()
		.toLowerCase();
	if (text === '') throw invalidField(ctx, 'Domain', 'is required', itemIndex);
	if (!HOSTNAME.test(text))
		throw invalidField(
			ctx,
			'Domain',
			`"${text}" is not a host name`,
			itemIndex,
			'Give the host name alone, e.g. events.example.com (no https://, path or port)',
		);
	return text;
}
