import type { INodeParameters } from 'n8n-workflow';

import { PollHarness } from '../harness/poll';
import { newAttendee, type AttendeeRecord } from '../simulator/routes/attendees';
import type { Simulator } from '../simulator/server';
import type { Json } from '../simulator/store';
import { byId, demoCredentials } from '../fixtures';

export function pollParameters(
	eventId: string,
	trigger: string,
	options: Json = {},
): INodeParameters {
	return { resource: trigger, eventId: byId(eventId), options } as INodeParameters;
}

/** A polling trigger against the simulator with the demo credential. */
export function pollingTrigger(
	sim: Simulator,
	parameters: INodeParameters,
	pollBudgetMs?: number,
): PollHarness {
	return new PollHarness({ parameters, credentials: demoCredentials(sim), pollBudgetMs });
}

/** A polling trigger's first poll (activation), which must emit nothing; the trigger, ready to poll. */
export async function activatePolling(
	sim: Simulator,
	eventId: string,
	trigger: string,
	options: Json = {},
): Promise<PollHarness> {
	const harness = pollingTrigger(sim, pollParameters(eventId, trigger, options));
	const { items, error } = await harness.poll();
	if (error) throw error;
	if (items !== null) throw new Error(`The first poll emitted ${items.length} items`);
	return harness;
}

/** The list reads of one resource the simulator answered. */
export function listReads(sim: Simulator, resource: 'attendee' | 'order') {
	return sim.requestsTo('GET', new RegExp(`^/public-api/v1/event/[^/]+/${resource}$`));
}

/** An attendee added at the simulator's clock, as bulk-upsert would add it. */
export function createAttendee(
	sim: Simulator,
	eventId: string,
	profile: Json = {},
): AttendeeRecord {
	const a = newAttendee(
		eventId,
		{ firstName: 'Poll', lastName: 'Test', registrationStatus: 'registered', ...profile },
		sim.store.now(),
	);
	sim.store.attendees.set(a.id, a);
	return a;
}

/** Changes an attendee at the simulator's clock, as Attendee Update would. */
export function changeAttendee(sim: Simulator, id: string, fields: Json): AttendeeRecord {
	const a = sim.store.attendees.get(id) as AttendeeRecord;
	const now = sim.store.now();
	Object.assign(a, fields, { updatedAt: now });
	if (fields.registrationStatus === 'registered' && !a.registeredAt) a.registeredAt = now;
	return a;
}

/** The seeded attendees of an event, in the simulator's store. */
export function seededAttendees(sim: Simulator, eventId: string): AttendeeRecord[] {
	return sim.seeded.attendeeIds[eventId].map((id) => sim.store.attendees.get(id) as AttendeeRecord);
}

/** The IDs of emitted items. */
export const idsOf = (items: Array<{ json: Json }> | null): string[] =>
	(items ?? []).map((item) => String(item.json.id));
