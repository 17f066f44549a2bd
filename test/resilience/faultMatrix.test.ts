/**
 * The fault matrix: every class of operation under every fault the simulator can inject. For each
 * cell: what the user sees, what EventX holds afterwards (nothing lost, nothing doubled), how many
 * requests went out, and that no secret appears in any error, output or log line.
 */
import type { INodeParameters } from 'n8n-workflow';
import { LoggerProxy } from 'n8n-workflow';

import type { TriggerHarness } from '../harness/trigger';
import { mappedColumns } from '../actions/attendee/fixtures';
import { apiRequests, byId, expectNodeError, run } from '../fixtures';
import { print } from '../platform.cjs';
import type { FaultSpec } from '../simulator/faults';
import { startSimulator, type Simulator } from '../simulator/server';
import { DEMO_API_TOKEN } from '../simulator/store';
import { hooksOf, startTrigger, triggerParameters } from '../trigger/setup';

// Short waits keep the matrix fast: 1 s timeout; a slow answer takes 1.5 s.
const options = { timeoutSeconds: 1 };
const ENVELOPE_MESSAGE = 'EventX is having a bad day';

type FaultName =
	| '500 with the error envelope'
	| '502'
	| '503'
	| '429 with Retry-After'
	| '429 without Retry-After'
	| 'slower than the timeout'
	| 'dropped before the request is read'
	| 'dropped after it was applied'
	| 'a body that is not JSON'
	| 'an envelope without data';

const FAULTS: Record<FaultName, Omit<FaultSpec, 'method' | 'path'>> = {
	'500 with the error envelope': {
		kind: 'status',
		status: 500,
		code: 'INTERNAL_ERROR',
		message: ENVELOPE_MESSAGE,
	},
	'502': { kind: 'status', status: 502 },
	'503': { kind: 'status', status: 503 },
	'429 with Retry-After': { kind: 'status', status: 429, headers: { 'Retry-After': '1' } },
	'429 without Retry-After': { kind: 'status', status: 429 },
	'slower than the timeout': { kind: 'delay', delayMs: 1500 },
	'dropped before the request is read': { kind: 'drop-before' },
	'dropped after it was applied': { kind: 'drop-after' },
	'a body that is not JSON': { kind: 'malformed' },
	'an envelope without data': { kind: 'no-data' },
};

/** Whether the fault lets the request be applied by EventX (the simulator applies it, then fails). */
const APPLIED: Record<FaultName, boolean> = {
	'500 with the error envelope': false,
	'502': false,
	'503': false,
	'429 with Retry-After': false,
	'429 without Retry-After': false,
	'slower than the timeout': true,
	'dropped before the request is read': false,
	'dropped after it was applied': true,
	'a body that is not JSON': true,
	'an envelope without data': true,
};

const MESSAGES: Record<FaultName, RegExp> = {
	'500 with the error envelope': new RegExp(`^${ENVELOPE_MESSAGE}$`),
	'502': /^Injected failure \(502\)$/,
	'503': /^Injected failure \(503\)$/,
	'429 with Retry-After': /429/,
	'429 without Retry-After': /429/,
	'slower than the timeout': /^EventX did not answer in time$/,
	'dropped before the request is read': /^The connection to EventX was dropped$/,
	'dropped after it was applied': /^The connection to EventX was dropped$/,
	'a body that is not JSON': /^EventX answered without a JSON body$/,
	'an envelope without data': /^EventX answered without the expected "(data|dataList)" /,
};

/** Reads may be repeated after any transient failure; a 500 or a bad body is reported at once. */
const READ_RETRIED = new Set<FaultName>([
	'502',
	'503',
	'429 with Retry-After',
	'429 without Retry-After',
	'slower than the timeout',
	'dropped before the request is read',
	'dropped after it was applied',
]);
/** Writes are repeated only where the answer proves nothing was applied. */
const WRITE_RETRIED = new Set<FaultName>(['429 with Retry-After', '429 without Retry-After']);

interface Observed {
	error?: Error;
	/** Output item JSON. */
	output: unknown[];
	/** The operation's requests (the fault's method and path). */
	requests: number;
	/** How often EventX holds what the operation writes (writes only). */
	stored?: number;
}

interface OperationClass {
	name: string;
	method: string;
	path: (sim: Simulator) => string;
	retried: Set<FaultName>;
	/** Faults after which the operation still succeeds though it was not retried. */
	toleratedFaults?: FaultName[];
	/** The action node's parameters, for the classes that run it. */
	parameters?: (sim: Simulator) => INodeParameters;
	/** How often EventX holds what the operation writes (writes only). */
	stored?: (sim: Simulator) => number;
	/** Something other than the action node (the trigger's lifecycle). */
	run?: (sim: Simulator) => Promise<Observed>;
}

const eventOf = (sim: Simulator) => sim.seeded.eventIds[0];
const attendeeOf = (sim: Simulator) => sim.seeded.attendeeIds[eventOf(sim)][0];
const eventParameter = (sim: Simulator) => ({ __rl: true, mode: 'id', value: eventOf(sim) });

const CLASSES: OperationClass[] = [
	{
		name: 'list, Return All (Attendee Get Many)',
		method: 'GET',
		path: (sim) => `/event/${eventOf(sim)}/attendee$`,
		retried: READ_RETRIED,
		parameters: (sim) => ({
			resource: 'attendee',
			operation: 'getMany',
			eventId: eventParameter(sim),
			returnAll: true,
		}),
	},
	{
		name: 'single read (Attendee Get)',
		method: 'GET',
		path: (sim) => `/attendee/${attendeeOf(sim)}$`,
		retried: READ_RETRIED,
		parameters: (sim) => ({
			resource: 'attendee',
			operation: 'get',
			eventId: eventParameter(sim),
			attendeeId: byId(attendeeOf(sim)),
		}),
	},
	{
		name: 'bulk write (Attendee Create or Update)',
		method: 'PUT',
		path: () => '/attendee/bulk-upsert$',
		retried: WRITE_RETRIED,
		parameters: (sim) => ({
			resource: 'attendee',
			operation: 'upsert',
			eventId: eventParameter(sim),
			columns: mappedColumns({ firstName: 'Matrix', invitationEmail: 'matrix@example.com' }),
		}),
		stored: (sim) =>
			[...sim.store.attendees.values()].filter((a) => a.invitationEmail === 'matrix@example.com')
				.length,
	},
	{
		name: 'send (Send Confirmation Email)',
		method: 'POST',
		path: () => '/confirmation-email/send$',
		retried: WRITE_RETRIED,
		// A send answers no content: an empty envelope is a success.
		toleratedFaults: ['an envelope without data'],
		parameters: (sim) => ({
			resource: 'outreach',
			operation: 'sendConfirmationEmail',
			eventId: eventParameter(sim),
			attendeeIds: attendeeOf(sim),
		}),
		stored: (sim) => sim.store.outbox.filter((o) => o.attendeeIds.includes(attendeeOf(sim))).length,
	},
	{
		name: 'webhook lifecycle (EventX Trigger activation)',
		method: 'POST',
		path: (sim) => `/event/${eventOf(sim)}/webhook$`,
		retried: WRITE_RETRIED,
		// The trigger has no request settings: its 60 s timeout is not reached by a 1.5 s answer.
		toleratedFaults: ['slower than the timeout'],
		async run(sim) {
			const eventId = eventOf(sim);
			let harness: TriggerHarness | undefined;
			try {
				harness = await startTrigger(sim, triggerParameters(eventId, ['attendee-create']));
				let error: Error | undefined;
				try {
					await harness.activate();
				} catch (e) {
					error = e as Error;
				}
				const requests = sim.requestsTo('POST', this.path(sim)).length;
				const stored = hooksOf(sim, eventId).length;
				// Whatever happened, the next activation must leave exactly one webhook, and
				// deactivation none.
				await harness.activate();
				expect(hooksOf(sim, eventId)).toHaveLength(1);
				await harness.deactivate();
				expect(hooksOf(sim, eventId)).toHaveLength(0);
				return { error, output: [], requests, stored };
			} finally {
				await harness?.stop();
			}
		},
	},
];

/** Runs one class of operation once: what the user got, the requests made, what EventX holds. */
async function observe(sim: Simulator, operation: OperationClass): Promise<Observed> {
	if (operation.run) return await operation.run(sim);
	const { items, error } = await run(sim, {
		parameters: { ...operation.parameters!(sim), options },
	});
	return {
		error,
		output: items.map((i) => i.json),
		requests: sim.requestsTo(operation.method, operation.path(sim)).length,
		stored: operation.stored?.(sim),
	};
}

/** Every log line n8n writes during the matrix. */
const logLines: string[] = [];
beforeAll(() => {
	const collect = (message: string, meta?: object) =>
		logLines.push(`${message} ${meta ? JSON.stringify(meta) : ''}`);
	LoggerProxy.init({ error: collect, warn: collect, info: collect, debug: collect });
});

/** All that a user or an operator could read of a run. */
function readable(observed: Observed): string {
	const e = observed.error as (Error & Record<string, unknown>) | undefined;
	return JSON.stringify({
		output: observed.output,
		error: e && {
			message: e.message,
			description: e.description,
			context: e.context,
			stack: e.stack,
			cause: String(e.cause),
			messages: e.messages,
			all: { ...e },
		},
	});
}

function secretsIn(sim: Simulator, text: string): string[] {
	return [DEMO_API_TOKEN, ...sim.store.tokens.keys()].filter((secret) => text.includes(secret));
}

const cells = CLASSES.flatMap((operation) =>
	(Object.keys(FAULTS) as FaultName[]).map((fault) => [operation.name, fault, operation] as const),
);
let secretsFound = 0;
let duplicatesFound = 0;

/** One cell: the fault on the operation's request, then what the user and EventX see. */
async function cell(sim: Simulator, fault: FaultName, operation: OperationClass) {
	sim.addFault({ ...FAULTS[fault], method: operation.method, path: operation.path(sim) });
	const logStart = logLines.length;
	const observed = await observe(sim, operation);

	const retried = operation.retried.has(fault);
	const succeeds = retried || (operation.toleratedFaults ?? []).includes(fault);
	if (succeeds) {
		expect(observed.error).toBeUndefined();
	} else {
		// The action node's one item; the trigger's activation belongs to no item.
		expectNodeError(observed.error, {
			name: 'NodeApiError',
			message: MESSAGES[fault],
			item: operation.run ? undefined : 0,
		});
	}
	// One request, and one more where a retry is allowed.
	expect(observed.requests).toBe(retried ? 2 : 1);

	if (observed.stored !== undefined) {
		const expected = retried || APPLIED[fault] ? 1 : 0;
		if (observed.stored > 1) duplicatesFound += 1;
		expect(observed.stored).toBe(expected);
	} else if (succeeds) {
		// Reads: nothing lost.
		const expected = operation.name.startsWith('list')
			? sim.seeded.attendeeIds[sim.seeded.eventIds[0]].length
			: 1;
		expect(observed.output).toHaveLength(expected);
	}

	const found = secretsIn(sim, readable(observed) + logLines.slice(logStart).join('\n'));
	secretsFound += found.length;
	expect(found).toEqual([]);
	// The run's other requests were not disturbed: all of them carried a token.
	expect(apiRequests(sim).every((r) => r.authorized || r.status === 'dropped')).toBe(true);
}

describe('fault matrix', () => {
	afterAll(() => {
		// The figures the resilience issue asks for, in the test output.
		print(
			`fault matrix: ${cells.length} faults injected, duplicates found ${duplicatesFound}, secrets found ${secretsFound}`,
		);
	});

	// The cells wait on timeouts and Retry-After more than they compute: they run side by side,
	// each against a simulator of its own.
	test.concurrent.each(cells)('%s / %s', async (_name, fault, operation) => {
		const sim = await startSimulator();
		try {
			await cell(sim, fault, operation);
		} finally {
			await sim.stop();
		}
	});
});
