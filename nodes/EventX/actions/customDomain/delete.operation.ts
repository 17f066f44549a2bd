import { eventxNoContent } from '../../transport';
import { domainOperation } from './domainOperation';

export const deleteCustomDomain = domainOperation(
	'delete',
	[
		{
			displayName:
				'Deleting a custom domain is permanent: EventX removes it and its path mappings, and its links stop working. It cannot be restored.',
			name: 'deleteNotice',
			type: 'notice',
			default: '',
		},
	],
	() => ({}),
	async (ctx, path, { customDomainId, orgId }, itemIndex) => {
		await eventxNoContent.call(ctx, { method: 'DELETE', path, retry: 'write', itemIndex });
		return { id: customDomainId, organizationId: orgId, deleted: true };
	},
);
