import { createHash, createHmac, randomBytes } from 'node:crypto';

import { setTimeout, type http } from '../platform.cjs';

import type { Faults } from './faults';
import { drip } from './http';
import { LoopbackHost } from './otherHost';

import type { MediaRecord, Store } from './store';

/** The file's MD5 in base64: what EventX's `checksum` and the upload's `Content-MD5` carry. */
export function md5Base64(bytes: Buffer): string {
	return createHash('md5').update(bytes).digest('base64');
}

/** What the storage answers, before it is written (at once, or dripped by a fault). */
interface StorageAnswer {
	status: number;
	headers: Record<string, string>;
	body: string;
}

function s3Error(status: number, code: string, message: string): StorageAnswer {
	return {
		status,
		headers: { 'content-type': 'application/xml' },
		body: `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`,
	};
}

/**
 * The storage behind Media Upload's `uploadUrl`: a second loopback listener (another origin than
 * the API, as a real pre-signed storage URL is), answering like S3 does to a pre-signed PUT. It
 * takes the file only with the signature it issued, no Authorization header (S3 refuses two auth
 * mechanisms), the declared `Content-Type` and `Content-Length`, and a `Content-MD5` equal to the
 * checksum declared to EventX and to the bytes received; errors are S3's XML.
 */
export class StorageHost extends LoopbackHost {
	private readonly secret = randomBytes(16).toString('hex');
	/** Refusals to answer instead of the next uploads (S3 error code and HTTP status). */
	readonly refusals: Array<{ status: number; code: string; message: string }> = [];

	constructor(
		private readonly store: Store,
		/** The simulator's faults; those with `host: 'storage'` apply here. */
		private readonly faults?: Faults,
	) {
		super();
	}

	private signature(mediaId: string): string {
		return createHmac('sha256', this.secret).update(mediaId).digest('hex');
	}

	/** The pre-signed URL of a media record's file. */
	uploadUrl(media: MediaRecord): string {
		const name = encodeURIComponent(media.fileName);
		return `${this.url}/eventx-media/${media.eventId}/${media.id}/${name}?X-Amz-Expires=900&X-Amz-Signature=${this.signature(media.id)}`;
	}

	protected async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const fault = this.faults?.take(req.method ?? 'GET', req.url?.split('?')[0] ?? '/', 'storage');
		if (fault?.kind === 'drop-before') {
			req.socket.destroy();
			return;
		}
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const bytes = Buffer.concat(chunks);
		const url = new URL(req.url ?? '/', 'http://storage');
		const header = (name: string) => {
			const value = req.headers[name];
			return Array.isArray(value) ? value.join(',') : value;
		};
		const entry = {
			method: req.method ?? 'GET',
			path: url.pathname,
			authorization: header('authorization'),
			contentType: header('content-type'),
			contentMd5: header('content-md5'),
			contentLength: header('content-length'),
			byteLength: bytes.length,
			status: 0,
		};
		this.store.storageRequests.push(entry);
		if (fault?.kind === 'hang') return;
		const answer =
			fault?.kind === 'status'
				? s3Error(fault.status ?? 500, fault.code ?? 'InternalError', fault.message ?? 'Injected')
				: this.answer(req, url, bytes, entry);
		entry.status = answer.status;
		if (fault?.kind === 'delay')
			await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 5000));
		if (fault?.kind === 'drop-after') {
			req.socket.destroy();
			return;
		}
		// A dripped answer needs bytes to drip: S3's PutObject result stands in for the empty body.
		const body =
			fault?.kind === 'drip' && answer.body === ''
				? '<?xml version="1.0" encoding="UTF-8"?>\n<PutObjectResult></PutObjectResult>'
				: answer.body;
		res.writeHead(answer.status, { ...answer.headers, 'content-length': Buffer.byteLength(body) });
		if (fault?.kind === 'drip')
			await drip(res, Buffer.from(body), fault.intervalMs ?? 300, () => this.listening);
		else res.end(body);
	}

	private answer(
		req: http.IncomingMessage,
		url: URL,
		bytes: Buffer,
		entry: { authorization?: string; contentType?: string; contentMd5?: string },
	): StorageAnswer {
		const refusal = this.refusals.shift();
		if (refusal) return s3Error(refusal.status, refusal.code, refusal.message);
		const match = /^\/eventx-media\/([^/]+)\/([^/]+)\/[^/]+$/.exec(url.pathname);
		const media = match ? this.store.media.get(match[2]) : undefined;
		if (req.method !== 'PUT')
			return s3Error(405, 'MethodNotAllowed', 'The pre-signed URL allows PUT only');
		if (!match || url.searchParams.get('X-Amz-Signature') !== this.signature(match[2]))
			return s3Error(403, 'SignatureDoesNotMatch', 'The request signature does not match');
		if (entry.authorization !== undefined)
			return s3Error(
				400,
				'InvalidArgument',
				'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter should be specified',
			);
		if (!media || media.eventId !== match[1])
			return s3Error(404, 'NoSuchUpload', 'The upload does not exist');
		if (req.headers['content-length'] === undefined)
			return s3Error(411, 'MissingContentLength', 'You must provide the Content-Length');
		if (entry.contentType !== media.mimeType)
			return s3Error(
				403,
				'SignatureDoesNotMatch',
				`The Content-Type must be the signed "${media.mimeType}"`,
			);
		if (bytes.length !== media.byteSize)
			return s3Error(
				400,
				'IncompleteBody',
				`Received ${bytes.length} bytes, the upload was signed for ${media.byteSize}`,
			);
		if (entry.contentMd5 !== media.checksum)
			return s3Error(400, 'BadDigest', 'The Content-MD5 is not the signed checksum');
		if (md5Base64(bytes) !== media.checksum)
			return s3Error(
				400,
				'BadDigest',
				'The Content-MD5 you specified did not match what we received',
			);
		media.bytes = bytes;
		media.uploadedAt = new Date().toISOString();
		return {
			status: 200,
			headers: { etag: `"${Buffer.from(media.checksum, 'base64').toString('hex')}"` },
			body: '',
		};
	}
}
