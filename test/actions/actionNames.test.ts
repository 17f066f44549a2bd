// The action names n8n's node panel lists ("Get many attendees"): one casing and spelling scheme
// for every operation. n8n's own lint rule for action casing lower-cases brands ("whatsapp") and
// splits hyphens ("add ons"), so the scheme is held here instead.
import type { INodePropertyOptions } from 'n8n-workflow';

import { EventX } from '../../nodes/EventX/EventX.node';
import { resourceOptions } from '../../nodes/EventX/actions/resources';

/** Words written as their owners write them; every other word after the first is lower case. */
const PROPER = ['EventX', 'WhatsApp', 'SMS', 'QR', 'ID'];

/**
 * The noun each resource's actions use, singular and plural: the resource's name in lower case,
 * unless a shorter form reads better. Ticketing and Outreach name what they act on instead.
 */
const NOUNS: Record<string, [string, string] | undefined> = {
	attendee: ['attendee', 'attendees'],
	attendeeTag: ['attendee tag', 'attendee tags'],
	customDomain: ['custom domain', 'custom domains'],
	customDomainPathMapping: ['path mapping', 'path mappings'],
	customField: ['custom field', 'custom fields'],
	event: ['event', 'events'],
	invoice: ['invoice', 'invoices'],
	media: ['media file', 'media files'],
	order: ['order', 'orders'],
	outreach: undefined,
	registrationForm: ['registration form', 'registration forms'],
	ticketAddOn: ['ticket add-on', 'ticket add-ons'],
	ticketClass: ['ticket class', 'ticket classes'],
	ticketing: undefined,
	webhook: ['webhook', 'webhooks'],
};

const operations = new EventX().description.properties
	.filter((p) => p.name === 'operation')
	.flatMap((p) =>
		(p.options as INodePropertyOptions[]).map((option) => ({
			resource: String(p.displayOptions?.show?.resource?.[0]),
			name: option.name,
			action: String(option.action),
			description: String(option.description),
		})),
	);
const cases = operations.map((o) => [`${o.resource}: ${o.name}`, o] as const);
const article = (noun: string) => (/^[aeiou]/.test(noun) ? 'an' : 'a');

describe('action names', () => {
	test('every resource has its noun here', () => {
		expect(Object.keys(NOUNS).sort()).toEqual(resourceOptions.map((r) => String(r.value)).sort());
	});

	test.each(cases)(
		'%s: sentence case, brands and abbreviations as their owners write them',
		(_, o) => {
			const [first, ...rest] = o.action.split(' ');
			expect(first).toMatch(/^[A-Z][a-z]+$/);
			const wrong = rest.filter((word) => word !== word.toLowerCase() && !PROPER.includes(word));
			expect(wrong).toEqual([]);
			// The same words never appear in another spelling.
			expect(o.action).not.toMatch(/\b(whatsapp|sms|qr|addons?|add ons?|Add-On)\b/);
		},
	);

	test.each(cases)("%s: the resource's noun, in n8n's pattern for the operation", (_, o) => {
		const noun = NOUNS[o.resource];
		if (!noun) return;
		const [one, many] = noun;
		const patterns: Record<string, string> = {
			'Get Many': `Get many ${many}`,
			Get: `Get ${article(one)} ${one}`,
			Create: `Create ${article(one)} ${one}`,
			Update: `Update ${article(one)} ${one}`,
			Upload: `Upload ${article(one)} ${one}`,
			Verify: `Verify ${article(one)} ${one}`,
		};
		if (patterns[o.name]) expect(o.action).toBe(patterns[o.name]);
		else expect(o.action).toMatch(new RegExp(`\\b(${one}|${many})\\b`));
	});

	test.each(cases.filter(([, o]) => o.name === 'Delete'))(
		'%s: "permanently" exactly when the record cannot be restored',
		(_, o) => {
			expect(o.action.endsWith(' permanently')).toBe(
				/cannot be undone|permanent/.test(o.description),
			);
		},
	);

	test.each(cases)(
		"%s: the description fits n8n's two-line list entry (100 characters), so it is never cut",
		(_, o) => {
			expect(o.description.length).toBeLessThanOrEqual(100);
			expect(o.description).not.toMatch(/\.\.\.$|…/);
		},
	);

	test('the three confirmation sends read alike', () => {
		const sends = operations
			.filter((o) => o.name.startsWith('Send Confirmation'))
			.map((o) => o.action)
			.sort();
		expect(sends).toEqual([
			'Send confirmation SMS messages',
			'Send confirmation WhatsApp messages',
			'Send confirmation emails',
		]);
	});
});
