// EventX Polling Trigger, attendee triggers: n8n's PollContext against the simulator, whose
// clock the tests move and freeze.
import type { IDataObject } from 'n8n-workflow';

import { itemMaker } from '../../nodes/EventX/polling/items';
import { pollTrigger } from '../../nodes/EventX/polling/triggers';
import { expectNodeError, useSimulator } from '../fixtures';
import { attendeeJson } from '../simulator/routes/attendees';
import {
	activatePolling,
	changeAttendee,
	createAttendee,
	idsOf,
	listReads,
	pollingTrigger,
	pollParameters,
	seededAttendees,
} from './setup';

const ctx = useSimulator();
let eventId: string;

beforeEach(() => {
	eventId = ctx.sim.seeded.eventIds[0];
});

const activate = async (trigger: string, options = {}) =>
	await activatePolling(ctx.sim, eventId, trigger, options);

describe('EventX Polling Trigger: attendees', () => {
	it.each(['newAttendee', 'attendeeUpdated', 'attendeeRegistered', 'attendeeCheckedIn'])(
		'%s: the first poll emits nothing (no historic records) and stores a cursor; a poll with nothing changed costs one request',
		async (trigger) => {
			const harness = pollingTrigger(ctx.sim, pollParameters(eventId, trigger));
			expect(await harness.pollItems()).toBeNull();
			expect(harness.savedStaticData['node:EventX Polling Trigger']).toMatchObject({
				pollState: { v: 2, trigger, list: eventId, at: expect.any(String) },
			});
			ctx.sim.clearLog();
			ctx.sim.store.advanceTime(60_000);
			expect(await harness.pollItems()).toBeNull();
			// one request in all: the list's first page (the token is reused)
			expect(ctx.sim.requestsTo().map((r) => `${r.method} ${r.path}`)).toEqual([
				`GET /public-api/v1/event/${eventId}/attendee`,
			]);
		},
	);

	it('New Attendee: an attendee created after activation comes out once, in the tidy shape of EventX Trigger', async () => {
		const harness = await activate('newAttendee');
		ctx.sim.store.advanceTime(1000);
		const created = createAttendee(ctx.sim, eventId, { invitationEmail: 'new@example.com' });
		ctx.sim.store.advanceTime(1000);

		const items = await harness.pollItems();
		expect(idsOf(items)).toEqual([created.id]);
		const listed = (await harness.poll('manual')).items![0].json;
		expect(items![0].json).toEqual(listed);
		expect(items![0].json).toMatchObject({
			action: 'attendee-create',
			eventId,
			id: created.id,
			invitationEmail: 'new@example.com',
			createdAt: created.createdAt,
		});
		expect(await harness.pollItems()).toBeNull();
		// Updating it does not make it new again.
		changeAttendee(ctx.sim, created.id, { jobTitle: 'Chef' });
		expect(await harness.pollItems()).toBeNull();
	});

	it("the item is EventX Trigger's Tidy Attendee: the keys both triggers know hold the same values, so a workflow can switch", async () => {
		const harness = await activate('newAttendee');
		ctx.sim.store.advanceTime(1000);
		const created = createAttendee(ctx.sim, eventId, {
			invitationEmail: 'switch@example.com',
			jobTitle: 'Chef',
			city: 'Hong Kong',
			// deliveries spell an empty field "", the list null: both set here
			organization: 'EventX',
			country: 'HK',
			areaCode: '+852',
			contactNo: '91234567',
		});
		const [item] = (await harness.pollItems())!;
		// EventX Trigger's Tidy output for the webhook delivery of the same attendee, written out.
		const webhook: IDataObject = {
			action: 'attendee-create',
			eventId,
			id: created.id,
			firstName: 'Poll',
			lastName: 'Test',
			name: 'Poll Test',
			email: 'switch@example.com',
			registrationStatus: 'registered',
			virtualAttendanceStatus: 'pending',
			firstEnteredWebAppAt: null,
			magicLinkUrl: `https://portal.eventx.io/magic-link/${created.id}/authorize`,
			attendanceType: 'pending',
			roleTags: ['visitor'],
			ticketClassId: null,
			ticketClassName: null,
			jobTitle: 'Chef',
			organization: 'EventX',
			city: 'Hong Kong',
			country: 'HK',
			areaCode: '+852',
			contactNo: '91234567',
			source: null,
			createdAt: String(created.createdAt),
			updatedAt: String(created.updatedAt),
			attendedAt: null,
			registeredAt: String(created.createdAt),
			checkedInAt: null,
			customFields: {},
			checkInMethod: null,
		};
		const shared = Object.keys(webhook).filter((key) => key in item.json);
		expect(Object.fromEntries(shared.map((key) => [key, item.json[key]]))).toEqual(
			Object.fromEntries(shared.map((key) => [key, webhook[key]])),
		);
		// only what the webhook alone carries (EventX's list has no such fields) is missing
		expect(Object.keys(webhook).filter((key) => !(key in item.json))).toEqual([
			'virtualAttendanceStatus',
			'attendanceType',
			'ticketClassName',
			'source',
		]);
		expect(item.json).toMatchObject({ email: 'switch@example.com', updatedAt: created.updatedAt });
	});

	it('every item is its own record after action, eventId and email, in that order, whether its keys are those of the item before or not', async () => {
		const harness = await activate('newAttendee');
		const made = (profile: IDataObject) => {
			ctx.sim.store.advanceTime(1);
			return createAttendee(ctx.sim, eventId, profile);
		};
		const first = made({ invitationEmail: 'first@example.com' });
		const second = made({ invitationEmail: 'second@example.com' });
		// Keys the others lack (EventX's schema requires none), and no invitation email.
		const odd = changeAttendee(ctx.sim, made({}).id, {
			rsvpStatus: 'registered',
			qrCodeLinkUrl: 'https://example.com/qr',
		});
		const third = made({ invitationEmail: 'third@example.com' });
		const fourth = made({ invitationEmail: 'fourth@example.com' });
		ctx.sim.store.advanceTime(1000);

		const items = (await harness.pollItems())!;
		const head = (email: string | null) => ({ action: 'attendee-create', eventId, email });
		// The JSON text: keys in order and values.
		expect(items.map((item) => JSON.stringify(item.json))).toEqual(
			[
				{ ...head('first@example.com'), ...attendeeJson(first) },
				{ ...head('second@example.com'), ...attendeeJson(second) },
				{ ...head(null), ...attendeeJson(odd) },
				{ ...head('third@example.com'), ...attendeeJson(third) },
				{ ...head('fourth@example.com'), ...attendeeJson(fourth) },
			].map((json) => JSON.stringify(json)),
		);
		expect(Object.keys(items[2].json).slice(0, 4)).toEqual(['action', 'eventId', 'email', 'id']);
		expect(Object.keys(items[2].json).slice(-2)).toEqual(['rsvpStatus', 'qrCodeLinkUrl']);
		expect(Object.keys(items[3].json)).toEqual(Object.keys(items[0].json));
	});

	it("an item made as a copy of the one before holds none of its values, keys named like Object's own included; a record's own email takes the head's place", () => {
		const item = itemMaker(pollTrigger('newAttendee')!);
		const [a, b, c] = JSON.parse(
			'[{"id":"a","__proto__":{"n":1},"constructor":"x","7":"seven","invitationEmail":"a@example.com","tags":["t"]},' +
				'{"id":"b","__proto__":{"n":2},"constructor":"y","7":"eight","invitationEmail":null,"tags":[]},' +
				'{"id":"c","7":"nine","invitationEmail":"c@example.com","email":"own@example.com"}]',
		) as IDataObject[];
		const items = [item('e1', a), item('e2', b), item('e3', c)].map((i) => i.json);
		expect(items.map((json) => JSON.stringify(json))).toEqual([
			'{"7":"seven","action":"attendee-create","eventId":"e1","email":"a@example.com","id":"a","__proto__":{"n":1},"constructor":"x","invitationEmail":"a@example.com","tags":["t"]}',
			'{"7":"eight","action":"attendee-create","eventId":"e2","email":null,"id":"b","__proto__":{"n":2},"constructor":"y","invitationEmail":null,"tags":[]}',
			'{"7":"nine","action":"attendee-create","eventId":"e3","email":"own@example.com","id":"c","invitationEmail":"c@example.com"}',
		]);
		// `__proto__` is a key like any other: the items are plain objects.
		for (const json of items) expect(Object.getPrototypeOf(json)).toBe(Object.prototype);
		expect(items[0].tags).toBe(a.tags);
		expect(items[1].tags).toBe(b.tags);
	});

	it('Attendee Updated: a changed attendee comes out once per change; a new attendee is not an update', async () => {
		const [first, second] = seededAttendees(ctx.sim, eventId);
		const harness = await activate('attendeeUpdated');
		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, first.id, { jobTitle: 'Chef' });
		createAttendee(ctx.sim, eventId);
		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, second.id, { city: 'Paris' });

		const items = await harness.pollItems();
		// oldest change first
		expect(idsOf(items)).toEqual([first.id, second.id]);
		expect(items![0].json).toMatchObject({ action: 'attendee-update', jobTitle: 'Chef' });
		expect(await harness.pollItems()).toBeNull();

		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, first.id, { jobTitle: 'Head Chef' });
		const again = await harness.pollItems();
		expect(idsOf(again)).toEqual([first.id]);
		expect(again![0].json.jobTitle).toBe('Head Chef');
	});

	it('Attendee Registered: a pending attendee who registers comes out once; later changes do not repeat it', async () => {
		const pending = seededAttendees(ctx.sim, eventId).find(
			(a) => a.registrationStatus === 'pending',
		)!;
		expect(pending.registeredAt).toBeNull();
		const harness = await activate('attendeeRegistered');
		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, pending.id, { registrationStatus: 'registered' });
		// a change that is not a registration
		changeAttendee(ctx.sim, seededAttendees(ctx.sim, eventId)[1].id, { city: 'Rome' });

		const items = await harness.pollItems();
		expect(idsOf(items)).toEqual([pending.id]);
		expect(items![0].json).toMatchObject({
			action: 'attendee-register',
			registrationStatus: 'registered',
			registeredAt: pending.registeredAt,
		});
		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, pending.id, { jobTitle: 'Chef' });
		expect(await harness.pollItems()).toBeNull();
	});

	it('Attendee Registered also reports a new attendee created as registered, and not one created pending', async () => {
		const harness = await activate('attendeeRegistered');
		ctx.sim.store.advanceTime(1000);
		const registered = createAttendee(ctx.sim, eventId, { registrationStatus: 'registered' });
		createAttendee(ctx.sim, eventId, { registrationStatus: 'pending' });
		expect(idsOf(await harness.pollItems())).toEqual([registered.id]);
	});

	it('Attendee Checked In: a check-in comes out once; checking out and in again does not repeat it', async () => {
		const attendee = seededAttendees(ctx.sim, eventId).find((a) => a.attendedAt === null)!;
		const harness = await activate('attendeeCheckedIn');
		ctx.sim.store.advanceTime(1000);
		ctx.sim.checkIn(attendee.id, 'walk_in');

		const items = await harness.pollItems();
		expect(idsOf(items)).toEqual([attendee.id]);
		expect(items![0].json).toMatchObject({
			action: 'attendee-check-in',
			checkInMethod: 'walk_in',
			attendedAt: attendee.attendedAt,
		});
		ctx.sim.store.advanceTime(1000);
		ctx.sim.checkOut(attendee.id);
		ctx.sim.store.advanceTime(1000);
		ctx.sim.checkIn(attendee.id);
		expect(await harness.pollItems()).toBeNull();
	});

	it('Registration Status filter: only attendees in the chosen statuses come out', async () => {
		const harness = await activate('newAttendee', { registrationStatus: ['pending'] });
		ctx.sim.store.advanceTime(1000);
		createAttendee(ctx.sim, eventId, { registrationStatus: 'registered' });
		const pending = createAttendee(ctx.sim, eventId, { registrationStatus: 'pending' });
		expect(idsOf(await harness.pollItems())).toEqual([pending.id]);
	});

	it.each([
		['newAttendee', () => createAttendee(ctx.sim, eventId)],
		[
			'attendeeUpdated',
			(n: number) =>
				changeAttendee(ctx.sim, seededAttendees(ctx.sim, eventId)[n].id, { city: 'Oslo' }),
		],
	])(
		'%s: two records with the same timestamp at the boundary both come out, once each',
		async (trigger, change) => {
			const harness = await activate(trigger);
			ctx.sim.store.advanceTime(1000);
			ctx.sim.store.freezeTime();
			const a = change(1);
			expect(idsOf(await harness.pollItems())).toEqual([a.id]);
			// the same millisecond, after the poll: a poll that kept only "newer than the cursor"
			// would miss it, one without the IDs would repeat the first
			const b = change(2);
			expect(b.id).not.toBe(a.id);
			expect(idsOf(await harness.pollItems())).toEqual([b.id]);
			expect(await harness.pollItems()).toBeNull();
			ctx.sim.store.advanceTime(1);
			expect(await harness.pollItems()).toBeNull();
		},
	);

	it('a failed poll emits nothing and keeps the cursor: the next poll brings what it missed', async () => {
		const harness = await activate('newAttendee');
		const saved = structuredClone(harness.savedStaticData);
		ctx.sim.store.advanceTime(1000);
		const created = createAttendee(ctx.sim, eventId);
		ctx.sim.addFault({
			kind: 'status',
			status: 500,
			message: 'Database unavailable',
			path: '/attendee$',
		});

		const failed = await harness.poll();
		expect(failed.items).toBeNull();
		expectNodeError(failed.error, { name: 'NodeApiError', message: 'Database unavailable' });
		expect(harness.savedStaticData).toEqual(saved);
		expect(idsOf(await harness.pollItems())).toEqual([created.id]);
	});

	it('a catch-up that fails half-way emits nothing: its first range is read again by the next poll', async () => {
		const harness = await activate('attendeeUpdated');
		const saved = structuredClone(harness.savedStaticData);
		ctx.sim.store.advanceTime(1000);
		const created = Array.from({ length: 150 }, () => createAttendee(ctx.sim, eventId));
		ctx.sim.store.advanceTime(1000);
		ctx.sim.store.freezeTime();
		for (const a of created) changeAttendee(ctx.sim, a.id, { city: 'Kyiv' });
		// the probe (first page) is answered, the range after it fails
		ctx.sim.addFault({ kind: 'delay', delayMs: 0, path: '/attendee$', times: 1 });
		ctx.sim.addFault({ kind: 'status', status: 500, path: '/attendee$', times: 0 });
		ctx.sim.clearLog();
		const failed = await harness.poll();
		expectNodeError(failed.error, {
			name: 'NodeApiError',
			message: 'Injected failure (500)',
		});
		expect(failed.items).toBeNull();
		expect(listReads(ctx.sim, 'attendee').map((r) => r.status)).toEqual([200, 500]);
		expect(harness.savedStaticData).toEqual(saved);

		ctx.sim.faults.clear();
		const items = await harness.pollItems();
		expect(idsOf(items)).toEqual(created.map((a) => a.id).sort());
	});

	it('"Fetch Test Event" (manual) returns the most recent matching record and moves no cursor', async () => {
		const harness = await activate('attendeeUpdated');
		const saved = structuredClone(harness.savedStaticData);
		const [first, second] = seededAttendees(ctx.sim, eventId);
		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, first.id, { city: 'Lyon' });
		ctx.sim.store.advanceTime(1000);
		changeAttendee(ctx.sim, second.id, { city: 'Nice' });

		ctx.sim.clearLog();
		const manual = await harness.poll('manual');
		expect(idsOf(manual.items)).toEqual([second.id]);
		expect(listReads(ctx.sim, 'attendee')).toHaveLength(1);
		expect(harness.savedStaticData).toEqual(saved);
		// the active workflow still gets both changes
		expect(idsOf(await harness.pollItems())).toEqual([first.id, second.id]);
	});

	it('"Fetch Test Event" before any activation returns a record without storing a cursor', async () => {
		const harness = pollingTrigger(ctx.sim, pollParameters(eventId, 'attendeeCheckedIn'));
		const manual = await harness.poll('manual');
		expect(manual.items).toHaveLength(1);
		expect(manual.items![0].json.attendedAt).toEqual(expect.any(String));
		expect(harness.savedStaticData).toEqual({});
	});

	it('changing the trigger or the event starts over: the next poll records where the list stands and emits nothing', async () => {
		const harness = await activate('newAttendee');
		ctx.sim.store.advanceTime(1000);
		createAttendee(ctx.sim, eventId);
		harness.setParameters(pollParameters(eventId, 'attendeeUpdated'));
		expect(await harness.pollItems()).toBeNull();
		const other = ctx.sim.seeded.eventIds[1];
		harness.setParameters(pollParameters(other, 'attendeeUpdated'));
		expect(await harness.pollItems()).toBeNull();
		expect(harness.staticData.pollState).toMatchObject({ list: other });
	});

	it('an event ID that is not a UUID is refused before any request', async () => {
		const harness = pollingTrigger(ctx.sim, pollParameters('not-an-event', 'newAttendee'));
		ctx.sim.clearLog();
		const { error } = await harness.poll();
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Event: "not-an-event" is not a UUID',
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});
});
