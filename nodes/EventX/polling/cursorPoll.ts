// The one path of a change cursor through a poll: started (at Start From, or where the list stands
// now), then polled, then saved, for One Event's attendees and orders, the event list, and each
// event of a scope alike.
import type { IPollFunctions } from 'n8n-workflow';

import type { EventXContext } from '../transport';
import { MAX_SEEN } from './cursor';
import {
	activate,
	latestOccurrence,
	pollSource,
	type Occurrence,
	type PollLimits,
	type Polled,
	type PollSource,
} from './engine';
import { cursorFrom, newCursor, savedCursor, saveState, type CursorStart } from './state';
import { iso } from './time';

/** What a cursor's log lines name: its trigger, its occurrences' stamp, its event (none: the event list). */
export interface CursorLabel {
	name: string;
	eventKey: string;
	eventId?: string;
}

/**
 * What a poll left out on purpose, counted in n8n's log. Records read again after a later change
 * are most of those stamped before the floor (debug); a memory too full to cover the lateness
 * the trigger allows is a warning.
 */
export function logLeftOut(ctx: IPollFunctions, label: CursorLabel, polled: Polled) {
	const where = `EventX Polling Trigger (${label.name})${label.eventId === undefined ? '' : `, event ${label.eventId}`}`;
	if (polled.leftOut)
		ctx.logger.debug(
			`${where}: ${polled.leftOut.count} record(s) whose ${label.eventKey} is before ${iso(polled.leftOut.stampedBefore)} read and left out: emitted before and changed since, or older than what the trigger reads (its start, the lateness it allows, what it remembers)`,
		);
	if (polled.afterEnd)
		ctx.logger.debug(
			`${where}: ${polled.afterEnd} record(s) whose ${label.eventKey} is after the event stopped running read and left out`,
		);
	const forgot = polled.forgot;
	if (forgot?.floor !== undefined)
		ctx.logger.warn(
			`${where}: more occurrences than the ${MAX_SEEN.toLocaleString('en')} it remembers; one whose ${label.eventKey} is before ${iso(forgot.floor)} and that shows from now on is left out`,
		);
	if (forgot && forgot.ahead > 0)
		ctx.logger.warn(
			`${where}: more occurrences than the ${MAX_SEEN.toLocaleString('en')} it remembers; ${forgot.ahead} emitted ones were forgotten and come out again if their record changes`,
		);
}

/**
 * Where a cursor starts: at Start From, or where the list stands now (`activate`, which tells
 * EventX's present to `told`).
 */
export async function startCursor(
	ctx: EventXContext,
	source: PollSource,
	limits: PollLimits,
	startFrom: number | undefined,
	told?: (present: number | undefined) => void,
): Promise<CursorStart> {
	return startFrom !== undefined
		? cursorFrom(startFrom)
		: await activate(ctx, source, limits, told);
}

/**
 * One poll of a trigger on one cursor (`pollState`): `trigger` on `list` (an event's attendees or
 * orders, or the event list). The first poll (none saved for them) starts the cursor and emits
 * nothing; later ones emit what changed since, and the cursor is saved only once everything went
 * well (a poll that throws leaves static data as it was); what it left out is counted in the log
 * (`logLeftOut`). "Fetch Test Event" gives the most recent occurrence and touches nothing.
 */
export async function pollCursor(
	ctx: IPollFunctions,
	cursor: { trigger: string; list: string; source: PollSource; label: CursorLabel },
	limits: PollLimits,
	startFrom: number | undefined,
): Promise<Occurrence[]> {
	const { trigger, list, source } = cursor;
	if (ctx.getMode() === 'manual') {
		const latest = await latestOccurrence(ctx, source, limits);
		return latest ? [latest] : [];
	}
	const staticData = ctx.getWorkflowStaticData('node');
	const saved = savedCursor(staticData.pollState, trigger, list);
	if (!saved) {
		const start = await startCursor(ctx, source, limits, startFrom);
		saveState(staticData, 'pollState', newCursor(trigger, list, start));
		return [];
	}
	const found = await pollSource(ctx, source, saved, limits);
	logLeftOut(ctx, cursor.label, found);
	saveState(staticData, 'pollState', found.state);
	return found.occurrences;
}
