import { createHash } from 'node:crypto';

import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	NodeApiError,
} from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { MEDIA_SOURCES } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { enumOptions } from '../../helpers/labels';
import {
	codePoint,
	CONTROL_CHARACTER,
	invalidField,
	requireOneOf,
	requireUuid,
} from '../../helpers/validation';
import {
	API_PREFIX,
	eventxData,
	eventxNoContent,
	uploadToStorage,
	type StorageUpload,
} from '../../transport';
import type { ItemOperation } from '../types';

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		placeholder: 'e.g. data',
		hint: 'The name of the input binary field holding the file to upload',
		description:
			'The binary field of the input item that holds the file, e.g. "data" from Read/Write Files from Disk, HTTP Request or Convert to File',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Attendee ID',
				name: 'attendeeId',
				type: 'string',
				default: '',
				description: 'The attendee the file belongs to (a UUID), e.g. an answer to a file question',
			},
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. banner.png',
				description: "The file's name in EventX. Empty: the binary's own file name.",
			},
			{
				displayName: 'MIME Type',
				name: 'mimeType',
				type: 'string',
				default: '',
				placeholder: 'e.g. image/png',
				description: "The file's type. Empty: the binary's own MIME type.",
			},
			{
				displayName: 'Registration Form ID',
				name: 'regFormId',
				type: 'string',
				default: '',
				description: 'The registration form the file was uploaded through (a UUID)',
			},
			{
				displayName: 'Source',
				name: 'source',
				type: 'options',
				options: enumOptions(MEDIA_SOURCES),
				default: 'attendee_registration',
				description: 'Where the file comes from, as EventX records it',
			},
		],
	},
];

const displayOptions = { show: { resource: ['media'], operation: ['upload'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	binaryPropertyName: string;
	binary: IBinaryData;
	fileName: string;
	mimeType: string;
	metadata?: IDataObject;
}

const MIME_TYPE = /^[\w.+-]+\/[\w.+-]+$/;

/**
 * Where the file may be sent: https, or http to this machine only (a local EventX or a test
 * double). Anything else would carry the file in clear text, or to a scheme n8n does not speak.
 */
function uploadUrlProblem(text: string): string | undefined {
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return `"${text.slice(0, 200)}" is not a URL`;
	}
	if (url.protocol === 'https:') return undefined;
	const loopback = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(url.hostname);
	if (url.protocol === 'http:' && loopback) return undefined;
	return `it is not an https URL (${url.protocol}//${url.host})`;
}

/** The file's bytes (or a way to stream them again), MD5 in base64 and size. */
interface FileContent {
	content: StorageUpload['content'];
	checksum: string;
	byteSize: number;
}

/**
 * Reads the binary through n8n's helpers. Stored outside the item (the filesystem mode n8n 2 uses
 * by default, S3, database), it is streamed twice, once to hash and once to send, and never held
 * whole in memory; held in the item as base64 (the in-memory "default" mode), it is decoded once.
 */
async function readFile(
	ctx: IExecuteFunctions,
	{ binary, binaryPropertyName }: Plan,
	itemIndex: number,
): Promise<FileContent> {
	const hash = createHash('md5');
	if (binary.id) {
		const id = binary.id;
		let byteSize = 0;
		for await (const chunk of await ctx.helpers.getBinaryStream(id)) {
			hash.update(chunk as Buffer);
			byteSize += (chunk as Buffer).length;
		}
		return {
			content: async () => await ctx.helpers.getBinaryStream(id),
			checksum: hash.digest('base64'),
			byteSize,
		};
	}
	const buffer = await ctx.helpers.getBinaryDataBuffer(itemIndex, binaryPropertyName);
	return {
		content: buffer,
		checksum: hash.update(buffer).digest('base64'),
		byteSize: buffer.length,
	};
}

/** An EventX failure after the media record exists: its message says the step and the media. */
function afterCreate(error: unknown, mediaId: string, step: string): unknown {
	const e = error as NodeApiError;
	if (typeof e?.message === 'string') {
		e.message = `Media ${mediaId}: ${step} failed: ${e.message}`;
		e.description =
			`${e.description ?? ''} The file is uploaded but EventX did not mark media ${mediaId} as uploaded: run the item again, or delete the media (Media > Delete).`.trim();
	}
	return error;
}

export const upload: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const binaryPropertyName = String(this.getNodeParameter('binaryPropertyName', itemIndex, ''));
		if (binaryPropertyName.trim() === '')
			throw invalidField(this, 'Input Binary Field', 'is required', itemIndex);
		let binary: IBinaryData | undefined;
		try {
			binary = this.helpers.assertBinaryData(itemIndex, binaryPropertyName.trim());
		} catch {
			binary = undefined;
		}
		if (!binary) {
			throw invalidField(
				this,
				'Input Binary Field',
				`the item has no binary field "${binaryPropertyName}"`,
				itemIndex,
				'Give the name of a binary field of the input item, e.g. "data" (see the Binary tab of the previous node)',
			);
		}
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const fileName = String(options.fileName || binary.fileName || '').trim();
		if (fileName === '')
			throw invalidField(
				this,
				'File Name',
				'the binary has no file name',
				itemIndex,
				'Set File Name in the Options',
			);
		// A line break or NUL would change the name on its way (into headers, paths, a download's name).
		const control = CONTROL_CHARACTER.exec(fileName);
		if (control)
			throw invalidField(
				this,
				'File Name',
				`${JSON.stringify(fileName)} holds a control character (${codePoint(control[0])})`,
				itemIndex,
				options.fileName
					? 'Remove line breaks, tabs and other control characters from File Name'
					: "The binary's own file name holds it: set File Name in the Options",
			);
		const mimeType = String(options.mimeType || binary.mimeType || '').trim();
		if (!MIME_TYPE.test(mimeType))
			throw invalidField(this, 'MIME Type', `"${mimeType}" is not a MIME type`, itemIndex);
		const uuid = (name: string, field: string) =>
			options[name] ? requireUuid(this, options[name], field, itemIndex).toLowerCase() : undefined;
		const attendeeId = uuid('attendeeId', 'Attendee ID');
		const regFormId = uuid('regFormId', 'Registration Form ID');
		const source =
			options.source === undefined
				? undefined
				: requireOneOf(this, options.source, MEDIA_SOURCES, 'Source', itemIndex);
		const metadata =
			attendeeId || regFormId || source
				? Object.fromEntries(
						Object.entries({ eventId, regFormId, attendeeId, source }).filter(([, v]) => v),
					)
				: undefined;
		return {
			eventId,
			binaryPropertyName: binaryPropertyName.trim(),
			binary,
			fileName,
			mimeType,
			metadata,
		};
	},
	async execute(this: IExecuteFunctions, plan, itemIndex) {
		const { eventId, fileName, mimeType, metadata } = plan;
		const file = await readFile(this, plan, itemIndex);
		if (file.byteSize === 0)
			throw invalidField(this, 'Input Binary Field', 'the file is empty (0 bytes)', itemIndex);
		// Step 1 of 3: the record. Not repeated on an ambiguous failure: a second would be another record.
		const created = await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/event/${eventId}/media`,
			body: {
				fileName,
				checksum: file.checksum,
				mimeType,
				byteSize: file.byteSize,
				...(metadata ? { metadata } : {}),
			},
			retry: 'write',
			itemIndex,
		});
		const mediaId = typeof created.id === 'string' ? created.id.toLowerCase() : '';
		if (!/^[0-9a-f-]{36}$/.test(mediaId)) {
			throw new NodeOperationError(
				this.getNode(),
				'EventX created the media record without a usable ID',
				{ itemIndex, description: `EventX answered the media ID "${mediaId}"` },
			);
		}
		const base = `${API_PREFIX}/event/${eventId}/media/${mediaId}`;
		/** The record holds no file: it is deleted again, and the item fails saying what happened. */
		const discard = async (problem: string): Promise<never> => {
			let cleanedUp = true;
			try {
				await eventxNoContent.call(this, {
					method: 'DELETE',
					path: base,
					retry: 'write',
					itemIndex,
				});
			} catch {
				cleanedUp = false;
			}
			throw new NodeOperationError(this.getNode(), `Media ${mediaId}: ${problem}`, {
				itemIndex,
				description: cleanedUp
					? `EventX had created media ${mediaId} for the file; it was deleted again, so nothing is left half-made. Run the item again.`
					: `EventX created media ${mediaId} for the file, which holds no file now, and deleting it failed too: delete it (Media > Delete) before running the item again.`,
			});
		};
		const uploadUrl = typeof created.uploadUrl === 'string' ? created.uploadUrl : '';
		const urlProblem = uploadUrlProblem(uploadUrl);
		if (urlProblem)
			return await discard(`the upload URL EventX answered was not used: ${urlProblem}`);

		// Step 2 of 3: the file, to the pre-signed URL (another host: no EventX token).
		const failed = await uploadToStorage.call(this, { url: uploadUrl, ...file, mimeType });
		if (failed)
			return await discard(`sending the file to the upload URL failed: ${failed.message}`);

		// Step 3 of 3: marking it uploaded is idempotent, so it may be repeated after any failure.
		try {
			await eventxNoContent.call(this, {
				method: 'PUT',
				path: `${base}/mark-uploaded`,
				retry: 'read',
				itemIndex,
			});
		} catch (error) {
			throw afterCreate(error, mediaId, 'marking the upload done');
		}
		return {
			id: mediaId,
			eventId,
			fileName: typeof created.fileName === 'string' ? created.fileName : fileName,
			mimeType,
			byteSize: file.byteSize,
			checksum: file.checksum,
			uploaded: true,
		};
	},
};
