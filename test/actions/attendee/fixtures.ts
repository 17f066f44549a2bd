import type { Simulator } from '../../simulator/server';
import type { Json } from '../../simulator/store';

export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export const HOSTED = (sim: Simulator) => sim.seeded.eventIds[0];

/** Live attendees of an event as the store holds them. */
export function liveAttendees(sim: Simulator, eventId: string): Json[] {
	return [...sim.store.attendees.values()].filter((a) => a.eventId === eventId && !a.removedAt);
}

export function questions(sim: Simulator, eventId: string) {
	const [text, textArea, dropdown] = sim.store.customFields.get(eventId)! as Array<{ id: string }>;
	return { text: text.id, textArea: textArea.id, dropdown: dropdown.id };
}

/** Create or Update, one attendee per input item: `{ eventId, id?, email, first }`. */
export const upsertParameters = (extra: Record<string, unknown> = {}) => ({
	resource: 'attendee',
	operation: 'upsert',
	eventId: '={{ { __rl: true, mode: "id", value: $json.eventId } }}',
	attendeeId: '={{ $json.id ?? "" }}',
	upsertFields: { invitationEmail: '={{ $json.email }}', firstName: '={{ $json.first }}' },
	...extra,
});
