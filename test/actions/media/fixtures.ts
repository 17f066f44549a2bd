import { createHash } from 'node:crypto';

import type { IBinaryData } from 'n8n-workflow';

import { byId } from '../../fixtures';
import type { Simulator } from '../../simulator/server';

/** A small PNG-like file: its bytes, and the binary an earlier node would hand over. */
export const FILE = Buffer.from('\x89PNG\r\n\x1a\n banner for the launch party', 'binary');

export function binaryOf(
	bytes: Buffer,
	fileName = 'banner.png',
	mimeType = 'image/png',
): IBinaryData {
	return { data: bytes.toString('base64'), mimeType, fileName };
}

export const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

/** A media operation's parameters on the simulator's first event. */
export function mediaContext(ctx: { sim: Simulator }) {
	const params = (operation: string, extra: Record<string, unknown> = {}) => ({
		resource: 'media',
		operation,
		eventId: byId(ctx.sim.seeded.eventIds[0]),
		...extra,
	});
	return { params };
}

/** A media record with its file uploaded, as Media Upload leaves one. */
export function addMedia(sim: Simulator, eventId = sim.seeded.eventIds[0]): string {
	const id = '6c0e9a52-1b7d-4f3e-8a21-5d9c4b7e3f10';
	sim.store.media.set(id, {
		id,
		eventId,
		fileName: 'logo.png',
		mimeType: 'image/png',
		byteSize: FILE.length,
		checksum: md5(FILE),
		bytes: FILE,
		createdAt: '2026-11-01T00:00:00.000Z',
		markedUploadedAt: '2026-11-01T00:00:01.000Z',
	});
	return id;
}
