// The moment rules of the event timeline triggers (Event Starting, Doors Opening, Event Ended),
// poll by poll, with every expected value written out.
import type { IDataObject } from 'n8n-workflow';

import {
	decodeMoments,
	encodeMoments,
	MAX_REMEMBERED,
	planMoments,
	RESCHEDULE_MEMORY_MS,
	startMoments,
	type MomentRule,
} from '../../nodes/EventX/polling/moments';
import type { MomentState } from '../../nodes/EventX/polling/state';

const at = (iso: string) => Date.parse(iso);
const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

const event = (id: string, startsAt: string, extra: IDataObject = {}): IDataObject => ({
	id,
	startsAt,
	endsAt: new Date(at(startsAt) + 8 * HOUR).toISOString(),
	entryStartsAt: null,
	...extra,
});

/** Event Starting with a lead time of one day; Max Lateness one day. */
const dayBefore: MomentRule = {
	field: 'startsAt',
	offsetMs: 0,
	offsetDays: -1,
	maxLatenessMs: DAY,
};

/** The trigger activated at `now` (or Start From) over `events`, every event in scope. */
const start = (
	events: IDataObject[],
	now: string,
	rule: MomentRule = dayBefore,
	startFrom?: string,
) =>
	startMoments(
		'k',
		'*',
		events,
		rule,
		at(now),
		startFrom === undefined ? undefined : at(startFrom),
	);

/** One poll at `time` over `events` (the changes read: none). */
const planAt = (
	events: IDataObject[],
	rule: MomentRule,
	state: MomentState,
	time: string,
	maxRecords = 10_000,
) => planMoments({ events, changed: [], rule, state, date: at(time), scope: '*', maxRecords });

/** Polls at each time in turn, returning what each fired (event IDs) and the last state. */
function pollAt(
	events: IDataObject[] | (() => IDataObject[]),
	rule: MomentRule,
	state: MomentState,
	times: string[],
	maxRecords = 10_000,
) {
	const fired: string[][] = [];
	const skipped: string[][] = [];
	let current = state;
	for (const time of times) {
		const list = typeof events === 'function' ? events() : events;
		const plan = planAt(list, rule, current, time, maxRecords);
		fired.push(plan.due.map((m) => m.eventId));
		skipped.push(plan.skipped.map((m) => m.eventId));
		current = plan.state;
	}
	return { fired, skipped, state: current };
}

describe('event timeline moments', () => {
	test('a lead time fires once, at the first poll at or after the event time less the lead time', () => {
		const events = [event('a', '2026-12-02T09:00:00.000Z')];
		const state = start(events, '2026-12-01T08:58:00.000Z');
		const { fired } = pollAt(events, dayBefore, state, [
			'2026-12-01T08:59:00.000Z',
			'2026-12-01T09:00:00.000Z',
			'2026-12-01T09:01:00.000Z',
			'2026-12-02T09:00:00.000Z',
		]);
		expect(fired).toEqual([[], ['a'], [], []]);
	});

	test('what a due moment says: due time, on time, no previous moment', () => {
		const events = [event('a', '2026-12-02T09:00:00.000Z')];
		const state = start(events, '2026-12-01T08:59:00.000Z');
		const plan = planAt(events, dayBefore, state, '2026-12-01T09:00:20.000Z', 100);
		expect(plan.due).toEqual([
			{
				event: events[0],
				eventId: 'a',
				time: at('2026-12-02T09:00:00.000Z'),
				due: at('2026-12-01T09:00:00.000Z'),
				late: false,
				lateByMs: 20_000,
				previousTime: undefined,
				backfill: false,
			},
		]);
	});

	test('moments already due at activation are history: nothing fires for them', () => {
		const events = [
			event('past', '2026-12-01T12:00:00.000Z'),
			event('later', '2026-12-03T12:00:00.000Z'),
		];
		const state = start(events, '2026-12-01T09:00:00.000Z');
		const { fired } = pollAt(events, dayBefore, state, [
			'2026-12-01T09:01:00.000Z',
			'2026-12-02T12:00:00.000Z',
		]);
		expect(fired).toEqual([[], ['later']]);
	});

	test('a reschedule after the moment fired fires again at the new time, with the old time', () => {
		let startsAt = '2026-12-02T09:00:00.000Z';
		const events = () => [event('a', startsAt)];
		const state = start(events(), '2026-12-01T08:59:00.000Z');
		const first = pollAt(events, dayBefore, state, ['2026-12-01T09:00:00.000Z']);
		expect(first.fired).toEqual([['a']]);
		// Postponed by a day after the reminder went out.
		startsAt = '2026-12-03T09:00:00.000Z';
		const second = pollAt(events, dayBefore, first.state, [
			'2026-12-01T09:01:00.000Z',
			'2026-12-02T08:59:00.000Z',
		]);
		expect(second.fired).toEqual([[], []]);
		const plan = planAt(events(), dayBefore, second.state, '2026-12-02T09:00:00.000Z', 100);
		expect(plan.due).toEqual([
			expect.objectContaining({
				eventId: 'a',
				time: at('2026-12-03T09:00:00.000Z'),
				due: at('2026-12-02T09:00:00.000Z'),
				previousTime: at('2026-12-02T09:00:00.000Z'),
				late: false,
			}),
		]);
		// And once only.
		expect(pollAt(events, dayBefore, plan.state, ['2026-12-02T09:01:00.000Z']).fired).toEqual([[]]);
	});

	test('a reschedule before the moment fired fires once, at the new time, as a plain moment', () => {
		let startsAt = '2026-12-05T09:00:00.000Z';
		const events = () => [event('b', startsAt)];
		let state = start(events(), '2026-12-01T09:00:00.000Z');
		({ state } = pollAt(events, dayBefore, state, ['2026-12-03T09:00:00.000Z']));
		startsAt = '2026-12-05T12:00:00.000Z';
		const { fired } = pollAt(events, dayBefore, state, [
			'2026-12-04T09:00:00.000Z',
			'2026-12-04T11:59:00.000Z',
			'2026-12-04T12:00:00.000Z',
			'2026-12-04T12:01:00.000Z',
		]);
		expect(fired).toEqual([[], [], ['b'], []]);
		const plan = planAt(events(), dayBefore, state, '2026-12-04T12:00:00.000Z', 100);
		expect(plan.due[0].previousTime).toBeUndefined();
	});

	test('a moment moved into the past before it fired fires at the next poll, late, even before the activation', () => {
		let startsAt = '2026-12-05T09:00:00.000Z';
		const events = () => [event('m', startsAt)];
		let state = start(events(), '2026-12-01T09:00:00.000Z');
		({ state } = pollAt(events, dayBefore, state, ['2026-12-01T09:01:00.000Z']));
		// Now starts at 20:00 today: its reminder was due yesterday at 20:00, before the activation.
		startsAt = '2026-12-01T20:00:00.000Z';
		const plan = planAt(events(), dayBefore, state, '2026-12-01T09:02:00.000Z', 100);
		expect(plan.due).toEqual([
			expect.objectContaining({ eventId: 'm', late: true, lateByMs: 13 * HOUR + 2 * MINUTE }),
		]);
		expect(pollAt(events, dayBefore, plan.state, ['2026-12-01T09:03:00.000Z']).fired).toEqual([[]]);
	});

	test('downtime within Max Lateness: the moment fires at the next poll, marked late by how late', () => {
		const events = [event('a', '2026-12-02T09:00:00.000Z')];
		let state = start(events, '2026-12-01T07:58:00.000Z');
		// Polls every minute (two tell the interval), then n8n is down from 08:00 to 14:00.
		({ state } = pollAt(events, dayBefore, state, [
			'2026-12-01T07:59:00.000Z',
			'2026-12-01T08:00:00.000Z',
		]));
		const plan = planAt(events, dayBefore, state, '2026-12-01T14:00:00.000Z', 100);
		expect(plan.due).toEqual([
			expect.objectContaining({ eventId: 'a', late: true, lateByMs: 5 * HOUR }),
		]);
		expect(plan.skipped).toEqual([]);
	});

	test('late means more than 1.5 poll intervals and more than 5 minutes after the time', () => {
		const events = [
			event('early', '2026-12-02T10:00:30.000Z'),
			event('recent', '2026-12-02T10:05:30.000Z'),
		];
		// Polls every 4 minutes; then one 8 minutes after the last (a poll missed).
		let state = start(events, '2026-12-01T09:52:00.000Z');
		({ state } = pollAt(events, dayBefore, state, [
			'2026-12-01T09:56:00.000Z',
			'2026-12-01T10:00:00.000Z',
		]));
		expect(state.gap).toBe(4 * MINUTE);
		const plan = planAt(events, dayBefore, state, '2026-12-01T10:08:00.000Z', 100);
		// Past 6 minutes (1.5 intervals, and over 5 minutes) is late.
		expect(plan.due.map((m) => [m.eventId, m.late, m.lateByMs / 1000])).toEqual([
			['early', true, 450],
			['recent', false, 150],
		]);
	});

	test('downtime past Max Lateness: the moment is skipped, reported once, never fired', () => {
		const events = [event('a', '2026-12-02T09:00:00.000Z'), event('b', '2026-12-04T07:00:00.000Z')];
		let state = start(events, '2026-12-01T07:59:00.000Z');
		({ state } = pollAt(events, dayBefore, state, [
			'2026-12-01T08:00:00.000Z',
			'2026-12-01T08:01:00.000Z',
		]));
		// Down for two days: a was due 47 hours ago (skipped), b an hour ago (fires, late).
		const { fired, skipped } = pollAt(events, dayBefore, state, [
			'2026-12-03T08:00:00.000Z',
			'2026-12-03T08:01:00.000Z',
		]);
		expect(fired).toEqual([['b'], []]);
		expect(skipped).toEqual([['a'], []]);
	});

	test('a moment on the edge: late by exactly Max Lateness still fires; one millisecond more is skipped', () => {
		const state: MomentState = {
			v: 2,
			key: 'k',
			checkedAt: at('2026-11-30T08:00:00.000Z'),
			gap: MINUTE,
			startedAt: at('2026-11-29T00:00:00.000Z'),
			scope: '*',
			moments: '',
		};
		const plan = planAt(
			[event('edge', '2026-12-01T09:00:00.000Z'), event('over', '2026-12-01T08:59:59.999Z')],
			dayBefore,
			state,
			'2026-12-01T09:00:00.000Z',
			100,
		);
		expect(plan.due.map((m) => m.eventId)).toEqual(['edge']);
		expect(plan.skipped.map((m) => [m.eventId, m.lateByMs])).toEqual([['over', DAY + 1]]);
	});

	test('Start From back-fills the moments due since then, oldest first, whatever Max Lateness says', () => {
		const events = [
			event('old', '2026-11-26T10:00:00.000Z'), // due 11-25 10:00: before Start From
			event('first', '2026-11-27T10:00:00.000Z'), // due 11-26 10:00
			event('second', '2026-11-30T10:00:00.000Z'), // due 11-29 10:00
			event('next', '2026-12-02T10:00:00.000Z'), // due 12-01 10:00
		];
		const state = start(events, '2026-12-01T09:00:00.000Z', dayBefore, '2026-11-26T00:00:00.000Z');
		const plan = planAt(events, dayBefore, state, '2026-12-01T09:00:00.000Z', 100);
		expect(plan.due.map((m) => [m.eventId, m.backfill, m.late])).toEqual([
			['first', true, true],
			['second', true, true],
		]);
		expect(plan.skipped).toEqual([]);
		expect(
			pollAt(events, dayBefore, plan.state, [
				'2026-12-01T09:01:00.000Z',
				'2026-12-01T10:00:00.000Z',
			]).fired,
		).toEqual([[], ['next']]);
	});

	test('Max Records Per Poll: the rest come at the next polls, each once, even past Max Lateness', () => {
		const events = ['a', 'b', 'c', 'd', 'e'].map((id, i) =>
			event(id, new Date(at('2026-11-27T10:00:00.000Z') + i * HOUR).toISOString()),
		);
		const state = start(events, '2026-12-01T09:00:00.000Z', dayBefore, '2026-11-26T00:00:00.000Z');
		const { fired } = pollAt(
			events,
			dayBefore,
			state,
			[
				'2026-12-01T09:00:00.000Z',
				'2026-12-01T09:01:00.000Z',
				'2026-12-03T09:02:00.000Z',
				'2026-12-03T09:03:00.000Z',
			],
			2,
		);
		expect(fired).toEqual([['a', 'b'], ['c', 'd'], ['e'], []]);
	});

	test('Doors Opening uses the entry window, or the start when the event has none', () => {
		const doors: MomentRule = {
			field: 'entryStartsAt',
			offsetMs: 0,
			offsetDays: 0,
			maxLatenessMs: DAY,
		};
		const events = [
			event('windowed', '2026-12-01T12:00:00.000Z', { entryStartsAt: '2026-12-01T10:30:00.000Z' }),
			event('plain', '2026-12-01T11:00:00.000Z'),
		];
		const state = start(events, '2026-12-01T09:00:00.000Z', doors);
		const { fired } = pollAt(events, doors, state, [
			'2026-12-01T10:30:00.000Z',
			'2026-12-01T11:00:00.000Z',
			'2026-12-01T12:00:00.000Z',
		]);
		expect(fired).toEqual([['windowed'], ['plain'], []]);
	});

	test('Event Ended with a delay of one hour fires an hour after the end', () => {
		const ended: MomentRule = {
			field: 'endsAt',
			offsetMs: HOUR,
			offsetDays: 0,
			maxLatenessMs: DAY,
		};
		const events = [event('a', '2026-12-01T09:00:00.000Z')]; // ends 17:00
		const state = start(events, '2026-12-01T09:00:00.000Z', ended);
		const { fired } = pollAt(events, ended, state, [
			'2026-12-01T17:00:00.000Z',
			'2026-12-01T17:59:59.000Z',
			'2026-12-01T18:00:00.000Z',
		]);
		expect(fired).toEqual([[], [], ['a']]);
	});

	test(`2,500 moments due at once fire once each; beyond the window the memory keeps ${MAX_REMEMBERED} for ${RESCHEDULE_MEMORY_MS / DAY} days`, () => {
		const events = Array.from({ length: 2_500 }, (_, i) =>
			// Due from 00:00:01, one a second, after the activation at 00:00.
			event(`e${i}`, new Date(at('2026-12-02T00:00:01.000Z') + i * 1000).toISOString()),
		);
		const state = start(events, '2026-12-01T00:00:00.000Z');
		const { fired, state: after } = pollAt(events, dayBefore, state, [
			'2026-12-01T01:00:00.000Z',
			'2026-12-01T01:01:00.000Z',
		]);
		expect(fired[0]).toHaveLength(2_500);
		expect(fired[1]).toEqual([]);
		// All 2,500 in the window (due within Max Lateness): about 26 bytes each.
		expect(decodeMoments(after.moments).size).toBe(2_500);
		expect(JSON.stringify(after).length).toBeLessThan(2_500 * 30);
		// Two days on, past the window: the newest 2,000 are kept; 31 days later, none.
		const later = pollAt(events, dayBefore, after, ['2026-12-03T01:00:00.000Z']);
		expect(later.fired).toEqual([[]]);
		expect(decodeMoments(later.state.moments).size).toBe(MAX_REMEMBERED);
		expect([...decodeMoments(later.state.moments).keys()]).not.toContain('e0');
		const forgotten = pollAt(events, dayBefore, later.state, ['2027-01-03T01:00:00.000Z']);
		expect(decodeMoments(forgotten.state.moments).size).toBe(0);
	});

	it('a remembered moment takes 48 bytes of static data, 57 once fired (it keeps the time it fired for): the figures docs/behaviour.md gives', () => {
		const id = '0f5755d4-a5ac-4cec-afb3-51bf5271efc9';
		const due = at('2027-03-13T12:00:00.000Z');
		const one = (kind: 'fired' | 'skipped' | 'history') =>
			encodeMoments(
				new Map([[id, { due, kind, ...(kind === 'fired' ? { lastFiredTime: due } : {}) }]]),
			);
		expect(one('history')).toBe(`${id}.n16e7400.h`);
		expect(one('fired')).toBe(`${id}.n16e7400.f.n16e7400`);
		// with the space between two entries
		expect(
			encodeMoments(
				new Map([
					[id, { due, kind: 'skipped' }],
					[`${id.slice(0, -1)}0`, { due, kind: 'history' }],
				]),
			).length,
		).toBe(2 * 48 - 1);
		expect(one('history').length + 1).toBe(48);
		expect(one('fired').length + 1).toBe(57);
	});

	it('the window keeps every moment it fired, with no count limit: 1,000 events fired in one poll take 56,999 bytes (what docs/behaviour.md gives)', () => {
		// 1,000 events starting 2027-03-14 between 12:00:00 and 12:16:39, their day-before moments
		// due between two polls an hour apart.
		const ids = Array.from(
			{ length: 1000 },
			(_, i) => `0f5755d4-a5ac-4cec-afb3-${String(i).padStart(12, '0')}`,
		);
		const events = ids.map((id, i) =>
			event(id, new Date(at('2027-03-14T12:00:00.000Z') + i * 1000).toISOString()),
		);
		const { fired, state } = pollAt(events, dayBefore, start(events, '2027-03-13T11:30:00.000Z'), [
			'2027-03-13T12:30:00.000Z',
		]);
		expect(fired[0]).toHaveLength(1000);
		expect(decodeMoments(state.moments).size).toBe(1000);
		expect(state.moments.length).toBe(56_999);
		// An hour on, still within Max Lateness: none fires again.
		expect(pollAt(events, dayBefore, state, ['2027-03-13T13:30:00.000Z']).fired).toEqual([[]]);
	});
});
