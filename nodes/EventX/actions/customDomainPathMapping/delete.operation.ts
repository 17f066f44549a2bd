import { eventxNoContent } from '../../transport';
import { mappingOperation } from './mappingOperation';

export const deletePathMapping = mappingOperation(
	'delete',
	[
		{
			displayName:
				'Deleting a path mapping is permanent: its link on the custom domain stops leading to the event. It cannot be restored.',
			name: 'deleteNotice',
			type: 'notice',
			default: '',
		},
	],
	() => ({}),
	async (ctx, path, { pathMappingId, customDomainId, orgId }, itemIndex) => {
		await eventxNoContent.call(ctx, { method: 'DELETE', path, retry: 'write', itemIndex });
		return { id: pathMappingId, customDomainId, organizationId: orgId, deleted: true };
	},
);
