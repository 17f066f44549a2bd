/** The examples as the sandbox imports them: one demo event. */
import { fs, path } from '../../test/platform.cjs';
import { PACKAGE_NAME, REPO_ROOT } from '../n8n-install';

const { readFileSync } = fs;
const { join } = path;

/** What a user picks in the editor after importing an example, per parameter name. */
interface ExampleChoices {
	eventId: string;
	/** The event's name, which the editor shows for an event picked from the list. */
	eventName: string;
	ticketClassId?: string;
}

/**
 * A workflow of `examples/` with the choices a user makes after importing it: every EventX node
 * gets the event (picked from the list, so the panel shows its name), the ticket class where it
 * asks for one, and the credential.
 */
function exampleWorkflow(
	file: string,
	id: string,
	credentialId: string,
	choices: ExampleChoices,
): Record<string, unknown> {
	const workflow = JSON.parse(readFileSync(join(REPO_ROOT, 'examples', file), 'utf8')) as {
		nodes: Array<{
			type: string;
			parameters: Record<string, unknown>;
			credentials: { eventXApi: { id: string } };
		}>;
	};
	for (const node of workflow.nodes) {
		if (!String(node.type).startsWith(`${PACKAGE_NAME}.`)) continue;
		// The event is picked where the node asks for one; one taken from the trigger's item stays.
		const picked = node.parameters.eventId as { mode?: string } | undefined;
		if (picked?.mode === 'list')
			node.parameters.eventId = {
				__rl: true,
				mode: 'list',
				value: choices.eventId,
				cachedResultName: choices.eventName,
			};
		if ('ticketClassId' in node.parameters) node.parameters.ticketClassId = choices.ticketClassId;
		node.credentials.eventXApi.id = credentialId;
	}
	return { ...workflow, id, active: false };
}

/** The workflow IDs of the examples when imported on the demo data. */
export const EXAMPLE_IDS = {
	outreach: 'evxExampleOutreach1',
	sync: 'evxExampleSync00001',
	door: 'evxExampleDoor00001',
	lifecycle: 'evxExampleLifecycle',
	accounting: 'evxExampleAccounting',
	calendar: 'evxExampleCalendar1',
	afterEvent: 'evxExampleAfterEvent',
	dayBefore: 'evxExampleDayBefore1',
	timeline: 'evxExampleTimeline01',
} as const;

/**
 * The examples of EventX nodes (all but the AI assistant, which needs a model) on the simulator's
 * demo data, those that ask for an event on one demo event (the second: the first is left to the
 * end-to-end test's other suites); the sync example gives VIPs its second ticket class. The
 * after-the-event, day-before and timeline examples watch every event.
 */
export function demoExamples(
	state: {
		seeded: { eventIds: string[] };
		events: Array<Record<string, unknown>>;
		ticketClasses: Record<string, Array<Record<string, unknown>>>;
	},
	credentialId: string,
) {
	const eventId = state.seeded.eventIds[1];
	const event = state.events.find((e) => e.id === eventId);
	const name = (event?.contentI18n as { name?: { default?: string } } | undefined)?.name;
	const eventName = String(name?.default ?? eventId);
	const vipTicketClass = String(state.ticketClasses[eventId][1].id);
	const on = { eventId, eventName };
	return {
		events: {
			outreach: eventId,
			sync: eventId,
			door: eventId,
			lifecycle: eventId,
			accounting: eventId,
			calendar: eventId,
		},
		eventName,
		vipTicketClass,
		workflows: [
			exampleWorkflow('scheduled-outreach.json', EXAMPLE_IDS.outreach, credentialId, on),
			exampleWorkflow('attendee-sync.json', EXAMPLE_IDS.sync, credentialId, {
				...on,
				ticketClassId: vipTicketClass,
			}),
			exampleWorkflow('door-check-in.json', EXAMPLE_IDS.door, credentialId, on),
			exampleWorkflow('attendee-lifecycle.json', EXAMPLE_IDS.lifecycle, credentialId, on),
			exampleWorkflow('paid-order-accounting.json', EXAMPLE_IDS.accounting, credentialId, on),
			exampleWorkflow('add-to-calendar.json', EXAMPLE_IDS.calendar, credentialId, on),
			// Every event of the account: no event to pick.
			exampleWorkflow('after-the-event.json', EXAMPLE_IDS.afterEvent, credentialId, on),
			exampleWorkflow('day-before-reminder.json', EXAMPLE_IDS.dayBefore, credentialId, on),
			exampleWorkflow('event-timeline.json', EXAMPLE_IDS.timeline, credentialId, on),
		],
	};
}
