// The soak's checker on a season written out by hand: what each rule expects of a history, and
// how the ledger is tallied (once, lost, failed, doubled, unexpected, late, apart).
import type { HistoryEntry, LedgerEntry } from '../simulator/store';
import { checkSeason, triggerOutput } from './seasonCheck';
import { seasonRules, type SeasonFacts } from './seasonRules';
import { seasonWorkflows } from './seasonWorkflows';

const MIN = 60_000;
const T0 = Date.parse('2026-12-01T10:00:00.000Z');
const iso = (minutes: number) => new Date(T0 + minutes * MIN).toISOString();

let seq = 10;
/** A change `minutes` after the season started, on EventX's clock (real time: a second a minute). */
const change = (minutes: number, kind: string, eventId: string, id: string, record = {}) =>
	({
		seq: ++seq,
		at: T0 + minutes * MIN,
		real: 1_000_000 + minutes * 1000,
		kind,
		eventId,
		id,
		record,
	}) as HistoryEntry;

const workflows = seasonWorkflows({ webhookA: 'fest-a', webhookB: 'fest-b', send: 'fest-s' });
const rules = seasonRules(
	workflows,
	{ 'Webhook A': '/webhook/a/', 'Webhook B': '/webhook/b/' },
	30_000,
);

const history = [
	change(-30, 'attendee-create', 'fest-a', 'before'),
	change(1, 'attendee-create', 'fest-a', 'a1', { updatedAt: iso(1) }),
	change(2, 'attendee-create', 'fest-a', 'a2', { updatedAt: iso(2) }),
	// a2 removed 10 minutes later: within the spacing (60), its creation may go unseen.
	change(12, 'attendee-delete', 'fest-a', 'a2', { updatedAt: iso(2) }),
	change(70, 'attendee-update', 'fest-a', 'a1', { updatedAt: iso(70) }),
	change(3, 'attendee-create', 'short', 'x1', { updatedAt: iso(3) }),
	// Moved, then moved and published: in the version current then, its doors open at minute 80
	// (its start, no entry window), 30 minutes before it (minute 50, within the spacing of the
	// change: maybe) and 15 after its end (minute 105).
	change(5, 'event-schedule', 'ev', 'ev', {
		startsAt: iso(40),
		endsAt: iso(100),
		isPublished: false,
	}),
	change(6, 'event-publish', 'ev', 'ev', {
		startsAt: iso(80),
		endsAt: iso(90),
		isPublished: true,
		publishedAt: iso(6),
	}),
];
history[0].seq = 1;

const facts: SeasonFacts = {
	startSeq: 5,
	startAt: T0,
	endAt: T0 + 120 * MIN,
	startReal: 1_000_000,
	endReal: 1_120_000,
	spacingMs: 60 * MIN,
	pollSimMs: 15 * MIN,
	festivals: ['fest-a', 'fest-b', 'fest-s'],
	eventsAtStart: [{ id: 'ev', startsAt: iso(30), endsAt: iso(90), isPublished: false }],
	history,
	deliveries: [
		{
			url: 'http://n8n/webhook/a/webhook',
			action: 'attendee-create',
			status: 200,
			body: { attendee: { id: 'a1', update_at: iso(1) } },
		},
		{
			url: 'http://n8n/webhook/a/webhook',
			action: 'attendee-create',
			error: 'connect ECONNREFUSED',
			body: { attendee: { id: 'a2', update_at: iso(2) } },
		},
	],
	attendeesAtEnd: [],
	outbox: [],
	sendCutoffReal: 1_060_000,
};

const entry = (workflow: string, key: string, item: Record<string, unknown>, real: number) =>
	({ key, workflow, item, at: 0, real, times: key.endsWith('retried') ? 3 : 1 }) as LedgerEntry;

describe('the soak checker', () => {
	it('tallies a hand-written season: once, doubled, lost, failed, unexpected, late, apart', () => {
		const ledger = [
			entry('New Attendee', 'w:1:0', { id: 'a1' }, 1_001_500),
			// a2 may be unseen (removed soon), but came twice: doubled.
			entry('New Attendee', 'w:1:1', { id: 'a2' }, 1_002_500),
			entry('New Attendee', 'w:2:0:retried', { id: 'a2' }, 1_003_000),
			// An attendee of an event that is not a festival: no rule expects it.
			entry('New Attendee', 'w:2:1', { id: 'x1' }, 1_003_500),
			// The doors of `ev`, marked late by the trigger; its end never came.
			entry(
				'Doors Opening',
				'd:1:0',
				{ eventId: 'ev', moment: { firesAt: iso(80), late: true } },
				1_081_000,
			),
			entry(
				'Webhook A',
				'h:1:0',
				{ action: 'attendee-create', id: 'a1', updatedAt: iso(1) },
				1_001_100,
			),
		];
		const failed = new Map([['Attendee Updated', [{ id: 'a1', updatedAt: iso(70) }]]]);
		const verdict = checkSeason(
			facts,
			rules,
			ledger,
			failed,
			[{ name: '5xx', startReal: 1_000_000, endReal: 1_002_000 }],
			0,
		);
		const of = (label: string) => {
			const t = verdict.triggers.find((x) => x.label === label)!;
			return [t.expected, t.optional, t.once, t.lost, t.failed, t.doubled, t.unexpected, t.late];
		};
		// expected, optional, once, lost, failed, doubled, unexpected, late
		expect(of('New Attendee')).toEqual([1, 1, 1, 0, 0, 1, 1, 0]);
		expect(of('Attendee Updated')).toEqual([1, 0, 0, 0, 1, 0, 0, 0]);
		expect(of('Doors Opening')).toEqual([1, 0, 1, 0, 0, 0, 0, 1]);
		expect(of('Event Starting')).toEqual([0, 1, 0, 0, 0, 0, 0, 0]);
		expect(of('Event Ended')).toEqual([1, 0, 0, 1, 0, 0, 0, 0]);
		expect(of('Event Published')).toEqual([1, 0, 0, 1, 0, 0, 0, 0]);
		expect(of('Webhook A')).toEqual([1, 0, 1, 0, 0, 0, 0, 0]);
		const webhookA = verdict.triggers.find((t) => t.label === 'Webhook A')!;
		// a2's creation found nothing listening; its removal and a1's update had no webhook at all.
		expect([webhookA.undeliverable, webhookA.unsubscribed]).toEqual([1, 2]);
		expect(verdict.totals.ledgerRetries).toBe(2);
		expect(verdict.passed).toBe(false);
		// The fault's window holds a1's creation (twice: New Attendee and Webhook A) and a2's.
		expect(verdict.faults).toEqual([
			expect.objectContaining({ name: '5xx', changes: 3, doubled: 1, lost: 0, apart: 1 }),
		]);
	});

	it('expects Order Paid of an order paid in the season, never of one paid before it', () => {
		const paid = { purchasedAt: iso(-40) };
		const orders = [
			// Placed paid before the season, refunded in it (the first soak lost one such "change").
			{ ...change(-40, 'order-create', 'fest-a', 'paid-before', paid), seq: 2 },
			change(20, 'order-status', 'fest-a', 'paid-before', { ...paid, status: 'refunded' }),
			// Placed before the season, paid in it; placed paid in it.
			{ ...change(-20, 'order-create', 'fest-a', 'pending-before', { purchasedAt: null }), seq: 3 },
			change(30, 'order-status', 'fest-a', 'pending-before', { purchasedAt: iso(30) }),
			change(40, 'order-create', 'fest-b', 'paid-in', { purchasedAt: iso(40) }),
			change(95, 'order-status', 'fest-b', 'paid-in', { purchasedAt: iso(40) }),
		];
		const { expected } = rules.get('Order Paid')!.expected({ ...facts, history: orders });
		expect(expected.map((e) => [e.key, e.optional])).toEqual([
			['pending-before', undefined],
			['paid-in', undefined],
		]);
	});

	it('passes a season where each expected occurrence came once', () => {
		const ledger = [
			entry('New Attendee', 'w:1:0', { id: 'a1' }, 1_001_500),
			entry('Attendee Updated', 'u:1:0', { id: 'a1', updatedAt: iso(70) }, 1_071_000),
			entry('Doors Opening', 'd:1:0', { eventId: 'ev', moment: { firesAt: iso(80) } }, 1_081_000),
			entry('Event Ended', 'e:1:0', { eventId: 'ev', moment: { firesAt: iso(105) } }, 1_106_000),
			entry('Event Published', 'p:1:0', { eventId: 'ev', publishedAt: iso(6) }, 1_006_500),
			entry(
				'Webhook A',
				'h:1:0',
				{ action: 'attendee-create', id: 'a1', updatedAt: iso(1) },
				1_001_100,
			),
		];
		const verdict = checkSeason(facts, rules, ledger, new Map(), [], 0);
		expect(verdict.totals).toMatchObject({ lost: 0, doubled: 0, unexpected: 0, once: 6, late: 0 });
		expect(verdict.passed).toBe(true);
	});

	describe('triggerOutput: what a failed execution put out', () => {
		const delivery = { action: 'attendee-create', id: 'a1', updatedAt: iso(1) };
		// As the webhook process saved it when it enqueued the job.
		const stack = [{ node: { name: 'Trigger' }, data: { main: [[{ json: delivery }]] } }];

		it('finds a delivery on the stack of an execution n8n recovered after its worker was killed', () => {
			// n8n 2.41's recovery (execution-recovery.service amend): the Trigger's run rebuilt from the
			// event log with a placeholder item, the stored stack kept.
			const recovered = {
				resultData: {
					runData: {
						Trigger: [
							{
								executionStatus: 'success',
								data: { main: [[{ json: { isArtificialRecoveredEventItem: true } }]] },
							},
						],
						Send: [{ executionStatus: 'crashed', error: { message: 'Node crashed' } }],
					},
				},
				executionData: { nodeExecutionStack: stack },
			};
			expect(triggerOutput(recovered)).toEqual([{ json: delivery }]);

			// The season counts it failed, not lost.
			const verdict = checkSeason(
				facts,
				rules,
				[],
				new Map([['Webhook A', triggerOutput(recovered).map((i) => i.json)]]),
				[],
				0,
			);
			const webhookA = verdict.triggers.find((t) => t.label === 'Webhook A')!;
			expect([webhookA.lost, webhookA.failed]).toEqual([0, 1]);
		});

		it('finds the items of a Trigger that ran before a later node failed', () => {
			const failedLater = {
				resultData: { runData: { Trigger: [{ data: { main: [[{ json: delivery }]] } }] } },
				executionData: { nodeExecutionStack: [] },
			};
			expect(triggerOutput(failedLater)).toEqual([{ json: delivery }]);
		});

		it('finds nothing in an execution that kept no data', () => {
			expect(triggerOutput(undefined)).toEqual([]);
		});
	});

	describe('dropped: deliveries n8n answered, then failed before they started and emptied', () => {
		// Three deliveries to Webhook A's URL, all answered 200, a second apart.
		const created = ['b1', 'b2', 'b3'].map((id, i) =>
			change(i + 1, 'attendee-create', 'fest-a', id, { updatedAt: iso(i + 1) }),
		);
		const delivered = created.map((c, i) => ({
			url: 'http://n8n/webhook/a/webhook',
			action: 'attendee-create',
			status: 200,
			at: new Date(2_000_000 + i * 1000).toISOString(),
			body: { attendee: { id: c.id, update_at: (c.record as { updatedAt: string }).updatedAt } },
		}));
		const season = { ...facts, history: created, deliveries: delivered };
		const recorded = (id: string, execution: number, minute: number) =>
			entry(
				'Webhook A',
				`wa:${execution}:0`,
				{ action: 'attendee-create', id, updatedAt: iso(minute) },
				2_000_000,
			);
		const webhookA = (ledger: LedgerEntry[], emptied: number[]) =>
			checkSeason(
				season,
				rules,
				ledger,
				new Map(),
				[],
				0,
				new Map([['Webhook A', emptied]]),
			).triggers.find((t) => t.label === 'Webhook A')!;

		it('counts a delivery apart when an emptied execution lies between its neighbours', () => {
			const t = webhookA([recorded('b1', 10, 1), recorded('b3', 14, 3)], [12]);
			expect([t.once, t.lost, t.dropped]).toEqual([2, 0, 1]);
			expect(t.examples).toEqual({ dropped: ['attendee-create:b2@2026-12-01T10:02:00.000Z'] });
		});

		it('still counts it lost when no emptied execution lies near it', () => {
			const t = webhookA([recorded('b1', 10, 1), recorded('b3', 14, 3)], [30]);
			expect([t.once, t.lost, t.dropped]).toEqual([2, 1, 0]);
		});

		it('lets one emptied execution account for one delivery only', () => {
			const t = webhookA([recorded('b1', 10, 1)], [12]);
			expect([t.once, t.lost, t.dropped]).toEqual([1, 1, 1]);
		});
	});
});
