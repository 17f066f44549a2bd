import { HookContext, WebhookContext } from 'n8n-core';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { TriggerHarness } from '../harness/trigger';
import type { Simulator } from '../simulator/server';
import type { Json } from '../simulator/store';
import { demoCredentials } from '../fixtures';

export function triggerParameters(
	eventId: string,
	events: string[],
	output: 'raw' | 'tidy' = 'raw',
	mode: 'list' | 'id' = 'id',
): INodeParameters {
	return { eventId: { __rl: true, mode, value: eventId }, events, output };
}

/** A started trigger harness against the simulator with the demo credential. */
export async function startTrigger(
	sim: Simulator,
	parameters: INodeParameters,
	options: { webhookId?: string; staticData?: IDataObject } = {},
): Promise<TriggerHarness> {
	return await new TriggerHarness({
		parameters,
		credentials: demoCredentials(sim),
		...options,
	}).start();
}

/** The simulator's webhooks on an event (its store, not the API). */
export function hooksOf(sim: Simulator, eventId: string) {
	return sim.store.webhooksOf(eventId);
}

/** Puts an attendee in the simulator's store, as if registered through the API. */
export function addAttendee(sim: Simulator, eventId: string, fields: Json = {}) {
	const now = new Date().toISOString();
	const record = {
		id: '5f0c9e2a-6b1d-4c3e-8f7a-9b0c1d2e3f40',
		eventId,
		firstName: 'Ada',
		lastName: 'Lovelace',
		invitationEmail: 'ada@example.com',
		registrationStatus: 'registered',
		createdAt: now,
		updatedAt: now,
		...fields,
	} as Json & { id: string; eventId: string };
	sim.store.attendees.set(record.id, record);
	return record;
}

/** The URL EventX holds for the node's production (or test) webhook: the node's URL and its secret. */
export function deliveryUrl(
	sim: Simulator,
	eventId: string,
	harness: TriggerHarness,
	isTest = false,
): string {
	const base = harness.webhookUrl(isTest);
	const urls = hooksOf(sim, eventId)
		.map((hook) => hook.url)
		.filter((url) => url.startsWith(`${base}?`));
	if (urls.length !== 1) throw new Error(`EventX holds ${urls.length} webhooks for ${base}`);
	return urls[0];
}

/** Webhook API requests (list/create/patch/delete) the simulator received. */
export function webhookCalls(sim: Simulator) {
	return sim
		.requestsTo(undefined, /\/webhook(\/|$)/)
		.map((r) => `${r.method} ${r.path.replace(/^.*\/webhook/, 'webhook')} ${String(r.status)}`);
}

/** The webhook IDs the node keeps in its static data, by URL. */
export function storedIds(harness: TriggerHarness): Record<string, string> {
	const webhooks = (harness.staticData.webhooks ?? {}) as Record<string, { webhookId: string }>;
	return Object.fromEntries(Object.entries(webhooks).map(([url, s]) => [url, s.webhookId]));
}

/** One line the trigger wrote to n8n's log. */
export interface LogLine {
	level: string;
	message: string;
	meta?: unknown;
}

/**
 * What the trigger writes to n8n's log (its webhook and lifecycle contexts) from now on, until
 * `restore` is called.
 */
export function captureLogs(): { lines: LogLine[]; restore: () => void } {
	const lines: LogLine[] = [];
	const logger = Object.fromEntries(
		['error', 'warn', 'info', 'debug'].map((level) => [
			level,
			(message: string, meta?: unknown) => lines.push({ level, message, meta }),
		]),
	);
	const spies = [WebhookContext.prototype, HookContext.prototype].map((prototype) =>
		jest.spyOn(prototype, 'logger', 'get').mockReturnValue(logger as never),
	);
	return { lines, restore: () => spies.forEach((spy) => spy.mockRestore()) };
}
