import type { http } from '../platform.cjs';

import { closeServer, listenOnLoopback, loopbackUrl, readBody } from './http';

export interface OtherHostRequest {
	method: string;
	path: string;
	headers: http.IncomingHttpHeaders;
	body: string;
}

/** A listener on an ephemeral loopback port: another origin than the simulator's API. */
export abstract class LoopbackHost {
	private server?: http.Server;

	protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void>;

	get url(): string {
		return loopbackUrl(this.server, this.constructor.name);
	}

	protected get listening(): boolean {
		return this.server !== undefined;
	}

	async start(): Promise<this> {
		this.server = await listenOnLoopback((req, res) => void this.handle(req, res));
		return this;
	}

	async stop(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		await closeServer(server);
	}
}

/**
 * A second listener on loopback, standing in for a host that is not EventX: it records what it
 * receives (headers and body, to see whether a token travelled) and answers every request 200 with
 * a body that looks like EventX's, so that following it would show in the node's output.
 */
export class OtherHost extends LoopbackHost {
	readonly requests: OtherHostRequest[] = [];

	protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const body = await readBody(req);
		this.requests.push({
			method: req.method ?? 'GET',
			path: req.url ?? '/',
			headers: req.headers,
			body,
		});
		const text = JSON.stringify({
			data: { id: 'from-other-host', accessToken: 'eyJhbGciOiJIUzI1NiJ9.dummy.other.host' },
			dataList: [{ id: 'from-other-host' }],
			pagination: { page: 1, pageSize: 100, pageCount: 1, totalCount: 1 },
		});
		res.writeHead(200, { 'content-type': 'application/json' });
		res.end(text);
	}
}
