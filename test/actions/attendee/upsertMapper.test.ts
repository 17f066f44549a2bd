// Attendee > Create or Update: the resource mapper (Map Automatically, Map Each Column
// Below), Match On, duplicates within one execution and what each output item says.
import type { IDataObject, INodeParameters, ResourceMapperField } from 'n8n-workflow';

import { loadOptions } from '../../harness';
import { apiRequests, expectNodeError, inProcessTimeZone, run, useSimulator } from '../../fixtures';
import { newAttendee } from '../../simulator/routes/attendees';
import { questionRecord } from '../../simulator/routes/customFields';
import { askEverything, byId, liveAttendees, registrationClosed } from './fixtures';

const ctx = useSimulator();
const event = () => ctx.sim.seeded.eventIds[0];

/** The columns as the editor loads them (the node's resourceMapping method). */
async function loadColumns(operation = 'upsert'): Promise<ResourceMapperField[]> {
	const { result } = await loadOptions({
		kind: 'resourceMapping',
		method: 'getAttendeeColumns',
		parameters: { resource: 'attendee', operation, eventId: byId(event()) },
		credentials: ctx.credentials(),
	});
	// The editor's read is not part of the runs the tests count.
	ctx.sim.clearLog();
	return (result as { fields: ResourceMapperField[] }).fields;
}

const columns = (schema: ResourceMapperField[], value: IDataObject | null = null) => ({
	mappingMode: value === null ? 'autoMapInputData' : 'defineBelow',
	value,
	matchingColumns: [],
	schema,
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

const importParameters = (schema: ResourceMapperField[], extra: IDataObject = {}) => ({
	resource: 'attendee',
	operation: 'upsert',
	eventId: byId(event()),
	matchOn: 'invitationEmail',
	columns: columns(schema),
	...extra,
});

const runImport = async (parameters: object, items: IDataObject[], continueOnFail = false) =>
	await run(ctx.sim, { parameters: parameters as INodeParameters, items, continueOnFail });

const puts = () => apiRequests(ctx.sim).filter((r) => r.method === 'PUT');
const reads = () => apiRequests(ctx.sim).filter((r) => r.method === 'GET');
const byEmail = (email: string) =>
	liveAttendees(ctx.sim, event()).filter(
		(a) => String(a.invitationEmail).toLowerCase() === email.toLowerCase(),
	);

describe('Map Automatically', () => {
	test('input keys find their columns by name (case and separators ignored), questions by label or ID', async () => {
		const q = askEverything(ctx.sim);
		const schema = await loadColumns();
		const { items, error } = await runImport(
			importParameters(schema, { options: { unknownFields: 'report' } }),
			[
				{
					'First Name': 'Ada',
					last_name: 'Lovelace',
					EMAIL: ' Ada@Example.com ',
					company: 'Analytical Engines',
					'company size': '11-50',
					vegan: 'yes',
					't-shirt': 'LARGE',
					Topics: 'AI, security',
					arrival_date: '2027-03-01T10:00:00Z',
					'Arrival Time': '09:30',
					[q.links]: ['https://a.example', 'https://b.example'],
					phone: 91234567,
					crm_id: 42,
				},
			],
		);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ result: 'created', ignoredFields: ['crm_id'] });
		const [body] = puts()[0].body as IDataObject[];
		expect(body).toEqual({
			firstName: 'Ada',
			lastName: 'Lovelace',
			invitationEmail: 'Ada@Example.com',
			organization: 'Analytical Engines',
			contactNo: '91234567',
			customFields: {
				[q.company]: { value: '11-50' },
				[q.vegan]: { value: true },
				[q.shirt]: { value: 'large' },
				[q.topics]: { value: ['ai', 'security'] },
				[q.arrival]: { value: '2027-03-01' },
				[q.time]: { value: '09:30' },
				[q.links]: { value: ['https://a.example', 'https://b.example'] },
			},
		});
		const attendee = (items[0].json.attendee as IDataObject) ?? {};
		expect(attendee.id).toEqual(expect.any(String));
		expect(byEmail('Ada@Example.com')).toHaveLength(1);
	});

	test('unknown keys fail the item when the user says so, before any request', async () => {
		askEverything(ctx.sim);
		const schema = await loadColumns();
		ctx.sim.clearLog();
		const { error } = await runImport(
			importParameters(schema, { options: { unknownFields: 'error' } }),
			[{ email: 'a@example.com' }, { email: 'b@example.com', shoe_size: 44 }],
		);
		expectNodeError(error, {
			name: 'NodeOperationError',
			message: 'Columns: no column for the input field(s) "shoe_size"',
			item: 1,
		});
		expect(ctx.sim.requests).toHaveLength(0);
	});

	test.each([
		['vegan', 'maybe', 'Columns > Vegan: must be true or false, not "maybe"'],
		[
			'Arrival Date',
			'next week',
			'Columns > Arrival Date: must be a date (YYYY-MM-DD), not "next week"',
		],
		[
			'Arrival Date',
			'2027-02-30',
			'Columns > Arrival Date: must be a date (YYYY-MM-DD), not "2027-02-30"',
		],
		['T-Shirt', 'XXL', 'Columns > T-Shirt: must be one of "small", "large", not "XXL"'],
		[
			'Topics',
			'AI, Blockchain',
			'Columns > Topics: must be one of "ai", "cloud", "security", not "AI, Blockchain"',
		],
		['registration status', 'maybe', /^Columns > Registration Status: must be one of /],
		['first name', { a: 1 }, 'Columns > First Name: must be text, not {"a":1}'],
	])(
		'%s = %j fails its item naming the column; Continue On Fail sends the others',
		async (key, value, message) => {
			askEverything(ctx.sim);
			const schema = await loadColumns();
			ctx.sim.clearLog();
			const input = [
				{ email: 'ok1@example.com' },
				{ email: 'bad@example.com', [key]: value },
				{ email: 'ok2@example.com' },
			];
			const stopped = await runImport(importParameters(schema), input);
			expectNodeError(stopped.error, { name: 'NodeOperationError', message, item: 1 });
			expect(ctx.sim.requests).toHaveLength(0);

			const { items, error } = await runImport(importParameters(schema), input, true);
			expect(error).toBeUndefined();
			expect(items.map((i) => i.json.result ?? i.json.error)).toEqual([
				'created',
				typeof message === 'string' ? message : expect.stringMatching(message),
				'created',
			]);
			expect(puts()).toHaveLength(1);
			expect((puts()[0].body as IDataObject[]).map((a) => a.invitationEmail)).toEqual([
				'ok1@example.com',
				'ok2@example.com',
			]);
		},
	);
});

describe('Map Automatically: input that means more than one thing', () => {
	test.each([
		[
			{ Email: 'ada@example.com', invitation_email: 'grace@example.com' },
			'Columns > Invitation Email: the input fields "Email" and "invitation_email" both give it, with different values ("ada@example.com" and "grace@example.com")',
		],
		[
			{ email: 'ada@example.com', 'First Name': 'Ada', first_name: 'Grace' },
			'Columns > First Name: the input fields "First Name" and "first_name" both give it, with different values ("Ada" and "Grace")',
		],
	])(
		'two keys for one column with different values fail the item, naming both: %j',
		async (row, message) => {
			const schema = await loadColumns();
			const { error } = await runImport(importParameters(schema), [
				{ email: 'ok@example.com' },
				row,
			]);
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(message);
			expect(error?.context?.itemIndex).toBe(1);
			expect(ctx.sim.requests).toHaveLength(0);
		},
	);

	test('two keys for one column with the same value are fine (emails compared as matched)', async () => {
		const schema = await loadColumns();
		const { items, error } = await runImport(importParameters(schema), [
			{
				Email: 'Ada@Example.com',
				invitation_email: ' ada@example.com',
				first_name: 'Ada',
				'First Name': 'Ada',
			},
		]);
		expect(error).toBeUndefined();
		expect(items[0].json.result).toBe('created');
		expect(puts()[0].body).toEqual([{ invitationEmail: 'Ada@Example.com', firstName: 'Ada' }]);
	});

	test("a key equal to a question's label goes to the question, not to a built-in field's alias", async () => {
		const title = questionRecord({
			id: 'a9d1c3e5-7b2f-4d6a-8c0e-1f3b5d7a9c2e',
			type: 'text',
			contentI18n: { label: { default: 'Title' } },
		});
		ctx.sim.store.customFields.get(event())!.push(title);
		const schema = await loadColumns();
		const { error } = await runImport(importParameters(schema), [
			{ email: 'dr@example.com', Title: 'Dr', position: 'Surgeon' },
		]);
		expect(error).toBeUndefined();
		// "title" is also Job Title's alias: the exact label wins; another alias still finds Job Title.
		expect(puts()[0].body).toEqual([
			{
				invitationEmail: 'dr@example.com',
				jobTitle: 'Surgeon',
				customFields: { [title.id]: { value: 'Dr' } },
			},
		]);
	});
});

describe('Map Each Column Below', () => {
	test('the mapped values, keyed by column ID, are checked by label and sent', async () => {
		const q = askEverything(ctx.sim);
		const schema = await loadColumns();
		const parameters = importParameters(schema, {
			matchOn: 'id',
			columns: columns(schema, {
				invitationEmail: '={{ $json.mail }}',
				firstName: '={{ $json.who }}',
				[q.vegan]: '={{ $json.veg }}',
				[q.topics]: '={{ $json.topics }}',
				approvalStatus: 'approved',
				lastName: '',
			}),
		});
		const { items, error } = await runImport(parameters, [
			{ mail: 'grace@example.com', who: 'Grace', veg: false, topics: ['Cloud'] },
			{ mail: 'alan@example.com', who: 'Alan', veg: true, topics: [] },
		]);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.result)).toEqual(['created', 'created']);
		expect(puts()[0].body).toEqual([
			{
				invitationEmail: 'grace@example.com',
				firstName: 'Grace',
				approvalStatus: 'approved',
				customFields: { [q.vegan]: { value: false }, [q.topics]: { value: ['cloud'] } },
			},
			{
				invitationEmail: 'alan@example.com',
				firstName: 'Alan',
				approvalStatus: 'approved',
				customFields: { [q.vegan]: { value: true }, [q.topics]: { value: [] } },
			},
		]);

		const bad = await runImport(parameters, [{ mail: 'x@example.com', who: 'X', veg: 'perhaps' }]);
		expectNodeError(bad.error, {
			name: 'NodeOperationError',
			message: 'Columns > Vegan: must be true or false, not "perhaps"',
			item: 0,
		});
	});

	test("a date question given a Date takes its date in the workflow's time zone", async () => {
		const q = askEverything(ctx.sim);
		const schema = await loadColumns();
		const { error } = await inProcessTimeZone('UTC', () =>
			run(ctx.sim, {
				parameters: importParameters(schema, {
					columns: columns(schema, {
						invitationEmail: 'jet@example.com',
						// 20:00 UTC on March 1 is already March 2 in Tokyo.
						[q.arrival]: '={{ new Date("2027-03-01T20:00:00Z") }}',
					}),
				}) as INodeParameters,
				timezone: 'Asia/Tokyo',
			}),
		);
		expect(error).toBeUndefined();
		expect(puts()[0].body).toEqual([
			{
				invitationEmail: 'jet@example.com',
				customFields: { [q.arrival]: { value: '2027-03-02' } },
			},
		]);
	});

	test('Match On ID updates the attendee of the Attendee ID column; a non-UUID fails the item', async () => {
		const schema = await loadColumns();
		const id = ctx.sim.seeded.attendeeIds[event()][0];
		const parameters = importParameters(schema, {
			matchOn: 'id',
			columns: columns(schema, { id: '={{ $json.id }}', jobTitle: '={{ $json.title }}' }),
		});
		const { items, error } = await runImport(parameters, [
			{ id, title: 'Chief Engineer' },
			{ id: '', title: 'Newcomer' },
		]);
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.result)).toEqual(['updated', 'created']);
		expect((items[0].json.attendee as IDataObject).id).toBe(id);
		expect(ctx.sim.store.attendees.get(id)?.jobTitle).toBe('Chief Engineer');
		const bad = await runImport(parameters, [{ id: 'nope', title: 'x' }]);
		expectNodeError(bad.error, {
			name: 'NodeOperationError',
			message: /^Columns > Attendee ID: /,
			item: 0,
		});
	});
});

describe('Match On Invitation Email', () => {
	const rows = (n: number, prefix = 'row') =>
		Array.from({ length: n }, (_, i) => ({
			email: `${prefix}${i}@example.com`,
			first_name: `R${i}`,
		}));

	test('the same 1,000-row import twice leaves 1,000 attendees; the second run reports 1,000 updates, 0 creates', async () => {
		const schema = await loadColumns();
		const before = liveAttendees(ctx.sim, event()).length;
		const first = await runImport(importParameters(schema), rows(1000));
		expect(first.error).toBeUndefined();
		expect(first.items.filter((i) => i.json.result === 'created')).toHaveLength(1000);
		// One read of the event's attendees (one page range), then 10 bulk requests.
		expect(reads()).toHaveLength(1);
		expect(puts()).toHaveLength(10);

		ctx.sim.clearLog();
		const second = await runImport(
			importParameters(schema),
			rows(1000).map((r) => ({
				...r,
				email: ` ${r.email.toUpperCase()} `,
				first_name: `${r.first_name}!`,
			})),
		);
		expect(second.error).toBeUndefined();
		const results = second.items.map((i) => i.json.result);
		expect(results.filter((r) => r === 'updated')).toHaveLength(1000);
		expect(results.filter((r) => r === 'created')).toHaveLength(0);
		expect(liveAttendees(ctx.sim, event()).length).toBe(before + 1000);
		expect(byEmail('row7@example.com')[0].firstName).toBe('R7!');
		expect(reads()).toHaveLength(1);
		expect(reads()[0].query.pageEnd).toBe('200');
		expect(puts()).toHaveLength(10);
		// Every updated item carries EventX's record of the attendee it matched.
		const matched = (second.items[7].json.attendee as IDataObject).id;
		expect(matched).toBe(byEmail('row7@example.com')[0].id);
	}, 60_000);

	test("an event's existing attendees are matched case-insensitively after trimming", async () => {
		const schema = await loadColumns();
		const seeded = liveAttendees(ctx.sim, event())[3];
		const { items } = await runImport(importParameters(schema), [
			{ Email: `  ${String(seeded.invitationEmail).toUpperCase()}`, City: 'Lisbon' },
		]);
		expect(items[0].json).toMatchObject({ result: 'updated', attendee: { id: seeded.id } });
		expect(ctx.sim.store.attendees.get(seeded.id as string)?.city).toBe('Lisbon');
	});

	test('two items with one email become one attendee: the last wins, both say so', async () => {
		const schema = await loadColumns();
		const before = liveAttendees(ctx.sim, event()).length;
		const { items, error } = await runImport(importParameters(schema), [
			{ email: 'dup@example.com', first_name: 'First' },
			{ email: 'other@example.com', first_name: 'Other' },
			{ email: 'DUP@example.com ', first_name: 'Last' },
		]);
		expect(error).toBeUndefined();
		expect(puts()).toHaveLength(1);
		expect(puts()[0].body).toHaveLength(2);
		expect(liveAttendees(ctx.sim, event()).length).toBe(before + 2);
		expect(byEmail('DUP@example.com')[0].firstName).toBe('Last');
		expect(items[0].json).toMatchObject({ result: 'created', sameAttendeeAs: [{ item: 2 }] });
		expect(items[2].json).toMatchObject({ result: 'created', sameAttendeeAs: [{ item: 0 }] });
		expect(items[0].json.note).toBe(
			'Items 0 and 2 of this execution give the same attendee: it was sent once, with the fields of item 2',
		);
		expect(items[0].json.attendee).toEqual(items[2].json.attendee);
		expect(items[1].json.sameAttendeeAs).toBeUndefined();
	});

	test('one attendee given by ID in one item and by email in another is sent once, the later item winning', async () => {
		const schema = await loadColumns();
		const seeded = liveAttendees(ctx.sim, event())[4];
		const before = liveAttendees(ctx.sim, event()).length;
		const { items, error } = await runImport(importParameters(schema), [
			{ id: String(seeded.id), first_name: 'By ID', city: 'Porto' },
			{ email: String(seeded.invitationEmail).toUpperCase(), first_name: 'By Email' },
		]);
		expect(error).toBeUndefined();
		expect(puts()).toHaveLength(1);
		expect(puts()[0].body).toEqual([
			{
				id: seeded.id,
				invitationEmail: String(seeded.invitationEmail).toUpperCase(),
				firstName: 'By Email',
			},
		]);
		expect(liveAttendees(ctx.sim, event()).length).toBe(before);
		expect(ctx.sim.store.attendees.get(seeded.id as string)?.firstName).toBe('By Email');
		expect(items.map((i) => i.json.result)).toEqual(['updated', 'updated']);
		expect(items[0].json).toMatchObject({ sameAttendeeAs: [{ item: 1 }] });
		expect(items[0].json.note).toBe(
			'Items 0 and 1 of this execution give the same attendee: it was sent once, with the fields of item 1',
		);
	});

	test('an ID item that gives a new email, and an email item with that email, are one attendee', async () => {
		const schema = await loadColumns();
		const seeded = liveAttendees(ctx.sim, event())[6];
		const before = liveAttendees(ctx.sim, event()).length;
		const { items, error } = await runImport(importParameters(schema), [
			{ id: String(seeded.id), email: 'moved@example.com' },
			{ email: 'Moved@Example.com', first_name: 'Moved' },
		]);
		expect(error).toBeUndefined();
		expect(puts()[0].body).toEqual([
			{ id: seeded.id, invitationEmail: 'Moved@Example.com', firstName: 'Moved' },
		]);
		expect(liveAttendees(ctx.sim, event()).length).toBe(before);
		expect(byEmail('moved@example.com').map((a) => a.id)).toEqual([seeded.id]);
		expect(items.map((i) => i.json.result)).toEqual(['updated', 'updated']);
	});

	test('emails are matched as mail delivers to them: NFC, zero-width characters and spaces removed', async () => {
		const schema = await loadColumns();
		const zoe = newAttendee(event(), { invitationEmail: 'zo\u00eb@example.com', firstName: 'Zoë' });
		ctx.sim.store.attendees.set(zoe.id, zoe);
		const before = liveAttendees(ctx.sim, event()).length;
		const { items, error } = await runImport(importParameters(schema), [
			// Decomposed e + combining diaeresis, a zero-width space, a no-break space around it.
			{ email: '\u00a0zoe\u0308@Example.com\u200b ', city: 'Oslo' },
		]);
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ result: 'updated', attendee: { id: zoe.id } });
		expect(puts()[0].body).toEqual([
			{ id: zoe.id, invitationEmail: 'zo\u00eb@Example.com', city: 'Oslo' },
		]);
		expect(liveAttendees(ctx.sim, event()).length).toBe(before);
	});

	test.each([
		['a right-to-left override', 'ada\u202e@example.com', 'U+202E'],
		['a soft hyphen', 'ada\u00ad@example.com', 'U+00AD'],
		['a line break', 'ada@exam\nple.com', 'U+000A'],
	])(
		'an email that still holds %s fails naming the column, before any request',
		async (_, email, code) => {
			const schema = await loadColumns();
			const { error } = await runImport(importParameters(schema), [{ email }]);
			expect(error?.name).toBe('NodeOperationError');
			expect(error?.message).toBe(
				`Columns > Invitation Email: ${JSON.stringify(email)} holds a space, an invisible or a control character (${code})`,
			);
			expect(ctx.sim.requests).toHaveLength(0);
		},
	);

	test('two executions importing the same new email at once leave one attendee (one n8n process)', async () => {
		const schema = await loadColumns();
		// Slow enough that both executions read the event before either writes, without the lock.
		ctx.sim.latencyMs = 150;
		const before = liveAttendees(ctx.sim, event()).length;
		const [first, second] = await Promise.all([
			runImport(importParameters(schema), [{ email: 'rush@example.com', first_name: 'First' }]),
			runImport(importParameters(schema), [{ email: 'RUSH@example.com', first_name: 'Second' }]),
		]);
		expect(first.error).toBeUndefined();
		expect(second.error).toBeUndefined();
		expect(byEmail('rush@example.com')).toHaveLength(1);
		expect(liveAttendees(ctx.sim, event()).length).toBe(before + 1);
		expect([first.items[0].json.result, second.items[0].json.result].sort()).toEqual([
			'created',
			'updated',
		]);
	});

	test('Nothing (always create) neither reads the event nor merges rows', async () => {
		const schema = await loadColumns();
		const { items } = await runImport(importParameters(schema, { matchOn: 'nothing' }), [
			{ email: 'twice@example.com' },
			{ email: 'twice@example.com' },
		]);
		expect(items.map((i) => i.json.result)).toEqual(['created', 'created']);
		expect(byEmail('twice@example.com')).toHaveLength(2);
		expect(reads()).toHaveLength(0);
	});

	test('a failed bulk request marks its items failed with EventX\u2019s message (Continue On Fail)', async () => {
		const schema = await loadColumns();
		ctx.sim.addFault(registrationClosed);
		const { items } = await runImport(importParameters(schema), rows(3), true);
		expect(items.map((i) => i.json.result)).toEqual(['failed', 'failed', 'failed']);
		expect(String(items[0].json.error)).toMatch(/Registration for this event is closed/);
	});
});

describe('Attendee > Update with Map Automatically', () => {
	test('takes the same columns (Map Automatically) and PATCHes only what the item gives', async () => {
		const q = askEverything(ctx.sim);
		const schema = await loadColumns('update');
		const id = ctx.sim.seeded.attendeeIds[event()][1];
		const { items, error } = await runImport(
			{
				resource: 'attendee',
				operation: 'update',
				eventId: byId(event()),
				attendeeId: { __rl: true, mode: 'id', value: id },
				columns: columns(schema),
			},
			[{ id, 'Job Title': 'CTO', Vegan: true }],
		);
		expect(error).toBeUndefined();
		const patch = apiRequests(ctx.sim).find((r) => r.method === 'PATCH');
		expect(patch?.body).toEqual({ jobTitle: 'CTO', customFields: { [q.vegan]: { value: true } } });
		expect(items[0].json.id).toBe(id);
	});
});
