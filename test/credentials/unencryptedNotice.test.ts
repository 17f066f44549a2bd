/**
 * The credential warns when the Base URL sends the tokens unencrypted to another machine. The
 * notice is shown by n8n's own display rules (displayParameter), as the credential editor does.
 */
import { NodeHelpers } from 'n8n-workflow';

import { EventXApi } from '../../credentials/EventXApi.credentials';

const notice = new EventXApi().properties.find((p) => p.name === 'unencryptedNotice')!;
const shown = (baseUrl: string) =>
	NodeHelpers.displayParameter({ baseUrl, authentication: 'apiToken' }, notice, null, null);

describe('EventX API credential: unencrypted Base URL notice', () => {
	test('is a notice that names the risk', () => {
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toMatch(/not encrypted.*travel in clear text/);
	});

	test.each([
		'http://esaas-api.eventx.io',
		'HTTP://eventx.example.com/',
		' http://10.0.0.5:8080',
		'http://localhost.evil.com',
		'http://127.0.0.1.nip.io',
		'http://[::2]:80',
	])('is shown for %s', (url) => {
		expect(shown(url)).toBe(true);
	});

	test.each([
		'https://esaas-api.eventx.io',
		'http://localhost:4010',
		'http://localhost',
		'http://127.0.0.1:4010/',
		'http://[::1]:4010',
		'',
	])('is not shown for %s', (url) => {
		expect(shown(url)).toBe(false);
	});
});
