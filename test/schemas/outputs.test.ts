// The output schemas n8n shows before a node has run: each operation of the action node and each
// event of both triggers runs against the simulator, and every item it outputs is validated
// against the schema the package ships for it (Ajv, JSON Schema draft-07, formats checked).
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { EventX } from '../../nodes/EventX/EventX.node';
import { EVENT_TRIGGERS } from '../../nodes/EventX/polling/eventTriggers';
import { POLL_TRIGGERS } from '../../nodes/EventX/polling/triggers';
import { schemaFile } from '../../scripts/gen-schemas';
import { outputs, type Output } from '../../scripts/schemas/outputs';
import { demoCredentials, run } from '../fixtures';
import { PollHarness } from '../harness/poll';
import { changeAttendee, createAttendee, pollParameters } from '../pollingTrigger/setup';
import { startSimulator, type Simulator } from '../simulator/server';
import { startTrigger, triggerParameters } from '../trigger/setup';
import { addEvent, publishEvent } from '../simulator/routes/events';
import { fs, path, repoRoot } from '../platform.cjs';
import { ACTION_STEPS, type StepContext } from './steps';

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);

/** The schema file the package ships for an output, compiled. */
function validatorOf(output: Pick<Output, 'node' | 'key'>): ValidateFunction {
	const file = path.join(repoRoot, schemaFile(output));
	if (!fs.existsSync(file))
		throw new Error(`${schemaFile(output)} is missing: run \`npm run gen\` and commit it`);
	return ajv.compile(JSON.parse(fs.readFileSync(file, 'utf8')) as object);
}

/**
 * `actual` holds exactly `expected`; the failure names each one missing or extra with what to do
 * (a new operation or trigger event needs a schema and a run here).
 */
function expectSameKeys(actual: string[], expected: string[], missing: string, extra: string) {
	expect([
		...expected.filter((k) => !actual.includes(k)).map((k) => `${k}: ${missing}`),
		...actual.filter((k) => !expected.includes(k)).map((k) => `${k}: ${extra}`),
	]).toEqual([]);
	expect(actual).toHaveLength(expected.length);
}

/** Every item valid, or the first errors, named by item, for the failure message. */
function problems(validate: ValidateFunction, items: INodeExecutionData[] | null | undefined) {
	const found: string[] = [];
	for (const [i, item] of (items ?? []).entries()) {
		if (!validate(item.json))
			found.push(
				...(validate.errors ?? [])
					.slice(0, 5)
					.map(
						(e) => `item ${i}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`,
					),
			);
	}
	return found;
}

let sim: Simulator;
const outputsOf = new Map<string, IDataObject>();

beforeAll(async () => {
	sim = await startSimulator();
});
afterAll(async () => {
	await sim.stop();
});

const ctx: StepContext = {
	get sim() {
		return sim;
	},
	out: (key) => {
		const found = outputsOf.get(key);
		if (!found) throw new Error(`${key} ran before this step and output nothing`);
		return found;
	},
};

/** What makes each polling event fire, on an event of the simulator. */
const changes: Record<string, (eventId: string) => void> = {
	newAttendee: (eventId) =>
		void createAttendee(sim, eventId, { invitationEmail: 'poll@example.com' }),
	attendeeUpdated: (eventId) =>
		void changeAttendee(sim, sim.seeded.attendeeIds[eventId][2], { jobTitle: 'Chef' }),
	attendeeRegistered: (eventId) => {
		const pending = createAttendee(sim, eventId, { registrationStatus: 'pending' });
		sim.store.advanceTime(1000);
		changeAttendee(sim, pending.id, { registrationStatus: 'registered' });
	},
	attendeeCheckedIn: (eventId) => void sim.checkIn(sim.seeded.attendeeIds[eventId][4]),
	newOrder: (eventId) =>
		void sim.addOrder(eventId, {
			user: { name: 'Poll Buyer', email: 'poll.buyer@example.com' },
		}),
	orderPaid: (eventId) => {
		const order = sim.addOrder(eventId, {
			user: { name: 'Poll Payer', email: 'poll.payer@example.com' },
		});
		sim.store.advanceTime(1000);
		sim.setOrderStatus(String(order.id), 'paid');
	},
	// The event triggers: an event of every event trigger's own making, on the whole account.
	newEvent: () => void quickEvent(),
	eventUpdated: (eventId) => void publishEvent(sim.store, eventId, true),
	eventPublished: (eventId) => void publishEvent(sim.store, eventId, true),
	eventStarting: () => void quickEvent(),
	doorsOpening: () => void quickEvent(),
	eventEnded: () => void quickEvent(),
};

/** A published event whose doors open, that starts and ends within the next 3 seconds. */
function quickEvent() {
	const now = Date.parse(sim.store.now());
	const at = (ms: number) => new Date(now + ms).toISOString();
	return addEvent(sim.store, {
		organizationId: sim.seeded.organizations.hosted,
		name: 'Schema Quick Meetup',
		entryStartsAt: at(1000),
		startsAt: at(2000),
		endsAt: at(3000),
		timezone: 'Asia/Hong_Kong',
	});
}

describe('output schemas', () => {
	test('every operation and trigger event has a schema and a run here, and nothing else', () => {
		const actionKeys = outputs()
			.filter((o) => o.node === 'EventX')
			.map((o) => o.key.join(':'));
		const operations = new EventX().description.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) =>
				(p.options as Array<{ value: string }>).map(
					(o) => `${String(p.displayOptions?.show?.resource?.[0])}:${o.value}`,
				),
			);
		expectSameKeys(
			actionKeys,
			operations,
			'no output schema: add it to ACTIONS in scripts/schemas/outputs.ts, then run `npm run gen`',
			'no such operation: remove it from ACTIONS in scripts/schemas/outputs.ts, then run `npm run gen`',
		);
		expectSameKeys(
			ACTION_STEPS.map((s) => s.key),
			actionKeys,
			'no run: add one to ACTION_STEPS in test/schemas/steps.ts',
			'no output schema: remove it from test/schemas/steps.ts',
		);
		// One per polling event (attendee and order events, then the event timeline's), and the default's copy n8n's AI builder reads.
		expect(
			outputs()
				.filter((o) => o.node === 'EventXPollingTrigger')
				.map((o) => o.key.join()),
		).toEqual([
			'attendeeCheckedIn',
			'attendeeRegistered',
			'attendeeUpdated',
			'newAttendee',
			'newOrder',
			'orderPaid',
			'newEvent',
			'eventUpdated',
			'eventPublished',
			'eventStarting',
			'doorsOpening',
			'eventEnded',
			'output',
		]);
		expectSameKeys(
			Object.keys(changes),
			[...POLL_TRIGGERS, ...EVENT_TRIGGERS].map((t) => t.value),
			'no change that fires it: add one to `changes` in test/schemas/outputs.test.ts',
			'not a polling event',
		);
	});

	describe('the action node: each operation, its items against its schema', () => {
		test.each(ACTION_STEPS.map((step) => [step.key, step] as const))('%s', async (key, step) => {
			const [resource, operation] = key.split(':');
			const { items, error } = await run(sim, {
				parameters: await step.parameters(ctx),
				items: step.items?.(ctx),
				binaries: step.binaries,
			});
			expect(error?.message).toBeUndefined();
			expect(items.length).toBeGreaterThan(0);
			outputsOf.set(key, items[0].json);
			expect(problems(validatorOf({ node: 'EventX', key: [resource, operation] }), items)).toEqual(
				[],
			);
		});
	});

	test("EventX Trigger: each of the five actions, delivered, is an item of the node's one schema", async () => {
		const ACTIONS = [
			'attendee-create',
			'attendee-update',
			'attendee-check-in',
			'attendee-check-out',
			'attendee-delete',
		];
		const eventId = sim.seeded.eventIds[1];
		const harness = await startTrigger(sim, triggerParameters(eventId, [...ACTIONS], 'tidy'));
		try {
			await harness.activate();
			const attendee = createAttendee(sim, eventId, { invitationEmail: 'door@example.com' });
			const { deliveryAttendee } = await import('../simulator/deliveries');
			sim.notify(eventId, 'attendee-create', deliveryAttendee(attendee));
			sim.notify(eventId, 'attendee-update', deliveryAttendee({ ...attendee, jobTitle: 'CTO' }));
			await sim.settled();
			sim.checkIn(attendee.id);
			await sim.settled();
			sim.checkOut(attendee.id);
			await sim.settled();
			sim.notify(eventId, 'attendee-delete', deliveryAttendee(attendee));
			await sim.settled();
			const items = harness.executions.map((execution) => execution[0]);
			expect(items.map((i) => i.json.action)).toEqual([
				'attendee-create',
				'attendee-update',
				'attendee-check-in',
				'attendee-check-out',
				'attendee-delete',
			]);
			expect(problems(validatorOf({ node: 'EventXTrigger', key: [] }), items)).toEqual([]);
		} finally {
			await harness.stop();
		}
	});

	describe('EventX Polling Trigger: each event trigger, after activation, against its schema', () => {
		test.each(EVENT_TRIGGERS.map((t) => t.value))('%s', async (trigger) => {
			// The second seeded event is a draft: published, it is updated and published.
			const eventId = sim.seeded.eventIds[1];
			publishEvent(sim.store, eventId, false);
			sim.store.advanceTime(1000);
			const harness = new PollHarness({
				parameters: { resource: trigger, events: 'all', when: 'at' },
				credentials: demoCredentials(sim),
			});
			expect(await harness.pollItems()).toBeNull();
			sim.store.advanceTime(1000);
			changes[trigger](eventId);
			// Past the moments and the engine's look-back of a minute.
			sim.store.advanceTime(61_000);
			const items = await harness.pollItems();
			expect(items?.length).toBeGreaterThan(0);
			expect(
				problems(validatorOf({ node: 'EventXPollingTrigger', key: [trigger] }), items),
			).toEqual([]);
		});
	});

	describe('EventX Polling Trigger: each event, after activation, against its schema', () => {
		test.each(POLL_TRIGGERS.map((t) => t.value))('%s', async (trigger) => {
			const eventId = sim.seeded.eventIds[2];
			const harness = new PollHarness({
				parameters: pollParameters(eventId, trigger),
				credentials: demoCredentials(sim),
			});
			expect(await harness.pollItems()).toBeNull();
			sim.store.advanceTime(1000);
			changes[trigger](eventId);
			sim.store.advanceTime(1000);
			const items = await harness.pollItems();
			expect(items?.length).toBeGreaterThan(0);
			expect(
				problems(validatorOf({ node: 'EventXPollingTrigger', key: [trigger] }), items),
			).toEqual([]);
			// The schema n8n's AI builder reads when Trigger On is left at its default.
			if (trigger === 'newAttendee')
				expect(
					problems(validatorOf({ node: 'EventXPollingTrigger', key: ['output'] }), items),
				).toEqual([]);
		});
	});
});
