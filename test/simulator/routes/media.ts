import { randomUUID } from 'node:crypto';

import { MEDIA_SOURCES } from '../../../nodes/EventX/helpers/enums';
import { ApiError, badRequest, noContent, notFound, ok, requireUuid, type Route } from '../http';
import type { Json, MediaRecord, Store } from '../store';
import { requireEvent } from './events';
import type { SimulatorServices } from './index';

const BODY_KEYS = ['fileName', 'checksum', 'mimeType', 'byteSize', 'metadata'];
const METADATA_KEYS = ['eventId', 'regFormId', 'attendeeId', 'source'];
/** An MD5 in base64: 16 bytes, 24 characters with padding. */
const MD5_BASE64 = /^[A-Za-z0-9+/]{22}==$/;

function rejectUnknown(body: Json, allowed: string[], where: string): void {
	const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown member(s) in ${where}: ${unknown.join(', ')}`);
}

function requireText(body: Json, name: string): string {
	const value = body[name];
	if (typeof value !== 'string' || value.trim() === '')
		throw badRequest(`"${name}" must be a non-empty string`);
	return value;
}

function validMetadata(value: unknown): Json | undefined {
	if (value === undefined) return undefined;
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest('"metadata" must be an object');
	const metadata = value as Json;
	rejectUnknown(metadata, METADATA_KEYS, '"metadata"');
	for (const key of ['eventId', 'regFormId', 'attendeeId'])
		if (metadata[key] !== undefined) requireUuid(metadata[key], `metadata.${key}`);
	if (
		metadata.source !== undefined &&
		!(MEDIA_SOURCES as readonly string[]).includes(metadata.source as string)
	)
		throw badRequest(`Unknown metadata.source "${String(metadata.source)}"`, {
			allowed: MEDIA_SOURCES,
		});
	return metadata;
}

const mediaType = (mimeType: string) =>
	mimeType.startsWith('image/') ? 'image' : mimeType.startsWith('video/') ? 'video' : 'file';

/** The media record as `GET .../media/{mediaId}` answers it (the OpenAPI's third shape). */
export function mediaJson(media: MediaRecord): Json {
	const path = `events/${media.eventId}/media/${media.id}`;
	return {
		id: media.id,
		originalFilename: media.fileName,
		previewFilename: media.fileName,
		originalFilepath: `${path}/${media.fileName}`,
		previewFilepath: `${path}/preview-${media.fileName}`,
		mimeType: media.mimeType,
		type: mediaType(media.mimeType),
		size: media.byteSize,
	};
}

function requireMedia(store: Store, eventId: string, mediaId: string): MediaRecord {
	const media = store.media.get(mediaId);
	if (!media || media.eventId !== eventId) throw notFound('Media');
	return media;
}

/**
 * Media: create a record and get a pre-signed upload URL (served by the storage host), mark it
 * uploaded (refused until the storage host has the declared file), read it, delete it.
 */
export function mediaRoutes(store: Store, services: SimulatorServices): Route[] {
	const base = '/public-api/v1/event/:eventId/media';
	return [
		{
			method: 'POST',
			pattern: base,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				if (body === null || typeof body !== 'object' || Array.isArray(body))
					throw badRequest('The body must be an object');
				const b = body as Json;
				rejectUnknown(b, BODY_KEYS, 'the body');
				const checksum = requireText(b, 'checksum');
				if (!MD5_BASE64.test(checksum))
					throw badRequest('"checksum" must be the file\'s MD5 digest in base64', { checksum });
				const byteSize = b.byteSize;
				if (typeof byteSize !== 'number' || !Number.isInteger(byteSize) || byteSize < 1)
					throw badRequest('"byteSize" must be a whole number of bytes, at least 1');
				const media: MediaRecord = {
					id: randomUUID(),
					eventId: params.eventId,
					fileName: requireText(b, 'fileName'),
					mimeType: requireText(b, 'mimeType'),
					byteSize,
					checksum,
					metadata: validMetadata(b.metadata),
					createdAt: new Date().toISOString(),
				};
				store.media.set(media.id, media);
				return ok({
					data: {
						id: media.id,
						fileName: media.fileName,
						mimeType: media.mimeType,
						uploadUrl: services.uploadUrl(media),
					},
				});
			},
		},
		{
			method: 'PUT',
			pattern: `${base}/:mediaId/mark-uploaded`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				const media = requireMedia(store, params.eventId, params.mediaId);
				if (!media.bytes)
					throw new ApiError(
						409,
						'MEDIA_NOT_UPLOADED',
						'The file has not been uploaded to the upload URL',
					);
				media.markedUploadedAt = media.markedUploadedAt ?? new Date().toISOString();
				return noContent();
			},
		},
		{
			method: 'GET',
			pattern: `${base}/:mediaId`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ data: mediaJson(requireMedia(store, params.eventId, params.mediaId)) });
			},
		},
		{
			method: 'DELETE',
			pattern: `${base}/:mediaId`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				requireMedia(store, params.eventId, params.mediaId);
				store.media.delete(params.mediaId);
				return noContent();
			},
		},
	];
}
