import type { INodeParameters } from 'n8n-workflow';

import { byId } from '../../fixtures';
import type { Simulator } from '../../simulator/server';
import { addDomain } from '../customDomain/fixtures';

/** The demo organization's first event (the hosted ones come first). */
export const hostedEvent = (sim: Simulator, i = 0) => sim.seeded.eventIds[i];

/** A registration form of the event, as Registration Form > Create leaves one. */
export function addForm(sim: Simulator, eventId = hostedEvent(sim)): string {
	const id = `2c4e6a8b-0d1f-4a3c-8e5b-${String(sim.store.registrationForms.size).padStart(12, '0')}`;
	sim.store.registrationForms.set(id, { id, eventId, name: 'VIP Form', isEnabled: true });
	return id;
}

/** The first custom domain the test added. */
export const firstDomain = (sim: Simulator) => [...sim.store.customDomains.keys()][0];

/** A path mapping of the domain, as EventX keeps one. */
export function addMapping(
	sim: Simulator,
	customDomainId: string,
	pathName = 'summit',
	eventId = hostedEvent(sim),
	eventRegFormId: string | null = null,
): string {
	const id = `5a6b7c8d-9e0f-4a1b-8c2d-${String(sim.store.pathMappings.size).padStart(12, '0')}`;
	sim.store.pathMappings.set(id, {
		id,
		customDomainId,
		eventId,
		eventRegFormId,
		pathName,
		createdAt: '2026-11-01T00:00:00.000Z',
		updatedAt: '2026-11-01T00:00:00.000Z',
	});
	return id;
}

/** A domain of the demo organization and the parameters of an operation on its path mappings. */
export function mappingContext(ctx: { sim: Simulator }) {
	return {
		addDomain: () => addDomain(ctx.sim),
		params:
			(customDomainId: string) =>
			(operation: string, extra: INodeParameters = {}): INodeParameters => ({
				resource: 'customDomainPathMapping',
				operation,
				organizationId: byId(ctx.sim.seeded.organizations.hosted),
				customDomainId: byId(customDomainId),
				...extra,
			}),
		/** The path of the domain's mappings on the demo organization. */
		path: (customDomainId: string) =>
			`/public-api/v1/org/${ctx.sim.seeded.organizations.hosted}/custom-domains/${customDomainId}/path-mappings`,
		event: (i = 0) => byId(hostedEvent(ctx.sim, i)),
	};
}
