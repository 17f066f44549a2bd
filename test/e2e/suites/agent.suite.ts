/**
 * EventX as AI tools in n8n's main line: the "EventX assistant" example (chat trigger -> AI Agent
 * with EventX tools) driven through its chat webhook with a scripted model, and EventX tools
 * exposed by n8n's MCP Server Trigger to the official MCP client. No real model: the OpenAI
 * credential's Base URL points at a scripted chat-completions server on loopback.
 */

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { N8N_MAIN, REPO_ROOT } from '../../../scripts/n8n-runtime';
import type { LoggedRequest } from '../../simulator/server';
import { DEMO_API_TOKEN } from '../../simulator/store';
import { log, type E2eEnvironment } from '../environment';
import { ModelServer, type ChatRequest } from '../model-server';
import { byId, CREDENTIAL_ID, type SimState } from '../workflows';
import type { E2eSuite } from './types';
import { fs, path, print, setTimeout } from '../../platform.cjs';

const { readFileSync } = fs;
const { join } = path;

type Json = Record<string, unknown>;

const TOOL_TYPE = 'n8n-nodes-eventx.eventXTool';
const MCP_PATH = 'eventx-e2e-mcp';
const ATTENDEE_NOT_FOUND = 'Attendee not found';
/** EventX's API token and the access tokens the simulator issues (JWT-shaped). */
const EVENTX_SECRETS = [new RegExp(DEMO_API_TOKEN), /eyJhbGciOiJIUzI1NiJ9\.[\w-]+\.[\w-]+/];
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

const credentials = { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } };

interface WorkflowNode {
	type: string;
	parameters: Json;
	credentials?: Record<string, { id: string; name?: string }>;
	webhookId?: string;
}

/** The example as a user sets it up: the event picked, credentials chosen, the chat made public. */
export function assistantWorkflow(eventId: string, openAiCredentialId: string, webhookId: string) {
	const example = JSON.parse(
		readFileSync(join(REPO_ROOT, 'examples', 'eventx-assistant.json'), 'utf8'),
	) as { nodes: WorkflowNode[]; connections: Json };
	for (const node of example.nodes) {
		if (node.type === TOOL_TYPE) {
			node.parameters.eventId = byId(eventId);
			node.credentials = credentials;
		}
		if (node.credentials?.openAiApi) node.credentials.openAiApi.id = openAiCredentialId;
		if (node.type === '@n8n/n8n-nodes-langchain.chatTrigger') {
			// Embedded chat: a webhook a test (or a page) can call without n8n's editor.
			node.parameters = { public: true, mode: 'webhook', options: { responseMode: 'lastNode' } };
			node.webhookId = webhookId;
		}
	}
	return {
		name: 'E2E EventX assistant',
		nodes: example.nodes,
		connections: example.connections,
		settings: { executionOrder: 'v1' },
	};
}

/** MCP Server Trigger exposing three EventX tools, left as the tool node offers them. */
function mcpWorkflow(eventId: string) {
	const tools: Array<[string, Json]> = [
		['Get Attendee by Short Code', { resource: 'attendee', operation: 'getByShortCode' }],
		[
			'Get Many Attendees',
			{
				resource: 'attendee',
				operation: 'getMany',
				filters: {
					createdAfter:
						"={{ $fromAI('Created_After', `Only attendees registered after this time (ISO 8601); empty for any time`, 'string') }}",
				},
			},
		],
		['Send Confirmation Email', { resource: 'outreach', operation: 'sendConfirmationEmail' }],
	];
	return {
		name: 'E2E EventX MCP server',
		nodes: [
			{
				id: 'mcp-trigger',
				name: 'EventX MCP Server',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '4a6c8e0f-2b3d-4f5a-9c7e-1d3f5b7a9c2e',
				parameters: { path: MCP_PATH },
			},
			...tools.map(([name, parameters], i) => ({
				id: `mcp-tool-${i}`,
				name,
				type: TOOL_TYPE,
				typeVersion: 1,
				position: [200 * i, 220],
				parameters: { ...parameters, eventId: byId(eventId) },
				credentials,
			})),
		],
		connections: Object.fromEntries(
			tools.map(([name]) => [
				name,
				{ ai_tool: [[{ node: 'EventX MCP Server', type: 'ai_tool', index: 0 }]] },
			]),
		),
		settings: { executionOrder: 'v1' },
	};
}

/** Creates a workflow through n8n's public API and activates it; returns its ID. */
async function createActive(env: E2eEnvironment, workflow: Json): Promise<string> {
	const id = await env.createWorkflow(workflow);
	await env.setActive(id, true);
	return id;
}

/** Retries while n8n has not registered the webhook yet (it answers 404 until then). */
async function untilRegistered<T>(attempt: () => Promise<T>, notYet: (error: unknown) => boolean) {
	for (let i = 0; ; i++) {
		let failure: unknown;
		try {
			return await attempt();
		} catch (error) {
			failure = error;
		}
		if (i >= 60 || !notYet(failure)) throw failure;
		await new Promise((r) => setTimeout(r, 250));
	}
}

const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
	const started = Date.now();
	try {
		return await run();
	} finally {
		print(`${label}: ${Date.now() - started} ms`);
	}
};

/** A tool the agent offers the model, by the name n8n gives it (the node's name). */
function offered(request: ChatRequest, name: string) {
	const tool = request.tools?.find((t) => t.function.name === name);
	if (!tool)
		throw new Error(`tool ${name} not offered: ${request.tools?.map((t) => t.function.name)}`);
	return tool.function;
}

/** What the model is told, written out: the example's and the tools' own descriptions. */
const SHORT_CODE_LOOKUP =
	'Find an attendee by the short code on their ticket: name, ticket class, registration and check-in';
const SHORT_CODE =
	"The attendee's short code, the few letters and digits printed on their ticket and confirmation (e.g. K7Q2XM)";
const ATTENDEE_IDS =
	'The attendees to send to: attendee IDs (UUIDs), one or several separated by commas. Each attendee gets it once per execution, however many items name them.';

function check(condition: unknown, message: string): void {
	if (!condition) throw new Error(message);
}

let eventId: string;

export const agentSuite: E2eSuite = {
	// n8n's AI Agent V3 and MCP Server Trigger v2 as the main line has them.
	releases: [N8N_MAIN.version],

	workflows(state) {
		eventId = state.seeded.eventIds[0];
		// Created through the public API once n8n runs: they need the OpenAI credential's ID.
		return [];
	},

	server(env) {
		let model: ModelServer;
		let assistantId: string;
		const chatWebhookId = 'e7c1a3b5-9d2f-4e6a-8c0b-2f4d6e8a0c1b';

		/** Live attendees of the event with a short code, oldest first. */
		const attendees = async () =>
			((await env().state()) as SimState).attendees
				.filter((a) => a.eventId === eventId && !a.removedAt && a.shortCode)
				.sort((a, b) => String(a.createdAt).localeCompare(String(b.createdAt)));

		/** The API requests, shortened: "GET /event/:event/attendee/short-code/S00029". */
		const requestsTo = (requests: LoggedRequest[]) =>
			requests.map(
				(r) => `${r.method} ${r.path.replace('/public-api/v1', '').replace(eventId, ':event')}`,
			);

		/** One chat message to the assistant's chat webhook; its answer (the agent's output). */
		const chat = async (sessionId: string, chatInput: string): Promise<Json> =>
			await untilRegistered(
				async () => {
					const response = await fetch(`${env().baseUrl}/webhook/${chatWebhookId}/chat`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ action: 'sendMessage', sessionId, chatInput }),
					});
					const text = await response.text();
					if (response.status === 404) throw new Error(`404 ${text}`);
					if (response.status !== 200) throw new Error(`chat answered ${response.status}: ${text}`);
					return JSON.parse(text) as Json;
				},
				(error) => String(error).includes('404'),
			);

		beforeAll(async () => {
			const started = Date.now();
			model = await ModelServer.start(EVENTX_SECRETS);
			const credential = await env().api<{ id: string }>('POST', '/credentials', {
				name: 'OpenAI (scripted)',
				type: 'openAiApi',
				data: { apiKey: 'sk-scripted-model', organizationId: '', url: model.url, header: false },
			});
			if (credential.status !== 200)
				throw new Error(
					`credential answered ${credential.status}: ${JSON.stringify(credential.data)}`,
				);
			assistantId = await createActive(
				env(),
				assistantWorkflow(eventId, String(credential.data.id), chatWebhookId),
			);
			await createActive(env(), mcpWorkflow(eventId));
			print(`agent/MCP setup (credential, 2 workflows activated): ${Date.now() - started} ms`);
		});

		afterEach(() => {
			// What a model saw (E2E_VERBOSE=1): the tools offered and the results sent back.
			const last = model.conversations.at(-1)?.requests.at(-1);
			if (last) log(`model saw: ${JSON.stringify({ tools: last.tools, messages: last.messages })}`);
		});

		afterAll(async () => {
			await model?.stop();
		});

		describe("EventX as tools of n8n's AI Agent (the EventX assistant example)", () => {
			test('looks an attendee up by short code, then sends them the confirmation with the ID it got', async () => {
				const [attendee] = (await attendees()).slice(-1);
				const code = String(attendee.shortCode);
				const marker = `short code ${code}`;
				const done = `Sent the confirmation email to ${attendee.id}.`;
				model.script({
					marker,
					turns: [
						(request) => {
							const lookup = offered(request, 'Get_Attendee_by_Short_Code');
							// The example's tools describe themselves with their operation's description.
							check(lookup.description === SHORT_CODE_LOOKUP, `description: ${lookup.description}`);
							// Parameters left to the tool's defaults: the model is told what to give.
							const codeParam = lookup.parameters.properties?.Short_Code;
							check(
								codeParam?.description === SHORT_CODE,
								`Short_Code: ${JSON.stringify(codeParam)}`,
							);
							const send = offered(request, 'Send_Confirmation_Email');
							const idsParam = send.parameters.properties?.Attendee_IDs;
							check(
								idsParam?.description === ATTENDEE_IDS,
								`Attendee_IDs: ${JSON.stringify(idsParam)}`,
							);
							offered(request, 'Get_Many_Attendees');
							return {
								toolCalls: [
									{ name: 'Get_Attendee_by_Short_Code', arguments: { Short_Code: code } },
								],
							};
						},
						(_request, conversation) => {
							const [lookup] = conversation.toolResults;
							const id = lookup?.content.match(UUID)?.[0];
							check(id === attendee.id, `lookup answered: ${lookup?.content}`);
							return {
								toolCalls: [{ name: 'Send_Confirmation_Email', arguments: { Attendee_IDs: id } }],
							};
						},
						(_request, conversation) => {
							const sent = conversation.toolResults[1];
							check(
								sent?.name === 'Send_Confirmation_Email' && /"sent":\s*true/.test(sent.content),
								`send answered: ${sent?.content}`,
							);
							check(sent.content.includes(String(attendee.id)), 'send result without the ID');
							return { text: done };
						},
					],
				});
				await env().clearRequests();
				const answer = await timed('agent: short code lookup + confirmation email', () =>
					chat('e2e-send', `Please resend the confirmation to the attendee with ${marker}.`),
				);
				expect(model.problems).toEqual([]);
				expect(answer.output).toBe(done);
				expect(model.conversation(marker)?.requests).toHaveLength(3);

				const requests = await env().apiRequests();
				expect(requests.every((r) => r.authorized)).toBe(true);
				expect(requestsTo(requests)).toEqual([
					// Simplify (on by default): the door view reads the attendee by ID, its answers' labels and
					// the ticket classes.
					`GET /event/:event/attendee/short-code/${code}`,
					`GET /event/:event/attendee/${String(attendee.id)}`,
					'GET /event/:event/custom-field/all',
					'GET /event/:event/ticket-class/all',
					'POST /event/:event/outreach/email-template/confirmation-email/send',
				]);
				expect(requests[4].body).toEqual({ attendeeIds: [attendee.id] });
				const outbox = (await env().state()).outbox.filter((o) => o.channel === 'email');
				expect(outbox.at(-1)).toMatchObject({ attendeeIds: [attendee.id] });
			});

			test('lists the attendees registered since a date: a small page, as a tool does by default', async () => {
				const all = await attendees();
				// Attendees are created a minute apart: more than a tool's default 10 came after this one.
				const since = new Date(Date.parse(String(all[4].createdAt)) + 1000).toISOString();
				const later = all.filter((a) => String(a.createdAt) > since);
				expect(later.length).toBeGreaterThan(10);
				const marker = `registered since ${since}`;
				model.script({
					marker,
					turns: [
						(request) => {
							const list = offered(request, 'Get_Many_Attendees');
							check(
								list.parameters.properties?.Created_After && list.parameters.properties?.Search,
								`Get_Many_Attendees asks for: ${JSON.stringify(list.parameters)}`,
							);
							return {
								toolCalls: [
									{ name: 'Get_Many_Attendees', arguments: { Created_After: since, Search: '' } },
								],
							};
						},
						(_request, conversation) => {
							const listed = JSON.parse(conversation.toolResults[0]?.content ?? 'null') as Json[];
							check(Array.isArray(listed), `listed: ${conversation.toolResults[0]?.content}`);
							check(listed.length === 10, `listed ${listed.length}, not 10`);
							check(
								listed.every((a) => String(a.createdAt) > since),
								'an attendee registered before the date',
							);
							return { text: `At least ${listed.length} attendees registered since ${since}.` };
						},
					],
				});
				await env().clearRequests();
				const answer = await timed('agent: attendees registered since a date', () =>
					chat('e2e-since', `Who ${marker}?`),
				);
				expect(model.problems).toEqual([]);
				expect(answer.output).toBe(`At least 10 attendees registered since ${since}.`);
				const requests = await env().apiRequests();
				expect(requests.every((r) => r.authorized)).toBe(true);
				expect(requestsTo(requests)).toEqual([
					'GET /event/:event/attendee',
					'GET /event/:event/custom-field/all',
				]);
				expect(requests[0].query).toMatchObject({ createdAt$gt: since, pageSize: '10' });
				expect(requests[0].query.q).toBeUndefined();
			});

			test("a refused call reaches the model as the tool's result; the execution succeeds", async () => {
				const marker = 'short code ZZ9999';
				model.script({
					marker,
					turns: [
						() => ({
							toolCalls: [
								{ name: 'Get_Attendee_by_Short_Code', arguments: { Short_Code: 'ZZ9999' } },
							],
						}),
						(_request, conversation) => {
							const refused = conversation.toolResults[0]?.content ?? '';
							check(refused.includes(ATTENDEE_NOT_FOUND), `the tool answered: ${refused}`);
							return { text: `EventX could not find that attendee: ${refused}` };
						},
					],
				});
				await env().clearRequests();
				const succeeded = await env().countExecutions(assistantId, 'success');
				const failed = await env().countExecutions(assistantId, 'error');
				const answer = await timed('agent: refused lookup', () =>
					chat('e2e-refused', `Find the attendee with ${marker}.`),
				);
				expect(model.problems).toEqual([]);
				expect(answer.output).toContain(ATTENDEE_NOT_FOUND);
				expect(model.conversation(marker)?.requests).toHaveLength(2);
				const requests = await env().apiRequests();
				expect(requests.every((r) => r.authorized)).toBe(true);
				expect(requestsTo(requests)).toEqual(['GET /event/:event/attendee/short-code/ZZ9999']);
				expect(requests[0].status).toBe(404);
				// n8n records executions asynchronously: wait for this one, a success.
				let now = succeeded;
				for (let i = 0; i < 40 && now === succeeded; i++) {
					await new Promise((r) => setTimeout(r, 250));
					now = await env().countExecutions(assistantId, 'success');
				}
				expect(now).toBe(succeeded + 1);
				expect(await env().countExecutions(assistantId, 'error')).toBe(failed);
			});
		});

		describe("EventX through n8n's MCP Server Trigger, with the official MCP client", () => {
			test('lists the tools with their input schemas, calls them and gets EventX data', async () => {
				const [attendee] = await attendees();
				const client = new Client({ name: 'eventx-e2e', version: '1.0.0' });
				const connect = async () => {
					const transport = new StreamableHTTPClientTransport(
						new URL(`${env().baseUrl}/mcp/${MCP_PATH}`),
					);
					await client.connect(transport);
				};
				await env().clearRequests();
				await timed('mcp: connect', () =>
					untilRegistered(connect, (error) => String(error).includes('404')),
				);
				try {
					const { tools } = await timed('mcp: list tools', () => client.listTools());
					const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
					expect(Object.keys(byName).sort()).toEqual([
						'Get_Attendee_by_Short_Code',
						'Get_Many_Attendees',
						'Send_Confirmation_Email',
					]);
					// Left as the tool node offers them: n8n describes them by the operation's action.
					expect(byName.Get_Attendee_by_Short_Code.description).toBe(
						'Get an attendee by short code in EventX',
					);
					expect(byName.Get_Attendee_by_Short_Code.inputSchema).toMatchObject({
						type: 'object',
						properties: {
							Short_Code: {
								type: 'string',
								description: SHORT_CODE,
							},
						},
						required: ['Short_Code'],
					});
					expect(byName.Send_Confirmation_Email.inputSchema.required).toEqual(['Attendee_IDs']);
					expect(byName.Get_Many_Attendees.inputSchema.required).toEqual(['Created_After']);

					log(`MCP tools: ${JSON.stringify(tools)}`);
					const text = (result: Json) =>
						(result.content as Array<{ type: string; text?: string }>)
							.map((c) => c.text ?? '')
							.join('');
					const lookup = await timed('mcp: call Get_Attendee_by_Short_Code', () =>
						client.callTool({
							name: 'Get_Attendee_by_Short_Code',
							arguments: { Short_Code: attendee.shortCode },
						}),
					);
					expect(lookup.isError).toBeFalsy();
					expect(text(lookup)).toContain(String(attendee.id));

					const listed = await client.callTool({
						name: 'Get_Many_Attendees',
						arguments: { Created_After: String(attendee.createdAt) },
					});
					expect(listed.isError).toBeFalsy();
					// The 10 a tool lists by default, all registered after the oldest one.
					const page = JSON.parse(text(listed)) as Json[];
					expect(page).toHaveLength(10);
					expect(page.every((a) => String(a.createdAt) > String(attendee.createdAt))).toBe(true);

					const sent = await client.callTool({
						name: 'Send_Confirmation_Email',
						arguments: { Attendee_IDs: String(attendee.id) },
					});
					expect(sent.isError).toBeFalsy();
					expect(text(sent)).toMatch(/"sent":\s*true/);

					const unknown = await client.callTool({
						name: 'Get_Attendee_by_Short_Code',
						arguments: { Short_Code: 'ZZ9999' },
					});
					// A refused call is the tool's error result, with EventX's message.
					expect(unknown.isError).toBe(true);
					expect(text(unknown)).toContain(ATTENDEE_NOT_FOUND);

					for (const result of [lookup, listed, sent, unknown])
						for (const secret of EVENTX_SECRETS) expect(text(result)).not.toMatch(secret);
				} finally {
					await client.close();
				}

				const requests = await env().apiRequests();
				expect(requests.every((r) => r.authorized)).toBe(true);
				expect(requestsTo(requests)).toEqual([
					// Simplify's door view: the attendee by ID, its answers' labels, the ticket classes.
					`GET /event/:event/attendee/short-code/${attendee.shortCode}`,
					`GET /event/:event/attendee/${String(attendee.id)}`,
					'GET /event/:event/custom-field/all',
					'GET /event/:event/ticket-class/all',
					// Get Many, Simplify's labels read again: each tool call is an execution of its own.
					'GET /event/:event/attendee',
					'GET /event/:event/custom-field/all',
					'POST /event/:event/outreach/email-template/confirmation-email/send',
					'GET /event/:event/attendee/short-code/ZZ9999',
				]);
				const to = (method: string, path: string) =>
					requests.find((r) => requestsTo([r])[0] === `${method} ${path}`)!;
				expect(to('GET', '/event/:event/attendee').query).toMatchObject({
					createdAt$gt: new Date(String(attendee.createdAt)).toISOString(),
					pageSize: '10',
				});
				expect(
					to('POST', '/event/:event/outreach/email-template/confirmation-email/send').body,
				).toEqual({ attendeeIds: [attendee.id] });
			});
		});
	},
};
