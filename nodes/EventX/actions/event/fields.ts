import type { INodePropertyOptions } from 'n8n-workflow';

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

/** "business_and_professional" -> "Business And Professional"; "in-person" -> "In Person". */
function humanize(value: string): string {
	return value
		.split(/[_-]/)
		.map((word) =>
			word === 'or' || word === 'and' ? word : word.charAt(0).toUpperCase() + word.slice(1),
		)
		.join(' ')
		.replace(/^./, (c) => c.toUpperCase());
}

function sorted(options: INodePropertyOptions[]): INodePropertyOptions[] {
	return [...options].sort((a, b) => a.name.localeCompare(b.name));
}

export const timezoneOptions: INodePropertyOptions[] = TIMEZONES.map((tz) => ({
	name: tz.replace(/_/g, ' '),
	value: tz,
}));
export const formatOptions = sorted(
	EVENT_FORMATS.map((value) => ({ name: humanize(value), value })),
);
// Kept in ascending size rather than alphabetical order: that is how people read ranges.
export const attendeeCountOptions: INodePropertyOptions[] = ESTIMATED_ATTENDEE_COUNTS.map(
	(value) => ({
		name: value === '>10000' ? 'More than 10,000' : value.replace('-', ' to '),
		value,
	}),
);
export const categoryOptions = sorted(
	EVENT_CATEGORIES.map((value) => ({ name: humanize(value), value })),
);
export const typeOptions = sorted(EVENT_TYPES.map((value) => ({ name: humanize(value), value })));
export const localeOptions = sorted(
	LOCALES.map((value) => ({ name: LOCALE_NAMES[value] ?? value, value })),
);
export const currencyOptions = sorted(PAYMENT_CURRENCIES.map((value) => ({ name: value, value })));
