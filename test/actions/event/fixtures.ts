import { newEvent } from '../../simulator/routes/events';
import { ORG_HOSTED } from '../../simulator/seed';
import type { Simulator } from '../../simulator/server';

/** `count` virtual events of an organization, created a second apart from 2025-01-01 (`first` on). */
export function addEvents(sim: Simulator, count: number, organizationId = ORG_HOSTED, first = 0) {
	for (let i = first; i < first + count; i++) {
		const event = newEvent({
			organizationId,
			name: `Bulk ${String(i).padStart(5, '0')}`,
			startsAt: '2027-01-01T09:00:00.000Z',
			endsAt: '2027-01-01T17:00:00.000Z',
			timezone: 'GMT',
			format: 'virtual',
			createdAt: new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString(),
		});
		sim.store.events.set(event.id as string, { event, settings: {} });
	}
}
