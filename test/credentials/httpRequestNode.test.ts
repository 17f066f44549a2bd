// The credential in n8n's HTTP Request node: offered there, and signing only EventX's requests.
// The HTTP Request node itself runs in the real-n8n tests (test/e2e/suites/httpRequest.suite.ts).
import type { IHttpRequestOptions, INode } from 'n8n-workflow';
import { getCredentialAllowedDomains, injectDomainRestrictionFields } from 'n8n-workflow';

import { EventXApi } from '../../credentials/EventXApi.credentials';

const credential = new EventXApi();
const sessionToken = ['eyJhbGciOiJIUzI1NiJ9', 'c2Vzc2lvbg', 'c2lnbmF0dXJl'].join('.');
const stored = { baseUrl: 'https://esaas-api.eventx.io/', sessionToken };

const sign = async (options: object) =>
	await credential.authenticate(stored, { ...options } as IHttpRequestOptions);

describe('EventX API credential in the HTTP Request node', () => {
	test('is offered as "EventX", its URL preset to the API and a page that explains the use', () => {
		expect(credential.httpRequestNode).toEqual({
			name: 'EventX',
			docsUrl: 'https://github.com/eventx/n8n-nodes-eventx/blob/main/docs/http-request.md',
			apiBaseUrl: 'https://esaas-api.eventx.io/public-api/v1/',
		});
	});

	test.each([
		['an absolute URL', { url: 'https://esaas-api.eventx.io/public-api/v1/salesforce-account' }],
		['the legacy uri the HTTP Request node sends', { uri: 'https://esaas-api.eventx.io/x?a=1' }],
		['a path on baseURL', { baseURL: 'https://esaas-api.eventx.io', url: '/public-api/v1/event' }],
		[
			'the host in upper case, the default port written out',
			{ url: 'HTTPS://ESAAS-API.eventx.io:443/a' },
		],
	])('signs %s on the Base URL', async (_, options) => {
		const signed = await sign(options);
		expect(signed.headers).toEqual({ Authorization: `Bearer ${sessionToken}` });
	});

	test.each([
		['another host', 'https://api.example.com/public-api/v1/event', 'api.example.com'],
		['a subdomain', 'https://evil.esaas-api.eventx.io/x', 'evil.esaas-api.eventx.io'],
		['another port', 'https://esaas-api.eventx.io:8443/x', 'esaas-api.eventx.io:8443'],
		['plain http', 'http://esaas-api.eventx.io/x', 'esaas-api.eventx.io'],
	])('refuses %s: nothing is signed, the message names the host only', async (_, url, host) => {
		const options = { url: `${url}?token=abc`, headers: {} };
		const refusal = credential.authenticate(stored, options as IHttpRequestOptions);
		await expect(refusal).rejects.toThrow(
			`The EventX API credential signs requests to its Base URL's host (esaas-api.eventx.io) only; ${host} is another host, so it was not sent`,
		);
		const message = await refusal.catch((e: Error) => e.message);
		expect(message).not.toContain('token=abc');
		expect(message).not.toContain(sessionToken);
		expect(options.headers).toEqual({});
	});

	test('refuses a request without an absolute URL', async () => {
		await expect(sign({ url: '/public-api/v1/event' })).rejects.toThrow(
			'the request has no absolute URL, so it was not sent',
		);
	});
});

describe("n8n 2.41's own restriction, Allowed HTTP Request Domains", () => {
	const node = { name: 'HTTP Request' } as INode;

	test('is offered on the credential: n8n adds it to credentials that sign requests themselves', () => {
		const names = injectDomainRestrictionFields(credential).map((p) => p.name);
		expect(names).toEqual(
			expect.arrayContaining([
				'baseUrl',
				'apiToken',
				'allowedHttpRequestDomains',
				'allowedDomains',
			]),
		);
	});

	test('narrows the HTTP Request node further: None refuses it, Specific Domains limits it', () => {
		const surface = { node, surface: 'HTTP Request or GraphQL' };
		expect(() =>
			getCredentialAllowedDomains({
				...surface,
				credentialData: { ...stored, allowedHttpRequestDomains: 'none' },
			}),
		).toThrow(
			'This credential is configured to prevent use within an HTTP Request or GraphQL node',
		);
		expect(
			getCredentialAllowedDomains({
				...surface,
				credentialData: {
					...stored,
					allowedHttpRequestDomains: 'domains',
					allowedDomains: 'esaas-api.eventx.io',
				},
			}),
		).toBe('esaas-api.eventx.io');
		// All (n8n's default) leaves the limit to the credential itself: its Base URL's host.
		expect(getCredentialAllowedDomains({ ...surface, credentialData: stored })).toBeUndefined();
	});
});
