import { newEvent } from './routes/events';
import { DEMO_API_TOKEN, DEMO_USER_ID, type Store } from './store';

export interface SeedOptions {
	/** Events in the organization the demo user hosts (default 4). */
	events?: number;
	/** Events in the organization the demo user only manages (default 2). */
	managedEvents?: number;
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
	return {
		userId,
		apiToken: DEMO_API_TOKEN,
		organizations: { hosted: ORG_HOSTED, managed: ORG_MANAGED, foreign: ORG_FOREIGN },
		eventIds,
	};
}
