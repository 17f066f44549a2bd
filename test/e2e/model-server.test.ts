/** The scripted model of the agent suite: it must catch what it is there to catch. */
import { ModelServer, type ChatMessage } from './model-server';

let model: ModelServer;

beforeAll(async () => {
	model = await ModelServer.start([/evx_secret_\w+/]);
});
afterAll(async () => {
	await model.stop();
});
beforeEach(() => {
	model.problems.length = 0;
});

async function complete(messages: ChatMessage[], headers: Record<string, string> = {}) {
	const response = await fetch(`${model.url}/chat/completions`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify({ model: 'scripted', messages }),
	});
	return (await response.json()) as {
		choices: Array<{ message: ChatMessage; finish_reason: string }>;
	};
}

test('answers each turn of the script and hands it the tool results sent back', async () => {
	model.script({
		marker: 'code K7Q2XM',
		turns: [
			() => ({ toolCalls: [{ name: 'Lookup', arguments: { Short_Code: 'K7Q2XM' } }] }),
			(_request, conversation) => ({ text: `got ${conversation.toolResults[0].content}` }),
		],
	});
	const user: ChatMessage = { role: 'user', content: 'Find code K7Q2XM' };
	const first = await complete([user]);
	const [call] = first.choices[0].message.tool_calls!;
	expect(first.choices[0].finish_reason).toBe('tool_calls');
	expect(call.function).toEqual({ name: 'Lookup', arguments: '{"Short_Code":"K7Q2XM"}' });

	const second = await complete([
		user,
		first.choices[0].message,
		{ role: 'tool', tool_call_id: call.id, content: '[{"id":"a1"}]' },
	]);
	expect(second.choices[0].message.content).toBe('got [{"id":"a1"}]');
	expect(model.conversation('code K7Q2XM')?.toolResults).toEqual([
		{ name: 'Lookup', arguments: { Short_Code: 'K7Q2XM' }, content: '[{"id":"a1"}]' },
	]);
	expect(model.problems).toEqual([]);
});

test('records a secret in a header or a message, a failed check and an unscripted message', async () => {
	model.script({
		marker: 'check me',
		turns: [
			() => {
				throw new Error('the tool result lacks the ID');
			},
		],
	});
	await complete([{ role: 'user', content: 'check me' }], { authorization: 'Bearer evx_secret_1' });
	await complete([{ role: 'user', content: 'nobody scripted this: evx_secret_2' }]);
	expect(model.problems).toEqual([
		expect.stringContaining('an EventX token reached the model'),
		expect.stringContaining('the tool result lacks the ID'),
		expect.stringContaining('an EventX token reached the model'),
		expect.stringContaining('no script for: nobody scripted this'),
	]);
});
