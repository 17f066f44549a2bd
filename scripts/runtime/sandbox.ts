/**
 * What `npm run dev` puts into its n8n, and keeps there: the "EventX API" credential and the
 * examples, each created through n8n's REST API only when missing (a restart keeps the user's
 * edits); and the commands that make the simulator's data change so that the triggers fire.
 */
import { DEMO_API_TOKEN } from '../../test/simulator/store';
import { demoExamples } from './examples';
import type { N8nRest } from './n8nApi';

type Json = Record<string, unknown>;
type Log = (line: string) => void;

const CREDENTIAL = { name: 'EventX API', type: 'eventXApi' } as const;
/** The ID earlier sandboxes imported the credential under (kept when found). */
const LEGACY_CREDENTIAL_ID = 'evxDevCredential01';

/**
 * The sandbox's EventX credential: the one it made before (by ID, else by name and type), pointed
 * at `simulatorUrl`, or a new one. Returns its ID.
 */
export async function ensureCredential(
	rest: N8nRest,
	simulatorUrl: string,
	log: Log,
): Promise<string> {
	const data = { baseUrl: simulatorUrl, authentication: 'apiToken', apiToken: DEMO_API_TOKEN };
	const listed = await rest.request<{ data: Json[] }>('GET', '/rest/credentials');
	const credentials = listed.data.data ?? [];
	const found =
		credentials.find((c) => c.id === LEGACY_CREDENTIAL_ID) ??
		credentials.find((c) => c.type === CREDENTIAL.type && c.name === CREDENTIAL.name);
	if (!found) {
		const created = await rest.request<{ data: Json }>('POST', '/rest/credentials', {
			...CREDENTIAL,
			data,
		});
		if (created.status !== 200)
			throw new Error(`credential not created: ${JSON.stringify(created.data)}`);
		log(`credential "${CREDENTIAL.name}" created (points at the simulator)`);
		return String(created.data.data.id);
	}
	const id = String(found.id);
	const stored = await rest.request<{ data: { data?: Json } }>(
		'GET',
		`/rest/credentials/${id}?includeData=true`,
	);
	if (stored.data.data?.data?.baseUrl !== simulatorUrl) {
		// The simulator moved to another port: the credential follows it.
		await rest.request('PATCH', `/rest/credentials/${id}`, { ...CREDENTIAL, data });
		log(`credential "${CREDENTIAL.name}" now points at ${simulatorUrl}`);
	}
	return id;
}

/**
 * The events a workflow's EventX nodes are set to: nodes that watch every event name none, and an
 * event given by an expression (the event a trigger found) is not one of the simulator's.
 */
function eventsOf(workflow: { nodes?: Json[] }): string[] {
	return (workflow.nodes ?? [])
		.filter((node) => String(node.type).startsWith('n8n-nodes-eventx.'))
		.map((node) => String(((node.parameters as Json)?.eventId as Json | undefined)?.value ?? ''))
		.filter((eventId) => eventId !== '' && !eventId.startsWith('='));
}

/**
 * Creates the examples n8n does not have (by their fixed IDs), and sets back those whose event the
 * simulator no longer has (its data was started afresh); returns the names it created or set.
 */
export async function ensureExamples(
	rest: N8nRest,
	state: Parameters<typeof demoExamples>[0] & { events: Json[] },
	credentialId: string,
): Promise<{ demo: ReturnType<typeof demoExamples>; created: string[] }> {
	const demo = demoExamples(state, credentialId);
	const known = new Set(state.events.map((event) => String(event.id)));
	const created: string[] = [];
	for (const workflow of demo.workflows) {
		const path = `/rest/workflows/${String(workflow.id)}`;
		const existing = await rest.request<{ data: { nodes?: Json[]; versionId?: string } }>(
			'GET',
			path,
		);
		if (existing.status === 200) {
			if (eventsOf(existing.data.data).every((event) => known.has(event))) continue;
			// Set to an event the simulator no longer has: the example as it is shipped, again.
			const content: Json = { ...workflow, versionId: existing.data.data.versionId };
			delete content.id;
			delete content.active;
			const updated = await rest.request('PATCH', path, content);
			if (updated.status !== 200)
				throw new Error(
					`example ${String(workflow.name)} not updated: ${JSON.stringify(updated.data)}`,
				);
			created.push(String(workflow.name));
			continue;
		}
		const answer = await rest.request('POST', '/rest/workflows', workflow);
		if (answer.status !== 200)
			throw new Error(
				`example ${String(workflow.name)} not created: ${JSON.stringify(answer.data)}`,
			);
		created.push(String(workflow.name));
	}
	return { demo, created };
}

/** The records the trigger commands act on. */
export interface TriggerIds {
	eventId: string;
	/** An attendee to update. */
	attendeeId: string;
	/** A pending attendee, to register. */
	pendingAttendeeId: string;
	/** A registered attendee not checked in, to check in. */
	notCheckedInAttendeeId: string;
	/** A checked-in attendee, to check out. */
	checkedInAttendeeId: string;
	/** An attendee to delete. */
	deletableAttendeeId: string;
	/** An order waiting for its payment. */
	pendingOrderId: string;
	/** The organization the new event goes to (the demo event's). */
	organizationId: string;
	/** An unpublished event, to publish. */
	draftEventId: string;
	/** A published event with attendees registered and not checked in, to move to tomorrow. */
	reminderEventId: string;
	/** Another published event with attendees, to move to an hour ago. */
	exportEventId: string;
}

/** What the README shows in place of the IDs the banner prints. */
export const TRIGGER_ID_PLACEHOLDERS: TriggerIds = {
	eventId: '<eventId>',
	attendeeId: '<attendeeId>',
	pendingAttendeeId: '<pendingAttendeeId>',
	notCheckedInAttendeeId: '<attendeeId>',
	checkedInAttendeeId: '<checkedInAttendeeId>',
	deletableAttendeeId: '<attendeeId>',
	pendingOrderId: '<pendingOrderId>',
	organizationId: '<organizationId>',
	draftEventId: '<draftEventId>',
	reminderEventId: '<publishedEventId>',
	exportEventId: '<otherPublishedEventId>',
};

/**
 * One command per trigger event: each changes the simulator's data as EventX would and sends the
 * webhook deliveries (the banner prints them with demo IDs, the README with placeholders).
 */
export function triggerCommands(simulatorUrl: string, ids: TriggerIds) {
	const post = (path: string, body?: string) =>
		`curl -X POST ${simulatorUrl}${path}${body ? ` -d '${body}'` : ''}`;
	return [
		{
			events: 'On attendee created; New Attendee',
			command: post(
				`/__sim/events/${ids.eventId}/attendees`,
				'{"firstName":"Grace","invitationEmail":"grace@example.com"}',
			),
		},
		{
			events: 'On attendee updated; Attendee Updated',
			command: `curl -X PATCH ${simulatorUrl}/__sim/attendees/${ids.attendeeId} -d '{"jobTitle":"CTO"}'`,
		},
		{
			events: 'Attendee Registered',
			command: post(`/__sim/attendees/${ids.pendingAttendeeId}/register`),
		},
		{
			events: 'On attendee checked in; Attendee Checked In',
			command: post(`/__sim/attendees/${ids.notCheckedInAttendeeId}/check-in`),
		},
		{
			events: 'On attendee checked out',
			command: post(`/__sim/attendees/${ids.checkedInAttendeeId}/check-out`),
		},
		{
			events: 'On attendee deleted',
			command: `curl -X DELETE ${simulatorUrl}/__sim/attendees/${ids.deletableAttendeeId}`,
		},
		{ events: 'New Order', command: post(`/__sim/events/${ids.eventId}/orders`, '{}') },
		{
			events: 'Order Paid',
			command: post(`/__sim/orders/${ids.pendingOrderId}/status`, '{"status":"paid"}'),
		},
		{
			// Times relative to EventX's clock: the moments fall at n8n's next polls. Created
			// published, so Event Published fires for it too. With attendees: the day-before and
			// after-the-event examples' first runs take Launch Night from then on (its reminder time
			// came last, it ends next) and show them.
			events:
				'New Event, Event Published; Doors Opening, Event Starting, Event Ended in 1, 2 and 3 minutes (the timeline example)',
			command: post(
				'/__sim/events',
				`{"organizationId":"${ids.organizationId}","name":"Launch Night","entryStartsAt":"+1m","startsAt":"+2m","endsAt":"+3m","attendees":4}`,
			),
		},
		{
			// A demo event with attendees moved to start in a day and a minute: a day before it is
			// a minute away, and the reminder lists who would get it.
			events: 'Event Starting a day before, in a minute (the day-before example)',
			command: post(
				`/__sim/events/${ids.reminderEventId}/schedule`,
				'{"startsAt":"+1441m","endsAt":"+1501m"}',
			),
		},
		{
			// Another moved to have ended 59 minutes ago: an hour after its end is a minute away,
			// and the export has its attendees.
			events: 'Event Ended an hour after, in a minute (the after-the-event example)',
			command: post(
				`/__sim/events/${ids.exportEventId}/schedule`,
				'{"startsAt":"-120m","endsAt":"-59m"}',
			),
		},
		{
			events: 'Event Updated; Event Published',
			command: post(`/__sim/events/${ids.draftEventId}/publish`, '{"published":true}'),
		},
	];
}

/**
 * The door check-in example's scanner: a QR code token POSTed to the example's test URL (n8n's
 * editor listens there after **Execute workflow**).
 */
export function scanCommand(editorUrl: string, qrCodeToken: string): string {
	return `curl -X POST ${editorUrl}/webhook-test/eventx-door-check-in -H 'content-type: application/json' -d '{"qrCodeToken":"${qrCodeToken}"}'`;
}

/** A demo attendee's QR code token of `eventId`, for the scanner's command. */
export function demoQrCodeToken(state: { attendees: Json[] }, eventId: string): string {
	const guest = state.attendees.find(
		(a) => a.eventId === eventId && !a.removedAt && typeof a.qrCodeToken === 'string',
	);
	return String(guest?.qrCodeToken ?? '<qrCodeToken>');
}

/**
 * Demo records of `eventId` for each command, as the simulator holds them now (a record the
 * user already changed is not offered again: another one is, when there is one).
 */
export function demoTriggerIds(
	state: { attendees: Json[]; orders: Json[]; events: Json[] },
	eventId: string,
): TriggerIds {
	const live = state.attendees.filter((a) => a.eventId === eventId && !a.removedAt);
	const pick = (test: (a: Json) => boolean, avoid: string[] = []) =>
		String(
			(live.find((a) => test(a) && !avoid.includes(String(a.id))) ?? live[0] ?? {}).id ??
				'<attendeeId>',
		);
	// A different attendee for each command, so that none undoes what another needs.
	const notCheckedIn = pick((a) => a.registrationStatus === 'registered' && !a.attendedAt);
	const pending = pick((a) => a.registrationStatus === 'pending', [notCheckedIn]);
	const checkedIn = pick((a) => !!a.checkedInAt, [notCheckedIn, pending]);
	const updated = pick(
		(a) => a.registrationStatus === 'registered',
		[notCheckedIn, pending, checkedIn],
	);
	const order = state.orders.find((o) => o.eventId === eventId && o.status === 'pending_payment');
	const event = state.events.find((e) => e.id === eventId);
	const draft = state.events.find(
		(e) => e.organizationId === event?.organizationId && e.isPublished === false && !e.deletedAt,
	);
	// Published events of the organization, other than the examples' event, with attendees.
	const attended = (test: (a: Json) => boolean) => (e: Json) =>
		state.attendees.some((a) => a.eventId === e.id && !a.removedAt && test(a));
	const published = state.events.filter(
		(e) =>
			e.organizationId === event?.organizationId &&
			e.isPublished === true &&
			!e.deletedAt &&
			e.id !== eventId,
	);
	const reminder = published.find(
		attended((a) => a.registrationStatus === 'registered' && !a.attendedAt),
	);
	const exported = published.find((e) => e !== reminder && attended(() => true)(e));
	return {
		eventId,
		attendeeId: updated,
		pendingAttendeeId: pending,
		notCheckedInAttendeeId: notCheckedIn,
		checkedInAttendeeId: checkedIn,
		deletableAttendeeId: pick(() => true, [notCheckedIn, updated, pending, checkedIn]),
		pendingOrderId: String(order?.id ?? '<pendingOrderId>'),
		organizationId: String(event?.organizationId ?? '<organizationId>'),
		draftEventId: String(draft?.id ?? '<draftEventId>'),
		reminderEventId: String(reminder?.id ?? '<publishedEventId>'),
		exportEventId: String(exported?.id ?? '<otherPublishedEventId>'),
	};
}
