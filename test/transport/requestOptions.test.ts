// Cross-cutting: the request settings (Timeout, Max Retries, Max Retry Wait) every operation offers.
import type { INodeProperties } from 'n8n-workflow';

import {
	DEFAULT_RETRY_POLICY,
	DEFAULT_TIMEOUT_MS,
	requestSettingsOptions,
} from '../../nodes/EventX/transport/requestOptions';

describe('Options > request settings', () => {
	// The editor's defaults are literals (n8n's verification reads them from the source); they must
	// say what the transport does when the collection is left empty: 3 retries, 30 s, 60 s.
	test('the defaults shown in the editor are the transport defaults', () => {
		const defaults = Object.fromEntries(
			(requestSettingsOptions as INodeProperties[]).map((o) => [o.name, o.default]),
		);
		expect(defaults).toEqual({ maxRetries: 3, maxRetryWaitSeconds: 30, timeoutSeconds: 60 });
		expect(DEFAULT_RETRY_POLICY).toEqual({
			maxRetries: 3,
			baseDelayMs: 500,
			maxTotalWaitMs: 30_000,
		});
		expect(DEFAULT_TIMEOUT_MS).toBe(60_000);
	});
});
