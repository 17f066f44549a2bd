/**
 * One benchmark run in a fresh process, so that its CPU time and peak memory are its own:
 *
 *   node .build-tools/scripts/bench-job.js <input.json>
 *
 * Runs the built package (dist/) or n8n's HTTP Request node through the test harness (n8n-core's
 * WorkflowExecute, real credentials and HTTP) against a running simulator, and prints one JSON
 * line of measurements.
 */

import type { ICredentialType, IDataObject, INodeParameters, INodeType } from 'n8n-workflow';

import { credentialTypes, registerNodeType, runNode } from '../test/harness';
import { HarnessCredentialsHelper } from '../test/harness/credentials';
import { DEMO_API_TOKEN } from '../test/simulator';
import { POLLING_JOBS, pollingJob, type PollingFigures, type PollingJob } from './bench-polling';
import { REPO_ROOT } from './n8n-install';
import { fs, inspector, path, printError, process } from '../test/platform.cjs';

const { readFileSync } = fs;
const { Session } = inspector;
const { join } = path;

export type Job =
	| 'attendeesGetAll'
	| 'attendeesImport'
	| 'attendeesImportByEmail'
	| 'confirmationSend'
	| 'eventsGetAll'
	| PollingJob;
/** The package, n8n's HTTP Request node, and a plain HTTP client (fetch, JSON, no n8n): the limit. */
export type Implementation = 'eventx' | 'httpRequest' | 'raw';

/** The write jobs, and the event each writes to. */
export const WRITE_JOBS = [
	'attendeesImport',
	'attendeesImportByEmail',
	'confirmationSend',
] as const;

export interface JobInput {
	job: Job;
	implementation: Implementation;
	simulatorUrl: string;
	/** An access token for the HTTP Request node, minted as a user would (POST /auth). */
	accessToken: string;
	/** The event with 20,000 attendees (the email-matched import updates them); the event that receives the new attendees. */
	bigEventId: string;
	upsertEventId: string;
	/** Input items of the write jobs. */
	items: IDataObject[];
	/** Sample the CPU to tell the package's own time from n8n's (slows the run a little). */
	profile?: boolean;
	/** node_modules of the n8n the end-to-end test installs (for its HTTP Request node). */
	n8nModules?: string;
	/** The polling jobs: the event the downtime's records arrive in, and how many. */
	polling?: { eventId: string; arrivals: number; maxRecords?: number };
}

export interface JobResult {
	wallMs: number;
	cpuMs: number;
	/** Peak resident memory of the process during the run, less its size before. */
	peakGrowthBytes: number;
	outputItems: number;
	/** Size of the node's output as JSON. */
	outputBytes: number;
	/** With `profile`: CPU time in the package's own code, and in it with what it called. */
	package?: { selfMs: number; inclusiveMs: number };
	/** The polling jobs: polls, the trigger's state and the exactly-once check. */
	polling?: PollingFigures;
	/** API requests of the measured run (the token exchange left out), when the job counts them itself. */
	requests?: number;
	error?: string;
}

const HTTP_REQUEST_VERSION = 4.2;
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** The import's rows: a sheet's column names, mapped automatically (one is a custom question's label). */
export function importRows(count: number, email: (i: number) => string): IDataObject[] {
	return Array.from({ length: count }, (_, i) => ({
		'First Name': `Bench ${i}`,
		'Last Name': `Row ${i}`,
		Email: email(i),
		Company: `Org ${i % 50}`,
		'Company Size': i % 2 === 0 ? '11-50' : '51-200',
	}));
}

/** The columns as the editor saves them: the node's own field list and the event's questions. */
async function savedSchema(input: JobInput, eventId: string): Promise<IDataObject[]> {
	const { attendeeFields, questionFields } = (await import(
		join(REPO_ROOT, 'dist', 'nodes', 'EventX', 'actions', 'attendee', 'columns.js')
	)) as {
		attendeeFields: (withId: boolean) => IDataObject[];
		questionFields: (questions: IDataObject[]) => IDataObject[];
	};
	const response = await fetch(
		`${input.simulatorUrl}/public-api/v1/event/${eventId}/custom-field/all`,
		{ headers: { authorization: `Bearer ${input.accessToken}` } },
	);
	const { dataList } = (await response.json()) as { dataList: IDataObject[] };
	return [...attendeeFields(true), ...questionFields(dataList)];
}

/** The package's job parameters. */
async function eventxParameters(input: JobInput): Promise<INodeParameters> {
	const mapped = async (eventId: string, matchOn: string): Promise<INodeParameters> => ({
		resource: 'attendee',
		operation: 'upsert',
		eventId: byId(eventId),
		matchOn,
		columns: {
			mappingMode: 'autoMapInputData',
			value: null,
			matchingColumns: [],
			schema: (await savedSchema(input, eventId)) as INodeParameters[],
			attemptToConvertTypes: false,
			convertFieldsToString: false,
		},
	});
	switch (input.job) {
		case 'attendeesGetAll':
			return {
				resource: 'attendee',
				operation: 'getMany',
				eventId: byId(input.bigEventId),
				returnAll: true,
				simplify: false,
			};
		case 'eventsGetAll':
			return { resource: 'event', operation: 'getMany', returnAll: true, simplify: false };
		case 'attendeesImport':
			return await mapped(input.upsertEventId, 'id');
		case 'attendeesImportByEmail':
			return await mapped(input.bigEventId, 'invitationEmail');
		case 'confirmationSend':
			return {
				resource: 'outreach',
				operation: 'sendConfirmationEmail',
				eventId: byId(input.bigEventId),
				attendeeIds: '={{ $json.id }}',
			};
		default:
			throw new Error(`${input.job} is not a job of the action node`);
	}
}

/**
 * The same job as a user builds it with the HTTP Request node: a bearer header, n8n's pagination
 * by page number until EventX's last page (100 a page, the most EventX allows), and one request
 * per input item for writes.
 */
function httpRequestParameters(input: JobInput): INodeParameters {
	const api = `${input.simulatorUrl}/public-api/v1`;
	const common = {
		authentication: 'none',
		sendHeaders: true,
		headerParameters: {
			parameters: [{ name: 'Authorization', value: `Bearer ${input.accessToken}` }],
		},
	};
	const paged = (url: string): INodeParameters => ({
		...common,
		method: 'GET',
		url,
		sendQuery: true,
		queryParameters: { parameters: [{ name: 'pageSize', value: '100' }] },
		options: {
			pagination: {
				pagination: {
					paginationMode: 'updateAParameterInEachRequest',
					parameters: {
						parameters: [{ type: 'qs', name: 'page', value: '={{ $pageCount + 1 }}' }],
					},
					paginationCompleteWhen: 'other',
					completeExpression:
						'={{ $response.body.pagination.page >= $response.body.pagination.pageCount }}',
					limitPagesFetched: false,
					requestInterval: 0,
				},
			},
		},
	});
	const post = (
		method: string,
		url: string,
		jsonBody: string,
		options: INodeParameters = {},
	): INodeParameters => ({
		...common,
		method,
		url,
		sendBody: true,
		specifyBody: 'json',
		jsonBody,
		options,
	});
	switch (input.job) {
		case 'attendeesGetAll':
			return paged(`${api}/event/${input.bigEventId}/attendee`);
		case 'eventsGetAll':
			return paged(`${api}/event`);
		case 'attendeesImport':
		case 'attendeesImportByEmail':
			// One request per row; matching on email has no HTTP Request equivalent (the job is not run).
			return post(
				'PUT',
				`${api}/event/${input.upsertEventId}/attendee/bulk-upsert`,
				'={{ JSON.stringify([{ firstName: $json["First Name"], lastName: $json["Last Name"], invitationEmail: $json.Email, organization: $json.Company }]) }}',
			);
		case 'confirmationSend':
			return post(
				'POST',
				`${api}/event/${input.bigEventId}/outreach/email-template/confirmation-email/send`,
				'={{ JSON.stringify({ attendeeIds: [$json.id] }) }}',
				// EventX answers a send with an empty 204, which is not JSON.
				{ response: { response: { responseFormat: 'text' } } },
			);
		default:
			throw new Error(`${input.job} is not a job of the action node`);
	}
}

/** The same job on one page or one item, to warm up. */
function smallVariant(parameters: INodeParameters): INodeParameters {
	if (parameters.returnAll) return { ...parameters, returnAll: false, limit: 1 };
	if (parameters.method === 'GET') return { ...parameters, options: {} };
	return parameters;
}

/** The package as built (dist/), registered under its n8n type name. */
async function useBuiltPackage(): Promise<void> {
	const dist = join(REPO_ROOT, 'dist');
	const { EventX } = await import(join(dist, 'nodes', 'EventX', 'EventX.node.js'));
	const { EventXApi } = await import(join(dist, 'credentials', 'EventXApi.credentials.js'));
	registerNodeType('n8n-nodes-eventx.eventX', new EventX() as INodeType);
	credentialTypes.eventXApi = new EventXApi() as ICredentialType;
}

/** n8n's HTTP Request node, from the n8n the end-to-end test installs. */
async function useHttpRequestNode(n8nModules: string | undefined): Promise<void> {
	if (!n8nModules) throw new Error("The HTTP Request node's job needs the installed n8n");
	const file = join(
		n8nModules,
		'n8n-nodes-base',
		'dist',
		'nodes',
		'HttpRequest',
		'HttpRequest.node.js',
	);
	const { HttpRequest } = await import(file);
	registerNodeType(
		'n8n-nodes-base.httpRequest',
		new HttpRequest().getNodeType(HTTP_REQUEST_VERSION) as INodeType,
	);
}

/** The package's own files: CPU samples whose frame is in them are the node's own time. */
const PACKAGE_FILES = `${join(REPO_ROOT, 'dist')}/`;

interface CpuProfile {
	nodes: Array<{ id: number; callFrame: { url: string }; children?: number[] }>;
	samples: number[];
	timeDeltas: number[];
}

/** Milliseconds of samples whose own frame (self), or any frame of whose stack (inclusive), is the package's. */
function packageTime(profile: CpuProfile): { selfMs: number; inclusiveMs: number } {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	const parent = new Map<number, number>();
	for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
	const ours = (id: number) => byId.get(id)!.callFrame.url.includes(PACKAGE_FILES);
	let self = 0;
	let inclusive = 0;
	profile.samples.forEach((id, i) => {
		const dt = profile.timeDeltas[i] ?? 0;
		if (ours(id)) self += dt;
		for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
			if (ours(cur)) {
				inclusive += dt;
				break;
			}
		}
	});
	return { selfMs: self / 1000, inclusiveMs: inclusive / 1000 };
}

async function profiled<T>(work: () => Promise<T>): Promise<{ value: T; profile: CpuProfile }> {
	const session = new Session();
	session.connect();
	const post = <Result = unknown>(method: string, params?: object) =>
		new Promise<Result>((resolve, reject) =>
			session.post(method, params, (error, result) =>
				error ? reject(error) : resolve(result as Result),
			),
		);
	await post('Profiler.enable');
	await post('Profiler.setSamplingInterval', { interval: 500 });
	await post('Profiler.start');
	const value = await work();
	const { profile } = await post<{ profile: CpuProfile }>('Profiler.stop');
	session.disconnect();
	return { value, profile: profile as CpuProfile };
}

/** Size of a list as JSON, item by item: 500,000 attendees are more than one string can hold. */
function jsonBytes(list: unknown[]): number {
	let bytes = 2 + Math.max(0, list.length - 1);
	for (const entry of list) bytes += Buffer.byteLength(JSON.stringify(entry));
	return bytes;
}

/**
 * The same job done by a plain HTTP client: fetch and JSON, no n8n, the fewest requests the API
 * allows (page ranges of 20,000, bulk writes of 100): the physical limit the package is held to.
 * `prepare` runs before the measurement (the token, and what a hand-written script knows in
 * advance: the question ID of a mapped column).
 */
async function rawClient(input: JobInput) {
	const api = `${input.simulatorUrl}/public-api/v1`;
	let headers: Record<string, string> = {};
	const call = async (method: string, path: string, body?: unknown): Promise<IDataObject> => {
		const response = await fetch(`${api}${path}`, {
			method,
			headers,
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status}`);
		const text = await response.text();
		return text === '' ? {} : (JSON.parse(text) as IDataObject);
	};
	const readAll = async (path: string): Promise<IDataObject[]> => {
		const out: IDataObject[] = [];
		for (let page = 1; ; page += 200) {
			const body = await call('GET', `${path}?page=${page}&pageSize=100&pageEnd=${page + 199}`);
			for (const record of body.dataList as IDataObject[]) out.push(record);
			if (page + 199 >= Number((body.pagination as IDataObject).pageCount)) return out;
		}
	};
	const inChunks = async <T>(list: T[], send: (chunk: T[]) => Promise<IDataObject[]>) => {
		const out: IDataObject[] = [];
		for (let i = 0; i < list.length; i += 100)
			for (const record of await send(list.slice(i, i + 100))) out.push(record);
		return out;
	};
	const upsert = (eventId: string) => async (chunk: IDataObject[]) =>
		(await call('PUT', `/event/${eventId}/attendee/bulk-upsert`, chunk)).dataList as IDataObject[];
	let companySize = '';
	const row = (r: IDataObject): IDataObject => ({
		firstName: r['First Name'],
		lastName: r['Last Name'],
		invitationEmail: r.Email,
		organization: r.Company,
	});
	return {
		async prepare() {
			headers = { 'content-type': 'application/json' };
			const auth = await call('POST', '/auth', { apiToken: DEMO_API_TOKEN });
			headers.authorization = `Bearer ${String((auth.data as IDataObject).accessToken)}`;
			const questions = await call('GET', `/event/${input.bigEventId}/custom-field/all`);
			const question = (questions.dataList as IDataObject[]).find(
				(q) => (q.contentI18n as { label: { default: string } }).label.default === 'Company Size',
			);
			companySize = String(question?.id);
		},
		async run(items: IDataObject[]): Promise<IDataObject[]> {
			switch (input.job) {
				case 'attendeesGetAll':
					return await readAll(`/event/${input.bigEventId}/attendee`);
				case 'eventsGetAll':
					return await readAll('/event');
				case 'attendeesImport':
					return await inChunks(items.map(row), upsert(input.upsertEventId));
				case 'attendeesImportByEmail': {
					const known = new Map<string, string>();
					for (const a of await readAll(`/event/${input.bigEventId}/attendee`))
						if (typeof a.invitationEmail === 'string')
							known.set(a.invitationEmail.trim().toLowerCase(), String(a.id));
					const bodies = items.map((r) => {
						const id = known.get(String(r.Email).trim().toLowerCase());
						return {
							...(id ? { id } : {}),
							...row(r),
							customFields: { [companySize]: { value: r['Company Size'] } },
						};
					});
					return await inChunks(bodies, upsert(input.bigEventId));
				}
				case 'confirmationSend':
					return await inChunks(items, async (chunk) => {
						await call(
							'POST',
							`/event/${input.bigEventId}/outreach/email-template/confirmation-email/send`,
							{ attendeeIds: chunk.map((i) => i.id) },
						);
						return chunk.map(() => ({ success: true }));
					});
				default:
					throw new Error(`${input.job} is not a job of the action node`);
			}
		},
	};
}

/** Runs the job once; the output items and the error of the run, if any. */
type Runner = (
	items: IDataObject[],
	warmUp?: boolean,
) => Promise<{ items: IDataObject[]; error?: Error }>;

async function runner(input: JobInput): Promise<Runner> {
	if (input.implementation === 'raw') {
		const client = await rawClient(input);
		return async (items, warmUp = false) => {
			if (warmUp) {
				await client.prepare();
				return { items: [] };
			}
			try {
				return { items: await client.run(items) };
			} catch (error) {
				return { items: [], error: error as Error };
			}
		};
	}
	const eventx = input.implementation === 'eventx';
	if (eventx) await useBuiltPackage();
	else await useHttpRequestNode(input.n8nModules);
	const parameters = eventx ? await eventxParameters(input) : httpRequestParameters(input);
	// One saved credential for the warm-up and the measured run: n8n keeps the access token the
	// first execution obtained (the credential's expirable field) for the next ones, as the plain
	// client keeps the token it minted in `prepare`.
	const credentials = {
		baseUrl: input.simulatorUrl,
		authentication: 'apiToken',
		apiToken: DEMO_API_TOKEN,
	};
	const credentialsHelper = new HarnessCredentialsHelper(credentialTypes);
	credentialsHelper.saved.set('eventXApi', { ...credentials });
	return async (items, warmUp = false) => {
		const { items: output, error } = await runNode({
			parameters: warmUp ? smallVariant(parameters) : parameters,
			items: items.length > 0 ? items : undefined,
			credentials,
			credentialsHelper,
			// The EventX node runs its defaultVersion, as a new node in the editor would.
			...(eventx
				? {}
				: { nodeType: 'n8n-nodes-base.httpRequest', typeVersion: HTTP_REQUEST_VERSION }),
		});
		return { items: output.map((i) => i.json), error };
	};
}

/** One job's two steps: `prepare`, outside the measurement, and the measured `run`. */
interface Work {
	prepare: () => Promise<void>;
	run: () => Promise<{
		outputItems: number;
		/** The output's size as JSON, worked out after the measurement. */
		outputBytes: () => number;
		error?: string;
	}>;
	/** After the measurement (its requests not counted): the polling jobs' next poll, and their check. */
	confirm?: () => Promise<PollingFigures>;
}

async function nodeWork(input: JobInput): Promise<Work> {
	const run = await runner(input);
	return {
		// A long-running n8n has its modules loaded and its code warm: one small run first.
		prepare: async () => void (await run(input.items.slice(0, 1), true)),
		run: async () => {
			const { items, error } = await run(input.items);
			return {
				outputItems: items.length,
				outputBytes: () => jsonBytes(items),
				error: error?.message,
			};
		},
	};
}

async function pollingWork(input: JobInput): Promise<Work> {
	if (input.implementation === 'httpRequest' || !input.polling)
		throw new Error('The polling jobs compare the EventX Polling Trigger with a plain reader');
	const job = await pollingJob({
		job: input.job as PollingJob,
		implementation: input.implementation,
		simulatorUrl: input.simulatorUrl,
		...input.polling,
	});
	return { prepare: job.prepare, run: job.run, confirm: job.confirm };
}

export async function runJob(input: JobInput): Promise<JobResult> {
	const work = input.job in POLLING_JOBS ? await pollingWork(input) : await nodeWork(input);

	// What `prepare` asked of the simulator is cleared from its log.
	await work.prepare();
	await fetch(`${input.simulatorUrl}/__sim/requests`, { method: 'DELETE' });

	const rssBefore = process.memoryUsage().rss;
	const cpuBefore = process.cpuUsage();
	const started = performance.now();
	const measured = input.profile
		? await profiled(async () => await work.run())
		: { value: await work.run(), profile: undefined };
	const wallMs = performance.now() - started;
	const cpu = process.cpuUsage(cpuBefore);
	const peakRss = process.resourceUsage().maxRSS * 1024;
	const { outputItems, outputBytes, error } = measured.value;
	let requests: number | undefined;
	let polling: PollingFigures | undefined;
	if (work.confirm && !error) {
		// The measured run's requests, before the check's own.
		const log = (await (await fetch(`${input.simulatorUrl}/__sim/requests`)).json()) as Array<{
			path: string;
		}>;
		requests = log.filter((r) => r.path !== '/public-api/v1/auth').length;
		polling = await work.confirm();
	}
	return {
		wallMs,
		cpuMs: (cpu.user + cpu.system) / 1000,
		...(measured.profile ? { package: packageTime(measured.profile) } : {}),
		peakGrowthBytes: Math.max(0, peakRss - rssBefore),
		outputItems,
		outputBytes: outputBytes(),
		...(polling ? { polling } : {}),
		...(requests === undefined ? {} : { requests }),
		error,
	};
}

if (require.main === module) {
	const input = JSON.parse(readFileSync(process.argv[2], 'utf8')) as JobInput;
	runJob(input)
		.then((result) => {
			process.stdout.write(`${JSON.stringify(result)}\n`);
			process.exit(0);
		})
		.catch((error: unknown) => {
			printError(error);
			process.exit(1);
		});
}
