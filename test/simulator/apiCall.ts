// Tests of the simulator itself call its API over HTTP with a token the store issues.
import { http } from '../platform.cjs';
import type { Simulator } from './server';
import { DEMO_USER_ID } from './store';

export interface Answer {
	dataList?: Array<Record<string, unknown>>;
	data?: Record<string, unknown>;
	pagination?: Record<string, number>;
	error?: { message: string };
}

/** One API call with a fresh token; node's http, as fetch sends no body with a GET. */
export async function apiCall(
	sim: Simulator,
	method: string,
	path: string,
	body?: unknown,
): Promise<{ status: number; body: Answer }> {
	const { accessToken } = sim.store.issueToken(DEMO_USER_ID);
	const text = body === undefined ? '' : JSON.stringify(body);
	return await new Promise((resolve, reject) => {
		const request = http.request(
			`${sim.url}${path}`,
			{
				method,
				headers: {
					authorization: `Bearer ${accessToken}`,
					'content-type': 'application/json',
					'content-length': Buffer.byteLength(text),
				},
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () =>
					resolve({
						status: response.statusCode ?? 0,
						// A 204 carries no body.
						body: (chunks.length === 0
							? {}
							: JSON.parse(Buffer.concat(chunks).toString('utf8'))) as Answer,
					}),
				);
			},
		);
		request.on('error', reject);
		request.end(text);
	});
}
