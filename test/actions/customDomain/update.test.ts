import { apiRequests, byId, expectNodeError, run, useSimulator } from '../../fixtures';
import { BAD, testBadInputs } from '../badInputs';
import { addDomain, domainParams } from './fixtures';

const ctx = useSimulator();

describe('Custom Domain > Update', () => {
	test('sends only the default redirect URL', async () => {
		const id = addDomain(ctx.sim);
		const { items, error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('update', {
				customDomainId: byId(id),
				defaultRedirectUrl: 'https://acme.example/2027',
			}),
		});
		expect(error).toBeUndefined();
		expect(apiRequests(ctx.sim)[0]).toMatchObject({
			method: 'PUT',
			body: { defaultRedirectUrl: 'https://acme.example/2027' },
		});
		expect(items[0].json.defaultRedirectUrl).toBe('https://acme.example/2027');
		expect(ctx.sim.store.customDomains.get(id)?.defaultRedirectUrl).toBe(
			'https://acme.example/2027',
		);
	});

	test('refuses a URL that is not http(s) before any request', async () => {
		const id = addDomain(ctx.sim);
		const { error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('update', {
				customDomainId: byId(id),
				defaultRedirectUrl: 'javascript:alert(1)',
			}),
		});
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Default Redirect URL: "javascript:alert(1)" is not an http or https URL',
			item: 0,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test.each([
		[
			'https://user:pass@acme.example/',
			'Default Redirect URL: the URL holds a user name or password (https://***:***@acme.example)',
		],
		[
			'https://acme.example/\nnext',
			'Default Redirect URL: "https://acme.example/\\nnext" holds a control character (U+000A)',
		],
	])('refuses %j before any request, naming the field', async (defaultRedirectUrl, message) => {
		const id = addDomain(ctx.sim);
		const { error } = await run(ctx.sim, {
			parameters: domainParams(ctx.sim)('update', { customDomainId: id, defaultRedirectUrl }),
		});
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe(message);
		expect(ctx.sim.requests).toHaveLength(0);
		expect(ctx.sim.store.customDomains.get(id)?.defaultRedirectUrl).toBe(
			'https://acme.example/events',
		);
	});
});

testBadInputs(ctx, [
	{
		name: 'Custom Domain Update: a domain ID that is not a UUID',
		parameters: (sim) =>
			domainParams(sim)('update', {
				customDomainId: byId(BAD),
				defaultRedirectUrl: 'https://acme.example/',
			}),
		good: (sim) => addDomain(sim),
		bad: 'acme',
		field: /^Custom Domain ID:/,
	},
]);
