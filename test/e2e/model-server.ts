/**
 * A scripted stand-in for OpenAI's chat completions API, on loopback, for n8n's AI Agent: the
 * OpenAI credential's Base URL points here. Each conversation is a script chosen by the user's
 * message; each of its turns reads what the agent sent (the tools it offers, the results of the
 * previous tool calls) and answers with predetermined tool calls or a final text. What a turn finds
 * wrong, and any EventX token in anything the agent sends, is recorded as a problem for the test.
 */
import type { http } from '../platform.cjs';
import { closeServer, listenOnLoopback, loopbackUrl } from '../simulator/http';

type Json = Record<string, unknown>;

/** A tool's JSON schema, as the agent offers it. */
export interface ToolParameters {
	type?: string;
	properties?: Record<string, { type?: string; description?: string }>;
	required?: string[];
}

export interface ChatMessage {
	role: 'system' | 'user' | 'assistant' | 'tool';
	content: string | null | Array<{ type: string; text?: string }>;
	tool_calls?: Array<{ id: string; function: { name: string; arguments: string } }>;
	tool_call_id?: string;
}

export interface ChatRequest {
	model: string;
	messages: ChatMessage[];
	tools?: Array<{
		type: 'function';
		function: { name: string; description: string; parameters: ToolParameters };
	}>;
	stream?: boolean;
}

/** What a turn answers: tool calls (name and arguments) or the final text. */
export type TurnAnswer = { toolCalls: Array<{ name: string; arguments: Json }> } | { text: string };

/** One turn: reads the request (throws to record a problem) and answers. */
export type Turn = (request: ChatRequest, conversation: Conversation) => TurnAnswer;

export interface Script {
	/** Chooses the script: the first whose marker the user's message contains. */
	marker: string;
	turns: Turn[];
}

export interface Conversation {
	script: Script;
	requests: ChatRequest[];
	/** The tool results the agent sent back so far, by tool call, in order. */
	toolResults: Array<{ name: string; arguments: Json; content: string }>;
}

/** A message's text, whichever shape the agent sent it in. */
export function textOf(message: ChatMessage): string {
	if (typeof message.content === 'string') return message.content;
	return (message.content ?? []).map((part) => part.text ?? '').join('');
}

export class ModelServer {
	readonly conversations: Conversation[] = [];
	/** Everything found wrong: failed turn checks, tokens sent, requests no script expected. */
	readonly problems: string[] = [];
	private scripts: Script[] = [];
	private callCount = 0;
	private server?: http.Server;
	url = '';

	private constructor(private readonly forbidden: RegExp[]) {}

	private respond(req: http.IncomingMessage, res: http.ServerResponse): void {
		void this.handle(req).then(
			(answer) => {
				res.writeHead(answer.status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(answer.body));
			},
			(error: unknown) => {
				this.problems.push(`model server: ${String(error)}`);
				res.writeHead(500, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { message: String(error) } }));
			},
		);
	}

	/** Starts the server; `forbidden` are secrets that must never reach the model (EventX tokens). */
	static async start(forbidden: RegExp[]): Promise<ModelServer> {
		const instance = new ModelServer(forbidden);
		instance.server = await listenOnLoopback((req, res) => instance.respond(req, res));
		instance.url = `${loopbackUrl(instance.server, 'model server')}/v1`;
		return instance;
	}

	/** Replaces the scripts (one per scenario). */
	script(...scripts: Script[]): void {
		this.scripts = scripts;
	}

	/** The conversation of a script, once the agent has talked to it. */
	conversation(marker: string): Conversation | undefined {
		return this.conversations.find((c) => c.script.marker === marker);
	}

	async stop(): Promise<void> {
		await closeServer(this.server);
	}

	private async handle(req: http.IncomingMessage): Promise<{ status: number; body: Json }> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const raw = Buffer.concat(chunks).toString('utf8');
		// Headers too: n8n must send the OpenAI key, and nothing of EventX's.
		const seen = `${JSON.stringify(req.headers)}\n${req.url}\n${raw}`;
		for (const secret of this.forbidden) {
			if (secret.test(seen)) this.problems.push(`an EventX token reached the model: ${secret}`);
		}
		if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
			this.problems.push(`unexpected request: ${req.method} ${req.url}`);
			return { status: 404, body: { error: { message: 'not scripted' } } };
		}
		const request = JSON.parse(raw) as ChatRequest;
		if (request.stream)
			this.problems.push('the agent asked for a stream; the scripts answer whole');
		const conversation = this.conversationOf(request);
		if (!conversation) {
			const user = request.messages.find((m) => m.role === 'user');
			this.problems.push(`no script for: ${user ? textOf(user) : '(no user message)'}`);
			return { status: 200, body: this.completion(request, { text: 'No script for this.' }) };
		}
		conversation.requests.push(request);
		conversation.toolResults = this.toolResultsOf(request);
		const turn = conversation.script.turns[conversation.requests.length - 1];
		if (!turn) {
			this.problems.push(`${conversation.script.marker}: more turns than scripted`);
			return { status: 200, body: this.completion(request, { text: 'Out of script.' }) };
		}
		let answer: TurnAnswer;
		try {
			answer = turn(request, conversation);
		} catch (error) {
			this.problems.push(
				`${conversation.script.marker}, turn ${conversation.requests.length}: ${String(error)}`,
			);
			answer = { text: `Script check failed: ${String(error)}` };
		}
		return { status: 200, body: this.completion(request, answer) };
	}

	/** The conversation a request continues, or a new one for its user message. */
	private conversationOf(request: ChatRequest): Conversation | undefined {
		const user = request.messages.find((m) => m.role === 'user');
		if (!user) return undefined;
		const text = textOf(user);
		const script = this.scripts.find((s) => text.includes(s.marker));
		if (!script) return undefined;
		// A request without tool results opens a new conversation (the same message may come again).
		const continuing = request.messages.some((m) => m.role === 'assistant' || m.role === 'tool');
		const open = [...this.conversations].reverse().find((c) => c.script === script);
		if (continuing && open) return open;
		const conversation: Conversation = { script, requests: [], toolResults: [] };
		this.conversations.push(conversation);
		return conversation;
	}

	private toolResultsOf(request: ChatRequest): Conversation['toolResults'] {
		const calls = new Map<string, { name: string; arguments: Json }>();
		for (const m of request.messages) {
			for (const call of m.tool_calls ?? []) {
				calls.set(call.id, {
					name: call.function.name,
					arguments: JSON.parse(call.function.arguments || '{}') as Json,
				});
			}
		}
		return request.messages
			.filter((m) => m.role === 'tool')
			.map((m) => ({
				...(calls.get(m.tool_call_id ?? '') ?? { name: '?', arguments: {} }),
				content: textOf(m),
			}));
	}

	private completion(request: ChatRequest, answer: TurnAnswer): Json {
		const message =
			'text' in answer
				? { role: 'assistant', content: answer.text }
				: {
						role: 'assistant',
						content: null,
						tool_calls: answer.toolCalls.map((call) => ({
							id: `call_${++this.callCount}`,
							type: 'function',
							function: { name: call.name, arguments: JSON.stringify(call.arguments) },
						})),
					};
		return {
			id: `chatcmpl-scripted-${this.callCount}-${Date.now()}`,
			object: 'chat.completion',
			created: Math.floor(Date.now() / 1000),
			model: request.model,
			choices: [
				{
					index: 0,
					message,
					finish_reason: 'text' in answer ? 'stop' : 'tool_calls',
					logprobs: null,
				},
			],
			usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
		};
	}
}
