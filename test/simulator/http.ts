import { http, setTimeout, type net } from '../platform.cjs';
import type { FaultSpec } from './faults';

type IncomingMessage = http.IncomingMessage;

/**
 * The tests' own HTTP servers (the simulator, the other host, the trigger harness, the model):
 * one listening on loopback (a free port unless one is named), keep-alive short so that stopping
 * never waits on an idle client.
 */
export async function listenOnLoopback(
	handler: http.RequestListener,
	port = 0,
	host = '127.0.0.1',
): Promise<http.Server> {
	const server = http.createServer(handler);
	server.keepAliveTimeout = 1000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => resolve());
	});
	return server;
}

/** `http://127.0.0.1:<port>` of a listening server; `what` names it in the error otherwise. */
export function loopbackUrl(server: http.Server | undefined, what: string): string {
	const address = server?.address() as net.AddressInfo | null | undefined;
	if (!address) throw new Error(`The ${what} is not started`);
	return `http://127.0.0.1:${address.port}`;
}

/** Stops a server and drops its open connections. */
export async function closeServer(server: http.Server | undefined): Promise<void> {
	if (!server) return;
	server.closeAllConnections();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * Sends `data` one byte every `intervalMs`, as a server that keeps the connection barely alive;
 * stops when the client goes or `alive()` turns false (the listener stopping).
 */
export async function drip(
	res: http.ServerResponse,
	data: Buffer,
	intervalMs: number,
	alive: () => boolean,
): Promise<void> {
	for (let i = 0; i < data.length; i++) {
		if (res.destroyed || !alive()) return;
		res.write(data.subarray(i, i + 1));
		await new Promise((resolve) => setTimeout(resolve, intervalMs));
	}
	res.end();
}

/** An error answered with EventX's envelope `{ error: { code, message, status, meta } }`. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		readonly code: string,
		message: string,
		readonly meta: Record<string, unknown> = {},
	) {
		super(message);
	}
}

export const badRequest = (message: string, meta?: Record<string, unknown>) =>
	new ApiError(400, 'VALIDATION_ERROR', message, meta);
export const notFound = (what: string) => new ApiError(404, 'NOT_FOUND', `${what} not found`);
export const forbidden = (message: string) => new ApiError(403, 'FORBIDDEN', message);

export function errorEnvelope(
	status: number,
	code: string,
	message: string,
	meta: Record<string, unknown> = {},
) {
	return { error: { code, message, status, meta } };
}

export interface RouteResult {
	status: number;
	body?: unknown;
}

export const ok = (body: unknown): RouteResult => ({ status: 200, body });
export const noContent = (): RouteResult => ({ status: 204, body: {} });

export interface RequestContext {
	method: string;
	path: string;
	params: Record<string, string>;
	query: URLSearchParams;
	body: unknown;
	/** The authenticated user (undefined on public routes). */
	userId: string;
	req: IncomingMessage;
	/** A list fault of this request (`LIST_QUIRKS`): how `paginate` answers. */
	quirk?: FaultSpec;
}

export type Handler = (ctx: RequestContext) => RouteResult | Promise<RouteResult>;

export interface Route {
	method: string;
	pattern: string;
	handler: Handler;
	/** Routes that need no Bearer token (the token exchange, simulator controls). */
	public?: boolean;
}

export interface CompiledRoute extends Route {
	regex: RegExp;
	names: string[];
}

export function compileRoute(route: Route): CompiledRoute {
	const names: string[] = [];
	const source = route.pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
		names.push(name);
		return '([^/]+)';
	});
	return { ...route, regex: new RegExp(`^${source}$`), names };
}

export async function readBody(req: IncomingMessage): Promise<string> {
	const chunks: Buffer[] = [];
	for await (const chunk of req) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks).toString('utf8');
}

/** Query value as an integer, or the default; anything else is a 400. */
export function intParam(
	query: URLSearchParams,
	name: string,
	fallback?: number,
): number | undefined {
	const raw = query.get(name);
	if (raw === null || raw === '') return fallback;
	const value = Number(raw);
	if (!Number.isInteger(value)) throw badRequest(`"${name}" must be an integer`, { [name]: raw });
	return value;
}

export function jsonParam(query: URLSearchParams, name: string): unknown {
	const raw = query.get(name);
	if (raw === null || raw === '') return undefined;
	try {
		return JSON.parse(raw);
	} catch {
		throw badRequest(`"${name}" must be JSON`, { [name]: raw });
	}
}

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function requireUuid(value: unknown, name: string): string {
	if (typeof value !== 'string' || !UUID_RE.test(value))
		throw badRequest(`"${name}" must be a UUID`, { [name]: value });
	return value;
}
