// What every polling event reads from the node's options alike, the attendee and order triggers'
// settings, and the poll's time.
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { ORDER_STATUSES, REGISTRATION_STATUSES } from '../helpers/enums';
import { invalidField, toIsoDateTime } from '../helpers/validation';
import type { PollLimits } from './engine';
import { readScope, type Scope } from './scope';
import { pollTrigger, type PollFilters, type PollTrigger } from './triggers';

/** Records emitted by one poll at most, unless the user sets another cap. */
export const DEFAULT_MAX_RECORDS = 10_000;

/**
 * n8n's poll budget where n8n gives none (2.8, and "Fetch Test Event"): 2.41's default poll
 * timeout (`N8N_SCHEDULER_POLL_TIMEOUT`, 45 s) less the margin it keeps.
 */
export const FALLBACK_BUDGET_MS = 36_000;

/** A poll starts no further range once this share of the budget is spent. */
const READ_SHARE = 0.5;

/** And every request is over before this share is (what is left goes to building the items). */
const REQUEST_SHARE = 0.9;

/** Options > Max Records Per Poll: a whole number of at least 1 (an expression may give text). */
export function readMaxRecords(ctx: IPollFunctions, options: IDataObject): number {
	const max = options.maxRecords;
	if (max === undefined || max === null || max === '') return DEFAULT_MAX_RECORDS;
	const n = typeof max === 'string' && max.trim() !== '' ? Number(max) : max;
	if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
		throw invalidField(
			ctx,
			'Options > Max Records Per Poll',
			`${JSON.stringify(max)} is not a whole number of at least 1`,
			0,
		);
	return n;
}

/**
 * Options > Start From: an instant, or none. A date and time without an offset (the editor's, or
 * text from an expression) is read in the workflow's time zone, never the n8n process's.
 */
export function readStartFrom(ctx: IPollFunctions, options: IDataObject): number | undefined {
	const time = toIsoDateTime(ctx, options.startFrom, 'Options > Start From', 0);
	return time === undefined ? undefined : Date.parse(time);
}

/** The poll's time: n8n's budget (2.41) or the fallback, read from now. */
export function limitsOf(ctx: IPollFunctions, maxRecords: number): PollLimits {
	const given = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
	const budget = typeof given === 'number' && given > 0 ? given : FALLBACK_BUDGET_MS;
	const start = Date.now();
	return {
		maxRecords,
		softDeadline: start + budget * READ_SHARE,
		deadline: start + budget * REQUEST_SHARE,
	};
}

/** A poll's settings, read once. */
export interface PollSettings {
	trigger: PollTrigger;
	scope: Scope;
	filters: PollFilters;
	maxRecords: number;
	/** Start From: where the first activation starts instead of now (epoch ms). */
	startFrom?: number;
}

/**
 * A list of statuses as the Options hold it: the editor's array, or text from an expression
 * (`"registered"`, `"registered, pending"`, or a JSON array).
 */
function statuses(value: unknown): string[] | undefined {
	if (Array.isArray(value)) return value.map((v) => String(v).trim()).filter(Boolean);
	if (typeof value !== 'string' || value.trim() === '') return undefined;
	const text = value.trim();
	if (text.startsWith('[')) {
		try {
			const parsed: unknown = JSON.parse(text);
			if (Array.isArray(parsed)) return statuses(parsed);
		} catch {
			// Read as a comma-separated list below.
		}
	}
	return text
		.split(',')
		.map((v) => v.trim())
		.filter(Boolean);
}

/** A status filter's values, each one EventX knows: a misspelt one would silently match nothing. */
function statusFilter(
	ctx: IPollFunctions,
	value: unknown,
	field: string,
	known: readonly string[],
): string[] | undefined {
	return statuses(value)?.map((status) => {
		// Case aside ("Registered" is EventX's registered).
		const match = known.find((k) => k === status.toLowerCase());
		if (match === undefined)
			throw invalidField(
				ctx,
				field,
				`${JSON.stringify(status)} is not a status EventX knows (${known.join(', ')})`,
				0,
			);
		return match;
	});
}

/** The poll's settings from the node's parameters; bad ones fail before any request. */
export function readPollSettings(ctx: IPollFunctions): PollSettings {
	const value = ctx.getNodeParameter('resource', 'newAttendee');
	const trigger = pollTrigger(value);
	if (!trigger)
		throw invalidField(ctx, 'Trigger On', `unknown trigger ${JSON.stringify(value)}`, 0);
	const scope = readScope(ctx, false);
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	return {
		trigger,
		scope,
		filters: {
			// Each read by the events that show it (a value left from another event is not used).
			registrationStatus:
				trigger.resource === 'attendee'
					? statusFilter(
							ctx,
							options.registrationStatus,
							'Options > Registration Status',
							REGISTRATION_STATUSES,
						)
					: undefined,
			orderStatus:
				trigger.value === 'newOrder'
					? statusFilter(ctx, options.orderStatus, 'Options > Order Status', ORDER_STATUSES)
					: undefined,
		},
		maxRecords: readMaxRecords(ctx, options),
		startFrom: readStartFrom(ctx, options),
	};
}
