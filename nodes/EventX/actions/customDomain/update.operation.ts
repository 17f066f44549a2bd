import { eventxData } from '../../transport';
import { domainOperation } from './domainOperation';
import { defaultRedirectUrlProperty, readDefaultRedirectUrl } from './fields';

/** EventX lets only the default redirect URL change. */
export const update = domainOperation(
	'update',
	[defaultRedirectUrlProperty()],
	(ctx, itemIndex) => ({ defaultRedirectUrl: readDefaultRedirectUrl(ctx, itemIndex) }),
	async (ctx, path, { extra }, itemIndex) =>
		// Setting the same URL again changes nothing more: safe to repeat.
		await eventxData.call(ctx, { method: 'PUT', path, body: extra, retry: 'read', itemIndex }),
);
