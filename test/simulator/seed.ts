import { randomUUID } from 'node:crypto';

import { newAttendee } from './routes/attendees';
import { questionRecord } from './routes/customFields';
import { newEvent } from './routes/events';
import { seedOrders } from './routes/orders';
import { newAddOn, newTicketClass } from './routes/ticketClasses';
import { DEMO_API_TOKEN, DEMO_USER_ID, type Store } from './store';

export interface SeedOptions {
	/** Events in the organization the demo user hosts (default 4). */
	events?: number;
	/** Events in the organization the demo user only manages (default 2). */
	managedEvents?: number;
	/** Attendees seeded in each hosted event, with tags, ticket classes, add-ons, questions (default 30). */
	attendeesPerEvent?: number;
}

export const ORG_HOSTED = '11111111-1111-4111-8111-111111111111';
export const ORG_MANAGED = '22222222-2222-4222-8222-222222222222';
/** An organization the demo user does not belong to: its events must never be visible. */
export const ORG_FOREIGN = '33333333-3333-4333-8333-333333333333';

const NAMES = [
	'Tech Summit',
	'Design Week',
	'Founders Meetup',
	'Data Conference',
	'Product Day',
	'Music Night',
	'Health Expo',
	'Job Fair',
];

/** Deterministic demo data: a user with an API token, three organizations, and events. */
export function seedDemo(store: Store, options: SeedOptions = {}) {
	const userId = store.addUser('Demo Organizer', DEMO_API_TOKEN, DEMO_USER_ID);
	const otherUser = store.addUser(
		'Someone Else',
		'evx_other_user_token',
		'00000000-0000-4000-8000-0000000000e1',
	);
	store.organizations.set(ORG_HOSTED, {
		id: ORG_HOSTED,
		name: 'Acme Events',
		hostIds: [userId],
		managerIds: [],
	});
	store.organizations.set(ORG_MANAGED, {
		id: ORG_MANAGED,
		name: 'Partner Agency',
		hostIds: [otherUser],
		managerIds: [userId],
	});
	store.organizations.set(ORG_FOREIGN, {
		id: ORG_FOREIGN,
		name: 'Unrelated Org',
		hostIds: [otherUser],
		managerIds: [],
	});
	const eventIds: string[] = [];
	const add = (organizationId: string, index: number) => {
		const day = new Date(Date.UTC(2026, 11, 1 + index * 7, 9));
		const event = newEvent({
			organizationId,
			name: `${NAMES[index % NAMES.length]} ${2026 + Math.floor(index / NAMES.length)}`,
			startsAt: day.toISOString(),
			endsAt: new Date(day.getTime() + 8 * 3600_000).toISOString(),
			timezone: 'Asia/Hong_Kong',
			format: ['in-person', 'virtual', 'hybrid'][index % 3],
			isPublished: index % 2 === 0,
			extensionData: {
				region: index % 2 === 0 ? 'APAC' : 'EMEA',
				capacity: 100 * (index + 1),
				tags: ['demo'],
			},
			createdAt: new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString(),
		});
		store.events.set(event.id as string, {
			event,
			settings: { estimatedAttendeeCount: '51-100', paymentCurrency: 'USD' },
		});
		if (organizationId !== ORG_FOREIGN) eventIds.push(event.id as string);
	};
	let index = 0;
	for (let i = 0; i < (options.events ?? 4); i++) add(ORG_HOSTED, index++);
	for (let i = 0; i < (options.managedEvents ?? 2); i++) add(ORG_MANAGED, index++);
	add(ORG_FOREIGN, index++);
	const hostedEventIds = eventIds.slice(0, options.events ?? 4);
	const attendeeIds = seedAttendees(store, hostedEventIds, {
		perEvent: options.attendeesPerEvent ?? 30,
	});
	seedOrders(store, hostedEventIds, attendeeIds);
	return {
		attendeeIds,
		userId,
		apiToken: DEMO_API_TOKEN,
		organizations: { hosted: ORG_HOSTED, managed: ORG_MANAGED, foreign: ORG_FOREIGN },
		eventIds,
	};
}

export interface AttendeeSeedOptions {
	/** Attendees per event (default 30). */
	perEvent?: number;
}

/** How many of each event's attendees were created in the last day (before seeding). */
export const RECENT_ATTENDEES = 5;

/**
 * Ticket classes, add-ons, custom questions (text, textArea, dropdown), tags and attendees for
 * each event. Deterministic names; created times one minute apart from 2026-01-01, except the
 * last RECENT_ATTENDEES of each event, created within the 24 hours before seeding (one hour
 * apart, oldest first), so that "attendees created since yesterday" finds someone on a first
 * run. Every sixth attendee (from the second) has checked in, by QR code, on the event's day.
 */
export function seedAttendees(store: Store, eventIds: string[], options: AttendeeSeedOptions = {}) {
	const count = options.perEvent ?? 30;
	const seededAt = Date.now();
	const recentFrom = count >= RECENT_ATTENDEES * 2 ? count - RECENT_ATTENDEES : count;
	const at = (i: number) =>
		i - 1 >= recentFrom
			? new Date(seededAt - (count - (i - 1)) * 3600_000).toISOString()
			: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
	const ids: Record<string, string[]> = {};
	eventIds.forEach((eventId, e) => {
		const stamp = at(0);
		const tag = (name: string) => ({
			id: randomUUID(),
			name,
			createdAt: stamp,
			updatedAt: stamp,
			rawData: { name },
		});
		const tags = [tag('VIP'), tag('Press')];
		store.attendeeTags.set(eventId, tags);
		const addOns = ['Workshop', 'Dinner'].map((name) => newAddOn(name, stamp));
		store.ticketClassAddOns.set(eventId, addOns);
		store.ticketClasses.set(
			eventId,
			['General', 'VIP Pass'].map((name, i) =>
				newTicketClass(
					{
						contentI18n: { name: { default: name } },
						price: i * 50,
						qty: 500,
						saleStartsAt: stamp,
						saleEndsAt: null,
						addOnIds: addOns.map((a) => a.id),
						minAddOnQty: 0,
						maxAddOnQty: 5,
						minQty: 1,
						maxQty: 5,
					},
					stamp,
				),
			),
		);
		const question = (type: string, label: string) =>
			questionRecord({
				type,
				contentI18n: { label: { default: label } },
				isFilterable: true,
				...(type === 'dropdown' && {
					config: { options: [{ id: 'xs', contentI18n: { label: { default: 'XS' } } }] },
				}),
			});
		const questions = [
			question('text', 'Company Size'),
			question('textArea', 'Dietary Needs'),
			question('dropdown', 'T-Shirt'),
		];
		store.customFields.set(eventId, questions);
		ids[eventId] = [];
		const first = ['Ada', 'Grace', 'Alan', 'Linus', 'Margaret', 'Ken'];
		const last = ['Lovelace', 'Hopper', 'Turing', 'Torvalds', 'Hamilton', 'Thompson'];
		for (let i = 0; i < count; i++) {
			const a = newAttendee(
				eventId,
				{
					firstName: first[i % first.length],
					lastName: `${last[(i + e) % last.length]} ${i}`,
					invitationEmail: `guest${i}.e${e}@example.com`,
					jobTitle: i % 2 === 0 ? 'Engineer' : 'Manager',
					organization: `Org ${i % 5}`,
					city: i % 3 === 0 ? 'Hong Kong' : 'Singapore',
					country: i % 3 === 0 ? 'HK' : 'SG',
					areaCode: '+852',
					contactNo: String(90000000 + i),
					registrationStatus: i % 4 === 0 ? 'pending' : 'registered',
					customFields: {
						[questions[0].id]: { value: i % 2 === 0 ? '11-50' : '51-200' },
						[questions[1].id]: { value: i % 3 === 0 ? 'Vegetarian meals' : 'None' },
					},
				},
				at(i + 1),
			);
			a.ticketClassId = (store.ticketClasses.get(eventId) ?? [])[0].id;
			if (i % 6 === 1 && a.registrationStatus === 'registered') {
				const start =
					(store.events.get(eventId)?.event.startsAt as string | undefined) ?? at(i + 1);
				a.checkedInAt = start;
				a.attendedAt = start;
				a.checkInMethod = 'qr_code';
			}
			a.attendeeTagIdList = i % 5 === 0 ? [tags[0].id] : [];
			if (count <= 1000) a.shortCode = `S${e}${String(i).padStart(4, '0')}`;
			store.attendees.set(a.id, a);
			ids[eventId].push(a.id);
		}
	});
	return ids;
}
