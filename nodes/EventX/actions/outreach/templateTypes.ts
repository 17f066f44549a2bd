import type { INodePropertyOptions } from 'n8n-workflow';

/** "confirmation-email-with-ticket-summary" -> "Confirmation Email With Ticket Summary"; RSVP and 24h kept as written. */
function templateTypeLabel(type: string): string {
	return type
		.split('-')
		.map((word) => {
			if (word === 'rsvp') return 'RSVP';
			if (/^\d+h$/.test(word)) return word;
			return word.charAt(0).toUpperCase() + word.slice(1);
		})
		.join(' ');
}

/** EventX's email template types as dropdown options, sorted by label. */
export function templateTypeOptions(types: readonly string[]): INodePropertyOptions[] {
	return types
		.map((value) => ({ name: templateTypeLabel(value), value }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
