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

/** Every visitor of the domain is sent there: a user name and password in it would go to all. */
export function readDefaultRedirectUrl(ctx: IExecuteFunctions, itemIndex: number): string {
	const value = ctx.getNodeParameter('defaultRedirectUrl', itemIndex, '');
	return readHttpUrl(ctx, value, 'Default Redirect URL', itemIndex, { credentials: false });
}

/** Labels of letters, digits and hyphens; the top-level one alphabetic or punycode (xn--). */
const HOSTNAME =
	/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** A host name as typed: letters of any script, digits, hyphens and dots. */
const UNICODE_HOSTNAME = /^[\p{L}\p{M}\p{N}.-]+$/u;

/**
 * A host name such as events.example.com: no scheme, path or port. An internationalised one
 * (événements.example.fr, пример.рф) is sent in its ASCII form (punycode, xn--...), the form DNS
 * and EventX know.
 */
export function readDomain(ctx: IExecuteFunctions, itemIndex: number): string {
	const typed = String(ctx.getNodeParameter('domain', itemIndex, ''))
		.trim()
		.toLowerCase();
	if (typed === '') throw invalidField(ctx, 'Domain', 'is required', itemIndex);
	const notAHostName = () =>
		invalidField(
			ctx,
			'Domain',
			`"${typed}" is not a host name`,
			itemIndex,
			'Give the host name alone, e.g. events.example.com (no https://, path or port)',
		);
	let text = typed;
	if (/\P{ASCII}/u.test(typed)) {
		// The converter lets a label start or end with a hyphen; DNS does not.
		if (!UNICODE_HOSTNAME.test(typed) || /(^|\.)-|-($|\.)/.test(typed)) throw notAHostName();
		try {
			// The URL parser applies IDNA (UTS #46): the same conversion browsers make.
			text = new URL(`https://${typed}`).hostname;
		} catch {
			throw invalidField(
				ctx,
				'Domain',
				`"${typed}" is not a valid internationalised domain name`,
				itemIndex,
				'Check the spelling, or give its ASCII (punycode) form, e.g. xn--vnements-90ab.example.fr',
			);
		}
	}
	if (!HOSTNAME.test(text)) throw notAHostName();
	return text;
}
