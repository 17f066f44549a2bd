/**
 * End to end in a real n8n (pinned version, cached outside the repo): the packed package installed
 * without dev or peer dependencies, the simulator in a process of its own, workflows imported and
 * run by n8n itself. Every process started here is stopped in afterAll (and on exit).
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import {
	credentialImport,
	ensureN8n,
	freePort,
	installPackage,
	N8nRest,
	n8nCli,
	packPackage,
	publicApi,
	startN8n,
	startSimulatorProcess,
	type ManagedProcess,
	type N8nSetup,
} from '../../scripts/n8n-runtime';
import type { LoggedRequest } from '../simulator/server';
import { DEMO_API_TOKEN } from '../simulator/store';
import {
	actionSeed,
	actionSteps,
	chainWorkflow,
	CREDENTIAL_ID,
	ORG_HOSTED,
	triggerWorkflow,
	type ActionStep,
	type SimState,
} from './workflows';

// A cold cache installs n8n first (about 400 s); a warm run takes well under a minute.
jest.setTimeout(15 * 60_000);

const ACTION_WORKFLOW = 'evxE2eActions0001';
const INVALID_FILTER_WORKFLOW = 'evxE2eInvalidFilter1';
const TRIGGER_WORKFLOW = 'evxE2eTrigger00001';
const OWNER = { email: 'owner@example.com', password: 'E2e-Password-1' };

const log = (line: string) => {
	if (process.env.E2E_VERBOSE) console.log(line);
};

let tmp: string;
let setup: N8nSetup;
let packageDir: string;
let simulator: (ManagedProcess & { url: string }) | undefined;
let n8n: ManagedProcess | undefined;
let triggerEventId: string;
let steps: ActionStep[];
const started = Date.now();

async function sim<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
	const response = await fetch(`${simulator!.url}${path}`, {
		method,
		headers: { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return (await response.json()) as T;
}
const apiRequests = async () =>
	(await sim<LoggedRequest[]>('GET', '/__sim/requests')).filter((r) => !r.path.includes('/auth'));
const simState = async () => await sim<SimState>('GET', '/__sim/state');

/** The error messages in n8n's output, to say why an execution failed. */
const messages = (output: string) =>
	[
		...new Set(output.match(/"message": "[^"]*"|NodeApiError: .*|NodeOperationError: .*/g) ?? []),
	].join('\n');

/** The execution n8n prints with `execute --rawOutput` (the top-level JSON object). */
function parseExecution(stdout: string): any {
	const lines = stdout.split('\n');
	const start = lines.indexOf('{');
	const end = lines.lastIndexOf('}');
	if (start < 0 || end < start)
		throw new Error(`No execution in n8n's output:\n${stdout.slice(-4000)}`);
	return JSON.parse(lines.slice(start, end + 1).join('\n'));
}

async function importJson(kind: 'credentials' | 'workflow', name: string, data: unknown) {
	const file = join(tmp, name);
	writeFileSync(file, JSON.stringify(data, null, 2));
	const result = await n8nCli(setup, [`import:${kind}`, `--input=${file}`]);
	if (result.status !== 0) {
		throw new Error(
			`import:${kind} failed:\n${result.stdout.slice(-3000)}\n${result.stderr.slice(-3000)}`,
		);
	}
}

beforeAll(async () => {
	const bin = ensureN8n(log);
	tmp = mkdtempSync(join(tmpdir(), 'n8n-nodes-eventx-e2e-'));
	const tgz = packPackage(join(tmp, 'pack'), log);
	const userFolder = join(tmp, 'user');
	packageDir = installPackage(userFolder, tgz, log);
	simulator = await startSimulatorProcess(await freePort(), { log });
	setup = { bin, userFolder, port: await freePort(), brokerPort: await freePort() };
	await importJson(
		'credentials',
		'credentials.json',
		credentialImport(CREDENTIAL_ID, simulator.url, DEMO_API_TOKEN),
	);
	// One import for every workflow: each n8n CLI command takes seconds to boot.
	const seededState = await simState();
	triggerEventId = seededState.seeded.eventIds[0];
	steps = actionSteps(expect, actionSeed(seededState));
	await importJson('workflow', 'workflows.json', [
		chainWorkflow(ACTION_WORKFLOW, 'E2E EventX actions', steps),
		chainWorkflow(INVALID_FILTER_WORKFLOW, 'E2E invalid filter', [
			{
				name: 'Get Many Events',
				parameters: {
					resource: 'event',
					operation: 'getMany',
					returnAll: true,
					filters: { organizationId: ORG_HOSTED, extensionData: '{"capacity": {"$gt": "ten"}}' },
				},
			},
		]),
		triggerWorkflow(TRIGGER_WORKFLOW, triggerEventId, {
			events: ['attendee-create', 'attendee-check-in'],
			output: 'tidy',
		}),
	]);
	log(`setup done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

afterAll(async () => {
	await n8n?.stop();
	await simulator?.stop();
	if (tmp && !process.env.E2E_KEEP) rmSync(tmp, { recursive: true, force: true });
	console.log(`n8n e2e: ${((Date.now() - started) / 1000).toFixed(1)} s`);
});

describe('the package as a user installs it', () => {
	test('holds only dist and no dev or peer dependencies: zod and n8n-workflow come from n8n', () => {
		expect(existsSync(join(packageDir, 'dist', 'nodes', 'EventX', 'EventX.node.js'))).toBe(true);
		expect(existsSync(join(packageDir, 'dist', 'credentials', 'EventXApi.credentials.js'))).toBe(
			true,
		);
		const nodesModules = join(setup.userFolder, '.n8n', 'nodes', 'node_modules');
		for (const dep of ['zod', 'n8n-workflow', 'n8n-core', 'jest', 'typescript']) {
			expect(existsSync(join(packageDir, 'node_modules', dep))).toBe(false);
			expect(existsSync(join(nodesModules, dep))).toBe(false);
		}
		expect(existsSync(join(packageDir, 'test'))).toBe(false);
	});
});

describe('an action workflow run by n8n', () => {
	test('every operation runs in n8n and reaches the simulator as documented', async () => {
		await sim('DELETE', '/__sim/requests');
		const result = await n8nCli(setup, ['execute', `--id=${ACTION_WORKFLOW}`, '--rawOutput']);
		if (result.status !== 0) {
			throw new Error(`execute failed:\n${messages(result.stdout + result.stderr)}`);
		}
		const execution = parseExecution(result.stdout);
		const runData = execution.data.resultData.runData;
		expect(execution.data.resultData.error).toBeUndefined();
		const requests = await apiRequests();
		const state = await simState();
		const outputOf = (name: string) =>
			(runData[name][0].data.main[0] as Array<{ json: Record<string, unknown> }>).map(
				(i) => i.json,
			);
		for (const step of steps) {
			const run = runData[step.name]?.[0];
			expect({ step: step.name, error: run?.error?.message }).toEqual({
				step: step.name,
				error: undefined,
			});
			step.check({ output: outputOf(step.name), requests, state, outputOf });
		}
		// Every request the run made went through the credential's token exchange.
		expect(requests.every((r) => r.authorized)).toBe(true);
	});

	test('bad input fails with the message zod made in the package, before any request', async () => {
		await sim('DELETE', '/__sim/requests');
		const result = await n8nCli(setup, [
			'execute',
			`--id=${INVALID_FILTER_WORKFLOW}`,
			'--rawOutput',
		]);
		expect(result.status).not.toBe(0);
		// "Invalid input" is zod 3's own wording for a union no member of which matched.
		expect(`${result.stdout}\n${result.stderr}`).toMatch(
			/NodeOperationError: Filters: "extensionData\.capacity" Invalid input/,
		);
		expect(await apiRequests()).toHaveLength(0);
	});
});

describe('n8n start with the EventX Trigger', () => {
	let api: (method: string, path: string, body?: unknown) => Promise<{ status: number; data: any }>;
	let rest: N8nRest;
	const eventId = () => triggerEventId;
	const base = () => `http://127.0.0.1:${setup.port}`;

	beforeAll(async () => {
		n8n = await startN8n(setup, log);
		rest = new N8nRest(base());
		await rest.setupOwner(OWNER);
		const key = await rest.createApiKey('e2e');
		api = (method, path, body) => publicApi(base(), key, method, path, body);
	});

	test('n8n lists both nodes of the package', async () => {
		const response = await rest.request('GET', '/types/nodes.json');
		const names = (response.data as Array<{ name: string }>).map((t) => t.name);
		expect(names).toContain('n8n-nodes-eventx.eventX');
		expect(names).toContain('n8n-nodes-eventx.eventXTrigger');
	});

	test('activation registers one webhook; deliveries become successful executions', async () => {
		const activated = await api('POST', `/workflows/${TRIGGER_WORKFLOW}/activate`);
		expect(activated.status).toBe(200);
		let state = await simState();
		const hooks = state.webhooks.filter((h) => h.eventId === eventId());
		expect(hooks).toHaveLength(1);
		expect(String(hooks[0].url)).toContain(`127.0.0.1:${setup.port}/webhook/`);

		const attendee = {
			id: '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0',
			firstName: 'Ada',
			lastName: 'Lovelace',
			invitationEmail: 'ada@example.com',
			registrationStatus: 'registered',
			createdAt: '2026-11-20T10:00:00.000Z',
			updatedAt: '2026-11-20T10:00:00.000Z',
		};
		const created = await sim<{ deliveries: Array<{ status?: number }> }>('POST', '/__sim/notify', {
			eventId: eventId(),
			action: 'attendee-create',
			attendee,
		});
		expect(created.deliveries.map((d) => d.status)).toEqual([200]);
		const checkedIn = await sim<{ deliveries: Array<{ status?: number }> }>(
			'POST',
			'/__sim/notify',
			{
				eventId: eventId(),
				action: 'attendee-check-in',
				attendee: {
					...attendee,
					checkedInAt: '2026-11-21T09:00:00.000Z',
					updatedAt: '2026-11-21T09:00:00.000Z',
				},
			},
		);
		expect(checkedIn.deliveries.map((d) => d.status)).toEqual([200]);

		// n8n records the executions asynchronously: wait until both are there.
		let executions: any[] = [];
		for (let i = 0; i < 60 && executions.length < 2; i++) {
			const listed = await api(
				'GET',
				`/executions?workflowId=${TRIGGER_WORKFLOW}&includeData=true`,
			);
			executions = listed.data?.data ?? [];
			if (executions.length < 2) await new Promise((r) => setTimeout(r, 500));
		}
		expect(executions).toHaveLength(2);
		expect(executions.every((e) => e.status === 'success')).toBe(true);
		const outputs = executions
			.map((e) => e.data.resultData.runData['EventX Trigger'][0].data.main[0][0].json)
			.sort((a: any, b: any) => String(a.action).localeCompare(String(b.action)));
		expect(outputs[0]).toMatchObject({
			action: 'attendee-check-in',
			id: attendee.id,
			eventId: eventId(),
		});
		expect(outputs[0].checkedInAt).toBe('2026-11-21T09:00:00.000Z');
		expect(outputs[1]).toMatchObject({
			action: 'attendee-create',
			id: attendee.id,
			firstName: 'Ada',
		});

		const deactivated = await api('POST', `/workflows/${TRIGGER_WORKFLOW}/deactivate`);
		expect(deactivated.status).toBe(200);
		state = await simState();
		expect(state.webhooks.filter((h) => h.eventId === eventId())).toHaveLength(0);
	});

	test('a restart with the workflow active keeps exactly one webhook', async () => {
		expect((await api('POST', `/workflows/${TRIGGER_WORKFLOW}/activate`)).status).toBe(200);
		expect((await simState()).webhooks.filter((h) => h.eventId === eventId())).toHaveLength(1);
		await n8n!.stop();
		n8n = await startN8n(setup, log);
		const hooks = (await simState()).webhooks.filter((h) => h.eventId === eventId());
		expect(hooks).toHaveLength(1);
		// and it still delivers to the restarted n8n
		const again = await sim<{ deliveries: Array<{ status?: number }> }>('POST', '/__sim/notify', {
			eventId: eventId(),
			action: 'attendee-create',
			attendee: {
				id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
				firstName: 'Grace',
				lastName: 'Hopper',
				createdAt: '2026-11-22T10:00:00.000Z',
				updatedAt: '2026-11-22T10:00:00.000Z',
			},
		});
		expect(again.deliveries.map((d) => d.status)).toEqual([200]);
	});
});
