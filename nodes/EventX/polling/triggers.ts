import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import type { ORDER_STATUSES } from '../helpers/enums';
import { orderListQs } from '../helpers/orders';
import { API_PREFIX } from '../transport';
import type { PollSource } from './engine';
import { timeOf } from './time';

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

/** How late a check-in scanned offline may be synced and still come out (24 hours). */
export const OFFLINE_SYNC_MS = 86_400_000;

/**
 * One polling event: which list it reads, by which stamp, and how it recognizes its occurrence.
 * `readKey` must move with every change the event waits for (a check-in synced from an offline
 * device moves `updatedAt`, not `attendedAt`); `eventKey` stamps the occurrence itself, the order
 * in which items come out. The engine (`engine.ts`) does the rest for every event alike.
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
	/** The list's sort key that orders records sharing a stamp. */
	tieBreak?: string;
	/** A query parameter that keeps only records whose `readKey` is after a time (`createdAt$gt`). */
	after?: string;
	/** How much older than its `readKey` an occurrence may be when it first shows (offline scans). */
	maxShowDelayMs: number;
	/** Whether a record read shows this trigger's change (beyond its `eventKey` being set). */
	matches: (record: IDataObject, filters: PollFilters) => boolean;
	/** EventX-side filters of every read (query parameters). */
	query?: (filters: PollFilters) => IDataObject;
}

/** The engine's view of a trigger on one event. */
export function pollSourceOf(
	trigger: PollTrigger,
	eventId: string,
	filters: PollFilters,
): PollSource {
	return {
		request: {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/${trigger.resource}`,
			qs: { ...trigger.query?.(filters) },
		},
		readKey: trigger.readKey,
		tieBreak: trigger.tieBreak,
		after: trigger.after,
		maxShowDelayMs: trigger.maxShowDelayMs,
		occurrence: (record) =>
			trigger.matches(record, filters) ? timeOf(record[trigger.eventKey]) : undefined,
		stampedByReadKey: trigger.eventKey === trigger.readKey,
	};
}

function inStatuses(value: unknown, statuses: string[] | undefined): boolean {
	return !statuses || statuses.length === 0 || statuses.includes(String(value));
}

const attendeeStatus = (record: IDataObject, filters: PollFilters) =>
	inStatuses(record.registrationStatus, filters.registrationStatus);

/**
 * Order statuses of an order that was paid: Order Paid reads them all, so that an order paid and
 * refunded before the next poll still comes out (once, with its status then).
 */
export const PAID_ORDER_STATUSES: OrderStatus[] = ['paid', 'completed', 'refunding', 'refunded'];

const orderFilter = (status: string[] | undefined): IDataObject =>
	orderListQs({ filter: status && status.length > 0 ? { status: status as OrderStatus[] } : {} });

// Attendees are read by `updatedAt` (which every change moves) with their ID as tie-break, except
// New Attendee: oldest first with `createdAt$gt`, ranges keyed on the creation time.
const attendee = { resource: 'attendee' as const, tieBreak: 'id', maxShowDelayMs: 0 };

export const POLL_TRIGGERS: PollTrigger[] = [
	{
		...attendee,
		value: 'attendeeCheckedIn',
		name: 'Attendee Checked In',
		description: 'An attendee of the event checks in for the first time',
		action: 'attendee-check-in',
		readKey: 'updatedAt',
		eventKey: 'attendedAt',
		maxShowDelayMs: OFFLINE_SYNC_MS,
		matches: attendeeStatus,
	},
	{
		...attendee,
		value: 'attendeeRegistered',
		name: 'Attendee Registered',
		description: "An attendee's registration is completed (registeredAt is set)",
		action: 'attendee-register',
		readKey: 'updatedAt',
		eventKey: 'registeredAt',
		matches: attendeeStatus,
	},
	{
		...attendee,
		value: 'attendeeUpdated',
		name: 'Attendee Updated',
		description: 'An existing attendee changes (new attendees are not reported here)',
		action: 'attendee-update',
		readKey: 'updatedAt',
		eventKey: 'updatedAt',
		matches: (record, filters) =>
			record.updatedAt !== record.createdAt && attendeeStatus(record, filters),
	},
	{
		...attendee,
		value: 'newAttendee',
		name: 'New Attendee',
		description: 'An attendee is added to the event',
		action: 'attendee-create',
		readKey: 'createdAt',
		eventKey: 'createdAt',
		after: 'createdAt$gt',
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
		maxShowDelayMs: 0,
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
		maxShowDelayMs: 0,
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
