import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { isKnownTimeZone, wallTimeToUtc } from './timeZone';

export const UUID_PATTERN =
	'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const UUID_RE = new RegExp(UUID_PATTERN);

/** Any n8n context (node, trigger, dropdown methods): the checks below only name the node. */
export type NodeContext = { getNode(): INode };

/**
 * Whether a value is a Date, whichever realm made it: `instanceof` fails for one made by an
 * expression engine running in a sandbox of its own.
 */
export const isDate = (value: unknown): value is Date =>
	Object.prototype.toString.call(value) === '[object Date]';

/** The one UUID check of the package (EventX's identifiers), for any context. */
export function isUuid(value: unknown): value is string {
	return typeof value === 'string' && UUID_RE.test(value);
}

const EMAIL = z.string().email();

/** The one email address check of the package. */
export function isEmail(value: unknown): value is string {
	return typeof value === 'string' && EMAIL.safeParse(value).success;
}

export const uuidSchema = z
	.string()
	.regex(UUID_RE, 'must be a UUID such as 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b');

/** A NodeOperationError that names the field (by its label in the editor) and the item. */
export function invalidField(
	ctx: NodeContext,
	field: string,
	problem: string,
	itemIndex: number,
	description?: string,
): NodeOperationError {
	return new NodeOperationError(ctx.getNode(), `${field}: ${problem}`, { itemIndex, description });
}

function formatIssue(issue: z.ZodIssue): string {
	const path = issue.path.length > 0 ? `"${issue.path.join('.')}" ` : '';
	if (issue.code === 'unrecognized_keys')
		return `${path}has unknown member(s) ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
	return `${path}${issue.message}`;
}

/** Parses `value` with a zod schema; the first issue becomes a NodeOperationError naming the field. */
export function validate<T extends z.ZodTypeAny>(
	ctx: IExecuteFunctions,
	schema: T,
	value: unknown,
	field: string,
	itemIndex: number,
): z.output<T> {
	const result = schema.safeParse(value);
	if (!result.success) {
		throw invalidField(ctx, field, result.error.issues.map(formatIssue).join('; '), itemIndex);
	}
	return result.data;
}

export function requireUuid(
	ctx: NodeContext,
	value: unknown,
	field: string,
	itemIndex: number,
): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (typeof text !== 'string' || text === '')
		throw invalidField(ctx, field, 'is required', itemIndex);
	if (!isUuid(text)) {
		throw invalidField(
			ctx,
			field,
			`"${text}" is not a UUID`,
			itemIndex,
			'EventX identifiers look like 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b',
		);
	}
	return text;
}

/**
 * A text that goes into the request's path as one segment (a short code, a QR-code token),
 * trimmed and encoded. Empty, "." and ".." are refused: a URL resolves the dots, so the request
 * would leave the route the operation means (".." turns `/attendee/short-code/..` into `/attendee/`).
 */
export function pathSegment(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): string {
	const text = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
	if (text === '') throw invalidField(ctx, field, 'is required', itemIndex);
	if (text === '.' || text === '..')
		throw invalidField(ctx, field, `"${text}" cannot be sent: it is not a value`, itemIndex);
	return encodeURIComponent(text);
}

/**
 * The path of the first `__proto__` key in a JSON value, if any. Copying such a key into an
 * object would change the object's prototype instead, and the key would silently vanish.
 */
function protoKeyPath(value: unknown, path: string[] = []): string[] | undefined {
	if (value === null || typeof value !== 'object') return undefined;
	for (const [key, child] of Object.entries(value)) {
		if (key === '__proto__') return [...path, key];
		const found = protoKeyPath(child, [...path, key]);
		if (found) return found;
	}
	return undefined;
}

/** A key typed by the user (e.g. a question ID) that becomes an object key: `__proto__` refused. */
export function objectKey(
	ctx: IExecuteFunctions,
	value: string,
	field: string,
	itemIndex: number,
): string {
	const key = value.trim();
	refuseProtoKeys(ctx, { [key]: null }, field, itemIndex);
	return key;
}

/** Refuses a `__proto__` key anywhere in `value`, naming where it is. */
export function refuseProtoKeys(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): void {
	const path = protoKeyPath(value);
	if (path) {
		throw invalidField(
			ctx,
			field,
			`the key "${path.join('.')}" cannot be sent: "__proto__" is not allowed as a key`,
			itemIndex,
			'Rename the key; it would otherwise be dropped on the way to EventX',
		);
	}
}

/**
 * A JSON parameter may arrive as text (typed in the editor) or as an object (from an expression).
 * A `__proto__` key is refused, not dropped.
 */
export function parseJson(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): unknown {
	if (typeof value === 'string' && value.trim() === '') return undefined;
	let parsed = value;
	if (typeof value === 'string') {
		try {
			parsed = JSON.parse(value);
		} catch (error) {
			throw invalidField(ctx, field, `is not valid JSON (${(error as Error).message})`, itemIndex);
		}
	}
	refuseProtoKeys(ctx, parsed, field, itemIndex);
	return parsed;
}

/** An ISO 8601 date, or date and time, without an offset: a wall-clock time. */
const LOCAL_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?$/;

/** A time that names its offset or zone: ISO 8601 with Z or ±hh:mm, RFC 2822, Date's own text. */
const HAS_ZONE =
	/\d{2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?\s*(?:Z|[+-]\d{2}(?::?\d{2})?|(?:UTC|GMT)(?:[+-]\d{2}:?\d{2})?)(?:\s*\([^)]*\))?$/i;

/**
 * An ISO 8601 date-time as EventX expects it (UTC); `undefined` stays `undefined`. A time without
 * an offset (`2026-11-01T09:00:00`, or a date alone, read as its midnight) is a wall-clock time in
 * the workflow's time zone (Settings > Timezone, else the instance's GENERIC_TIMEZONE), n8n's
 * convention, never the server process's. A Date or Luxon DateTime from an expression is an
 * instant already.
 */
export function toIsoDateTime(
	ctx: NodeContext & { getTimezone(): string },
	value: unknown,
	field: string,
	itemIndex: number,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	const fail = (text: string, why = 'is not a date and time'): never => {
		throw invalidField(
			ctx,
			field,
			`"${text}" ${why}`,
			itemIndex,
			"Use ISO 8601, e.g. 2026-11-01T09:00:00 (in the workflow's time zone) or 2026-11-01T09:00:00Z (UTC)",
		);
	};
	if (isDate(value))
		return Number.isNaN(value.getTime()) ? fail(String(value)) : value.toISOString();
	const luxon = value as { toMillis?: () => number };
	if (typeof luxon.toMillis === 'function') {
		const time = luxon.toMillis();
		return Number.isFinite(time) ? new Date(time).toISOString() : fail(String(value));
	}
	if (typeof value !== 'string') return fail(String(value));
	const text = value.trim();
	const local = LOCAL_DATE_TIME.exec(text);
	if (local) {
		const [year, month, day, hour, minute, second] = local
			.slice(1, 7)
			.map((part) => (part === undefined ? 0 : Number(part)));
		const ms = Number((local[7] ?? '0').padEnd(3, '0').slice(0, 3));
		const wall = Date.UTC(year, month - 1, day, hour, minute, second, ms);
		const check = new Date(wall);
		if (
			check.getUTCMonth() !== month - 1 ||
			check.getUTCDate() !== day ||
			check.getUTCHours() !== hour ||
			minute > 59 ||
			second > 59
		)
			return fail(text);
		const timeZone = ctx.getTimezone() || 'UTC';
		if (!isKnownTimeZone(timeZone))
			return fail(text, `has no offset, and the workflow's time zone "${timeZone}" is unknown`);
		return new Date(wallTimeToUtc(wall, timeZone)).toISOString();
	}
	// Any other form must say its zone: without one, the process's own would silently apply.
	const time = HAS_ZONE.test(text) ? Date.parse(text) : NaN;
	if (Number.isNaN(time)) return fail(text);
	return new Date(time).toISOString();
}

/** A value chosen from a list in the editor may still arrive from an expression: check it. */
export function requireOneOf<T extends string>(
	ctx: NodeContext,
	value: unknown,
	allowed: readonly T[],
	field: string,
	itemIndex: number,
): T {
	if (typeof value === 'string' && (allowed as readonly string[]).includes(value))
		return value as T;
	const sample =
		allowed.length > 12 ? `${allowed.slice(0, 12).join(', ')}, ...` : allowed.join(', ');
	throw invalidField(ctx, field, `"${String(value)}" is not one of ${sample}`, itemIndex);
}

/** An email address, trimmed; empty is refused as missing. */
export function requireEmail(
	ctx: NodeContext,
	value: unknown,
	field: string,
	itemIndex: number,
): string {
	const text = typeof value === 'string' ? value.trim() : value;
	if (text === '' || text === undefined || text === null)
		throw invalidField(ctx, field, 'is required', itemIndex);
	if (!isEmail(text))
		throw invalidField(ctx, field, `"${String(text)}" is not an email address`, itemIndex);
	return text;
}

/** A whole number of at least `min` (the editor's number fields allow fractions and expressions). */
export function requireWholeNumber(
	ctx: NodeContext,
	value: unknown,
	min: number,
	field: string,
	itemIndex: number,
): number {
	if (typeof value !== 'number' || !Number.isInteger(value) || value < min)
		throw invalidField(
			ctx,
			field,
			`must be a whole number of at least ${min}, not ${JSON.stringify(value)}`,
			itemIndex,
		);
	return value;
}

/** C0 and C1 controls, DEL, and the Unicode line and paragraph separators. */
export const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;

/** "U+000D": how an invisible character is named in a message. */
export const codePoint = (char: string) =>
	`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/**
 * An absolute http(s) URL (a webhook's target, a redirect), trimmed and sent as typed. Control
 * characters are refused rather than dropped (a URL parser silently removes tabs and line breaks,
 * so the URL checked would not be the URL sent); `credentials: false` refuses a user name or
 * password in it.
 */
export function readHttpUrl(
	ctx: NodeContext,
	value: unknown,
	field: string,
	itemIndex: number,
	{ credentials = true }: { credentials?: boolean } = {},
): string {
	const text = typeof value === 'string' ? value.trim() : '';
	if (text === '') throw invalidField(ctx, field, 'is required', itemIndex);
	const control = CONTROL_CHARACTER.exec(text);
	if (control)
		throw invalidField(
			ctx,
			field,
			`${JSON.stringify(text)} holds a control character (${codePoint(control[0])})`,
			itemIndex,
			'Remove line breaks, tabs and other control characters from the URL',
		);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw invalidField(ctx, field, `"${text}" is not a URL`, itemIndex);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:')
		throw invalidField(ctx, field, `"${text}" is not an http or https URL`, itemIndex);
	if (!credentials && (url.username !== '' || url.password !== ''))
		throw invalidField(
			ctx,
			field,
			`the URL holds a user name or password (${url.protocol}//${url.username ? '***' : ''}${url.password ? ':***' : ''}@${url.host})`,
			itemIndex,
			'Remove the "user:password@" part: every visitor would be sent it',
		);
	return text;
}

/** Drops undefined members so that bodies carry only what the user set. */
export function compact(object: IDataObject): IDataObject {
	return Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
}

/**
 * The one list reader: one value, a comma-separated text, or an array (from an expression) of
 * values or comma-separated texts, flattened in order; texts trimmed, empty ones and null left
 * out. Other values are kept as they are, for the caller to refuse with its field's words.
 */
export function listEntries(raw: unknown): unknown[] {
	const entries: unknown[] = [];
	for (const value of Array.isArray(raw) ? raw : [raw]) {
		if (value === undefined || value === null) continue;
		if (typeof value !== 'string') entries.push(value);
		else for (const part of value.split(',')) if (part.trim() !== '') entries.push(part.trim());
	}
	return entries;
}

/** Values chosen from a multi-select, or typed by expression as an array or a comma-separated text; deduplicated. */
export function readChoices<T extends string>(
	ctx: NodeContext,
	value: unknown,
	allowed: readonly T[],
	field: string,
	itemIndex: number,
): T[] {
	const list = typeof value === 'string' ? listEntries(value) : value;
	if (!Array.isArray(list)) throw invalidField(ctx, field, 'must be a list', itemIndex);
	return [...new Set(list.map((entry) => requireOneOf(ctx, entry, allowed, field, itemIndex)))];
}
