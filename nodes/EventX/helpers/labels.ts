import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

/**
 * One of EventX's enum values as the editor shows it, for every dropdown and sort field of the
 * package: words split at "-", "_" and camelCase humps, each capitalized, except "or" and "and"
 * after the first word; "rsvp" -> "RSVP", a later "id" -> "ID", "24h" kept as written.
 * "business_and_professional" -> "Business and Professional", "createdAt" -> "Created At".
 */
export function enumLabel(value: string): string {
	return value
		.replace(/([a-z])([A-Z])/g, '$1 $2')
		.split(/[-_ ]/)
		.map((word, i) => {
			if (i > 0 && (word === 'or' || word === 'and')) return word;
			if (word === 'rsvp') return 'RSVP';
			if (i > 0 && word === 'id') return 'ID';
			if (/^\d+h$/.test(word)) return word;
			return word.charAt(0).toUpperCase() + word.slice(1);
		})
		.join(' ');
}

/** An enum's values as a dropdown's options, sorted by label as n8n's editor guidelines ask. */
export function enumOptions(values: readonly string[]): INodePropertyOptions[] {
	return values
		.map((value) => ({ name: enumLabel(value), value }))
		.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * A record's name in the event's default language (`contentI18n.<member>.default`, else the first
 * translation), falling back to its ID: ticket classes, add-ons and questions name themselves so.
 */
export function i18nText(item: IDataObject, member: 'name' | 'label'): string {
	const i18n = (item.contentI18n as IDataObject | undefined)?.[member] as IDataObject | undefined;
	const text =
		i18n?.default ?? Object.values(i18n ?? {}).find((v) => typeof v === 'string' && v !== '');
	return typeof text === 'string' && text !== '' ? text : String(item.id);
}
