import { eventxData } from '../../transport';
import { domainOperation } from './domainOperation';

/** The domain with the DNS records the organization must publish. */
export const get = domainOperation(
	'get',
	[],
	() => ({}),
	async (ctx, path, _plan, itemIndex) =>
		await eventxData.call(ctx, { method: 'GET', path, itemIndex }),
);
