import { byId } from '../../fixtures';
import type { Simulator } from '../../simulator/server';

/** A custom domain of the demo user's organization, as EventX keeps one. */
export function addDomain(
	sim: Simulator,
	domain = 'events.acme.example',
	status = 'pending',
	organizationId = sim.seeded.organizations.hosted,
): string {
	const id = `7d1e2f3a-4b5c-4d6e-8f70-${String(sim.store.customDomains.size).padStart(12, '0')}`;
	sim.store.customDomains.set(id, {
		id,
		organizationId,
		domain,
		defaultRedirectUrl: 'https://acme.example/events',
		status,
		createdAt: '2026-11-01T00:00:00.000Z',
		updatedAt: '2026-11-01T00:00:00.000Z',
	});
	return id;
}

/** A custom domain operation's parameters on the demo user's organization. */
export const domainParams =
	(sim: Simulator) =>
	(operation: string, extra: Record<string, unknown> = {}) => ({
		resource: 'customDomain',
		operation,
		organizationId: byId(sim.seeded.organizations.hosted),
		...extra,
	});
