import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ESTIMATED_ATTENDEE_COUNTS, EVENT_FORMATS, TIMEZONES } from '../../helpers/enums';
import { invalidField, requireOneOf, requireUuid, toIsoDateTime } from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { ItemOperation } from '../types';
import { attendeeCountOptions, formatOptions, timezoneOptions } from './fields';

const show = { resource: ['event'], operation: ['create'] };

export const description: INodeProperties[] = [
	{
		displayName: 'Organization ID',
		name: 'organizationId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 7c9e6679-7425-40de-944b-e07fc1f90ae7',
		description:
			'The organization that will own the event. Its ID is on every event of that organization.',
		displayOptions: { show },
	},
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Tech Summit 2026',
		displayOptions: { show },
	},
	{
		displayName: 'Starts At',
		name: 'startsAt',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show },
	},
	{
		displayName: 'Ends At',
		name: 'endsAt',
		type: 'dateTime',
		default: '',
		required: true,
		displayOptions: { show },
	},
	{
		displayName: 'Timezone',
		name: 'timezone',
		type: 'options',
		options: timezoneOptions,
		default: 'GMT',
		required: true,
		displayOptions: { show },
	},
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		options: formatOptions,
		default: 'in-person',
		required: true,
		displayOptions: { show },
	},
	{
		displayName: 'Estimated Attendee Count',
		name: 'estimatedAttendeeCount',
		type: 'options',
		options: attendeeCountOptions,
		default: '51-100',
		required: true,
		displayOptions: { show },
	},
];

/** Start and end as ISO strings, checked to be in order. */
export function readSchedule(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { startsAt: string; endsAt: string } {
	const startsAt = toIsoDateTime(
		ctx,
		ctx.getNodeParameter('startsAt', itemIndex),
		'Starts At',
		itemIndex,
	);
	const endsAt = toIsoDateTime(
		ctx,
		ctx.getNodeParameter('endsAt', itemIndex),
		'Ends At',
		itemIndex,
	);
	if (!startsAt) throw invalidField(ctx, 'Starts At', 'is required', itemIndex);
	if (!endsAt) throw invalidField(ctx, 'Ends At', 'is required', itemIndex);
	if (Date.parse(endsAt) < Date.parse(startsAt)) {
		throw invalidField(ctx, 'Ends At', `${endsAt} is before Starts At (${startsAt})`, itemIndex);
	}
	return { startsAt, endsAt };
}

export function readName(ctx: IExecuteFunctions, itemIndex: number): string {
	const name = String(ctx.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (name === '') throw invalidField(ctx, 'Name', 'is required', itemIndex);
	return name;
}

export const create: ItemOperation<IDataObject> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		return {
			organizationId: requireUuid(
				this,
				this.getNodeParameter('organizationId', itemIndex),
				'Organization ID',
				itemIndex,
			),
			name: readName(this, itemIndex),
			...readSchedule(this, itemIndex),
			timezone: requireOneOf(
				this,
				this.getNodeParameter('timezone', itemIndex),
				TIMEZONES,
				'Timezone',
				itemIndex,
			),
			format: requireOneOf(
				this,
				this.getNodeParameter('format', itemIndex),
				EVENT_FORMATS,
				'Format',
				itemIndex,
			),
			estimatedAttendeeCount: requireOneOf(
				this,
				this.getNodeParameter('estimatedAttendeeCount', itemIndex),
				ESTIMATED_ATTENDEE_COUNTS,
				'Estimated Attendee Count',
				itemIndex,
			),
		};
	},
	async execute(this: IExecuteFunctions, body, itemIndex) {
		return await eventxData.call(this, {
			method: 'POST',
			path: `${API_PREFIX}/event`,
			body,
			itemIndex,
		});
	},
};
