/**
 * The EventX Trigger's promise about deliveries, checked against generated histories. A delivery
 * starts exactly one execution when it comes to the URL EventX holds for the node's current
 * registration of that path (production or test), names that registration's webhook and the
 * node's event (in any case) and carries an action the node listens to; one with another action is
 * answered 200 and starts nothing; anything else (forged, replayed to an old URL, for another
 * webhook or event) is refused with 401, a malformed body with the right secret with 400. No
 * delivery costs an EventX call, but in the activation window: while no production registration
 * is stored, a delivery to the production path whose URL carries a secret costs one list of the
 * event's webhooks and counts as from the registration EventX holds with that secret, if any (n8n
 * saves an activation's static data late; docs/behaviour.md). No secret shows in an output, an
 * answer or a log.
 *
 * Histories mix EventX's own deliveries and duplicates of them, forgeries, activations,
 * deactivations (some whose removal EventX refuses), restarts (some losing static data), test
 * listening, Trigger On edits and webhooks deleted in EventX; some deliveries race a lifecycle
 * step and may be judged by the state before it or after it. The model below says, from the
 * history alone, which registration is current after each step (kept, or new with a URL never
 * seen before) and what each delivery must come to.
 */
import fc from 'fast-check';

import { WEBHOOK_ACTIONS } from '../../nodes/EventX/helpers/enums';
import { apiRequests, demoCredentials, useSimulator } from '../fixtures';
import { TriggerHarness, type ReceivedDelivery } from '../harness/trigger';
import { deliveryAttendee } from '../simulator/deliveries';
import type { Json, WebhookRecord } from '../simulator/store';
import { captureLogs, triggerParameters } from '../trigger/setup';
import { propertyParameters, propertyTimeout } from './settings';

const ctx = useSimulator();

/** The five actions EventX's OpenAPI lists (what a webhook may carry). */
const ACTIONS = WEBHOOK_ACTIONS;
type Action = (typeof ACTIONS)[number];

/** How a forger tries it (each with the right IDs unless the forgery is about an ID). */
const FORGERIES = [
	'noSecret', // the URL n8n shows, without the secret
	'wrongSecret', // a secret of the right shape
	'oldUrl', // a URL of an earlier registration
	'otherWebhook', // the right URL, naming another node's webhook on the event
	'otherEvent', // the right URL, naming another event
	'crossPath', // the production secret on the test path, or the test one on the production path
	'malformed', // the right URL, a body without "attendee"
	'shouted', // the right URL and IDs in upper case: not a forgery, the same IDs
] as const;
type Forgery = (typeof FORGERIES)[number];

type Lifecycle = 'activate' | 'deactivate' | 'restart' | 'listen' | 'stopListening';

type Step =
	| { kind: 'activate' }
	| { kind: 'deactivate'; failing: boolean }
	| { kind: 'restart'; lose: boolean }
	| { kind: 'listen' }
	| { kind: 'stopListening' }
	| { kind: 'setActions'; actions: Action[] }
	| { kind: 'removedInEventX' }
	| { kind: 'change'; action: Action }
	| { kind: 'replay'; pick: number }
	| { kind: 'forge'; how: Forgery; action: Action; pick: number }
	| { kind: 'during'; op: Lifecycle; lose: boolean; changes: Action[]; replays: number[] };

interface History {
	/** The node's Event typed By ID in upper case (EventX delivers lower case). */
	upper: boolean;
	output: 'raw' | 'tidy';
	actions: Action[];
	steps: Step[];
}

const action = fc.constantFrom(...ACTIONS);
const actions = fc.subarray([...ACTIONS], { minLength: 1 });
const pick = fc.nat({ max: 50 });
/** A secret of the right shape (43 characters of base64url) that no registration has. */
const forgedSecret = (n: number) => `${'A'.repeat(41)}${String(n).padStart(2, '0')}`;

const step: fc.Arbitrary<Step> = fc.oneof(
	{ weight: 3, arbitrary: fc.constant({ kind: 'activate' as const }) },
	{
		weight: 2,
		arbitrary: fc.record({ kind: fc.constant('deactivate' as const), failing: fc.boolean() }),
	},
	{
		weight: 2,
		arbitrary: fc.record({ kind: fc.constant('restart' as const), lose: fc.boolean() }),
	},
	{ weight: 1, arbitrary: fc.constant({ kind: 'listen' as const }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'stopListening' as const }) },
	{ weight: 1, arbitrary: fc.record({ kind: fc.constant('setActions' as const), actions }) },
	{ weight: 1, arbitrary: fc.constant({ kind: 'removedInEventX' as const }) },
	{ weight: 6, arbitrary: fc.record({ kind: fc.constant('change' as const), action }) },
	{ weight: 3, arbitrary: fc.record({ kind: fc.constant('replay' as const), pick }) },
	{
		weight: 5,
		arbitrary: fc.record({
			kind: fc.constant('forge' as const),
			how: fc.constantFrom(...FORGERIES),
			action,
			pick,
		}),
	},
	{
		weight: 2,
		arbitrary: fc.record({
			kind: fc.constant('during' as const),
			op: fc.constantFrom<Lifecycle>(
				'activate',
				'deactivate',
				'restart',
				'listen',
				'stopListening',
			),
			// a restart that loses static data re-registers while the deliveries arrive
			lose: fc.boolean(),
			changes: fc.array(action, { minLength: 1, maxLength: 2 }),
			replays: fc.array(pick, { maxLength: 1 }),
		}),
	},
);

const history: fc.Arbitrary<History> = fc.record({
	upper: fc.boolean(),
	output: fc.constantFrom('raw' as const, 'tidy' as const),
	actions,
	steps: fc.array(step, { minLength: 1, maxLength: 10 }),
});

// ---------------------------------------------------------------------------------------------
// The model

/** A registration the node holds: the URL EventX was given (with its secret) and the webhook. */
interface Registration {
	url: string;
	webhookId: string;
}

interface Model {
	active: boolean;
	listening: boolean;
	/** Trigger On as the node has it now. */
	actions: Action[];
	prod?: Registration;
	test?: Registration;
	/** Every URL the node ever registered, the secret in it. */
	urls: string[];
}

type Outcome = 'accepted' | 'ignored' | 'refused' | 'malformed';

const isObject = (value: unknown): value is Json =>
	value !== null && typeof value === 'object' && !Array.isArray(value);

/** Path and query of a URL, as the loopback n8n received it. */
const requestPath = (url: string) => {
	const parsed = new URL(url);
	return `${parsed.pathname}${parsed.search}`;
};

/** Whether a request to the production path comes in the activation window and asks EventX. */
const asksEventX = (model: Model, record: ReceivedDelivery) =>
	!record.isTest && !model.prod && /[?&]secret=[A-Za-z0-9_-]{43}(&|$)/.test(record.url);

/**
 * What a delivery must come to, by the model's state when it arrived and the webhooks EventX held
 * at the node's production URL (`atProduction`, what the activation window reads).
 */
function outcome(
	model: Model,
	eventId: string,
	record: ReceivedDelivery,
	atProduction: Registration[],
): Outcome {
	const registration = record.isTest
		? model.listening
			? model.test
			: undefined
		: asksEventX(model, record)
			? atProduction.find((held) => record.url === requestPath(held.url))
			: model.prod;
	if (!registration || record.url !== requestPath(registration.url)) return 'refused';
	const body = record.body;
	if (!isObject(body) || !isObject(body.config) || !isObject(body.attendee)) return 'malformed';
	const { event_id, webhook_id, action } = body.config;
	if (
		typeof event_id !== 'string' ||
		typeof webhook_id !== 'string' ||
		!(ACTIONS as readonly unknown[]).includes(action)
	)
		return 'malformed';
	if (event_id.toLowerCase() !== eventId) return 'refused';
	if (webhook_id.toLowerCase() !== registration.webhookId.toLowerCase()) return 'refused';
	return model.actions.includes(action as Action) ? 'accepted' : 'ignored';
}

/** What the loopback n8n answered and started for one request. */
function observed(record: ReceivedDelivery): Outcome | string {
	if (record.status === 200) return record.items ? 'accepted' : 'ignored';
	if (record.status === 401) return 'refused';
	if (record.status === 400) return 'malformed';
	return `HTTP ${record.status}`;
}

// ---------------------------------------------------------------------------------------------
// Running a history

const SECRET_URL = /\?secret=[A-Za-z0-9_-]{43}$/;

async function runHistory(h: History): Promise<void> {
	const sim = ctx.sim;
	const eventId = sim.seeded.eventIds[0];
	const otherEventId = sim.seeded.eventIds[1];
	sim.store.webhooks.clear();
	sim.store.deliveries.length = 0;
	sim.faults.clear();
	// Another node's webhook on the same event (EventX delivers to it too; nobody listens there).
	const otherHook: WebhookRecord = {
		id: '0e0e0e0e-0000-4000-8000-000000000000',
		eventId,
		url: 'http://127.0.0.1:9/webhook/another-node/webhook',
		actions: [...ACTIONS],
	};
	sim.store.webhooks.set(otherHook.id, otherHook);

	const parameters = (list: Action[]) =>
		triggerParameters(h.upper ? eventId.toUpperCase() : eventId, [...list], h.output);
	const harness = await new TriggerHarness({
		parameters: parameters(h.actions),
		credentials: demoCredentials(sim),
	}).start();
	const logs = captureLogs();
	const model: Model = { active: false, listening: false, actions: [...h.actions], urls: [] };
	let attendees = 0;
	const nextAttendee = () =>
		deliveryAttendee({
			id: `00000000-0000-4000-8000-${String(++attendees).padStart(12, '0')}`,
			firstName: `Guest ${attendees}`,
			createdAt: '2026-11-20T10:00:00.000Z',
			updatedAt: '2026-11-20T10:00:00.000Z',
		});

	/** EventX's webhooks at the node's production or test URL. */
	const hooksAt = (isTest: boolean) => {
		const base = harness.webhookUrl(isTest);
		return sim.store
			.webhooksOf(eventId)
			.filter((hook) => hook.url === base || hook.url.startsWith(`${base}?`));
	};
	/** The same at the production URL, as registrations (what the activation window reads). */
	const atProduction = (): Registration[] =>
		hooksAt(false).map((hook) => ({ url: hook.url, webhookId: hook.id }));
	/** EventX's calls the requests since `from` must have cost: one list each in the window. */
	const expectCalls = (from: number) =>
		expect(apiRequests(sim).map((r) => `${r.method} ${r.path}`)).toEqual(
			harness.received
				.slice(from)
				.filter((record) => asksEventX(model, record))
				.map(() => `GET /public-api/v1/event/${eventId}/webhook/all`),
		);

	/** EventX's own deliveries to the node's URLs so far (genuine, to replay). */
	const ourDeliveries = () => sim.store.deliveries.filter((d) => d.url.startsWith(harness.baseUrl));

	/**
	 * The registration of a path after a step that (re)registers it: kept when the node held it
	 * and EventX still has it, else new (a URL never registered before); one webhook at the path,
	 * with the node's actions.
	 */
	const registered = (isTest: boolean, held: Registration | undefined): Registration => {
		const hooks = hooksAt(isTest);
		expect(hooks).toHaveLength(1);
		const [hook] = hooks;
		expect(hook.url).toMatch(SECRET_URL);
		if (held) expect({ url: hook.url, id: hook.id }).toEqual({ url: held.url, id: held.webhookId });
		else expect(model.urls).not.toContain(hook.url);
		if (!isTest) expect([...hook.actions].sort()).toEqual([...model.actions].sort());
		if (!model.urls.includes(hook.url)) model.urls.push(hook.url);
		return { url: hook.url, webhookId: hook.id };
	};

	/** The registration the node holds, if EventX still has it (before a step): it is kept. */
	const kept = (held: Registration | undefined) =>
		held && sim.store.webhooks.has(held.webhookId) ? held : undefined;

	/** A lifecycle step, run; answers the model's state after it (checked against EventX's). */
	const lifecycle = async (op: Lifecycle | 'setActions', lose = false, failing = false) => {
		switch (op) {
			case 'activate': {
				const held = kept(model.prod);
				await harness.activate(model.active ? 'update' : 'activate');
				model.prod = registered(false, held);
				model.active = true;
				return;
			}
			case 'setActions': {
				const held = kept(model.prod);
				if (model.active) {
					await harness.activate('update');
					model.prod = registered(false, held);
				}
				return;
			}
			case 'deactivate': {
				if (!model.active) return;
				const before = hooksAt(false).map((hook) => hook.id);
				if (failing)
					sim.addFault({ kind: 'status', method: 'DELETE', path: '/webhook/', status: 500 });
				expect(await harness.deactivate()).toBe(!failing);
				// A removal EventX refused leaves the webhook there, no longer the node's.
				expect(hooksAt(false).map((hook) => hook.id)).toEqual(failing ? before : []);
				model.prod = undefined;
				model.active = false;
				return;
			}
			case 'restart': {
				// n8n's restart ends a test session (the editor listens anew).
				if (model.listening) await lifecycle('stopListening');
				if (lose) harness.savedStaticData = {};
				harness.restart();
				if (lose) model.prod = undefined;
				if (model.active) {
					const held = kept(model.prod);
					await harness.activate('init');
					model.prod = registered(false, held);
				}
				return;
			}
			case 'listen': {
				const held = model.listening ? kept(model.test) : undefined;
				await harness.listenForTest();
				model.test = registered(true, held);
				model.listening = true;
				return;
			}
			case 'stopListening': {
				if (!model.listening) return;
				expect(await harness.stopListening()).toBe(true);
				expect(hooksAt(true)).toEqual([]);
				model.test = undefined;
				model.listening = false;
				return;
			}
		}
	};

	/** Checks each request that reached n8n since `from` against the outcomes allowed for it. */
	const judge = (from: number, allowed: (record: ReceivedDelivery) => Outcome[]) => {
		for (const record of harness.received.slice(from)) {
			const got = observed(record);
			const expected = allowed(record);
			if (!(expected as string[]).includes(got))
				throw new Error(
					`${record.url} came to ${got}, the model says ${expected.join(' or ')}: ${JSON.stringify(record.body)}`,
				);
			if (got === 'accepted') checkItem(record);
		}
	};

	/** The one item of an accepted delivery: the body's attendee, the secret taken out. */
	const checkItem = (record: ReceivedDelivery) => {
		const body = record.body as { config: Json; attendee: Json };
		expect(record.items).toHaveLength(1);
		const json = record.items![0].json;
		if (h.output === 'tidy') {
			expect(json).toMatchObject({
				action: body.config.action,
				eventId,
				id: body.attendee.id,
			});
		} else {
			const base = harness.webhookUrl(record.isTest);
			const endpoint = body.config.endpoint_url;
			expect(json).toEqual({
				...body,
				config:
					typeof endpoint === 'string'
						? { ...body.config, endpoint_url: endpoint.split('?')[0] }
						: body.config,
			});
			if (typeof endpoint === 'string') expect(endpoint.split('?')[0]).toBe(base);
		}
	};

	/** A forged delivery: its URL and body. */
	const forgery = (step: Extract<Step, { kind: 'forge' }>): { url: string; body: unknown } => {
		const prodBase = harness.webhookUrl();
		const current = model.prod ?? (model.listening ? model.test : undefined);
		const url = current?.url ?? prodBase;
		const genuine = (webhookId = current?.webhookId ?? otherHook.id, event = eventId) => ({
			config: { event_id: event, webhook_id: webhookId, action: step.action, endpoint_url: url },
			attendee: nextAttendee(),
		});
		switch (step.how) {
			case 'noSecret':
				return { url: url.split('?')[0], body: genuine() };
			case 'wrongSecret':
				return { url: `${url.split('?')[0]}?secret=${forgedSecret(step.pick)}`, body: genuine() };
			case 'oldUrl': {
				// (n8n itself answers 404 at the test path while nobody listens)
				const old = model.urls.filter(
					(u) =>
						u !== model.prod?.url &&
						u !== model.test?.url &&
						(model.listening || !u.includes('/webhook-test/')),
				);
				const chosen =
					old.length > 0
						? old[step.pick % old.length]
						: `${prodBase}?secret=${forgedSecret(step.pick)}`;
				return { url: chosen, body: genuine() };
			}
			case 'otherWebhook':
				return { url, body: genuine(otherHook.id) };
			case 'otherEvent':
				return { url, body: genuine(undefined, otherEventId) };
			case 'crossPath': {
				// One registration's secret at the other's path (the test path only while listening).
				const query = (u: string | undefined) => u?.split('?')[1] ?? '';
				if (model.listening && step.pick % 2 === 0)
					return { url: `${harness.webhookUrl(true)}?${query(model.prod?.url)}`, body: genuine() };
				return { url: `${prodBase}?${query(model.test?.url)}`, body: genuine() };
			}
			case 'malformed':
				return { url, body: { config: genuine().config } };
			case 'shouted': {
				const body = genuine();
				return {
					url,
					body: {
						...body,
						config: {
							...body.config,
							event_id: eventId.toUpperCase(),
							webhook_id: String(body.config.webhook_id).toUpperCase(),
						},
					},
				};
			}
		}
	};

	/** A duplicate of one of EventX's own deliveries (same URL, same body), or none yet. */
	const replayOf = (index: number) => {
		// (n8n itself answers 404 at the test path while nobody listens)
		const own = ourDeliveries().filter((d) => model.listening || !d.url.includes('/webhook-test/'));
		if (own.length === 0) return undefined;
		const delivery = own[index % own.length];
		return { url: delivery.url, body: delivery.body };
	};

	try {
		await lifecycle('activate');
		for (const s of h.steps) {
			const from = harness.received.length;
			switch (s.kind) {
				case 'activate':
				case 'listen':
				case 'stopListening':
					await lifecycle(s.kind);
					break;
				case 'deactivate':
					await lifecycle('deactivate', false, s.failing);
					break;
				case 'restart':
					await lifecycle('restart', s.lose);
					break;
				case 'setActions':
					harness.setParameters(parameters(s.actions));
					model.actions = [...s.actions];
					await lifecycle('setActions');
					break;
				case 'removedInEventX':
					for (const hook of hooksAt(false)) sim.store.webhooks.delete(hook.id);
					break;
				case 'change': {
					sim.clearLog();
					const hooks = sim.store
						.webhooksOf(eventId)
						.filter((hook) => hook.actions.includes(s.action));
					await sim.notify(eventId, s.action, nextAttendee());
					// One request per webhook of the node's URLs that EventX holds for the action.
					expect(harness.received.length - from).toBe(
						hooks.filter((hook) => hook.url.startsWith(harness.baseUrl)).length,
					);
					const held = atProduction();
					judge(from, (record) => [outcome(model, eventId, record, held)]);
					expectCalls(from);
					break;
				}
				case 'replay': {
					const replay = replayOf(s.pick);
					if (!replay) break;
					sim.clearLog();
					await harness.post(replay.body, replay.url);
					const held = atProduction();
					judge(from, (record) => [outcome(model, eventId, record, held)]);
					expectCalls(from);
					break;
				}
				case 'forge': {
					const forged = forgery(s);
					sim.clearLog();
					await harness.post(forged.body, forged.url);
					const held = atProduction();
					judge(from, (record) => {
						const expected = outcome(model, eventId, record, held);
						// The generator made a real forgery: only the upper-case IDs may pass.
						if (s.how !== 'shouted') expect(['refused', 'malformed']).toContain(expected);
						return [expected];
					});
					expectCalls(from);
					break;
				}
				case 'during': {
					const before = structuredClone(model);
					const heldBefore = atProduction();
					const replays = s.replays.map(replayOf).filter((r) => r !== undefined);
					await Promise.all([
						lifecycle(s.op, s.lose),
						...s.changes.map((a) => sim.notify(eventId, a, nextAttendee())),
						...replays.map((r) => harness.post(r.body, r.url)),
					]);
					const after = model;
					const heldAfter = atProduction();
					judge(from, (record) => [
						outcome(before, eventId, record, heldBefore),
						outcome(after, eventId, record, heldAfter),
					]);
					break;
				}
			}
		}
		await lifecycle('stopListening');
		await lifecycle('deactivate');
	} finally {
		logs.restore();
		await harness.stop();
	}

	// No secret the node ever registered shows in an output, an answer or a log.
	const shown = JSON.stringify([
		harness.executions,
		harness.received.map((r) => r.response),
		logs.lines,
	]);
	for (const url of model.urls) expect(shown).not.toContain(url.split('?secret=')[1]);
}

describe('EventX Trigger: generated delivery histories against the model', () => {
	const RUNS = 12;
	it(
		'every delivery is accepted, ignored or refused as the model says, and no secret shows',
		async () => {
			await fc.assert(
				fc.asyncProperty(history, runHistory),
				propertyParameters<[History]>('webhook trigger: deliveries against the model', RUNS),
			);
		},
		propertyTimeout(RUNS, 2_000),
	);
});
