import { PollContext } from 'n8n-core';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

import { PollHarness, type PollHarnessOptions } from '../harness/poll';
import { newAttendee, type AttendeeRecord } from '../simulator/routes/attendees';
import { startSimulator, type Simulator } from '../simulator/server';
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
	saves?: PollHarnessOptions['saves'],
): PollHarness {
	return new PollHarness({ parameters, credentials: demoCredentials(sim), pollBudgetMs, saves });
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

/**
 * How a test makes one polling event's occurrences: `prepare` sets up the records they will happen
 * to (before activation), `occur` makes the next one happen at the simulator's clock and answers
 * the ID of the record the trigger must emit.
 */
export interface OccurrenceDriver {
	trigger: string;
	resource: 'attendee' | 'order';
	prepare: (sim: Simulator, eventId: string, count: number) => void;
	occur: (sim: Simulator, eventId: string) => string;
}

function pool(make: (sim: Simulator, eventId: string) => string) {
	let ids: string[] = [];
	return {
		prepare(sim: Simulator, eventId: string, count: number) {
			ids = Array.from({ length: count }, () => make(sim, eventId));
		},
		next(): string {
			const id = ids.shift();
			if (!id) throw new Error('The test prepared too few records');
			return id;
		},
	};
}

const none = () => undefined;

/** One driver per polling event. */
export function occurrenceDrivers(): OccurrenceDriver[] {
	const toUpdate = pool((sim, eventId) => createAttendee(sim, eventId).id);
	const toRegister = pool(
		(sim, eventId) => createAttendee(sim, eventId, { registrationStatus: 'pending' }).id,
	);
	const toCheckIn = pool((sim, eventId) => createAttendee(sim, eventId).id);
	const toPay = pool((sim, eventId) => sim.addOrder(eventId, { status: 'pending_payment' }).id);
	return [
		{
			trigger: 'newAttendee',
			resource: 'attendee',
			prepare: none,
			occur: (sim, eventId) => createAttendee(sim, eventId).id,
		},
		{
			trigger: 'attendeeUpdated',
			resource: 'attendee',
			prepare: (sim, eventId, count) => toUpdate.prepare(sim, eventId, count),
			occur: (sim) => changeAttendee(sim, toUpdate.next(), { city: 'Porto' }).id,
		},
		{
			trigger: 'attendeeRegistered',
			resource: 'attendee',
			prepare: (sim, eventId, count) => toRegister.prepare(sim, eventId, count),
			occur: (sim) =>
				changeAttendee(sim, toRegister.next(), { registrationStatus: 'registered' }).id,
		},
		{
			trigger: 'attendeeCheckedIn',
			resource: 'attendee',
			prepare: (sim, eventId, count) => toCheckIn.prepare(sim, eventId, count),
			// as the door staff's scan sets it (sim.checkIn), without its webhook deliveries
			occur: (sim) => {
				const now = sim.store.now();
				return changeAttendee(sim, toCheckIn.next(), {
					checkedInAt: now,
					attendedAt: now,
					checkInMethod: 'qr_code',
				}).id;
			},
		},
		{
			trigger: 'newOrder',
			resource: 'order',
			prepare: none,
			occur: (sim, eventId) => sim.addOrder(eventId).id,
		},
		{
			trigger: 'orderPaid',
			resource: 'order',
			prepare: (sim, eventId, count) => toPay.prepare(sim, eventId, count),
			occur: (sim) => {
				const id = toPay.next();
				sim.setOrderStatus(id, 'paid');
				return id;
			},
		},
	];
}

/** `count` occurrences one millisecond apart; their IDs in the order they happened. */
export function occurMany(
	sim: Simulator,
	driver: OccurrenceDriver,
	eventId: string,
	count: number,
) {
	return Array.from({ length: count }, () => {
		sim.store.advanceTime(1);
		return driver.occur(sim, eventId);
	});
}

/** n8n being down: the clock moves ten minutes (well past the trigger's look-back). */
export const DOWNTIME_MS = 600_000;

/** The IDs of each poll's items (null for a poll that emitted nothing), `count` polls. */
export async function pollIds(
	harness: PollHarness,
	count: number,
): Promise<Array<string[] | null>> {
	const out: Array<string[] | null> = [];
	for (let i = 0; i < count; i++) {
		const items = await harness.pollItems();
		out.push(items === null ? null : idsOf(items));
	}
	return out;
}

/** Prepares `count` records for the driver, lets time pass, and activates the trigger (its first poll emits nothing). */
export async function activateDriver(
	sim: Simulator,
	eventId: string,
	driver: OccurrenceDriver,
	count: number,
	options: Json = {},
	pollBudgetMs?: number,
	saves?: PollHarnessOptions['saves'],
): Promise<PollHarness> {
	driver.prepare(sim, eventId, count);
	// what was prepared is history when the trigger starts
	sim.store.advanceTime(DOWNTIME_MS);
	const harness = pollingTrigger(
		sim,
		pollParameters(eventId, driver.trigger, options),
		pollBudgetMs,
		saves,
	);
	const { items, error } = await harness.poll();
	if (error) throw error;
	if (items !== null) throw new Error(`The first poll emitted ${items.length} items`);
	return harness;
}

/** n8n's log lines by level (the poll context's logger). */
export interface LogLines {
	debug: string[];
	info: string[];
	warn: string[];
	error: string[];
}

/** Runs `work` (polls) with n8n's logger listened to: what it returned, and the lines logged. */
export async function withLog<T>(work: () => Promise<T>): Promise<LogLines & { result: T }> {
	const lines: LogLines = { debug: [], info: [], warn: [], error: [] };
	const line = (level: keyof LogLines) => (message: unknown) => lines[level].push(String(message));
	const logger = jest.spyOn(PollContext.prototype, 'logger', 'get').mockReturnValue({
		debug: line('debug'),
		info: line('info'),
		warn: line('warn'),
		error: line('error'),
	} as never);
	try {
		return { result: await work(), ...lines };
	} finally {
		logger.mockRestore();
	}
}

/** One poll with n8n's logger listened to: its items, and the debug lines it logged. */
export async function pollLoggingDebug(
	harness: PollHarness,
): Promise<{ items: INodeExecutionData[] | null; debug: string[] }> {
	const { result: items, debug } = await withLog(() => harness.pollItems());
	return { items, debug };
}

/**
 * A slow read (a `delay` fault) takes its time of the poll's clock, not of the test's: the simulator
 * answers at once and moves the node's `Date.now()` on by the delay. The poll's budget is all it
 * changes (a real wait made these tests long, and side by side under load a range could miss
 * the budget's end).
 */
export async function withClientClock(test: (sim: Simulator, eventId: string) => Promise<void>) {
	let ahead = 0;
	const realNow = Date.now.bind(Date);
	const now = jest.spyOn(Date, 'now').mockImplementation(() => realNow() + ahead);
	const sim = await startSimulator({
		wait: async (ms) => {
			ahead += ms;
		},
	});
	try {
		await test(sim, sim.seeded.eventIds[0]);
	} finally {
		now.mockRestore();
		await sim.stop();
	}
}
