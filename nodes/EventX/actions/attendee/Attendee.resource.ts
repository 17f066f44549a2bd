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
			description:
				'Move an attendee to another ticket class, with the add-ons they get; returns the attendee',
			action: 'Change the ticket of an attendee',
		},
		{
			name: 'Create or Update',
			value: 'upsert',
			// n8n's upsert wording (its lint rule), with what is created: one attendee per item.
			description:
				'Create a new attendee from each item, or update the current one if it already exists (upsert)',
			action: 'Create or update attendees',
		},
		{
			name: 'Delete',
			value: 'delete',
			description: 'Delete attendees and their data permanently; this cannot be undone',
			action: 'Delete attendees permanently',
		},
		{
			name: 'Get',
			value: 'get',
			description:
				'Get one attendee by ID: profile, ticket, registration status and check-in times',
			action: 'Get an attendee',
		},
		{
			name: 'Get by QR Code Token',
			value: 'getByQrCodeToken',
			description:
				'Find an attendee by their check-in QR code token: name, ticket class, registration and check-in',
			action: 'Get an attendee by QR code token',
		},
		{
			name: 'Get by Short Code',
			value: 'getByShortCode',
			description:
				'Find an attendee by the short code on their ticket: name, ticket class, registration and check-in',
			action: 'Get an attendee by short code',
		},
		{
			name: 'Get Many',
			value: 'getMany',
			description:
				"List an event's attendees, optionally filtered by a search or a registration time",
			action: 'Get many attendees',
		},
		{
			name: 'Remove',
			value: 'remove',
			description: "Cancel attendees' registrations; they stay stored but leave the event's lists",
			action: 'Remove attendees from an event',
		},
		{
			name: 'Update',
			value: 'update',
			description:
				"Change fields of an attendee's profile and answers; returns the updated attendee",
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
