// The event triggers' poll: changes of the event list on the polling engine (one cursor, as for
// attendees and orders), and moments of each event's timeline planned by `moments.ts` over the
// event list read down to the oldest moment a poll may still fire.
import type { IDataObject, INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { invalidField } from '../helpers/validation';
import { eventxRanges, MAX_PAGE_SIZE } from '../transport';
import { isPollState, type PollState } from './cursor';
import { activate, latestOccurrence, pollSource, type PollLimits } from './engine';
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
	isMomentState,
	momentTime,
	planMoments,
	startMoments,
	type DueMoment,
	type MomentRule,
} from './moments';
import { readScope } from './scope';
import { cursorFrom, limitsOf, readMaxRecords, readStartFrom } from './settings';

const iso = (t: number) => new Date(t).toISOString();

const timeOf = (value: unknown): number | undefined => {
	if (typeof value !== 'string') return undefined;
	const t = Date.parse(value);
	return Number.isNaN(t) ? undefined : t;
};

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
	const lateness =
		options.maxLatenessHours === undefined || options.maxLatenessHours === ''
			? DEFAULT_MAX_LATENESS_HOURS
			: readAmount(ctx, options.maxLatenessHours, 'Options > Max Lateness (Hours)');
	return {
		field: trigger.field,
		offsetMs: offsetOf(when, amount, unit),
		maxLatenessMs: lateness * TIME_UNITS.hours,
	};
}

/** The list's sort key for a moment: entry times are not sortable, and doors open before the start. */
const sortKeyOf = (rule: MomentRule) => (rule.field === 'endsAt' ? 'endsAt' : 'startsAt');

/**
 * The events in scope, read latest first by the moment's time down to `from` (a field time), and
 * EventX's present (its `Date` header, else n8n's clock). `from` as a function of the present is
 * read once the first answer gives it; none reads the first answer only.
 */
async function readEvents(
	ctx: IPollFunctions,
	scope: EventScope,
	rule: MomentRule,
	limits: PollLimits,
	from: number | ((present: number) => number) | undefined,
): Promise<{ events: IDataObject[]; present: number }> {
	const key = sortKeyOf(rule);
	const request = eventListRequest(scope);
	const events: IDataObject[] = [];
	let present: number | undefined;
	await eventxRanges.call(
		ctx,
		{ ...request, qs: { ...request.qs, sort: `-${key}` }, deadline: limits.deadline },
		{
			pageSize: MAX_PAGE_SIZE,
			rows: (sent) => (sent === 0 ? MAX_PAGE_SIZE : Infinity),
			take: (answer) => {
				present ??= answer.date ?? Date.now();
				events.push(...answer.fresh.filter((event) => inEventScope(event, scope)));
				if (from === undefined) return false;
				const bound = typeof from === 'function' ? from(present) : from;
				const last = timeOf(answer.rows.at(-1)?.[key]);
				return (last === undefined || last >= bound) && Date.now() < limits.softDeadline;
			},
		},
	);
	return { events, present: present ?? Date.now() };
}

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
				rescheduled: moment.previous !== undefined,
				...(moment.previous ? { previousTime: iso(moment.previous.time) } : {}),
			},
		},
	};
}

/**
 * "Fetch Test Event" of a moment: the event whose moment fired last, or, when none has, the next
 * one to fire (so that a workflow shows output on its first click).
 */
async function sampleMoment(
	ctx: IPollFunctions,
	trigger: EventMomentTrigger,
	scope: EventScope,
	rule: MomentRule,
	limits: PollLimits,
): Promise<INodeExecutionData[][] | null> {
	// Down to the first moment that came (the latest one; the nearest ahead lies above it).
	const { events, present } = await readEvents(
		ctx,
		scope,
		rule,
		limits,
		(now) => now - rule.offsetMs,
	);
	let past: DueMoment | undefined;
	let next: DueMoment | undefined;
	for (const event of events) {
		const time = momentTime(event, rule.field);
		if (time === undefined) continue;
		const due = time + rule.offsetMs;
		const moment: DueMoment = {
			event,
			eventId: String(event.id),
			time,
			due,
			late: false,
			lateByMs: Math.max(0, present - due),
			backfill: false,
		};
		if (due <= present) {
			if (!past || due > past.due) past = moment;
		} else if (!next || due < next.due) next = moment;
	}
	const moment = past ?? next;
	return moment ? [[momentItem(trigger, moment)]] : null;
}

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
	const key = `${trigger.value}:${rule.offsetMs}:${scope.includeUnpublished ? 1 : 0}`;
	const saved = staticData.momentState;
	if (!isMomentState(saved) || saved.key !== key) {
		// EventX's clock, not n8n's, says where the trigger starts.
		const { present } = await readEvents(ctx, scope, rule, limits, undefined);
		staticData.momentState = startMoments(key, present, startFrom) as unknown as IDataObject;
		delete staticData.pollState;
		return null;
	}

	// Read down to the oldest moment this poll may still fire (or skip), in the sort key's time.
	let horizon =
		saved.backfillUntil !== undefined
			? saved.floor
			: Math.max(saved.floor, saved.checkedAt - rule.maxLatenessMs);
	if (saved.hold !== undefined) horizon = Math.min(horizon, saved.hold);
	const from = Math.min(horizon, saved.checkedAt - rule.maxLatenessMs) - rule.offsetMs;
	const { events, present } = await readEvents(ctx, scope, rule, limits, from);

	const plan = planMoments(events, rule, saved, present, limits.maxRecords);
	if (plan.skipped.length > 0)
		ctx.logger.warn(
			`EventX Polling Trigger (${trigger.name}): ${plan.skipped.length} moment(s) older than Max Lateness skipped, not fired: ${plan.skipped
				.map((m) => `${m.eventId} due ${iso(m.due)}`)
				.join(', ')}`,
		);
	staticData.momentState = plan.state as unknown as IDataObject;
	return plan.due.length > 0 ? [plan.due.map((m) => momentItem(trigger, m))] : null;
}

async function pollChanges(
	ctx: IPollFunctions,
	trigger: EventChangeTrigger,
	scope: EventScope,
	limits: PollLimits,
	startFrom: number | undefined,
): Promise<INodeExecutionData[][] | null> {
	const source = eventChangeSource(trigger, scope);
	const toItem = (event: IDataObject) => ({ json: eventItemJson(trigger.action, event) });
	if (ctx.getMode() === 'manual') {
		const latest = await latestOccurrence(ctx, source, limits);
		return latest ? [[toItem(latest.record)]] : null;
	}
	const staticData = ctx.getWorkflowStaticData('node');
	// One cursor on the list read: all events, or the published ones.
	const list = scope.includeUnpublished ? '*' : 'published';
	const saved = staticData.pollState;
	if (!isPollState(saved) || saved.trigger !== trigger.value || saved.eventId !== list) {
		const start =
			startFrom !== undefined ? cursorFrom(startFrom) : await activate(ctx, source, limits);
		const state: PollState = { v: 2, trigger: trigger.value, eventId: list, ...start };
		staticData.pollState = state as unknown as IDataObject;
		delete staticData.momentState;
		return null;
	}
	const { occurrences, state } = await pollSource(ctx, source, saved, limits);
	staticData.pollState = JSON.parse(JSON.stringify(state)) as IDataObject;
	return occurrences.length > 0 ? [occurrences.map((o) => toItem(o.record))] : null;
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
