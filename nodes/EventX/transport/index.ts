/**
 * The one place that does HTTP. Callers use one entry point per shape of answer
 * (responses.ts); the request, its retries (request.ts) and its errors (errors.ts) stay inside.
 */
export { API_PREFIX, CREDENTIAL_TYPE } from './request';
export type { EventXContext, EventXRequest, RetryClass } from './types';
export {
	eventxData,
	eventxList,
	eventxNoContent,
	eventxPaginate,
	eventxRanges,
	eventxRecord,
	idOf,
	MAX_PAGE_SIZE,
	MAX_PAGES_PER_REQUEST,
	type ListAnswer,
	type Pagination,
	type RangeAnswer,
	type RangeOptions,
} from './responses';
export { writeOutcomeOf, type WriteOutcome } from './errors';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './requestOptions';
export { uploadToStorage, type StorageFailure, type StorageUpload } from './upload';
