import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { invalidField, requireUuid } from '../helpers/validation';
import {
	API_PREFIX,
	eventxRanges,
	MAX_PAGE_SIZE,
	MAX_PAGES_PER_REQUEST,
	type EventXRequest,
} from '../transport';
import { tidyAttendee } from '../trigger/delivery';
import { pollTrigger, type PollFilters, type PollTrigger } from './triggers';

/**
 * Where the trigger stands, kept in the node's static data between polls.
 * - `readFrom`: the `readKey` time reads go back to (inclusive); null reads the whole list.
 * - `cursor`: the `eventKey` time of the last change emitted (or of the newest record at
 *   activation); null when the list was empty then.
 * - `boundary`: the IDs already emitted (or present at activation) whose change happened exactly
 *   at `cursor`: records sharing that timestamp come out once, whichever poll sees them.
 */
export interface PollState {
	trigger: string;
	eventId: string;
	readFrom: string | null;
	cursor: string | null;
	boundary: string[];
}

/** Records emitted by one poll at most, unless the user sets another cap. */
export const DEFAULT_MAX_RECORDS = 10_000;

/** The share of n8n's poll budget a poll may spend reading before it stops and emits what it has. */
const BUDGET_SHARE = 0.5;

/**
 * Each range of a poll starts a page before the end of the one before (the range after the first
 * page reads it again): up to 100 records removed while a poll reads do not make a record slip
 * past it (the records read twice are kept once).
 */
const OVERLAP_PAGES = 1;

/** A poll's settings, read once. */
export interface PollSettings {
	trigger: PollTrigger;
	eventId: string;
	filters: PollFilters;
	maxRecords: number;
}

const timeOf = (value: unknown): number | undefined => {
	if (typeof value !== 'string') return undefined;
	const t = Date.parse(value);
	return Number.isNaN(t) ? undefined : t;
};

const iso = (t: number | null): string | null => (t === null ? null : new Date(t).toISOString());

const idOf = (record: IDataObject): string => String(record.id);

function listRequest(settings: PollSettings, qs: IDataObject): EventXRequest {
	const { trigger, eventId, filters } = settings;
	return {
		method: 'GET',
		path: `${API_PREFIX}/event/${eventId}/${trigger.resource}`,
		qs: { ...trigger.query?.(filters), ...qs },
	};
}

/** The sort of a read; attendees break ties by ID so that page ranges agree with each other. */
function sortOf(trigger: PollTrigger, descending: boolean): string {
	const dir = descending ? '-' : '';
	return trigger.resource === 'attendee'
		? `${dir}${trigger.readKey},${dir}id`
		: `${dir}${trigger.readKey}`;
}

/**
 * Records whose `readKey` is at or after `from`, read newest first: one page of 100 first (all a
 * poll needs when nothing changed), then ranges of 200 pages (each from the last page of the one
 * before), down to the first older record.
 * Records without the key are passed over (EventX sorts them first or last). With `from`
 * undefined, the newest record's time is the bound (activation).
 */
async function readNewestFirst(
	ctx: IPollFunctions,
	settings: PollSettings,
	from: number | null | undefined,
	firstPageOnly = false,
): Promise<{ records: IDataObject[]; bound: number | null | undefined }> {
	const { readKey } = settings.trigger;
	const records: IDataObject[] = [];
	let bound = from;
	await eventxRanges.call(ctx, listRequest(settings, { sort: sortOf(settings.trigger, true) }), {
		pageSize: MAX_PAGE_SIZE,
		pages: (_page, request) => (request === 0 ? 1 : MAX_PAGES_PER_REQUEST),
		overlapPages: OVERLAP_PAGES,
		take: (items) => {
			for (const item of items) {
				const t = timeOf(item[readKey]);
				if (t === undefined) continue;
				if (bound === undefined) bound = t;
				if (bound !== null && t < bound) return false;
				records.push(item);
			}
			return !firstPageOnly;
		},
	});
	return { records, bound };
}

/**
 * Records created after `from` (EventX's `createdAt$gt`), oldest first, until `wanted` new ones
 * are in, the list ends or the poll's time is up. The first request is sized to what the poll may
 * emit; later ones are ranges of 200 pages.
 */
async function readOldestFirst(
	ctx: IPollFunctions,
	settings: PollSettings,
	from: number | null,
	isNew: (record: IDataObject) => boolean,
	deadline: number,
): Promise<{ records: IDataObject[]; complete: boolean }> {
	const { trigger, maxRecords } = settings;
	const qs: IDataObject = { sort: sortOf(trigger, false) };
	// Strictly after one millisecond before the cursor: records sharing its timestamp are read
	// again, and those already emitted are known by their IDs.
	if (from !== null && trigger.since) qs[trigger.since] = iso(from - 1);
	const records: IDataObject[] = [];
	let fresh = 0;
	let complete = true;
	await eventxRanges.call(ctx, listRequest(settings, qs), {
		pageSize: MAX_PAGE_SIZE,
		pages: (_page, request) =>
			request === 0 ? Math.ceil((maxRecords + 1) / MAX_PAGE_SIZE) : Infinity,
		overlapPages: OVERLAP_PAGES,
		take: (items) => {
			for (const item of items) {
				records.push(item);
				if (isNew(item)) fresh += 1;
			}
			if (fresh >= maxRecords || Date.now() > deadline) complete = false;
			return complete;
		},
	});
	return { records, complete };
}

/** The poll's settings from the node's parameters; the event's ID is checked before any request. */
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
	const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : undefined);
	const max = options.maxRecords;
	return {
		trigger,
		eventId,
		filters: {
			registrationStatus: list(options.registrationStatus),
			orderStatus: list(options.orderStatus),
		},
		maxRecords:
			typeof max === 'number' && Number.isInteger(max) && max >= 1 ? max : DEFAULT_MAX_RECORDS,
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

/** Records showing the trigger's change, oldest change first (ties in ID order). */
function byChange(settings: PollSettings, records: IDataObject[]) {
	const { trigger, filters } = settings;
	return records
		.map((record) => ({ record, t: timeOf(record[trigger.eventKey]) }))
		.filter(
			(r): r is { record: IDataObject; t: number } =>
				r.t !== undefined && trigger.matches(r.record, filters),
		)
		.sort((a, b) => a.t - b.t || (idOf(a.record) < idOf(b.record) ? -1 : 1));
}

/** "Fetch Test Event": the most recent matching record, without touching the cursor. */
async function manualPoll(
	ctx: IPollFunctions,
	settings: PollSettings,
): Promise<INodeExecutionData[][] | null> {
	const { records } = await readNewestFirst(ctx, settings, null, true);
	const newest = byChange(settings, records).pop();
	return newest ? [[toItem(settings, newest.record)]] : null;
}

/**
 * One poll. The first one (or the first after the trigger or the event changed) records where
 * the list stands and emits nothing. Later ones emit each change after the cursor once, oldest
 * first, at most `maxRecords`, and move the cursor only once everything was read; a failed request
 * throws before the static data is touched, so the next poll repeats the same window.
 */
export async function pollEventX(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	const settings = readPollSettings(this);
	if (this.getMode() === 'manual') return await manualPoll(this, settings);

	const { trigger, eventId, maxRecords } = settings;
	const staticData = this.getWorkflowStaticData('node');
	const saved = staticData.pollState as PollState | undefined;

	if (!saved || saved.trigger !== trigger.value || saved.eventId !== eventId) {
		const { records, bound } = await readNewestFirst(this, settings, undefined);
		const start = bound ?? null;
		const state: PollState = {
			trigger: trigger.value,
			eventId,
			readFrom: iso(start),
			cursor: iso(start),
			boundary: records
				.filter((r) => start !== null && timeOf(r[trigger.eventKey]) === start)
				.map(idOf),
		};
		staticData.pollState = state as unknown as IDataObject;
		return null;
	}

	const readFrom = saved.readFrom === null ? null : (timeOf(saved.readFrom) ?? null);
	const cursor = saved.cursor === null ? null : (timeOf(saved.cursor) ?? null);
	const boundary = new Set(saved.boundary);
	const isNew = (record: IDataObject) => {
		const t = timeOf(record[trigger.eventKey]);
		return (
			t !== undefined &&
			(cursor === null || t > cursor || (t === cursor && !boundary.has(idOf(record))))
		);
	};

	const budget = typeof this.getPollBudgetMs === 'function' ? this.getPollBudgetMs() : 300_000;
	const { records, complete: readAll } = trigger.since
		? await readOldestFirst(this, settings, readFrom, isNew, Date.now() + budget * BUDGET_SHARE)
		: { ...(await readNewestFirst(this, settings, readFrom)), complete: true };

	const changes = byChange(settings, records).filter((r) => isNew(r.record));
	const emitted = changes.slice(0, maxRecords);
	const complete = readAll && emitted.length === changes.length;

	let nextCursor = cursor;
	let nextBoundary = boundary;
	const last = emitted.at(-1);
	if (last && last.t !== cursor) {
		nextCursor = last.t;
		nextBoundary = new Set();
	}
	for (const change of emitted) {
		if (change.t === nextCursor) nextBoundary.add(idOf(change.record));
	}

	let nextReadFrom = readFrom;
	if (complete) {
		for (const record of records) {
			const t = timeOf(record[trigger.readKey]);
			if (t !== undefined && (nextReadFrom === null || t > nextReadFrom)) nextReadFrom = t;
		}
	} else if (trigger.readKey === trigger.eventKey && nextCursor !== null) {
		// Everything before the last change emitted was read and handled.
		nextReadFrom = nextCursor;
	}

	const state: PollState = {
		trigger: trigger.value,
		eventId,
		readFrom: iso(nextReadFrom),
		cursor: iso(nextCursor),
		boundary: [...nextBoundary],
	};
	staticData.pollState = state as unknown as IDataObject;
	return emitted.length > 0 ? [emitted.map((change) => toItem(settings, change.record))] : null;
}
