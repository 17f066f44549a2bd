import {
	NodeHelpers,
	traverseNodeParameters,
	type FromAIArgument,
	type INode,
	type INodeParameters,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { EventX } from '../../nodes/EventX/EventX.node';
import { fromAi } from '../../nodes/EventX/helpers/tool';

const action = new EventX().description;
/** The tool variant as n8n derives it: the same properties under a name ending in "Tool". */
const tool: INodeTypeDescription = { ...action, name: `${action.name}Tool` };

/** The parameters n8n runs a node with: the given ones and the defaults of what is shown. */
function parametersOf(description: INodeTypeDescription, parameters: INodeParameters) {
	const node = {
		name: 'EventX',
		type: `n8n-nodes-eventx.${description.name}`,
		typeVersion: 1,
		parameters,
	} as unknown as INode;
	return NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		true,
		false,
		node,
		description,
	) as INodeParameters;
}

/** The `$fromAI()` calls in a node's parameters, as n8n collects them for the tool's schema. */
function fromAiCalls(parameters: INodeParameters): FromAIArgument[] {
	const calls: FromAIArgument[] = [];
	traverseNodeParameters(parameters, calls);
	return calls;
}

describe('the node as a tool of an AI agent', () => {
	test('a list operation returns 10 results by default as a tool, 50 on the action node', () => {
		const getMany = { resource: 'attendee', operation: 'getMany' };
		expect(parametersOf(action, getMany).limit).toBe(50);
		expect(parametersOf(tool, getMany).limit).toBe(10);
		expect(parametersOf(tool, { ...getMany, limit: 3 }).limit).toBe(3);
		expect(parametersOf(tool, { resource: 'event', operation: 'getMany' }).limit).toBe(10);
	});

	test('the parameters a model fills default to $fromAI() with their own description', () => {
		const byShortCode = { resource: 'attendee', operation: 'getByShortCode' };
		expect(parametersOf(action, byShortCode).shortCode).toBe('');
		const calls = fromAiCalls(parametersOf(tool, byShortCode));
		expect(calls).toEqual([
			expect.objectContaining({
				key: 'Short_Code',
				type: 'string',
				description: expect.stringContaining("The attendee's short code"),
			}),
		]);

		const send = { resource: 'outreach', operation: 'sendConfirmationEmail' };
		expect(parametersOf(action, send).attendeeIds).toBe('={{ $json.id }}');
		expect(fromAiCalls(parametersOf(tool, send)).map((c) => c.key)).toEqual(['Attendee_IDs']);

		// A picker's $fromAI() is its ID (By ID), keyed by the picker's label.
		const get = { resource: 'attendee', operation: 'get' };
		expect(parametersOf(tool, get).attendeeId).toEqual({
			__rl: true,
			mode: 'id',
			value:
				"={{ $fromAI('Attendee', `The attendee's ID (a UUID), e.g. the ID a lookup by short code or QR code token returned`, 'string') }}",
		});
	});

	test("a user's own value replaces the model's", () => {
		const params = parametersOf(tool, {
			resource: 'attendee',
			operation: 'getByShortCode',
			shortCode: 'K7Q2XM',
		});
		expect(params.shortCode).toBe('K7Q2XM');
		expect(fromAiCalls(params)).toEqual([]);
	});

	test("every $fromAI() default is one n8n accepts: the editor's key, a description, n8n's quoting", () => {
		const defaults = action.properties
			.map((p) => ({ displayName: p.displayName, value: JSON.stringify(p.default) }))
			.filter(({ value }) => value.includes('$fromAI('));
		expect(defaults.length).toBeGreaterThanOrEqual(4);
		const keys = new Map<string, string>();
		for (const { displayName, value } of defaults) {
			const [call] = fromAiCalls({
				value: JSON.parse(value) as string | object,
			} as INodeParameters);
			keys.set(displayName, call.key);
			expect(call.key).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
			expect(call.description!.length).toBeGreaterThan(20);
		}
		// The key n8n's editor writes when a user lets the model define the parameter: its label,
		// every character but letters, digits and hyphens made "_".
		expect(Object.fromEntries([...keys].sort())).toEqual({
			Attendee: 'Attendee',
			'Attendee IDs': 'Attendee_IDs',
			'Media ID': 'Media_ID',
			Order: 'Order',
			'Order ID': 'Order_ID',
			'QR Code Token': 'QR_Code_Token',
			'Registration Form ID': 'Registration_Form_ID',
			'Short Code': 'Short_Code',
			'User ID': 'User_ID',
		});
	});

	test("every operation's description is its own: never n8n's generic upsert wording", () => {
		const operations = action.properties
			.filter((p) => p.name === 'operation')
			.flatMap((p) => p.options as Array<{ value: string; description?: string }>);
		// n8n's lint asks every upsert for its wording, in which "record" may name what is created.
		const generic = 'Create a new record, or update the current one if it already exists (upsert)';
		expect(operations.filter((o) => o.description === generic)).toEqual([]);
		expect(operations.filter((o) => o.value === 'upsert').map((o) => o.description)).toEqual([
			'Create a new attendee from each item, or update the current one if it already exists (upsert)',
			'Create a new question from each item, or update the current one if it already exists (upsert)',
		]);
	});

	test('destructive operations leave the event to the user: Event Delete has nothing a model fills', () => {
		const deleteEvent = { resource: 'event', operation: 'delete' };
		expect(fromAiCalls(parametersOf(tool, deleteEvent))).toEqual([]);
		expect(parametersOf(tool, deleteEvent).eventId).toMatchObject({ mode: 'list', value: '' });
	});

	test('fromAi writes what n8n parses back', () => {
		const [call] = fromAiCalls({
			value: fromAi('Search', "Text in the attendee's name or email", 'string'),
		});
		expect(call).toEqual(
			expect.objectContaining({
				key: 'Search',
				description: "Text in the attendee's name or email",
				type: 'string',
			}),
		);
		expect(() => fromAi('Search', 'a `quoted` text')).toThrow(
			new Error('A $fromAI description holds a backtick: Search'),
		);
	});
});
