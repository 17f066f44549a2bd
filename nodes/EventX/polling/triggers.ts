import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { ORDER_STATUSES } from '../helpers/enums';
import { orderListQs } from '../helpers/orders';

type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What the EventX Polling Trigger can wait for. */
export type PollTriggerName =
	| 'newAttendee'
	| 'attendeeUpdated'
	| 'attendeeRegistered'
	| 'attendeeCheckedIn'
	| 'newOrder'
	| 'orderPaid';

/** The Polling Trigger's optional filters, as its Options collection holds them. */
export interface PollFilters {
	registrationStatus?: string[];
	orderStatus?: string[];
}

/**
 * One trigger: which list it reads and how it recognizes its change.
 *
 * EventX can filter attendees by `createdAt$gt` only; every other change is found by reading the
 * list sorted by `readKey`, newest first, down to the cursor. `readKey` moves with every change the
 * trigger waits for (a registration or check-in changes `updatedAt`); `eventKey` is the time of the
 * change itself, the order in which items are emitted and the cursor the trigger keeps.
 */
export interface PollTrigger {
	value: PollTriggerName;
	name: string;
	description: string;
	/** The item's `action`: the same values EventX Trigger uses where both report a change. */
	action: string;
	resource: 'attendee' | 'order';
	readKey: string;
	eventKey: string;
	/** A query parameter that keeps only records whose `readKey` is after a time (`createdAt$gt`). */
	since?: string;
	/** Whether a record read shows this trigger's change (beyond its `eventKey` being set). */
	matches: (record: IDataObject, filters: PollFilters) => boolean;
	/** Query parameters of every read (EventX-side filters). */
	query?: (filters: PollFilters) => IDataObject;
}

function inStatuses(value: unknown, statuses: string[] | undefined): boolean {
	return !statuses || statuses.length === 0 || statuses.includes(String(value));
}

const attendeeStatus = (record: IDataObject, filters: PollFilters) =>
	inStatuses(record.registrationStatus, filters.registrationStatus);

/** Order statuses that mean the order was paid ("Order Paid" fires when one is reached). */
export const PAID_ORDER_STATUSES: OrderStatus[] = ['paid', 'completed'];

const orderFilter = (status: string[] | undefined): IDataObject =>
	orderListQs({ filter: status && status.length > 0 ? { status: status as OrderStatus[] } : {} });

export const POLL_TRIGGERS: PollTrigger[] = [
	{
		value: 'attendeeCheckedIn',
		name: 'Attendee Checked In',
		description: 'An attendee of the event checks in for the first time',
		action: 'attendee-check-in',
		resource: 'attendee',
		readKey: 'updatedAt',
		eventKey: 'attendedAt',
		matches: attendeeStatus,
	},
	{
		value: 'attendeeRegistered',
		name: 'Attendee Registered',
		description: "An attendee's registration is completed (registeredAt is set)",
		action: 'attendee-register',
		resource: 'attendee',
		readKey: 'updatedAt',
		eventKey: 'registeredAt',
		matches: attendeeStatus,
	},
	{
		value: 'attendeeUpdated',
		name: 'Attendee Updated',
		description: 'An existing attendee changes (new attendees are not reported here)',
		action: 'attendee-update',
		resource: 'attendee',
		readKey: 'updatedAt',
		eventKey: 'updatedAt',
		matches: (record, filters) =>
			record.updatedAt !== record.createdAt && attendeeStatus(record, filters),
	},
	{
		value: 'newAttendee',
		name: 'New Attendee',
		description: 'An attendee is added to the event',
		action: 'attendee-create',
		resource: 'attendee',
		readKey: 'createdAt',
		eventKey: 'createdAt',
		since: 'createdAt$gt',
		matches: attendeeStatus,
	},
	{
		value: 'newOrder',
		name: 'New Order',
		description: 'An order is placed for the event, whatever its payment',
		action: 'order-create',
		resource: 'order',
		readKey: 'createdAt',
		eventKey: 'createdAt',
		matches: () => true,
		query: (filters) => orderFilter(filters.orderStatus),
	},
	{
		value: 'orderPaid',
		name: 'Order Paid',
		description: 'An order of the event is paid (its status becomes paid or completed)',
		action: 'order-paid',
		resource: 'order',
		readKey: 'purchasedAt',
		eventKey: 'purchasedAt',
		matches: (record) => (PAID_ORDER_STATUSES as string[]).includes(String(record.status)),
		query: () => orderFilter(PAID_ORDER_STATUSES),
	},
];

export const POLL_TRIGGER_OPTIONS: INodePropertyOptions[] = POLL_TRIGGERS.map((t) => ({
	name: t.name,
	value: t.value,
	description: t.description,
}));

export function pollTrigger(value: unknown): PollTrigger | undefined {
	return POLL_TRIGGERS.find((t) => t.value === value);
}
