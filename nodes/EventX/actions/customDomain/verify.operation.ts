import { eventxData } from '../../transport';
import { domainOperation } from './domainOperation';

/** EventX documents verification as idempotent: it refreshes the status, so it may be repeated. */
export const verify = domainOperation(
	'verify',
	[],
	() => ({}),
	async (ctx, path, _plan, itemIndex) =>
		await eventxData.call(ctx, {
			method: 'PUT',
			path: `${path}/verify`,
			retry: 'read',
			itemIndex,
		}),
);
