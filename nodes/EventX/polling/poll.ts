import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { ORDER_STATUSES, REGISTRATION_STATUSES } from '../helpers/enums';
import { invalidField, requireUuid } from '../helpers/validation';
import { tidyAttendee } from '../trigger/delivery';
import { isPollState, type PollState } from './cursor';
import { activate, latestOccurrence, pollSource, type PollLimits } from './engine';
import { pollSourceOf, pollTrigger, type PollFilters, type PollTrigger } from './triggers';

export type { PollState } from './cursor';

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

/** A poll's settings, read once. */
export interface PollSettings {
	trigger: PollTrigger;
	eventId: string;
	filters: PollFilters;
	maxRecords: number;
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
	const eventId = requireUuid(
		ctx,
		ctx.getNodeParameter('eventId', undefined, { extractValue: true }),
		'Event',
		0,
	).toLowerCase();
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	let maxRecords = DEFAULT_MAX_RECORDS;
	const max = options.maxRecords;
	if (max !== undefined && max !== null && max !== '') {
		// An expression may give it as text ("250").
		const n = typeof max === 'string' && max.trim() !== '' ? Number(max) : max;
		if (typeof n !== 'number' || !Number.isInteger(n) || n < 1)
			throw invalidField(
				ctx,
				'Options > Max Records Per Poll',
				`${JSON.stringify(max)} is not a whole number of at least 1`,
				0,
			);
		maxRecords = n;
	}
	return {
		trigger,
		eventId,
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
		maxRecords,
	};
}

/** The item the workflow receives: the tidy attendee of EventX Trigger, or the order as EventX returns it. */
export function toItem(settings: PollSettings, record: IDataObject): INodeExecutionData {
	const { trigger, eventId } = settings;
	if (trigger.resource === 'attendee') {
		// `email` as EventX Trigger's deliveries name the invitation email, unless the record has one.
		return {
			json: tidyAttendee(trigger.action, eventId, { email: record.invitationEmail, ...record }),
		};
	}
	return { json: { action: trigger.action, eventId, ...record } };
}

/** The poll's time: n8n's budget (2.41) or the fallback, read from now. */
function limitsOf(ctx: IPollFunctions, maxRecords: number): PollLimits {
	const given = typeof ctx.getPollBudgetMs === 'function' ? ctx.getPollBudgetMs() : undefined;
	const budget = typeof given === 'number' && given > 0 ? given : FALLBACK_BUDGET_MS;
	const start = Date.now();
	return {
		maxRecords,
		softDeadline: start + budget * READ_SHARE,
		deadline: start + budget * REQUEST_SHARE,
	};
}

/**
 * One poll. The first one (or the first after the trigger or the event changed) records where
 * the list stands and emits nothing. Later ones emit each occurrence since once, oldest first, at
 * most `maxRecords`; the state is written only once everything went well, so a poll that fails
 * leaves the static data as it was and the next one repeats the same window. "Fetch Test Event"
 * shows the most recent occurrence and touches nothing.
 */
export async function pollEventX(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readPollSettings(this);
	const { trigger, eventId, filters, maxRecords } = settings;
	const source = pollSourceOf(trigger, eventId, filters);
	const limits = limitsOf(this, maxRecords);

	if (this.getMode() === 'manual') {
		const latest = await latestOccurrence(this, source, limits);
		return latest ? [[toItem(settings, latest.record)]] : null;
	}

	const staticData = this.getWorkflowStaticData('node');
	const saved = staticData.pollState;
	if (!isPollState(saved) || saved.trigger !== trigger.value || saved.eventId !== eventId) {
		const start = await activate(this, source, limits);
		const state: PollState = { v: 2, trigger: trigger.value, eventId, ...start };
		staticData.pollState = state as unknown as IDataObject;
		return null;
	}

	const { occurrences, state } = await pollSource(this, source, saved, limits);
	staticData.pollState = JSON.parse(JSON.stringify(state)) as IDataObject;
	return occurrences.length > 0
		? [occurrences.map((occurrence) => toItem(settings, occurrence.record))]
		: null;
}
