// The event triggers' poll: changes of the event list on the polling engine (one cursor, as for
// attendees and orders), and moments of each event's timeline judged by `moments.ts` over the
// event list read down to the oldest moment a poll judges and the events changed since the last.
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { invalidField } from '../helpers/validation';
import { API_PREFIX, eventxData, eventxList, eventxRanges, MAX_PAGE_SIZE } from '../transport';
import { pollCursor } from './cursorPoll';
import type { PollLimits } from './engine';
import {
	DEFAULT_MAX_LATENESS_HOURS,
	eventChangeSource,
	eventItemJson,
	eventListRequest,
	eventTrigger,
	inEventScope,
	offsetOf,
	TIME_UNITS,
	type EventChangeTrigger,
	type EventMomentTrigger,
	type EventScope,
	type TimeUnit,
} from './eventTriggers';
import {
	CHANGES_LOOK_BACK_MS,
	firstHorizonOf,
	horizonOf,
	momentOf,
	planMoments,
	startMoments,
	timeBound,
	type DueMoment,
	type MomentRule,
} from './moments';
import { readScope } from './scope';
import { limitsOf, readMaxRecords, readStartFrom } from './settings';
import { isMomentState, saveState, type MomentState } from './state';
import { iso, timeOf } from './time';

/** A number parameter of at least 0 (an expression may give text). */
function readAmount(ctx: IPollFunctions, value: unknown, field: string): number {
	const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
	if (typeof n !== 'number' || !Number.isFinite(n) || n < 0)
		throw invalidField(ctx, field, `${JSON.stringify(value)} is not a number of at least 0`, 0);
	return n;
}

function readEventScope(
	ctx: IPollFunctions,
	trigger: EventChangeTrigger | EventMomentTrigger,
	options: IDataObject,
): EventScope {
	const scope = readScope(ctx, true);
	// Drafts count for New Event and Event Updated unless left out; moments fire for published
	// events unless drafts are included; Event Published reads published events only.
	const included = options.includeUnpublished;
	const includeUnpublished =
		trigger.value === 'eventPublished'
			? false
			: typeof included === 'boolean'
				? included
				: trigger.kind === 'change';
	return {
		eventIds: scope.mode === 'several' ? new Set(scope.eventIds) : undefined,
		includeUnpublished,
	};
}

/** The moment rule from When, Lead Time or Delay, Unit and Max Lateness. */
function readRule(
	ctx: IPollFunctions,
	trigger: EventMomentTrigger,
	options: IDataObject,
): MomentRule {
	const when = ctx.getNodeParameter('when', 'at') as string;
	if (!['at', 'before', 'after'].includes(when))
		throw invalidField(ctx, 'When', `unknown choice ${JSON.stringify(when)}`, 0);
	let amount = 0;
	let unit: TimeUnit = 'hours';
	if (when !== 'at') {
		const field = when === 'before' ? 'Lead Time' : 'Delay';
		amount = readAmount(
			ctx,
			ctx.getNodeParameter(when === 'before' ? 'leadTime' : 'delay', 1),
			field,
		);
		const u = ctx.getNodeParameter('timeUnit', 'hours') as string;
		if (!(u in TIME_UNITS)) throw invalidField(ctx, 'Unit', `unknown unit ${JSON.stringify(u)}`, 0);
		unit = u as TimeUnit;
	}
	const maxLatenessHours =
		options.maxLatenessHours === undefined || options.maxLatenessHours === ''
			? DEFAULT_MAX_LATENESS_HOURS
			: readAmount(ctx, options.maxLatenessHours, 'Options > Max Lateness (Hours)');
	return {
		field: trigger.field,
		...offsetOf(when, amount, unit),
		maxLatenessMs: maxLatenessHours * TIME_UNITS.hours,
	};
}

/** The list's sort key for a moment: entry times are not sortable, and doors open before the start. */
const sortKeyOf = (rule: MomentRule) => (rule.field === 'endsAt' ? 'endsAt' : 'startsAt');

/**
 * The events read, EventX's present, whether the read got to its bound, and how far n8n's clock
 * runs ahead of EventX's (`MomentState.ahead`).
 */
interface EventsRead {
	events: IDataObject[];
	present: number;
	complete: boolean;
	ahead?: number;
}

/**
 * The events in scope, read latest first by `key` down to `from` (a time of the key; a function
 * of EventX's present, which the first answer gives), within the poll's budget. EventX's present
 * is its `Date`; without one, n8n's clock less how far it ran ahead at the last `Date` (`ahead`),
 * so that a fast n8n clock does not make moments fire early.
 */
async function readEvents(
	ctx: IPollFunctions,
	scope: EventScope,
	key: string,
	limits: PollLimits,
	from: (present: number) => number,
	ahead?: number,
): Promise<EventsRead> {
	const request = eventListRequest(scope);
	const events: IDataObject[] = [];
	const guess = () => Date.now() - (ahead ?? 0);
	let present: number | undefined;
	let told: number | undefined;
	let complete = false;
	await eventxRanges.call(
		ctx,
		{ ...request, qs: { ...request.qs, sort: `-${key}` }, deadline: limits.deadline },
		{
			pageSize: MAX_PAGE_SIZE,
			rows: (sent) => (sent === 0 ? MAX_PAGE_SIZE : Infinity),
			take: (answer) => {
				if (present === undefined) {
					present = answer.date ?? guess();
					if (answer.date !== undefined) told = Date.now() - answer.date;
				}
				events.push(...answer.fresh.filter((event) => inEventScope(event, scope)));
				const last = timeOf(answer.rows.at(-1)?.[key]);
				complete = answer.last || (last !== undefined && last < from(present));
				return !complete && Date.now() < limits.softDeadline;
			},
		},
	);
	return { events, present: present ?? guess(), complete, ahead: told ?? ahead };
}

/** A moment state with how far n8n's clock runs ahead of EventX's, as known. */
const withAhead = (state: MomentState, ahead: number | undefined): MomentState =>
	ahead === undefined ? state : { ...state, ahead };

/** The item of a moment: the event as Event > Get gives it, and when and how its moment fired. */
function momentItem(trigger: EventMomentTrigger, moment: DueMoment): INodeExecutionData {
	return {
		json: {
			...eventItemJson(trigger.action, moment.event),
			moment: {
				trigger: trigger.value,
				of: trigger.field,
				time: iso(moment.time),
				firesAt: iso(moment.due),
				late: moment.late,
				lateByMinutes: Math.max(0, Math.floor(moment.lateByMs / 60_000)),
				backfill: moment.backfill,
				rescheduled: moment.previousTime !== undefined,
				...(moment.previousTime !== undefined ? { previousTime: iso(moment.previousTime) } : {}),
			},
		},
	};
}

/**
 * "Fetch Test Event" of a moment: the event whose moment came last, or, when none has, the next
 * one to come (so that a workflow shows output on its first click). The picked events (Several
 * Events) are read one by one; every event, latest first down to the first moment that came.
 */
async function sampleMoment(
	ctx: IPollFunctions,
	trigger: EventMomentTrigger,
	scope: EventScope,
	rule: MomentRule,
	limits: PollLimits,
): Promise<INodeExecutionData[][] | null> {
	let events: IDataObject[] = [];
	let present: number;
	if (scope.eventIds) {
		// EventX's present: the Date of a one-row read of the list.
		const { date } = await eventxList.call(ctx, {
			...eventListRequest(scope),
			qs: { ...eventListRequest(scope).qs, page: 1, pageSize: 1 },
			deadline: limits.deadline,
		});
		present = date ?? Date.now();
		for (const eventId of scope.eventIds) {
			try {
				const event = await eventxData.call(ctx, {
					method: 'GET',
					path: `${API_PREFIX}/event/${eventId}`,
					deadline: limits.deadline,
				});
				if (inEventScope(event, scope)) events.push(event);
			} catch (error) {
				// A picked event deleted since has nothing to show; EventX's other failures fail the poll.
				if (error instanceof NodeApiError && error.httpCode === '404') continue;
				throw error instanceof NodeApiError
					? error
					: new NodeOperationError(ctx.getNode(), error as Error);
			}
		}
	} else {
		({ events, present } = await readEvents(ctx, scope, sortKeyOf(rule), limits, (now) =>
			timeBound(now, rule),
		));
	}
	let past: DueMoment | undefined;
	let next: DueMoment | undefined;
	for (const event of events) {
		const moment = momentOf(event, rule);
		if (!moment) continue;
		const sample: DueMoment = {
			event,
			eventId: String(event.id),
			...moment,
			late: false,
			lateByMs: Math.max(0, present - moment.due),
			backfill: false,
		};
		if (moment.due <= present) {
			if (!past || moment.due > past.due) past = sample;
		} else if (!next || moment.due < next.due) next = sample;
	}
	const moment = past ?? next;
	return moment ? [[momentItem(trigger, moment)]] : null;
}

/** How many moments a log line names; the rest are counted. */
const NAMED_IN_LOG = 20;

/** The log line of a poll's skipped moments: how many, and up to `NAMED_IN_LOG` of them. */
function skippedLine(skipped: DueMoment[]): string {
	const named = skipped.slice(0, NAMED_IN_LOG).map((m) => `${m.eventId} due ${iso(m.due)}`);
	const more = skipped.length - named.length;
	return `${skipped.length} moment(s) older than Max Lateness skipped, not fired: ${named.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/** What a moment poll reads by, beside its context. */
interface MomentRead {
	scope: EventScope;
	rule: MomentRule;
	limits: PollLimits;
}

/**
 * The activation (or the first poll after the rule or the events in scope changed): EventX's
 * clock, not n8n's, says where the trigger starts; the moments already due (down to the first
 * window's start) are recorded as history. Nothing fires; the state is undefined when the read
 * did not finish within the poll's time.
 */
async function activateMoments(
	ctx: IPollFunctions,
	{ scope, rule, limits }: MomentRead,
	key: string,
	inScope: string,
	startFrom: number | undefined,
): Promise<MomentState | undefined> {
	const read = await readEvents(ctx, scope, sortKeyOf(rule), limits, (now) =>
		timeBound(firstHorizonOf(rule, now, startFrom), rule),
	);
	if (!read.complete) return undefined;
	return withAhead(
		startMoments(key, inScope, read.events, rule, read.present, startFrom),
		read.ahead,
	);
}

/**
 * What a poll after the activation judges: every moment due from the window's start on, and the
 * events changed since the last poll, less the changes' look-back (one moved or appeared more
 * than Max Lateness in the past is told in the log). Undefined when the reads did not finish
 * within the poll's time.
 */
async function readMomentWindow(
	ctx: IPollFunctions,
	{ scope, rule, limits }: MomentRead,
	saved: MomentState,
): Promise<{ window: EventsRead; changed: IDataObject[] } | undefined> {
	const window = await readEvents(
		ctx,
		scope,
		sortKeyOf(rule),
		limits,
		(date) => timeBound(horizonOf(saved, rule, date), rule),
		saved.ahead,
	);
	if (!window.complete) return undefined;
	const since = saved.checkedAt - CHANGES_LOOK_BACK_MS;
	const changes = await readEvents(ctx, scope, 'updatedAt', limits, () => since, saved.ahead);
	if (!changes.complete) return undefined;
	return {
		window,
		changed: changes.events.filter((event) => (timeOf(event.updatedAt) ?? -Infinity) >= since),
	};
}

/**
 * One poll of a moment trigger: the activation records where it starts (`activateMoments`); each
 * later poll reads its window (`readMomentWindow`) and fires what `planMoments` finds due. Reads
 * that did not finish within the poll's time judge nothing (a warning; the next poll reads again).
 */
async function pollMoments(
	ctx: IPollFunctions,
	trigger: EventMomentTrigger,
	scope: EventScope,
	options: IDataObject,
	limits: PollLimits,
	startFrom: number | undefined,
): Promise<INodeExecutionData[][] | null> {
	const rule = readRule(ctx, trigger, options);
	if (ctx.getMode() === 'manual') return await sampleMoment(ctx, trigger, scope, rule, limits);

	const staticData = ctx.getWorkflowStaticData('node');
	// A new rule (or which events count) starts the trigger over: its moments differ.
	const key = `${trigger.value}:${rule.offsetMs}:${rule.offsetDays}:${scope.includeUnpublished ? 1 : 0}`;
	const inScope = scope.eventIds ? [...scope.eventIds].sort().join(',') : '*';
	const saved = staticData.momentState;
	const reading: MomentRead = { scope, rule, limits };
	const warn = (message: string) =>
		ctx.logger.warn(`EventX Polling Trigger (${trigger.name}): ${message}`);
	const unfinished = () =>
		warn(
			"the events read did not finish within the poll's time: nothing was judged, the next poll reads again",
		);
	if (!isMomentState(saved) || saved.key !== key) {
		const started = await activateMoments(ctx, reading, key, inScope, startFrom);
		if (started) saveState(staticData, 'momentState', started);
		else unfinished();
		return null;
	}

	const read = await readMomentWindow(ctx, reading, saved);
	if (!read) {
		unfinished();
		return null;
	}
	const plan = planMoments({
		events: read.window.events,
		changed: read.changed,
		rule,
		state: saved,
		date: read.window.present,
		scope: inScope,
		maxRecords: limits.maxRecords,
	});
	if (plan.skipped.length > 0) warn(skippedLine(plan.skipped));
	saveState(staticData, 'momentState', withAhead(plan.state, read.window.ahead));
	return plan.due.length > 0 ? [plan.due.map((m) => momentItem(trigger, m))] : null;
}

async function pollChanges(
	ctx: IPollFunctions,
	trigger: EventChangeTrigger,
	scope: EventScope,
	limits: PollLimits,
	startFrom: number | undefined,
): Promise<INodeExecutionData[][] | null> {
	// One cursor on the list read: all events, or the published ones.
	const list = scope.includeUnpublished ? '*' : 'published';
	const occurrences = await pollCursor(
		ctx,
		{
			trigger: trigger.value,
			list,
			source: eventChangeSource(trigger, scope),
			label: { name: trigger.name, eventKey: trigger.eventKey },
		},
		limits,
		startFrom,
	);
	return occurrences.length > 0
		? [occurrences.map((o) => ({ json: eventItemJson(trigger.action, o.record) }))]
		: null;
}

/** One poll of an event trigger; like every polling event, a poll that throws changes nothing. */
export async function pollEventTrigger(
	ctx: IPollFunctions,
): Promise<INodeExecutionData[][] | null> {
	const trigger = eventTrigger(ctx.getNodeParameter('resource', ''))!;
	const options = ctx.getNodeParameter('options', {}) as IDataObject;
	const scope = readEventScope(ctx, trigger, options);
	const limits = limitsOf(ctx, readMaxRecords(ctx, options));
	const startFrom = readStartFrom(ctx, options);
	return trigger.kind === 'change'
		? await pollChanges(ctx, trigger, scope, limits, startFrom)
		: await pollMoments(ctx, trigger, scope, options, limits, startFrom);
}
