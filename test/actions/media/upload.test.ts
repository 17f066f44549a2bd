import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

import {
	apiRequests,
	assertNoSecrets,
	expectNodeError,
	expectNotRepeated,
	run,
	useSimulator,
} from '../../fixtures';
import { fs, os, path } from '../../platform.cjs';
import { binaryOf, FILE, md5, mediaContext } from './fixtures';

const ctx = useSimulator();
const { params } = mediaContext(ctx);
const UPLOAD = /\/media$/;

describe('Media > Upload', () => {
	test('creates the record, sends the file to the upload URL without the EventX token, marks it uploaded', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const { items, error } = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: binaryOf(FILE) }],
		});
		expect(error).toBeUndefined();
		const requests = apiRequests(ctx.sim);
		expect(requests.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/g, ':id')}`)).toEqual([
			'POST /public-api/v1/event/:id/media',
			'PUT /public-api/v1/event/:id/media/:id/mark-uploaded',
		]);
		expect(requests[0].body).toEqual({
			fileName: 'banner.png',
			checksum: md5(FILE),
			mimeType: 'image/png',
			byteSize: FILE.length,
		});
		const [media] = ctx.sim.store.media.values();
		expect(media.bytes?.equals(FILE)).toBe(true);
		expect(media.markedUploadedAt).toEqual(expect.any(String));
		// The storage host is another origin: n8n's plain helper, no Authorization, no token anywhere.
		expect(ctx.sim.store.storageRequests).toHaveLength(1);
		expect(ctx.sim.store.storageRequests[0]).toMatchObject({
			method: 'PUT',
			authorization: undefined,
			contentType: 'image/png',
			contentMd5: md5(FILE),
			contentLength: String(FILE.length),
			status: 200,
		});
		assertNoSecrets(ctx.sim, ctx.sim.store.storageRequests);
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			id: media.id,
			eventId,
			fileName: 'banner.png',
			mimeType: 'image/png',
			byteSize: FILE.length,
			checksum: md5(FILE),
			uploaded: true,
		});
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	test('reads a binary kept by n8n on disk (filesystem binary mode) as a stream', async () => {
		const service = new BinaryDataService(
			{
				mode: 'filesystem',
				availableModes: ['filesystem'],
				localStoragePath: fs.mkdtempSync(path.join(os.tmpdir(), 'evx-binary-')),
			} as never,
			{ error: () => undefined } as never,
			{ debug: () => undefined, warn: () => undefined, error: () => undefined } as never,
		);
		await service.init();
		const previous = Container.has(BinaryDataService)
			? Container.get(BinaryDataService)
			: undefined;
		Container.set(BinaryDataService, service);
		const big = Buffer.alloc(3 * 1024 * 1024 + 7, 'evx');
		const stored = await service.store(
			{ type: 'execution', workflowId: 'wf', executionId: '1' },
			big,
			{ data: '', mimeType: 'video/mp4', fileName: 'teaser.mp4' },
		);
		const result = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: stored }],
		});
		if (previous) Container.set(BinaryDataService, previous);
		expect(stored.id).toMatch(/^filesystem/);
		expect(result.error).toBeUndefined();
		const [media] = ctx.sim.store.media.values();
		expect(media).toMatchObject({
			fileName: 'teaser.mp4',
			byteSize: big.length,
			checksum: md5(big),
		});
		expect(media.bytes?.equals(big)).toBe(true);
		expect(result.items[0].json).toMatchObject({ byteSize: big.length, uploaded: true });
	});

	test('File Name, MIME Type and the metadata options are sent as given', async () => {
		const eventId = ctx.sim.seeded.eventIds[0];
		const attendeeId = ctx.sim.seeded.attendeeIds[eventId][0];
		const { error } = await run(ctx.sim, {
			parameters: params('upload', {
				binaryPropertyName: 'file',
				options: {
					fileName: 'answer.pdf',
					mimeType: 'application/pdf',
					attendeeId,
					source: 'attendee_custom_question_update',
				},
			}),
			binaries: [{ file: binaryOf(FILE, 'upload.bin', 'application/octet-stream') }],
		});
		expect(error).toBeUndefined();
		expect(ctx.sim.requestsTo('POST', UPLOAD)[0].body).toMatchObject({
			fileName: 'answer.pdf',
			mimeType: 'application/pdf',
			metadata: { eventId, attendeeId, source: 'attendee_custom_question_update' },
		});
		expect(ctx.sim.store.storageRequests[0].contentType).toBe('application/pdf');
	});

	test('a refused upload names the step and the media, and deletes the empty record again', async () => {
		ctx.sim.storage.refusals.push({
			status: 403,
			code: 'AccessDenied',
			message: 'Request has expired',
		});
		const { error } = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: binaryOf(FILE) }],
		});
		const [created] = ctx.sim.requestsTo('POST', UPLOAD);
		expectNodeError(error, {
			name: 'NodeOperationError',
			message:
				/^Media [0-9a-f-]{36}: sending the file to the upload URL failed: HTTP 403 AccessDenied: Request has expired$/,
			item: 0,
		});
		expect(error?.description).toMatch(/deleted again/);
		expect(created.status).toBe(200);
		expect(ctx.sim.requestsTo('DELETE', /\/media\/[0-9a-f-]{36}$/)).toHaveLength(1);
		expect(ctx.sim.requestsTo('PUT', /mark-uploaded$/)).toHaveLength(0);
		expect(ctx.sim.store.media.size).toBe(0);
	});

	test('a storage 503 is tried again with the same URL, and the upload completes', async () => {
		ctx.sim.storage.refusals.push({ status: 503, code: 'SlowDown', message: 'Reduce your rate' });
		const { error } = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: binaryOf(FILE) }],
		});
		expect(error).toBeUndefined();
		expect(ctx.sim.store.storageRequests.map((r) => r.status)).toEqual([503, 200]);
		expect(ctx.sim.requestsTo('POST', UPLOAD)).toHaveLength(1);
	});

	test('a failed mark-uploaded says the step and the media ID, so that a re-run can clean up', async () => {
		ctx.sim.addFault({
			kind: 'status',
			status: 404,
			code: 'NOT_FOUND',
			message: 'Media not found',
			method: 'PUT',
			path: 'mark-uploaded$',
		});
		const { error } = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: binaryOf(FILE) }],
		});
		const [media] = ctx.sim.store.media.values();
		expectNodeError(error, {
			name: 'NodeApiError',
			message: `Media ${media.id}: marking the upload done failed: Media not found`,
			item: 0,
		});
		expect(error?.description).toContain(`delete the media (Media > Delete)`);
	});

	test('EventX refusing the record stops before any upload, with its message', async () => {
		ctx.sim.addFault({
			kind: 'status',
			status: 400,
			code: 'VALIDATION_ERROR',
			message: 'File type not allowed',
			method: 'POST',
			path: '/media$',
		});
		const { error } = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: binaryOf(FILE) }],
		});
		expectNodeError(error, { name: 'NodeApiError', message: 'File type not allowed', item: 0 });
		expect(ctx.sim.store.storageRequests).toHaveLength(0);
	});

	test('is not repeated after a dropped connection on the create', async () => {
		ctx.sim.addFault({ kind: 'drop-after', method: 'POST', path: '/media$' });
		const { error } = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: binaryOf(FILE) }],
		});
		expectNotRepeated(error);
		expect(ctx.sim.requestsTo('POST', UPLOAD)).toHaveLength(1);
		expect(ctx.sim.store.storageRequests).toHaveLength(0);
	});

	test('with Continue On Fail, an item without its binary fails alone', async () => {
		const { items, error } = await run(ctx.sim, {
			parameters: params('upload'),
			items: [{}, {}],
			binaries: [{ data: binaryOf(FILE) }, undefined],
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => (i.pairedItem as { item: number }).item)).toEqual([0, 1]);
		expect(items[0].json.uploaded).toBe(true);
		expect(items[1].json.error).toBe('Input Binary Field: the item has no binary field "data"');
		expect(items[1].error?.name).toBe('NodeOperationError');
		expect(ctx.sim.store.media.size).toBe(1);
	});
});

describe('Media > Upload: validation before sending', () => {
	test.each([
		[{}, undefined, 'Input Binary Field: the item has no binary field "data"'],
		[{ binaryPropertyName: '={{ "" }}' }, binaryOf(FILE), 'Input Binary Field: is required'],
		[{ options: { mimeType: 'png' } }, binaryOf(FILE), 'MIME Type: "png" is not a MIME type'],
		[
			{ options: { attendeeId: 'guest-1' } },
			binaryOf(FILE),
			'Attendee ID: "guest-1" is not a UUID',
		],
		[
			{ options: { source: 'email' } },
			binaryOf(FILE),
			/^Source: "email" is not one of attendee_registration/,
		],
		[{}, { data: '', mimeType: 'image/png' }, 'File Name: the binary has no file name'],
		[{}, binaryOf(Buffer.alloc(0)), 'Input Binary Field: the file is empty (0 bytes)'],
	])('Upload refuses %j', async (extra, binary, message) => {
		const { error } = await run(ctx.sim, {
			parameters: params('upload', extra),
			binaries: [binary ? { data: binary } : undefined],
		});
		expectNodeError(error, { name: 'NodeOperationError', message, item: 0 });
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});
});

describe('Media > Upload when EventX or the storage host misbehave', () => {
	// The Options collection holds File Name and the request settings alike.
	const upload = (options: Record<string, unknown> = {}) => ({
		parameters: params('upload', { options }),
		binaries: [{ data: binaryOf(FILE) }],
	});

	test.each([
		['ftp://storage.example.com/eventx-media/banner.png', 'ftp://storage.example.com'],
		['http://storage.example.com/eventx-media/banner.png', 'http://storage.example.com'],
	])(
		'an upload URL that is not https (%s) is not used, and the record EventX made is deleted',
		async (uploadUrl, shown) => {
			ctx.sim.addFault({
				kind: 'patch-data',
				method: 'POST',
				path: '/media$',
				data: { uploadUrl },
			});
			const { error } = await run(ctx.sim, upload());
			const [created] = ctx.sim.requestsTo('POST', UPLOAD);
			expect(created.status).toBe(200);
			expectNodeError(error, {
				name: 'NodeOperationError',
				message: new RegExp(
					`^Media [0-9a-f-]{36}: the upload URL EventX answered was not used: it is not an https URL \\(${shown.replace(/[./]/g, '\\$&')}\\)$`,
				),
				item: 0,
			});
			expect(error?.description).toMatch(/deleted again/);
			expect(ctx.sim.store.storageRequests).toHaveLength(0);
			expect(ctx.sim.requestsTo('DELETE', /\/media\/[0-9a-f-]{36}$/)).toHaveLength(1);
			expect(ctx.sim.store.media.size).toBe(0);
		},
	);

	test('a storage host that trickles its answer is cut off by the Timeout, and the record is deleted', async () => {
		// About 80 bytes at one every 100 ms: 8 s of answer, each byte well within an idle timer.
		ctx.sim.addFault({ kind: 'drip', host: 'storage', method: 'PUT', intervalMs: 100 });
		const { error } = await run(ctx.sim, upload({ timeoutSeconds: 1, maxRetries: 0 }));
		expectNodeError(error, {
			name: 'NodeOperationError',
			message:
				/^Media [0-9a-f-]{36}: sending the file to the upload URL failed: the storage host did not answer within the Timeout \(1 s\)$/,
			item: 0,
		});
		expect(ctx.sim.store.storageRequests).toHaveLength(1);
		expect(ctx.sim.requestsTo('DELETE', /\/media\/[0-9a-f-]{36}$/)).toHaveLength(1);
		expect(ctx.sim.requestsTo('PUT', /mark-uploaded$/)).toHaveLength(0);
		expect(ctx.sim.store.media.size).toBe(0);
	});

	test.each([
		['a line break', 'banner\r\n.png', 'U+000D'],
		['a NUL', 'banner\u0000.png', 'U+0000'],
		['a tab', 'ban\tner.png', 'U+0009'],
		['a line separator', 'banner\u2028.png', 'U+2028'],
	])('a File Name with %s fails naming File Name before any request', async (_, fileName, code) => {
		const { error } = await run(ctx.sim, upload({ fileName }));
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: `File Name: ${JSON.stringify(fileName)} holds a control character (${code})`,
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(0);
		expect(ctx.sim.store.storageRequests).toHaveLength(0);
	});

	test("the binary's own file name with a control character fails the same way", async () => {
		const { error } = await run(ctx.sim, {
			parameters: params('upload'),
			binaries: [{ data: binaryOf(FILE, 'report\n2026.pdf', 'application/pdf') }],
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'File Name: "report\\n2026.pdf" holds a control character (U+000A)',
			item: 0,
		});
		expect(error?.description).toMatch(/set File Name in the Options/);
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});
});
