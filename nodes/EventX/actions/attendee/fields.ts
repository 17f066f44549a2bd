import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { readLocatorId, recordLocator } from '../../helpers/locators';

/**
 * The attendee list sorted oldest first read in ranges keyed on the creation time: each range
 * starts after the last one read (`createdAt$gt`), so that attendees removed meanwhile shift nothing.
 */
export const CREATED_KEY = { field: 'createdAt', param: 'createdAt$gt' };

/** The attendee of Get, Update and Change Ticket: picked from the event's attendees, or by ID. */
export const attendeeLocator = (): INodeProperties =>
	recordLocator({
		name: 'attendeeId',
		label: 'Attendee',
		searchListMethod: 'searchAttendees',
		searchable: true,
		placeholder: 'Search by name or email...',
		description: 'The attendee to work on. Type a name or an email to search the event.',
	});

/** What a model is told to give as the attendee on the EventX Tool. */
export const ATTENDEE_ID_FOR_MODEL =
	"The attendee's ID (a UUID), e.g. the ID a lookup by short code or QR code token returned";

/** One of the chosen event's custom questions. */
const questionIdProperty: INodeProperties = {
	displayName: 'Question Name or ID',
	name: 'questionId',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getCustomFields',
		loadOptionsDependsOn: ['eventId.value'],
	},
	default: '',
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};

/** Rows that each pick one of the event's questions and give it a value (Get Many's filters). */
export function questionRowsProperty(spec: {
	displayName: string;
	name: string;
	placeholder: string;
	row: { displayName: string; name: string };
	value: INodeProperties;
}): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: spec.placeholder,
		default: {},
		options: [{ ...spec.row, values: [{ ...questionIdProperty }, spec.value] }],
	};
}

export function readAttendeeId(ctx: IExecuteFunctions, itemIndex: number): string {
	return readLocatorId(ctx, 'attendeeId', 'Attendee ID', itemIndex);
}
