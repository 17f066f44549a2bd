/**
 * n8n's own HTTP Request node with "Predefined Credential Type: EventX API", for what the EventX
 * node does not wrap: the credential's token exchange signs its requests, a token that expires
 * between two requests is exchanged again without the user seeing a 401, and a request to any
 * other host is refused before anything is sent (the credential signs only its Base URL's host).
 */
import { OtherHost } from '../../simulator/otherHost';
import { outputOf } from '../environment';
import { CREDENTIAL_ID, manualChain } from '../workflows';
import type { E2eSuite } from './types';

// n8n 2.8.4's newest HTTP Request version; 2.41 has it too.
const HTTP_REQUEST = { type: 'n8n-nodes-base.httpRequest', typeVersion: 4.4 };

type Json = Record<string, unknown>;

/** An HTTP Request node; `signed` uses the EventX API credential. */
function httpRequest(
	name: string,
	index: number,
	url: string,
	signed: boolean,
	method = 'GET',
): Json {
	return {
		id: `http-${index}`,
		name,
		...HTTP_REQUEST,
		position: [220 * (index + 1), 0],
		parameters: signed
			? {
					method,
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'eventXApi',
					options: {},
				}
			: { method, url, options: {} },
		...(signed ? { credentials: { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } } } : {}),
	};
}

export const httpRequestSuite: E2eSuite = {
	// Its workflows need the other host's address: created by the test, in the started n8n.
	workflows: () => [],

	server(env) {
		describe("n8n's HTTP Request node with the EventX API credential", () => {
			const otherHost = new OtherHost();
			let refreshWorkflow: string;
			let otherHostWorkflow: string;
			beforeAll(async () => {
				await otherHost.start();
				const sim = env().simulator.url;
				const eventId = (await env().state()).seeded.eventIds[0];
				refreshWorkflow = await env().createWorkflow(
					manualChain('', 'E2E HTTP Request: EventX credential', [
						httpRequest('Events', 0, `${sim}/public-api/v1/event?page=1&pageSize=2`, true),
						// EventX's clock runs past the access token's lifetime between two requests.
						httpRequest('Expire Tokens', 1, `${sim}/__sim/expire-tokens`, false, 'POST'),
						httpRequest(
							'Attendees',
							2,
							`${sim}/public-api/v1/event/${eventId}/attendee?page=1&pageSize=3`,
							true,
						),
					]),
				);
				otherHostWorkflow = await env().createWorkflow(
					manualChain('', 'E2E HTTP Request: EventX credential to another host', [
						{
							...httpRequest('Other Host', 0, `${otherHost.url}/public-api/v1/event`, true),
							onError: 'continueRegularOutput',
						},
					]),
				);
			});
			afterAll(async () => {
				await otherHost.stop();
			});

			test('signs its requests; a token expired between two requests is exchanged again, no 401 reaches the user', async () => {
				await env().clearRequests();
				const runData = await env().run(refreshWorkflow);
				const events = outputOf(runData, 'Events');
				expect(events).toHaveLength(1);
				expect((events[0].dataList as unknown[]).length).toBe(2);
				const attendees = outputOf(runData, 'Attendees');
				expect(attendees).toHaveLength(1);
				expect(attendees[0].error).toBeUndefined();
				expect((attendees[0].dataList as unknown[]).length).toBe(3);

				const log = await env().sim<Array<{ method: string; path: string; status: number }>>(
					'GET',
					'/__sim/requests',
				);
				// After the expiry: one 401, one exchange, one repeat; no other request was refused.
				// (Before it, the credential may hold a token an earlier suite's run saved.)
				const lines = log.map(
					(r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, ':id')} ${r.status}`,
				);
				const expired = lines.indexOf('GET /public-api/v1/event/:id/attendee 401');
				expect(lines.slice(expired)).toEqual([
					'GET /public-api/v1/event/:id/attendee 401',
					'POST /public-api/v1/auth 200',
					'GET /public-api/v1/event/:id/attendee 200',
				]);
				expect(lines.filter((line) => / 4\d\d$/.test(line))).toHaveLength(1);
				expect(lines).toContain('GET /public-api/v1/event 200');
			});

			test('a request to another host is refused before it is sent: the token never travels there', async () => {
				const runData = await env().run(otherHostWorkflow);
				const [item] = outputOf(runData, 'Other Host');
				// n8n wraps it as a NodeApiError: the credential's sentence is its message.
				const error = item.error as { message?: string };
				expect(error.message).toMatch(
					new RegExp(
						`The EventX API credential signs requests to its Base URL's host \\(127\\.0\\.0\\.1:\\d+\\) only; ${otherHost.url.replace('http://', '').replace(/\./g, '\\.')} is another host, so it was not sent`,
					),
				);
				expect(otherHost.requests).toEqual([]);
			});
		});
	},
};
