// The one call that does not go to EventX: a file sent to the pre-signed storage URL EventX hands out.
import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { describeThrown } from './errors';
import { readRequestSettings, retryDelay, withDeadline } from './requestOptions';

type BinaryStream = Awaited<ReturnType<IExecuteFunctions['helpers']['getBinaryStream']>>;

export interface StorageUpload {
	/** The pre-signed URL EventX answered with (another host than EventX). */
	url: string;
	/** The file: a buffer, or a function that opens a fresh stream of it for each attempt. */
	content: Buffer | (() => Promise<BinaryStream>);
	mimeType: string;
	/** The file's MD5 in base64, as declared to EventX. */
	checksum: string;
	byteSize: number;
}

/** Why the storage refused or could not take the file. */
export interface StorageFailure {
	status?: number;
	message: string;
}

const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

/** S3 and GCS answer errors as XML: `<Code>` and `<Message>`, or the start of the body. */
function storageMessage(status: number, body: unknown): string {
	const text = typeof body === 'string' ? body : '';
	const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
	const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
	if (code || message) return `HTTP ${status}${code ? ` ${code}` : ''}: ${message ?? ''}`.trim();
	const start = text.replace(/\s+/g, ' ').trim().slice(0, 200);
	return start ? `HTTP ${status}: ${start}` : `HTTP ${status}`;
}

/**
 * Sends the file to the storage URL with n8n's plain HTTP helper: the URL carries its own
 * signature, and EventX's Authorization header must not travel to another host. The PUT names
 * the type, length and MD5 the URL was signed for. The Timeout bounds each attempt as a whole
 * (sending the file and the answer), so a host that trickles its answer is cut off. An upload to
 * the same URL replaces the same object, so a transient failure (429, 5xx, a dropped connection,
 * a timeout) is tried again, with a fresh stream, as the node's retry settings allow. Returns
 * undefined on success.
 */
export async function uploadToStorage(
	this: IExecuteFunctions,
	upload: StorageUpload,
): Promise<StorageFailure | undefined> {
	const { timeout, retryPolicy } = readRequestSettings(this);
	let failure: StorageFailure | undefined;
	let waited = 0;
	for (let attempt = 0; attempt <= retryPolicy.maxRetries; attempt++) {
		if (attempt > 0) {
			const delay = retryDelay(retryPolicy, attempt, waited);
			if (delay === undefined) break;
			waited += delay;
			await sleep(delay);
		}
		let retryable: boolean;
		try {
			const body = Buffer.isBuffer(upload.content) ? upload.content : await upload.content();
			const response = await withDeadline(
				timeout,
				async (abortSignal) =>
					(await this.helpers.httpRequest({
						method: 'PUT',
						url: upload.url,
						body,
						headers: {
							'Content-Type': upload.mimeType,
							'Content-Length': String(upload.byteSize),
							'Content-MD5': upload.checksum,
						},
						encoding: 'text',
						returnFullResponse: true,
						ignoreHttpStatusErrors: true,
						disableFollowRedirect: true,
						timeout,
						// Cuts the request off at the deadline rather than leaving it to trickle on.
						abortSignal,
					})) as { statusCode: number; body: unknown },
				() => undefined,
			);
			if (response === undefined) {
				failure = {
					message: `the storage host did not answer within the Timeout (${timeout / 1000} s)`,
				};
				retryable = true;
			} else if (response.statusCode < 300) {
				return undefined;
			} else {
				failure = {
					status: response.statusCode,
					message: storageMessage(response.statusCode, response.body),
				};
				retryable = RETRYABLE_STATUSES.has(response.statusCode);
			}
		} catch (error) {
			const { code } = describeThrown(error);
			failure = { message: `the connection failed${code ? ` (${code})` : ''}` };
			retryable = true;
		}
		if (!retryable) break;
	}
	return failure;
}
