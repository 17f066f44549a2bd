// The items the attendee and order triggers emit: EventX's record after the keys EventX Trigger's
// deliveries put first, built cheaply for a catch-up's thousands.
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { Occurrence } from './engine';
import type { PollTrigger } from './triggers';

/**
 * The keys an item puts before EventX's record: `action`, `eventId` and, for an attendee, `email`
 * as EventX Trigger's deliveries name the invitation email. A key the record has keeps its place
 * here and takes the record's value.
 */
const itemHead = (trigger: PollTrigger, eventId: string, record: IDataObject): IDataObject =>
	trigger.resource === 'attendee'
		? { action: trigger.action, eventId, email: record.invitationEmail }
		: { action: trigger.action, eventId };

/**
 * The item the workflow receives: the tidy attendee of EventX Trigger (EventX's API names its keys
 * as the tidy attendee does), or the order as EventX returns it, with `itemHead` first.
 */
export function toItem(
	trigger: PollTrigger,
	eventId: string,
	record: IDataObject,
): INodeExecutionData {
	return { json: { ...itemHead(trigger, eventId, record), ...record } };
}

/** Whether a record's keys are `keys`, in that order. */
function hasKeys(record: IDataObject, keys: string[]): boolean {
	let i = 0;
	for (const key in record) if (key !== keys[i++]) return false;
	return i === keys.length;
}

/**
 * `toItem` for the records of one poll. An object literal over a record adds its keys one by one,
 * its store growing several times on the way (1.9 KB allocated for an attendee's item of 0.6 KB):
 * a catch-up of 100,000 attendees allocated 190 MB, which set its peak memory. The records of a
 * list share their keys, in one order, so the item of a record with the keys of the last one built
 * is a copy of that item (one allocation) given this record's values.
 */
export function itemMaker(
	trigger: PollTrigger,
): (eventId: string, record: IDataObject) => INodeExecutionData {
	let model: IDataObject | undefined;
	let keys: string[] = [];
	return (eventId, record) => {
		if (model === undefined || !hasKeys(record, keys)) {
			const item = toItem(trigger, eventId, record);
			model = item.json;
			keys = Object.keys(record);
			return item;
		}
		const json = Object.assign({ ...model }, itemHead(trigger, eventId, record));
		for (const key in record) json[key] = record[key];
		return { json };
	};
}

/** One event's occurrences on a poll, with its event. */
export interface EventOccurrences {
	eventId: string;
	occurrences: Occurrence[];
}

/** The items of several events' occurrences, oldest first across them. */
export const toItems = (trigger: PollTrigger, found: EventOccurrences[]) => {
	const item = itemMaker(trigger);
	return found
		.flatMap(({ eventId, occurrences }) => occurrences.map((o) => ({ eventId, o })))
		.sort((a, b) => a.o.stamp - b.o.stamp || (a.o.id < b.o.id ? -1 : 1))
		.map(({ eventId, o }) => item(eventId, o.record));
};
