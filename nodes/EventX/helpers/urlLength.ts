import type { IDataObject } from 'n8n-workflow';

import { invalidField, type NodeContext } from './validation';

/**
 * The longest request address (path and query string) the node sends. Lookups put values in the
 * path and list filters travel in the query string (EventX also takes them in a GET body, but
 * n8n's HTTP client drops GET bodies); servers and proxies refuse request lines past 8 KB (nginx,
 * Apache, CloudFront) with 414 or 431, an answer that names nothing. Checked before any request,
 * so that the item fails naming the field instead.
 */
export const MAX_URL_LENGTH = 8000;

/** Room left for what is added after the check: `page`, `pageSize` and `pageEnd`. */
const PAGING_ROOM = 64;

/** A value the user gave that travels in the address, and the field it comes from. */
export interface UrlPart {
	field: string;
	/** The value as it is sent, before URL encoding (a JSON list as text, a search term...). */
	text: string;
	/** For a list: how many entries it holds, to say how many would fit. */
	entries?: number;
	/** What an entry is called in the message, e.g. "IDs". */
	unit?: string;
}

/** The length of a text once URL-encoded, as the HTTP client sends it. */
const encodedLength = (text: string) => encodeURIComponent(text).length;

/** The length of `path?qs` as sent. */
function addressLength(path: string, qs: IDataObject): number {
	const query = Object.entries(qs)
		.filter(([, value]) => value !== undefined && value !== null)
		.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
		.join('&');
	return path.length + (query ? query.length + 1 : 0);
}

/**
 * Fails the item, naming the longest of `parts`, when `path` with `qs` would be too long to send;
 * for a list, the message says how many of its entries would fit.
 */
export function requireUrlFits(
	ctx: NodeContext,
	itemIndex: number,
	path: string,
	qs: IDataObject,
	parts: UrlPart[],
): void {
	const length = addressLength(path, qs) + PAGING_ROOM;
	if (length <= MAX_URL_LENGTH || parts.length === 0) return;
	const longest = parts.reduce((a, b) => (encodedLength(b.text) > encodedLength(a.text) ? b : a));
	const own = encodedLength(longest.text);
	const room = MAX_URL_LENGTH - (length - own);
	const count = (n: number) => n.toLocaleString('en-US');
	if (longest.entries !== undefined && longest.entries > 1) {
		const unit = longest.unit ?? 'entries';
		const fit = Math.max(0, Math.floor((longest.entries * room) / own));
		throw invalidField(
			ctx,
			longest.field,
			`${count(longest.entries)} ${unit} are too many for one request: EventX's address would be ${count(length)} characters long, and servers refuse more than ${count(MAX_URL_LENGTH)}`,
			itemIndex,
			`Give at most ${count(fit)} ${unit} per item: split the list over several items (for example with the Split Out or Loop Over Items node) and merge the results`,
		);
	}
	throw invalidField(
		ctx,
		longest.field,
		`${count(longest.text.length)} characters are too long for one request: EventX's address would be ${count(length)} characters long, and servers refuse more than ${count(MAX_URL_LENGTH)}`,
		itemIndex,
		`Shorten it to at most ${count(Math.max(0, Math.floor((longest.text.length * room) / own)))} characters`,
	);
}
