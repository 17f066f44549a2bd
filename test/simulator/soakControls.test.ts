// The control routes the soak uses: API tokens that name their client in the request log, the
// ledger workflows write what they received to, and attendees added right after a webhook is
// created (the activation race).
import { useSimulator } from '../fixtures';
import { simRequest } from '../e2e/environment';
import { apiCall } from './apiCall';
import { OtherHost } from './otherHost';
import type { LedgerEntry } from './store';

const ctx = useSimulator();

/** An API token of the demo user, labelled as a client (not a secret: the simulator's own). */
const LABELLED_TOKEN = `evx_soak_${'token'}_1`;

const control = <T>(method: string, path: string, body?: unknown) =>
	simRequest<T>(ctx.sim.url, method, path, body);

describe('Simulator: controls for the soak', () => {
	it('an API token with a label: the request log names that client on each call made with it', async () => {
		await control('POST', '/__sim/api-tokens', { apiToken: LABELLED_TOKEN, label: 'Orders' });
		const auth = await control<{ data: { accessToken: string } }>('POST', '/public-api/v1/auth', {
			apiToken: LABELLED_TOKEN,
		});
		const read = await fetch(`${ctx.sim.url}/public-api/v1/event`, {
			headers: { authorization: `Bearer ${auth.data.accessToken}` },
		});
		expect(read.status).toBe(200);
		await apiCall(ctx.sim, 'GET', '/public-api/v1/event');
		expect(ctx.sim.requests.map((r) => [r.method, r.path, r.client])).toEqual([
			['POST', '/public-api/v1/auth', 'Orders'],
			['GET', '/public-api/v1/event', 'Orders'],
			// The demo token has no label.
			['GET', '/public-api/v1/event', undefined],
		]);
		const bad = await fetch(`${ctx.sim.url}/__sim/api-tokens`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ apiToken: 'x' }),
		});
		expect(bad.status).toBe(400);
	});

	it('the ledger keeps one entry per key, counting writes again, lists one workflow, gives a key back', async () => {
		const write = (key: string, workflow: string, item: unknown) =>
			control<{ recorded: boolean; times: number }>('POST', '/__sim/ledger', {
				key,
				workflow,
				item,
			});
		expect(await write('w1:7:0', 'New Attendee', { id: 'a' })).toEqual({
			recorded: true,
			times: 1,
			key: 'w1:7:0',
			item: { id: 'a' },
		});
		expect(await write('w1:7:0', 'New Attendee', { id: 'b' })).toEqual({
			recorded: false,
			times: 2,
			key: 'w1:7:0',
			item: { id: 'a' },
		});
		await write('w2:9:0', 'Order Paid', { id: 'o' });
		const { entries } = await control<{ entries: LedgerEntry[] }>(
			'GET',
			'/__sim/ledger?workflow=New%20Attendee',
		);
		expect(entries.map((e) => [e.key, e.workflow, e.item, e.times])).toEqual([
			['w1:7:0', 'New Attendee', { id: 'a' }, 2],
		]);
		const all = await control<{ entries: LedgerEntry[] }>('GET', '/__sim/ledger');
		expect(all.entries).toHaveLength(2);
		// A claim given back: the key can be written again.
		expect(await control('DELETE', '/__sim/ledger/w2%3A9%3A0')).toEqual({ removed: true });
		expect(await write('w2:9:0', 'Order Paid', { id: 'o' })).toMatchObject({ recorded: true });
	});

	it('adds attendees to the next webhook’s event right after it is created, each delivered', async () => {
		const receiver = await new OtherHost().start();
		try {
			const [eventId] = ctx.sim.seeded.eventIds;
			await control('POST', '/__sim/after-next-webhook', { attendeesAfterMs: [0, 50] });
			const created = await apiCall(ctx.sim, 'POST', `/public-api/v1/event/${eventId}/webhook`, {
				url: `${receiver.url}/hook`,
				actions: ['attendee-create'],
			});
			expect(created.status).toBe(200);
			// Answered once every delivery under way has been answered.
			await control('GET', '/__sim/state');
			const delivered = receiver.requests.map(
				(r) => JSON.parse(r.body) as { config: { action: string }; attendee: { name: string } },
			);
			expect(delivered.map((d) => [d.config.action, d.attendee.name])).toEqual([
				['attendee-create', 'Early Arrival 1'],
				['attendee-create', 'Early Arrival 2'],
			]);
			// Once only: the next webhook gets none.
			await apiCall(ctx.sim, 'POST', `/public-api/v1/event/${eventId}/webhook`, {
				url: `${receiver.url}/other`,
				actions: ['attendee-create'],
			});
			await control('GET', '/__sim/state');
			expect(receiver.requests).toHaveLength(2);
		} finally {
			await receiver.stop();
		}
	});
});
