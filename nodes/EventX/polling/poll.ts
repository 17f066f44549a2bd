// The EventX Polling Trigger's poll: the event triggers go to `eventPoll.ts`, attendee and order
// triggers on several events to `scopePoll.ts`, on one event to the one cursor's path here.
import type { INodeExecutionData, IPollFunctions } from 'n8n-workflow';

import { pollCursor } from './cursorPoll';
import { pollEventTrigger } from './eventPoll';
import { eventTrigger } from './eventTriggers';
import { itemMaker } from './items';
import { pollScope } from './scopePoll';
import { limitsOf, readPollSettings } from './settings';
import { pollSourceOf } from './triggers';

/**
 * One poll. Event triggers go to their own poll (`eventPoll.ts`); attendee and order events on
 * several events to `pollScope`. On one event, the first poll (or the first after the trigger or
 * the event changed) records where the list stands (or starts at Start From) and emits nothing.
 * Later ones emit each occurrence since once, oldest first, at most `maxRecords`; the state is
 * written only once everything went well, so a poll that fails leaves the static data as it was
 * and the next one repeats the same window. "Fetch Test Event" shows the most recent occurrence
 * and touches nothing.
 */
export async function pollEventX(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
	if (eventTrigger(this.getNodeParameter('resource', 'newAttendee')))
		return await pollEventTrigger(this);
	const settings = readPollSettings(this);
	const { trigger, scope, filters, maxRecords } = settings;
	const limits = limitsOf(this, maxRecords);
	if (scope.mode !== 'one') return await pollScope(this, settings, limits);

	const [eventId] = scope.eventIds;
	const occurrences = await pollCursor(
		this,
		{
			trigger: trigger.value,
			list: eventId,
			source: pollSourceOf(trigger, eventId, filters),
			label: { name: trigger.name, eventKey: trigger.eventKey, eventId },
		},
		limits,
		settings.startFrom,
	);
	const item = itemMaker(trigger);
	return occurrences.length > 0
		? [occurrences.map((occurrence) => item(eventId, occurrence.record))]
		: null;
}
