import type {
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { ORDER_STATUSES, REGISTRATION_STATUSES } from '../EventX/helpers/enums';
import { enumOptions } from '../EventX/helpers/labels';
import { listSearch } from '../EventX/methods';
import { getEvents } from '../EventX/methods/loadOptions';
import {
	EVENT_TRIGGER_OPTIONS,
	EVENT_TRIGGERS,
	eventTriggerOptions,
	momentProperties,
} from '../EventX/polling/eventTriggers';
import { pollEventX } from '../EventX/polling/poll';
import { scopeProperties } from '../EventX/polling/scope';
import { POLL_TRIGGER_OPTIONS, POLL_TRIGGERS } from '../EventX/polling/triggers';

const attendeeTriggers = POLL_TRIGGERS.filter((t) => t.resource === 'attendee').map((t) => t.value);
const recordTriggers = POLL_TRIGGERS.map((t) => t.value);
const eventTriggers = EVENT_TRIGGERS.map((t) => t.value);
const triggerOptions = [...POLL_TRIGGER_OPTIONS, ...EVENT_TRIGGER_OPTIONS].sort((a, b) =>
	a.name.localeCompare(b.name),
);

export class EventXPollingTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'EventX Polling Trigger',
		name: 'eventXPollingTrigger',
		icon: { light: 'file:../EventX/eventx.svg', dark: 'file:../EventX/eventx.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle:
			'={{ ({ attendeeCheckedIn: "Attendee Checked In", attendeeRegistered: "Attendee Registered", attendeeUpdated: "Attendee Updated", doorsOpening: "Doors Opening", eventEnded: "Event Ended", eventPublished: "Event Published", eventStarting: "Event Starting", eventUpdated: "Event Updated", newAttendee: "New Attendee", newEvent: "New Event", newOrder: "New Order", orderPaid: "Order Paid" })[$parameter["resource"]] }}',
		description:
			"Start workflows on new or changed EventX attendees, orders and events, and at moments of each event's timeline, checked on a schedule (works where EventX cannot reach n8n)",
		defaults: { name: 'EventX Polling Trigger' },
		builderHint: {
			searchHint:
				'Checks EventX on a schedule: attendees, orders, events changed, starting or ended; works where EventX cannot reach n8n',
		},
		polling: true,
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'eventXApi', required: true }],
		properties: [
			{
				displayName:
					// n8n puts its Poll Times first, above every parameter of the node.
					'Checks EventX at the Poll Times above, so changes arrive up to one interval later. If EventX can reach this n8n (a public URL), EventX Trigger starts workflows immediately instead.',
				name: 'pollingNotice',
				type: 'notice',
				default: '',
			},
			// n8n's node panel offers a trigger's actions from its "Trigger On" parameter. Named
			// `resource`: n8n picks the output schema it shows before a run by the `resource`
			// parameter (__schema__/v1.0.0/<event>.json), and no other name reaches it.
			{
				displayName: 'Trigger On',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				required: true,
				default: 'newAttendee',
				description: 'The change that starts the workflow',
				options: triggerOptions,
			},
			...momentProperties(),
			...scopeProperties(recordTriggers, eventTriggers),
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					...eventTriggerOptions(),
					{
						displayName: 'Max Records Per Poll',
						name: 'maxRecords',
						type: 'number',
						typeOptions: { minValue: 1 },
						default: 10000, // DEFAULT_MAX_RECORDS of polling/poll.ts (the description test holds them equal)
						description:
							'The most changes one poll emits; after a long pause the rest follow at the next polls, oldest first',
					},
					{
						displayName: 'Order Status',
						name: 'orderStatus',
						type: 'multiOptions',
						default: [],
						description: 'Only orders in one of these statuses (any status when empty)',
						options: enumOptions(ORDER_STATUSES),
						displayOptions: { show: { '/resource': ['newOrder'] } },
					},
					{
						displayName: 'Registration Status',
						name: 'registrationStatus',
						type: 'multiOptions',
						default: [],
						description: 'Only attendees with one of these registration statuses (any when empty)',
						options: enumOptions(REGISTRATION_STATUSES),
						displayOptions: { show: { '/resource': attendeeTriggers } },
					},
					{
						displayName: 'Start From',
						name: 'startFrom',
						type: 'dateTime',
						default: '',
						description:
							'Where the trigger starts when the workflow is first published (activated, in n8n 1.x) instead of then: what happened since comes out at the first polls (as many as each poll may read), oldest first',
					},
				],
			},
		],
	};

	methods = { listSearch, loadOptions: { getEvents } };

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollEventX.call(this);
	}
}
