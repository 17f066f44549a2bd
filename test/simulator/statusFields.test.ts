// The simulator itself: attendee status fields as EventX validates them.
import { useSimulator } from '../fixtures';
import { DEMO_API_TOKEN } from './store';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];

describe('Attendee operations against the simulator', () => {
	test('the simulator refuses status together with registrationStatus', async () => {
		const token = await fetch(`${ctx.sim.url}/public-api/v1/auth`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ apiToken: DEMO_API_TOKEN }),
		});
		const auth = (await token.json()) as { data?: { accessToken: string }; accessToken?: string };
		const accessToken = auth.data?.accessToken ?? auth.accessToken;
		const answer = await fetch(
			`${ctx.sim.url}/public-api/v1/event/${event()}/attendee/bulk-upsert`,
			{
				method: 'PUT',
				headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
				body: JSON.stringify([{ status: 'registered', registrationStatus: 'registered' }]),
			},
		);
		expect(answer.status).toBe(400);
	});
});
