// The attendee columns of the resource mapper (methods/resourceMapping.ts).
import type { ResourceMapperField } from 'n8n-workflow';

import { askEverything, byId } from '../actions/attendee/fixtures';
import { apiRequests, useSimulator } from '../fixtures';
import { loadOptions } from '../harness';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];

async function loadColumns(
	operation = 'upsert',
	eventId = event(),
): Promise<ResourceMapperField[]> {
	const { result } = await loadOptions({
		kind: 'resourceMapping',
		method: 'getAttendeeColumns',
		parameters: { resource: 'attendee', operation, eventId: byId(eventId) },
		credentials: ctx.credentials(),
	});
	return (result as { fields: ResourceMapperField[] }).fields;
}

describe('getAttendeeColumns (the resource mapper columns)', () => {
	test("EventX's attendee fields, then the event's questions: labels shown, IDs sent, types and options", async () => {
		const q = askEverything(ctx.sim);
		const fields = await loadColumns();
		const ids = fields.map((f) => f.id);
		expect(ids.slice(0, 3)).toEqual(['id', 'invitationEmail', 'firstName']);
		expect(ids).toContain('registrationStatus');
		const of = (id: string) => fields.find((f) => f.id === id)!;
		expect(of(q.company)).toMatchObject({ displayName: 'Company Size', type: 'string' });
		expect(of(q.vegan)).toMatchObject({ displayName: 'Vegan', type: 'boolean' });
		expect(of(q.shirt)).toMatchObject({
			displayName: 'T-Shirt',
			type: 'options',
			options: [
				{ name: 'Small', value: 'small' },
				{ name: 'Large', value: 'large' },
			],
		});
		expect(of(q.topics)).toMatchObject({ type: 'array' });
		expect(of(q.topics).options).toHaveLength(3);
		expect(of(q.arrival)).toMatchObject({ type: 'dateTime' });
		expect(of(q.links)).toMatchObject({ type: 'array' });
		expect(of(q.links).options).toBeUndefined();
		// File uploads (media IDs) and archived questions are no columns.
		expect(ids).not.toContain(q.upload);
		expect(ids).not.toContain(q.archived);
		expect(fields.every((f) => f.required === false && f.display)).toBe(true);
		expect(fields.filter((f) => Object.values(q).includes(f.id))).toHaveLength(7);
	});

	test('Update has no Attendee ID column; without an event only the attendee fields', async () => {
		askEverything(ctx.sim);
		expect((await loadColumns('update')).map((f) => f.id)).not.toContain('id');
		ctx.sim.clearLog();
		const fields = await loadColumns('upsert', '');
		expect(fields.map((f) => f.id)).toContain('invitationEmail');
		expect(fields).toHaveLength(15);
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});
});
