import type { INodeParameters, ResourceMapperField, ResourceMapperValue } from 'n8n-workflow';

import { attendeeFields } from '../../../nodes/EventX/actions/attendee/columns';

import { questionRecord } from '../../simulator/routes/customFields';
import type { Simulator } from '../../simulator/server';
import type { Json } from '../../simulator/store';

import { byId, run } from '../../fixtures';

export { byId };

export const HOSTED = (sim: Simulator) => sim.seeded.eventIds[0];

/** Live attendees of an event as the store holds them. */
export function liveAttendees(sim: Simulator, eventId: string): Json[] {
	return [...sim.store.attendees.values()].filter((a) => a.eventId === eventId && !a.removedAt);
}

export function questions(sim: Simulator, eventId: string) {
	const [text, textArea, dropdown] = sim.store.customFields.get(eventId)! as Array<{ id: string }>;
	return { text: text.id, textArea: textArea.id, dropdown: dropdown.id };
}

/**
 * The Columns parameter as the editor saves it: Map Each Column Below with `value` (keyed by
 * column ID), or Map Automatically when `value` is null; the schema the editor loaded (the
 * attendee's own columns, plus any question columns given).
 */
export const mappedColumns = (
	value: ResourceMapperValue['value'],
	{ withId = true, questions = [] as ResourceMapperField[] } = {},
): ResourceMapperValue => ({
	mappingMode: value === null ? 'autoMapInputData' : 'defineBelow',
	value,
	matchingColumns: [],
	schema: [...attendeeFields(withId), ...questions],
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

/**
 * Create or Update matched on ID, one attendee per input item `{ eventId, id?, email, first }`:
 * an item with an ID updates that attendee, one without creates one.
 */
export const upsertParameters = (extra: Record<string, unknown> = {}) => ({
	resource: 'attendee',
	operation: 'upsert',
	eventId: '={{ { __rl: true, mode: "id", value: $json.eventId } }}',
	matchOn: 'id',
	columns: mappedColumns({
		id: '={{ $json.id ?? "" }}',
		invitationEmail: '={{ $json.email }}',
		firstName: '={{ $json.first }}',
	}),
	...extra,
});

/**
 * The attendee tests' view of the file's simulator: its first event, that event's seeded
 * attendees, an operation's parameters on that event, and the check that bad input is refused
 * before anything reaches EventX.
 */
export function attendeeContext(ctx: { sim: Simulator }) {
	const event = (i = 0) => ctx.sim.seeded.eventIds[i];
	const attendeeOf = (i = 0) => ctx.sim.seeded.attendeeIds[event()][i];
	const base = (operation: string, extra: INodeParameters = {}): INodeParameters => ({
		resource: 'attendee',
		operation,
		eventId: byId(event()),
		...extra,
	});
	/** Refused with a NodeOperationError naming `item`; not even the token exchange was sent. */
	async function expectRefused(parameters: INodeParameters, message: string | RegExp, item = 0) {
		const before = ctx.sim.store.attendees.size;
		const { error } = await run(ctx.sim, {
			parameters,
			items: Array.from({ length: item + 1 }, (_, i) => ({ i })),
		});
		expect(error?.name).toBe('NodeOperationError');
		if (typeof message === 'string') expect(error?.message).toBe(message);
		else expect(error?.message).toMatch(message);
		expect((error as { context?: { itemIndex?: number } }).context?.itemIndex).toBe(item);
		expect(ctx.sim.requests).toHaveLength(0);
		expect(ctx.sim.store.attendees.size).toBe(before);
	}
	return { event, attendeeOf, someAttendee: () => attendeeOf(0), base, expectRefused };
}

/** The event's questions replaced by one of each type the mapper knows, and one file upload. */
export function askEverything(sim: Simulator, eventId = sim.seeded.eventIds[0]) {
	const question = (type: string, label: string, options?: string[], archivedAt?: string) =>
		questionRecord(
			{
				type,
				contentI18n: { label: { default: label } },
				isFilterable: true,
				...(options && {
					config: {
						options: options.map((o) => ({
							id: o.toLowerCase(),
							contentI18n: { label: { default: o } },
						})),
					},
				}),
			},
			archivedAt,
		);
	const q = {
		company: question('text', 'Company Size'),
		vegan: question('singleCheckbox', 'Vegan'),
		shirt: question('dropdown', 'T-Shirt', ['Small', 'Large']),
		topics: question('checkboxGroup', 'Topics', ['AI', 'Cloud', 'Security']),
		arrival: question('datePicker', 'Arrival Date'),
		time: question('timePicker', 'Arrival Time'),
		links: question('multipleText', 'Links'),
		upload: question('fileUpload', 'Passport'),
		archived: question('text', 'Old Question', undefined, '2026-01-01T00:00:00Z'),
	};
	sim.store.customFields.set(eventId, Object.values(q));
	return Object.fromEntries(Object.entries(q).map(([k, v]) => [k, v.id])) as Record<
		keyof typeof q,
		string
	>;
}

/** A fault: every bulk upsert refused as a whole (400 REGISTRATION_CLOSED). */
export const registrationClosed = {
	kind: 'status' as const,
	status: 400,
	method: 'PUT',
	path: '/bulk-upsert$',
	times: 0,
	code: 'REGISTRATION_CLOSED',
	message: 'Registration for this event is closed',
};
