import type { IExecuteFunctions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { enumOptions } from '../../helpers/labels';
import { invalidField, requireOneOf, toIsoDateTime } from '../../helpers/validation';

import {
	ESTIMATED_ATTENDEE_COUNTS,
	EVENT_CATEGORIES,
	EVENT_FORMATS,
	EVENT_TYPES,
	LOCALES,
	PAYMENT_CURRENCIES,
	TIMEZONES,
} from '../../helpers/enums';

const LOCALE_NAMES: Record<string, string> = {
	en: 'English',
	ja: 'Japanese',
	ko: 'Korean',
	vi: 'Vietnamese',
	'zh-HK': 'Chinese (Hong Kong)',
	'zh-CN': 'Chinese (Simplified)',
	es: 'Spanish',
	th: 'Thai',
	pt: 'Portuguese',
};

function sorted(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return [...options].sort((a, b) => a.name.localeCompare(b.name));
}

export const timezoneOptions: INodePropertyOptions[] = TIMEZONES.map((tz) => ({
	name: tz.replace(/_/g, ' '),
	value: tz,
}));
export const formatOptions = enumOptions(EVENT_FORMATS);
// Kept in ascending size rather than alphabetical order: that is how people read ranges.
export const attendeeCountOptions: INodePropertyOptions[] = ESTIMATED_ATTENDEE_COUNTS.map(
	(value) => ({
		name: value === '>10000' ? 'More than 10,000' : value.replace('-', ' to '),
		value,
	}),
);
export const categoryOptions = enumOptions(EVENT_CATEGORIES);
export const typeOptions = enumOptions(EVENT_TYPES);
export const localeOptions = sorted(
	LOCALES.map((value) => ({ name: LOCALE_NAMES[value] ?? value, value })),
);
export const currencyOptions = sorted(PAYMENT_CURRENCIES.map((value) => ({ name: value, value })));

/** Name, schedule, timezone and size: the fields that Create and Update both require. */
export function coreEventProperties(): INodeProperties[] {
	return [
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. Tech Summit 2026',
		},
		{
			displayName: 'Starts At',
			name: 'startsAt',
			type: 'dateTime',
			default: '',
			required: true,
		},
		{
			displayName: 'Ends At',
			name: 'endsAt',
			type: 'dateTime',
			default: '',
			required: true,
		},
		{
			displayName: 'Timezone',
			name: 'timezone',
			type: 'options',
			options: timezoneOptions,
			default: 'GMT',
			required: true,
		},
		{
			displayName: 'Estimated Attendee Count',
			name: 'estimatedAttendeeCount',
			type: 'options',
			options: attendeeCountOptions,
			default: '51-100',
			required: true,
		},
	];
}

/** Start and end as ISO strings, checked to be in order. */
function readSchedule(
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

function readName(ctx: IExecuteFunctions, itemIndex: number): string {
	const name = String(ctx.getNodeParameter('name', itemIndex, '') ?? '').trim();
	if (name === '') throw invalidField(ctx, 'Name', 'is required', itemIndex);
	return name;
}

/** The fields of `coreEventProperties`, read and checked. */
export function readCoreEventFields(ctx: IExecuteFunctions, itemIndex: number) {
	return {
		name: readName(ctx, itemIndex),
		...readSchedule(ctx, itemIndex),
		timezone: requireOneOf(
			ctx,
			ctx.getNodeParameter('timezone', itemIndex),
			TIMEZONES,
			'Timezone',
			itemIndex,
		),
		estimatedAttendeeCount: requireOneOf(
			ctx,
			ctx.getNodeParameter('estimatedAttendeeCount', itemIndex),
			ESTIMATED_ATTENDEE_COUNTS,
			'Estimated Attendee Count',
			itemIndex,
		),
	};
}
