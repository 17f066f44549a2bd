/**
 * Bad inputs, one operation at a time: each operation's test file lists its own cases and runs them
 * through `testBadInputs`. Each case runs two items through the node: item 0 with a good value,
 * item 1 with the bad one (both given by expression). The bad item is refused before any request
 * with a NodeOperationError that names the field and the item; with Continue On Fail, item 0 still
 * runs and item 1 carries the error.
 */
import { randomUUID } from 'node:crypto';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { apiRequests, byId, run } from '../fixtures';
import type { Simulator } from '../simulator/server';

export const BAD = '={{ $json.v }}';
export const firstEvent = (sim: Simulator) => sim.seeded.eventIds[0];
export const seededAttendee = (sim: Simulator, i = 0) => sim.seeded.attendeeIds[firstEvent(sim)][i];
export const ticketClass = (sim: Simulator, i = 1) =>
	String(sim.store.ticketClasses.get(firstEvent(sim))![i].id);
export const addOn = (sim: Simulator) =>
	String(sim.store.ticketClassAddOns.get(firstEvent(sim))![0].id);
export const textQuestion = (sim: Simulator) =>
	String(sim.store.customFields.get(firstEvent(sim))![0].id);

export interface Case {
	/** The operation and what is wrong. */
	name: string;
	/** The node's parameters; the field under test reads `={{ $json.v }}`. */
	parameters: (sim: Simulator) => INodeParameters;
	good: (sim: Simulator) => unknown;
	bad: unknown;
	/** How the error names the field. */
	field: RegExp;
}

/** The parameters of an operation on the first event, with the field under test among `extra`. */
export const params =
	(resource: string, operation: string, extra: INodeParameters = {}) =>
	(sim: Simulator) => ({
		resource,
		operation,
		// Event Get Many and Create take no event.
		...(resource === 'event' && operation !== 'get' && operation !== 'update'
			? {}
			: { eventId: byId(firstEvent(sim)) }),
		...extra,
	});
export const eventParams = (operation: string, extra?: INodeParameters) =>
	params('event', operation, extra);
export const attendeeParams = (operation: string, extra?: INodeParameters) =>
	params('attendee', operation, extra);
export const outreachParams = (operation: string, extra?: INodeParameters) =>
	params('outreach', operation, extra);
export const webhookParams = (operation: string, extra?: INodeParameters) =>
	params('webhook', operation, extra);
export const eventCreate = (field: string) => (sim: Simulator) => ({
	resource: 'event',
	operation: 'create',
	organizationId: byId(sim.seeded.organizations.hosted),
	name: 'Catalogue',
	startsAt: '2027-03-01T18:00:00Z',
	endsAt: '2027-03-01T23:00:00Z',
	timezone: 'GMT',
	format: 'virtual',
	estimatedAttendeeCount: '1-10',
	[field]: BAD,
});
export const eventUpdate = (extra: INodeParameters) => (sim: Simulator) => ({
	...eventCreate('name')(sim),
	operation: 'update',
	eventId: byId(firstEvent(sim)),
	name: 'Catalogue (updated)',
	defaultLocale: 'en',
	paymentCurrency: 'USD',
	...extra,
});
export const testEmail = (extra: INodeParameters) =>
	outreachParams('sendTestEmail', {
		testTemplateType: 'confirmation-email',
		testEmails: 'qa@example.com',
		...extra,
	});
export const template = (fields: INodeParameters) =>
	outreachParams('upsertEmailTemplate', {
		templateType: 'confirmation-email',
		templateFields: fields,
	});
export const anEvent = (sim: Simulator) => firstEvent(sim);
/** A webhook of the event, for the item with the good value to act on. */
export const aWebhook = (sim: Simulator) => {
	const id = randomUUID();
	sim.store.webhooks.set(id, {
		id,
		eventId: firstEvent(sim),
		url: 'http://127.0.0.1:9/hook',
		actions: ['attendee-create'],
	});
	return id;
};
export const anAttendee = (sim: Simulator) => seededAttendee(sim);

/** The run was refused with a NodeOperationError saying `message`, before any request. */
export function expectRefused(sim: Simulator, error: Error | undefined, message: string | RegExp) {
	expect(error?.name).toBe('NodeOperationError');
	if (typeof message === 'string') expect(error?.message).toBe(message);
	else expect(error?.message).toMatch(message);
	expect(sim.requests).toHaveLength(0);
}

/** Runs an operation's bad-input cases against the file's simulator. */
export function testBadInputs(ctx: { sim: Simulator }, cases: Case[]): void {
	describe(`bad inputs (${cases.length} cases)`, () => {
		test.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
			const sim = ctx.sim;
			const items = [
				{ v: c.good(sim), id: seededAttendee(sim, 1) },
				{ v: c.bad, id: seededAttendee(sim, 1) },
			] as IDataObject[];
			const parameters = c.parameters(sim);

			const refused = await run(sim, { parameters, items });
			expect(refused.error?.name).toBe('NodeOperationError');
			expect(refused.error?.message).toMatch(c.field);
			expect(refused.error?.context?.itemIndex).toBe(1);
			expect(apiRequests(sim)).toHaveLength(0);

			const continued = await run(sim, { parameters, items, continueOnFail: true });
			expect(continued.error).toBeUndefined();
			const paired = continued.items.map((i) => (i.pairedItem as { item: number }).item);
			expect(paired).toContain(0);
			expect(continued.items.filter((i) => i.json.error === undefined).length).toBeGreaterThan(0);
			const failed = continued.items.filter((i) => i.json.error !== undefined);
			expect(failed.map((i) => (i.pairedItem as { item: number }).item)).toEqual([1]);
			expect(String(failed[0].json.error)).toMatch(c.field);
			expect(failed[0].error?.name).toBe('NodeOperationError');
			expect(apiRequests(sim).length).toBeGreaterThan(0);
		});
	});
}
