import { globals } from '../platform.cjs';

/**
 * What the contract check (contract.ts) reports, and where the simulators' reports wait for the
 * jest setup (contractSetup.ts). Light on purpose: test files load this, and only the jest
 * environment loads the validator itself.
 */

/** One exchange as the simulator saw it. */
export interface Exchange {
	method: string;
	path: string;
	query: URLSearchParams;
	/** The parsed JSON body, undefined when none came. */
	body: unknown;
	/** The status the route itself gave, undefined when no route ran (a fault answered first). */
	routeStatus?: number;
	/** The answer sent, unless a fault broke it on purpose (then it is not checked). */
	answer?: { status: number; body: unknown };
	/** The path is where a fault's redirect sent the client, not one the client chose. */
	redirectedHere?: boolean;
}

export interface ContractViolation {
	/** The operation (`GET /public-api/v1/event/{eventId} (getEventById)`), or the request when none matches. */
	operation: string;
	/** `request body`, `query pageSize`, `path eventId`, `answer 200`, or `operation`. */
	part: string;
	status?: number;
	/** JSON pointer into the checked value (empty for the value itself). */
	pointer: string;
	message: string;
	/** The request as sent: method and path. */
	request: string;
}

export interface ContractCounts {
	/** Answers checked against a response schema. */
	answers: number;
	/** Request bodies checked against a request body schema. */
	requestBodies: number;
	/** Path and query parameters checked. */
	parameters: number;
	/** Time spent compiling schemas and validating, in milliseconds. */
	compileMs: number;
	validateMs: number;
	/** Operations seen, by operationId. */
	operations: Set<string>;
}

/** The published contract, as the simulator uses it. */
export interface ContractChecker {
	check(exchange: Exchange): ContractViolation[];
	readonly counts: ContractCounts;
}

export function formatViolation(v: ContractViolation): string {
	const status = v.status === undefined ? '' : `, status ${v.status}`;
	return `${v.operation}${status}: ${v.part} at "${v.pointer}" ${v.message} (request ${v.request})`;
}

/** Where the jest environment puts the run's one Contract. */
export const CONTRACT_GLOBAL = '__eventxContract';

export function globalContract(): ContractChecker | undefined {
	return globals[CONTRACT_GLOBAL] as ContractChecker | undefined;
}

interface Watched {
	readonly running: boolean;
	takeContractViolations(): ContractViolation[];
}

/** Every simulator made in this realm (a jest test file) with the check on. */
const watched = new Set<Watched>();

export function watchContract(sim: Watched): void {
	watched.add(sim);
}

/**
 * The violations of every simulator since the last call, taken; stopped simulators are
 * forgotten once drained.
 */
export function takeContractViolations(): ContractViolation[] {
	const found: ContractViolation[] = [];
	for (const sim of watched) {
		for (const violation of sim.takeContractViolations()) found.push(violation);
		if (!sim.running) watched.delete(sim);
	}
	return found;
}

/**
 * Fails (throws) with every violation recorded since the last call, each naming its operation,
 * status and JSON pointer: what the jest setup runs after each test.
 */
export function assertContractKept(): void {
	const violations = takeContractViolations();
	if (violations.length === 0) return;
	throw new Error(
		`The simulator departed from the published OpenAPI (api/eventx-public-api.openapi.json) ${violations.length} time(s):\n` +
			violations.map((v) => `  - ${formatViolation(v)}`).join('\n'),
	);
}
