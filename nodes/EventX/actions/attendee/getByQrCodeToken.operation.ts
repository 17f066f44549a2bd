import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { requireUrlFits } from '../../helpers/urlLength';
import { pathSegment } from '../../helpers/validation';
import { readSimplify, simplifyProperty } from '../../helpers/simplify';
import { modelFilled } from '../../helpers/tool';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { attendeeAtTheDoor } from './lookup';

const properties: INodeProperties[] = [
	eventLocator(),
	...modelFilled({
		displayName: 'QR Code Token',
		name: 'qrCodeToken',
		type: 'string',
		// Hidden like a secret: the token alone gets anyone through the door.
		typeOptions: { password: true },
		default: '',
		required: true,
		description: "The token encoded in the attendee's check-in QR code",
	}),
	simplifyProperty(
		"Whether to return the attendee as door staff need it (read by ID: name, ticket class by name, registration and check-in status, answers by question) instead of EventX's answer (ID, creation time and answers only)",
	),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['getByQrCodeToken'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export const getByQrCodeToken: ItemOperation<{
	eventId: string;
	path: string;
	simplify: boolean;
}> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const token = pathSegment(
			this,
			this.getNodeParameter('qrCodeToken', itemIndex, ''),
			'QR Code Token',
			itemIndex,
		);
		const path = `${API_PREFIX}/event/${eventId}/attendee/qr-code-token/${token}`;
		requireUrlFits(this, itemIndex, path, {}, [
			{ field: 'QR Code Token', text: decodeURIComponent(token) },
		]);
		return { eventId, path, simplify: readSimplify(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, { eventId, path, simplify }, itemIndex) {
		const attendee = await eventxData.call(this, { method: 'GET', path, itemIndex });
		return simplify ? await attendeeAtTheDoor(this, eventId, attendee, itemIndex) : attendee;
	},
};
