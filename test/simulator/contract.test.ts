// The contract check itself: what departs from the published OpenAPI fails the running test with
// its operation, status and JSON pointer; broken answers of faults are exempt, and only those.
import { useSimulator } from '../fixtures';
import { apiCall } from './apiCall';
import { Contract } from './contract';
import { CONTRACT_EXCEPTIONS } from './contractExceptions';
import { routeFactories } from './routes';
import { Store } from './store';
import {
	assertContractKept,
	globalContract,
	type ContractViolation,
	type Exchange,
} from './violations';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];
const attendeeId = () =>
	[...ctx.sim.store.attendees.values()].find((a) => a.eventId === event())!.id as string;
const getAttendee = () =>
	apiCall(ctx.sim, 'GET', `/public-api/v1/event/${event()}/attendee/${attendeeId()}`);

/** The attendee as stored, made to break the contract: a number where a text belongs. */
function breakAttendee(): void {
	ctx.sim.store.attendees.get(attendeeId())!.firstName = 42;
}

const GET_ATTENDEE = 'GET /public-api/v1/event/{eventId}/attendee/{attendeeId} (getAttendeeById)';

describe('Contract: answers', () => {
	test('a wrong answer is recorded with its operation, status and pointer, and fails the test', async () => {
		breakAttendee();
		expect((await getAttendee()).status).toBe(200);
		expect(ctx.sim.contractViolations).toEqual([
			{
				operation: GET_ATTENDEE,
				part: 'answer 200',
				status: 200,
				pointer: '/data/firstName',
				message: 'must be string [schema #/properties/data/properties/firstName/type]',
				request: `GET /public-api/v1/event/${event()}/attendee/${attendeeId()}`,
			},
		]);
		// What the jest setup runs after each test: it throws, naming all three.
		expect(assertContractKept).toThrow(
			`${GET_ATTENDEE}, status 200: answer 200 at "/data/firstName" must be string`,
		);
		// Taken: the setup's own check after this test finds nothing left.
		expect(ctx.sim.contractViolations).toEqual([]);
	});

	test('an answer a fault breaks on purpose is not checked; one it only delays is', async () => {
		breakAttendee();
		ctx.sim.addFault({ kind: 'status', status: 200, body: { data: { firstName: 7 } } });
		ctx.sim.addFault({ kind: 'no-data' });
		await getAttendee();
		await getAttendee();
		expect(ctx.sim.contractViolations).toEqual([]);
		ctx.sim.addFault({ kind: 'delay', delayMs: 1 });
		await getAttendee();
		expect(ctx.sim.takeContractViolations().map((v) => [v.part, v.pointer])).toEqual([
			['answer 200', '/data/firstName'],
		]);
	});

	test('a success status the operation does not declare is a mismatch', () => {
		const found = globalContract()!.check({
			method: 'DELETE',
			path: `/public-api/v1/event/${event()}`,
			query: new URLSearchParams(),
			body: undefined,
			routeStatus: 200,
			answer: { status: 200, body: { data: {} } },
		});
		expect(found).toEqual([
			expect.objectContaining({
				operation: 'DELETE /public-api/v1/event/{eventId} (deleteEventById)',
				status: 200,
				message: 'is not a status the operation answers (204, 500)',
			}),
		]);
	});
});

describe('Contract: requests', () => {
	const bulkUpsert = (config: unknown, routeStatus: number): ContractViolation[] =>
		globalContract()!.check({
			method: 'PUT',
			path: `/public-api/v1/event/${event()}/custom-field/bulk-upsert`,
			query: new URLSearchParams(),
			body: {
				data: [{ type: 'datePicker', contentI18n: { label: { default: 'Arrival' } }, config }],
			},
			routeStatus,
		});

	test('a wrong body the simulator accepted is recorded with its operation, status and pointer', () => {
		expect(bulkUpsert({}, 200)).toEqual([
			{
				operation:
					'PUT /public-api/v1/event/{eventId}/custom-field/bulk-upsert (bulkUpsertCustomFieldByEventId)',
				part: 'request body',
				status: 200,
				pointer: '/data/0/config',
				message:
					'must match exactly one schema in oneOf (it matches #1 and #2) [schema #/properties/data/items/properties/config/oneOf]',
				request: `PUT /public-api/v1/event/${event()}/custom-field/bulk-upsert`,
			},
		]);
		// A body the simulator refused is its own business; one with a member passes.
		expect(bulkUpsert({}, 400)).toEqual([]);
		expect(bulkUpsert({ minDate: '2026-12-01' }, 200)).toEqual([]);
	});

	test('the simulator refuses the body the contract refuses', async () => {
		const sent = await apiCall(
			ctx.sim,
			'PUT',
			`/public-api/v1/event/${event()}/custom-field/bulk-upsert`,
			{ data: [{ type: 'timePicker', contentI18n: { label: { default: 'Pickup' } }, config: {} }] },
		);
		expect(sent.status).toBe(400);
		expect(sent.body.error?.message).toBe(
			'data[0].config is empty: give the settings of its type or leave it out',
		);
	});

	test('query and path parameters of an accepted request are checked as their schemas', () => {
		const found = globalContract()!.check({
			method: 'GET',
			path: `/public-api/v1/event/not-a-uuid/attendee`,
			query: new URLSearchParams({ pageSize: '500', page: '1', pageEnd: '3', limit: '5' }),
			body: undefined,
			routeStatus: 200,
		});
		expect(found.map((v) => [v.part, v.message.replace(/ \[schema .*/, '')])).toEqual([
			['path eventId', 'must match format "uuid"'],
			['query pageSize', 'must be <= 100'],
			[
				'query limit',
				'is not a query parameter of the operation (page, pageEnd, pageSize, sort, attendeeIds, createdAt$gt, customFields, q, customFieldSearch)',
			],
		]);
	});

	test('a request for no operation of the spec is a mismatch; the control routes are not', async () => {
		const sent = await apiCall(ctx.sim, 'GET', '/public-api/v1/events');
		expect(sent.status).toBe(404);
		await apiCall(ctx.sim, 'GET', '/__sim/state');
		expect(ctx.sim.takeContractViolations()).toEqual([
			{
				operation: 'GET /public-api/v1/events',
				part: 'operation',
				pointer: '',
				message: 'matches no operation of the published OpenAPI',
				request: 'GET /public-api/v1/events',
			},
		]);
	});

	test('another process reads the violations from GET /__sim/contract', async () => {
		breakAttendee();
		await getAttendee();
		const read = await apiCall(ctx.sim, 'GET', '/__sim/contract');
		const body = read.body as unknown as { violations: Array<{ text: string }> };
		expect(body.violations.map((v) => v.text)).toEqual([
			`${GET_ATTENDEE}, status 200: answer 200 at "/data/firstName" must be string [schema #/properties/data/properties/firstName/type] (request GET /public-api/v1/event/${event()}/attendee/${attendeeId()})`,
		]);
		ctx.sim.takeContractViolations();
	});
});

describe('Contract: the spec covers the simulator', () => {
	test('every API route of the simulator is an operation of the published OpenAPI', () => {
		const contract = new Contract();
		const services = {
			notify: () => undefined,
			webhookCreated: () => undefined,
			uploadUrl: () => '',
		};
		const routes = routeFactories.flatMap((factory) => factory(new Store(), services));
		// A route's parameters as UUIDs: a concrete path of the spec must not be taken for one.
		const unmatched = routes
			.map((route) => ({
				route: `${route.method} ${route.pattern}`,
				operation: contract.match(
					route.method,
					route.pattern.replace(/:[A-Za-z]+/g, '0b5c1d6e-1f2a-4b3c-8d4e-5f6a7b8c9d0e'),
				),
			}))
			.filter(({ route, operation }) => {
				const template = operation?.template.replace(/\{[^}]+\}/g, ':');
				return template !== route.replace(/^\S+ /, '').replace(/:[A-Za-z]+/g, ':');
			});
		expect(unmatched).toEqual([]);
		// And it serves every operation but one the node never calls.
		const served = new Set(
			routes.map((r) => `${r.method} ${r.pattern.replace(/:[A-Za-z]+/g, ':')}`),
		);
		const unserved = contract.operations.filter(
			(op) => !served.has(`${op.method} ${op.template.replace(/\{[^}]+\}/g, ':')}`),
		);
		expect(unserved.map((op) => op.operationId)).toEqual(['getSalesforceAccount']);
	});

	// Each exception lets through what the simulator rightly does and the published letter refuses.
	const E = '0b5c1d6e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
	const label = { label: { default: 'Size' } };
	const question = (type: string, config: unknown) => ({
		id: E,
		type,
		contentI18n: label,
		isFilterable: false,
		config,
		archivedAt: null,
		rawData: { type, contentI18n: label, config },
	});
	const options = { options: [{ id: 's', contentI18n: { label: { default: 'S' } } }] };
	const questions = (dataList: unknown[]) => ({
		method: 'GET',
		path: `/public-api/v1/event/${E}/custom-field/all`,
		answer: { status: 200, body: { dataList } },
	});
	const cases: Array<{
		name: string;
		/** The exception: its part, and the start of its operation's ID or of its first pointer's end. */
		part: string;
		which?: string;
		exchange: Omit<Exchange, 'query' | 'body'> & { query?: string; body?: unknown };
	}> = [
		{
			name: "pageEnd's maximum",
			part: 'query pageEnd',
			exchange: { method: 'GET', path: '/public-api/v1/event', query: 'page=1&pageEnd=2' },
		},
		{
			name: "the filter parameter's schema",
			part: 'query filter',
			exchange: { method: 'GET', path: '/public-api/v1/event', query: 'filter={"name":"x"}' },
		},
		{
			name: "the email template's design",
			part: 'request',
			which: 'upsertEmailTemplateByType',
			exchange: {
				method: 'PUT',
				path: `/public-api/v1/event/${E}/outreach/email-template/confirmation-email`,
				body: { design: { rows: [] } },
			},
		},
		{
			name: "a question's config sent",
			part: 'request',
			which: 'bulkUpsertCustomFieldByEventId',
			exchange: {
				method: 'PUT',
				path: `/public-api/v1/event/${E}/custom-field/bulk-upsert`,
				body: {
					data: [{ type: 'timePicker', contentI18n: label, config: { hideMeridiem: true } }],
				},
			},
		},
		{
			name: "a question's config answered",
			part: 'response 200',
			which: 'additionalProperties',
			exchange: questions([question('dropdown', options)]),
		},
		{
			name: 'the empty config of a question answered',
			part: 'response 200',
			which: 'oneOf',
			exchange: questions([question('text', {})]),
		},
	];
	test.each(cases)('the exception for $name is needed', ({ part, which, exchange }) => {
		const exception = CONTRACT_EXCEPTIONS.find(
			(e) =>
				e.part === part &&
				(!which || e.operationIds.includes(which) || e.at[0].endsWith(`/${which}`)),
		)!;
		const { query, body, ...rest } = exchange;
		const check = (contract: Contract) =>
			contract.check({ routeStatus: 200, ...rest, body, query: new URLSearchParams(query) });
		expect(check(new Contract())).toEqual([]);
		expect(check(new Contract(CONTRACT_EXCEPTIONS.filter((e) => e !== exception)))).not.toEqual([]);
	});

	test('an exception must name a schema location the spec has', () => {
		const pageEnd = CONTRACT_EXCEPTIONS.find((e) => e.part === 'query pageEnd')!;
		expect(() => new Contract([{ ...pageEnd, at: ['/maximum', '/multipleOf'] }])).toThrow(
			'Contract exception: GET /public-api/v1/event (getPaginatedEvent) query pageEnd has nothing at /multipleOf',
		);
		// Without the exceptions, the published letter refuses what the brief documents.
		const published = new Contract([]).check({
			method: 'GET',
			path: '/public-api/v1/event',
			query: new URLSearchParams({ page: '1', pageEnd: '2' }),
			body: undefined,
			routeStatus: 200,
		});
		expect(published.map((v) => [v.part, v.pointer, v.message])).toEqual([
			['query pageEnd', '', 'must be <= 0 [schema #/maximum]'],
		]);
	});
});
