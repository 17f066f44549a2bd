import { apiRequests, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, expectRefused, testBadInputs } from '../badInputs';
import { addDomain, domainParams } from './fixtures';

const ctx = useSimulator();

describe('Custom Domain > Create', () => {
	test('adds the domain and returns it with the DNS records to publish', async () => {
		const org = ctx.sim.seeded.organizations.hosted;
		const { items, error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('create', {
				domain: 'Tickets.Acme.example',
				defaultRedirectUrl: 'https://acme.example/',
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'POST',
			path: `/public-api/v1/org/${org}/custom-domains`,
			body: { domain: 'tickets.acme.example', defaultRedirectUrl: 'https://acme.example/' },
		});
		expect(items[0].json).toMatchObject({ domain: 'tickets.acme.example', status: 'pending' });
		expect(items[0].json.dnsRecords).toEqual(
			expect.arrayContaining([expect.objectContaining({ type: 'CNAME' })]),
		);
		expect(ctx.sim.store.customDomains.size).toBe(1);
	});

	test("EventX's refusal of a domain already registered comes with its message", async () => {
		addDomain(ctx.sim, 'taken.acme.example');
		const { error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('create', {
				domain: 'taken.acme.example',
				defaultRedirectUrl: 'https://acme.example/',
			}),
		});
		expectNodeError(error, {
			name: 'NodeApiError',
			message: 'taken.acme.example is already registered',
			item: 0,
		});
	});

	test.each([
		['a punycode top-level domain', 'events.example.xn--p1ai', 'events.example.xn--p1ai'],
		['an internationalised domain', 'Билеты.Пример.рф', 'xn--90aiim0b4c.xn--e1afmkfd.xn--p1ai'],
		['accents', 'événements.acme.example', 'xn--vnements-90ab.acme.example'],
	])('accepts %s, sent in its ASCII form', async (_, domain, sent) => {
		const { items, error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('create', {
				domain,
				defaultRedirectUrl: 'https://acme.example/',
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0].body).toEqual({
			domain: sent,
			defaultRedirectUrl: 'https://acme.example/',
		});
		expect(items[0].json).toMatchObject({ domain: sent, status: 'pending' });
	});

	test.each([
		[
			{ domain: 'xn--zz.пример.рф' },
			/^Domain: "xn--zz\.пример\.рф" is not a valid internationalised domain name$/,
		],
		[{ domain: '-билеты.пример.рф' }, 'Domain: "-билеты.пример.рф" is not a host name'],
		[{ domain: 'билеты/пример.рф' }, 'Domain: "билеты/пример.рф" is not a host name'],
		[
			{ defaultRedirectUrl: 'https://admin:s3cret@acme.example/events' },
			'Default Redirect URL: the URL holds a user name or password (https://***:***@acme.example)',
		],
		[
			{ defaultRedirectUrl: 'https://admin@acme.example/' },
			'Default Redirect URL: the URL holds a user name or password (https://***@acme.example)',
		],
		[
			{ defaultRedirectUrl: 'https://acme.example/\r\nSet-Cookie: a=b' },
			'Default Redirect URL: "https://acme.example/\\r\\nSet-Cookie: a=b" holds a control character (U+000D)',
		],
		[
			{ defaultRedirectUrl: 'https://acme.\texample/' },
			'Default Redirect URL: "https://acme.\\texample/" holds a control character (U+0009)',
		],
		[
			{ domain: 'https://events.acme.example/x' },
			/^Domain: "https:\/\/events\.acme\.example\/x" is not a host name$/,
		],
		[{ domain: '={{ "" }}' }, 'Domain: is required'],
		[{ defaultRedirectUrl: 'acme.example' }, 'Default Redirect URL: "acme.example" is not a URL'],
		[
			{ defaultRedirectUrl: 'ftp://acme.example' },
			'Default Redirect URL: "ftp://acme.example" is not an http or https URL',
		],
	])('refuses %j before any request', async (extra, message) => {
		const { error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('create', {
				domain: 'events.acme.example',
				defaultRedirectUrl: 'https://acme.example/',
				...extra,
			}),
		});
		expectRefused(ctx.sim, error, message);
	});
});

testBadInputs(ctx, [
	{
		name: 'Custom Domain Create: a URL for a domain',
		parameters: (sim) =>
			domainParams(sim)('create', { domain: BAD, defaultRedirectUrl: 'https://acme.example/' }),
		good: () => 'good.acme.example',
		bad: 'https://bad.acme.example',
		field: /^Domain:/,
	},
]);
