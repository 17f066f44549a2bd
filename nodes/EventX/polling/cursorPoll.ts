// The one path of a change cursor through a poll: started (at Start From, or where the list stands
// now), then polled, then saved, for One Event's attendees and orders, the event list, and each
// event of a scope alike.
import type { IPollFunctions } from 'n8n-workflow';

import type { EventXContext } from '../transport';
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
 * One poll of a trigger on one cursor (`pollState`): `trigger` on `eventId` (or on the event
 * list). The first poll (none saved for them) starts the cursor and emits nothing; later ones
 * emit what changed since, and the cursor is saved only once everything went well (a poll that
 * throws leaves static data as it was). `polled` hears each poll's findings (what it left out).
 * "Fetch Test Event" gives the most recent occurrence and touches nothing.
 */
export async function pollCursor(
	ctx: IPollFunctions,
	cursor: { trigger: string; eventId: string; source: PollSource },
	limits: PollLimits,
	startFrom: number | undefined,
	polled?: (polled: Polled) => void,
): Promise<Occurrence[]> {
	const { trigger, eventId, source } = cursor;
	if (ctx.getMode() === 'manual') {
		const latest = await latestOccurrence(ctx, source, limits);
		return latest ? [latest] : [];
	}
	const staticData = ctx.getWorkflowStaticData('node');
	const saved = savedCursor(staticData.pollState, trigger, eventId);
	if (!saved) {
		const start = await startCursor(ctx, source, limits, startFrom);
		saveState(staticData, 'pollState', newCursor(trigger, eventId, start));
		return [];
	}
	const found = await pollSource(ctx, source, saved, limits);
	polled?.(found);
	saveState(staticData, 'pollState', found.state);
	return found.occurrences;
}
