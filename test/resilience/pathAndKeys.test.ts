/**
 * Inputs that would change what is sent without the user noticing: a path parameter of "." or ".."
 * (the URL would resolve it and leave the route), and a "__proto__" key (copying it into an object
 * drops it, widening a filter). Both are refused before any request, naming the field and the item.
 */
import type { IDataObject } from 'n8n-workflow';

import { mappedColumns } from '../actions/attendee/fixtures';
import { apiRequests, byId, expectNodeError, run, useSimulator } from '../fixtures';

const ctx = useSimulator();

describe('path parameters', () => {
	test.each([
		['getByShortCode', 'shortCode', 'Short Code'],
		['getByQrCodeToken', 'qrCodeToken', 'QR Code Token'],
	])('%s refuses ".", ".." and blanks before any request', async (operation, name, label) => {
		const items = [{ v: 'OK1' }, { v: ' .. ' }, { v: '.' }, { v: '   ' }];
		const result = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation,
				eventId: byId(ctx.sim.seeded.eventIds[0]),
				[name]: '={{ $json.v }}',
			},
			items,
			continueOnFail: true,
		});
		const errors = result.items.map((i) => i.json.error);
		expect(errors[1]).toBe(`${label}: ".." cannot be sent: it is not a value`);
		expect(errors[2]).toBe(`${label}: "." cannot be sent: it is not a value`);
		expect(errors[3]).toBe(`${label}: is required`);
		expect(result.items.slice(1).map((i) => i.error?.name)).toEqual(
			Array(3).fill('NodeOperationError'),
		);
		expect(
			result.items.slice(1).map((i) => (i.error?.context as { itemIndex?: number }).itemIndex),
		).toEqual([1, 2, 3]);
		// only the first item was sent, to its own route
		expect(apiRequests(ctx.sim).map((r) => r.path.split('/').slice(-2)[0])).toEqual([
			operation === 'getByShortCode' ? 'short-code' : 'qr-code-token',
		]);
	});

	test('without Continue On Fail, a ".." in a later item fails the node before any request', async () => {
		const result = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(ctx.sim.seeded.eventIds[0]),
				shortCode: '={{ $json.v }}',
			},
			items: [{ v: 'ABC' }, { v: '..' }],
		});
		expectNodeError(result.error, {
			name: 'NodeOperationError',
			message: 'Short Code: ".." cannot be sent: it is not a value',
			item: 1,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});

	test('dots inside a value are sent encoded, as part of the segment', async () => {
		await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getByShortCode',
				eventId: byId(ctx.sim.seeded.eventIds[0]),
				shortCode: '../auth',
			},
		});
		expect(apiRequests(ctx.sim)[0].path).toMatch(/\/short-code\/\.\.%2Fauth$/);
	});
});

describe('"__proto__" keys', () => {
	test('in the Extension Data filter: refused, naming the key and the field', async () => {
		const result = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getMany',
				returnAll: true,
				filters: { extensionData: '{"tier":"gold","__proto__":{"region":"EU"}}' },
			},
		});
		expectNodeError(result.error, {
			name: 'NodeOperationError',
			message:
				'Filters > Extension Data: the key "__proto__" cannot be sent: "__proto__" is not allowed as a key',
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});

	test('nested in the Extension Data filter, from an expression: refused', async () => {
		const result = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getMany',
				returnAll: true,
				filters: { extensionData: '={{ $json.filter }}' },
			},
			items: [{ filter: '{"tier":{"__proto__":{"$eq":1}}}' }],
		});
		expectNodeError(result.error, {
			name: 'NodeOperationError',
			message: /^Filters > Extension Data: the key "tier\.__proto__"/,
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});

	test('as an input field of Create or Update, or a question of a custom-field filter: refused', async () => {
		const eventId = byId(ctx.sim.seeded.eventIds[0]);
		const upsert = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'upsert',
				eventId,
				columns: mappedColumns(null),
				options: { unknownFields: 'error' },
			},
			items: [JSON.parse('{"email":"a@example.com","__proto__":{"polluted":true}}') as IDataObject],
		});
		expectNodeError(upsert.error, {
			name: 'NodeOperationError',
			message: 'Columns: no column for the input field(s) "__proto__"',
			item: 0,
		});
		expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
		expect(apiRequests(ctx.sim)).toHaveLength(0);
		// Ignored (the default), it is not sent.
		const ignored = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'upsert',
				eventId,
				columns: mappedColumns(null),
			},
			items: [JSON.parse('{"email":"a@example.com","__proto__":{"polluted":true}}') as IDataObject],
		});
		expect(ignored.error).toBeUndefined();
		expect(ctx.sim.requestsTo('PUT', '/bulk-upsert$').map((r) => JSON.stringify(r.body))).toEqual([
			'[{"invitationEmail":"a@example.com"}]',
		]);
		ctx.sim.clearLog();

		const filter = await run(ctx.sim, {
			parameters: {
				resource: 'attendee',
				operation: 'getMany',
				eventId,
				returnAll: true,
				filters: { customFieldEquals: { conditions: [{ questionId: '__proto__', value: 'x' }] } },
			},
		});
		expectNodeError(filter.error, {
			name: 'NodeOperationError',
			message: /^Filters > Custom Field Equals > Question: the key "__proto__"/,
			item: 0,
		});
		expect(apiRequests(ctx.sim)).toHaveLength(0);
	});

	test('keys named like other Object properties are sent as written', async () => {
		const result = await run(ctx.sim, {
			parameters: {
				resource: 'event',
				operation: 'getMany',
				returnAll: true,
				filters: { extensionData: '{"constructor":"x","toString":{"$exists":true}}' },
			},
		});
		expect(result.error).toBeUndefined();
		const sent = JSON.parse(apiRequests(ctx.sim)[0].query.filter) as Record<string, unknown>;
		expect(sent).toEqual({ extensionData: { constructor: 'x', toString: { $exists: true } } });
	});
});
