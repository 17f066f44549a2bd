import type { INodeProperties } from 'n8n-workflow';

import type { Resource } from '../types';
import { changeTicket } from './changeTicket.operation';
import { deleteAttendees } from './delete.operation';
import { get } from './get.operation';
import { getByQrCodeToken } from './getByQrCodeToken.operation';
import { getByShortCode } from './getByShortCode.operation';
import { getMany } from './getMany.operation';
import { removeAttendees } from './remove.operation';
import { update } from './update.operation';
import { upsert } from './upsert.operation';

const operationProperty: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['attendee'] } },
	options: [
		{
			name: 'Change Ticket',
			value: 'changeTicket',
			description: "Change an attendee's ticket class and add-ons (one request per attendee)",
			action: 'Change the ticket of an attendee',
		},
		{
			name: 'Create or Update',
			value: 'upsert',
			// The wording n8n asks of every upsert; the parameters say an attendee ID selects an update.
			description: 'Create a new record, or update the current one if it already exists (upsert)',
			action: 'Create or update attendees',
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete attendees permanently (sent in batches)',
			action: 'Delete attendees permanently',
		},
		{ name: 'Get', value: 'get', description: 'Get an attendee', action: 'Get an attendee' },
		{
			name: 'Get by QR Code Token',
			value: 'getByQrCodeToken',
			description: 'Find an attendee by the token of their check-in QR code',
			action: 'Get an attendee by QR code token',
		},
		{
			name: 'Get by Short Code',
			value: 'getByShortCode',
			description: 'Find an attendee by their short code',
			action: 'Get an attendee by short code',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description: 'Get the attendees of an event',
			action: 'Get many attendees',
		},
		{
			name: 'Remove',
			value: 'remove',
			description: 'Cancel the registrations of attendees (sent in batches)',
			action: 'Remove attendees from an event',
		},
		{
			name: 'Update',
			value: 'update',
			description: "Update an attendee's profile",
			action: 'Update an attendee',
		},
	],
	default: 'getMany',
};

export const attendeeResource: Resource = {
	operationProperty,
	operations: {
		changeTicket,
		delete: deleteAttendees,
		get,
		getByQrCodeToken,
		getByShortCode,
		getMany,
		remove: removeAttendees,
		update,
		upsert,
	},
};
