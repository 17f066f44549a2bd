import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { runNode, type RunNodeOptions } from './harness';
import { globals, process } from './platform.cjs';
import { GLOBAL as TIME_ZONE_GLOBAL } from './setup/processTimeZone.cjs';
import { startSimulator, type Simulator, type SimulatorOptions } from './simulator/server';
import { DEMO_API_TOKEN } from './simulator/store';

/** A resource locator set By ID, as a saved workflow holds it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The EventX API credential pointed at a simulator, with the demo API token. */
export function demoCredentials(sim: { url: string }): ICredentialDataDecryptedObject {
	return { baseUrl: sim.url, authentication: 'apiToken', apiToken: DEMO_API_TOKEN };
}

/** Starts a simulator for the file's tests and stops it after them. */
export function useSimulator(options?: SimulatorOptions): {
	sim: Simulator;
	credentials: () => ICredentialDataDecryptedObject;
} {
	const holder = {} as { sim: Simulator; credentials: () => ICredentialDataDecryptedObject };
	beforeEach(async () => {
		holder.sim = await startSimulator(options);
	});
	afterEach(async () => {
		await holder.sim.stop();
	});
	holder.credentials = () => demoCredentials(holder.sim);
	return new Proxy(holder, {}) as typeof holder;
}

/** Runs the action node against the simulator with the demo credential. */
export async function run(
	sim: Simulator,
	options: Omit<RunNodeOptions, 'credentials'> & {
		credentials?: ICredentialDataDecryptedObject | null;
	},
) {
	return await runNode({
		credentials: demoCredentials(sim),
		...options,
	});
}

/** API requests only: the token exchange is left out. */
export function apiRequests(sim: Simulator) {
	return sim.requests.filter((r) => r.path !== '/public-api/v1/auth');
}

/**
 * Return All's reads of a long list (the requests to `listPath`): `requests` page ranges of 200
 * pages of 100 (20,000 items a request), the second from page 200 (it reads the first's last page
 * again, to see that no row slipped between them). Each item is returned once.
 */
export function expectRangedReads(
	sim: Simulator,
	items: Array<{ json: { id?: unknown } }>,
	total: number,
	requests: number,
	listPath: RegExp,
): void {
	expect(items).toHaveLength(total);
	expect(new Set(items.map((i) => i.json.id)).size).toBe(total);
	const lists = apiRequests(sim).filter((r) => listPath.test(r.path));
	expect(lists).toHaveLength(requests);
	expect(lists[0].query).toMatchObject({ page: '1', pageEnd: '200', pageSize: '100' });
	if (requests === 2) expect(lists[1].query).toMatchObject({ page: '200', pageEnd: '399' });
}

/** Everything the user could see of a run: no secret (API token, access tokens) may appear in it. */
export function assertNoSecrets(sim: Simulator, value: unknown, extra: string[] = []): void {
	const text = JSON.stringify(value);
	for (const secret of [DEMO_API_TOKEN, ...extra, ...sim.store.tokens.keys()])
		expect(text).not.toContain(secret);
}

/** Event > Create parameters for the demo organization. */
export function createEventParameters(sim: Simulator, name = 'Retry Test') {
	return {
		resource: 'event',
		operation: 'create',
		organizationId: byId(sim.seeded.organizations.hosted),
		name,
		startsAt: '2027-03-01T18:00:00Z',
		endsAt: '2027-03-01T23:00:00Z',
		timezone: 'GMT',
		format: 'virtual',
		estimatedAttendeeCount: '1-10',
	};
}

/**
 * The run failed with `name` (NodeOperationError: bad input, refused before sending; NodeApiError:
 * EventX's failure) saying `message`, for the item `item` when the failure belongs to one.
 */
export function expectNodeError(
	error: (Error & { context?: { itemIndex?: unknown }; httpCode?: string | null }) | undefined,
	expected: {
		name: 'NodeOperationError' | 'NodeApiError';
		message: string | RegExp;
		item?: number;
		httpCode?: string;
	},
): void {
	expect(error?.name).toBe(expected.name);
	if (typeof expected.message === 'string') expect(error?.message).toBe(expected.message);
	else expect(error?.message).toMatch(expected.message);
	if (expected.item !== undefined) expect(error?.context?.itemIndex).toBe(expected.item);
	if (expected.httpCode !== undefined) expect(error?.httpCode).toBe(expected.httpCode);
}

/**
 * Runs `work` with this process in another time zone (TZ, as the n8n server's own), then puts
 * the process's zone back: date-times must follow the workflow's zone, never the process's. The
 * worker process's real zone changes (jest's copy of `process.env` is read by no clock: see
 * test/setup/processTimeZone.cjs), and the zone is checked to be in force before `work` runs.
 */
export async function inProcessTimeZone<T>(timeZone: string, work: () => Promise<T>): Promise<T> {
	const setZone = globals[TIME_ZONE_GLOBAL] as ((zone: string | undefined) => void) | undefined;
	if (!setZone) throw new Error("The tests' environment lends no time-zone setter");
	const previous = process.env.TZ;
	setZone(timeZone);
	try {
		const inForce = Intl.DateTimeFormat().resolvedOptions().timeZone;
		if (inForce !== timeZone)
			throw new Error(`The process runs in ${inForce}, not in ${timeZone} as asked`);
		return await work();
	} finally {
		setZone(previous);
	}
}

/**
 * A write whose connection dropped after it was sent: reported for the item, and not repeated, as
 * its description says (the request may have been applied).
 */
export function expectNotRepeated(error: Parameters<typeof expectNodeError>[0], item = 0): void {
	expectNodeError(error, {
		name: 'NodeApiError',
		message: 'The connection to EventX was dropped',
		item,
	});
	expect((error as { description?: string } | undefined)?.description).toMatch(
		/^(POST|PUT|PATCH|DELETE) \/public-api\/v1\/\S+\. The request may have been applied; it was not repeated so that nothing happens twice\.$/,
	);
}
