// Cross-cutting: the request settings (Timeout, Max Retries, Max Retry Wait) every operation offers.
import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_RETRY_POLICY,
	DEFAULT_TIMEOUT_MS,
	requestOptionsProperty,
} from '../../nodes/EventX/transport/requestOptions';

describe('Request Options', () => {
	// The editor's defaults are literals (n8n's verification reads them from the source); they must
	// say what the transport does when the collection is left empty.
	test('the defaults shown in the editor are the transport defaults', () => {
		const defaults = Object.fromEntries(
			(requestOptionsProperty.options as INodeProperties[]).map((o) => [o.name, o.default]),
		);
		expect(defaults).toEqual({
			maxRetries: DEFAULT_RETRY_POLICY.maxRetries,
			maxRetryWaitSeconds: DEFAULT_RETRY_POLICY.maxTotalWaitMs / 1000,
			timeoutSeconds: DEFAULT_TIMEOUT_MS / 1000,
		});
	});
});
