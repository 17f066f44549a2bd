import { ApiError, badRequest, ok, type Route } from '../http';
import type { Store } from '../store';

export function authRoutes(store: Store): Route[] {
	return [
		{
			method: 'POST',
			pattern: '/public-api/v1/auth',
			public: true,
			handler: ({ body }) => {
				const apiToken = (body as { apiToken?: unknown } | undefined)?.apiToken;
				if (typeof apiToken !== 'string' || apiToken === '')
					throw badRequest('"apiToken" is required');
				const extra = Object.keys(body as object).filter((key) => key !== 'apiToken');
				if (extra.length > 0) throw badRequest(`Unknown member(s): ${extra.join(', ')}`);
				const userId = store.apiTokens.get(apiToken);
				if (!userId)
					throw new ApiError(
						401,
						'INVALID_API_TOKEN',
						'The API token is invalid or has been revoked',
					);
				return ok({
					data: { ...store.issueToken(userId, store.apiTokenLabels.get(apiToken)), userId },
				});
			},
		},
	];
}
