// Trigger: its description as the editor shows it.
import type { INode, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { EventXTrigger } from '../../nodes/EventXTrigger/EventXTrigger.node';
import { fs, path, repoRoot } from '../platform.cjs';

const description = new EventXTrigger().description;
const root = repoRoot;

function issuesFor(parameters: INodeParameters) {
	const node: INode = {
		id: '1',
		name: 'EventX Trigger',
		type: 'n8n-nodes-eventx.eventXTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	node.parameters = NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		true,
		false,
		node,
		description,
	)!;
	return NodeHelpers.getNodeParametersIssues(description.properties, node, description);
}

describe('EventX Trigger description', () => {
	test('the reachability notice says who reaches what: the EventX service a public URL, a local EventX (the sandbox) localhost', () => {
		const notice = new EventXTrigger().description.properties.find(
			(p) => p.name === 'reachableNotice',
		)!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toBe(
			"EventX calls this trigger's webhook URL when an attendee changes, so the URL must be reachable from where EventX runs: a public URL for the EventX service, localhost for an EventX on this machine (the sandbox's simulator).",
		);
	});

	it('is a webhook trigger (POST, answered on receipt) and not a tool', () => {
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.usableAsTool).toBeUndefined();
		expect(description.webhooks).toEqual([
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		]);
		expect(description.credentials).toEqual([{ name: 'eventXApi', required: true }]);
	});

	it('offers exactly the five webhook actions, the event locator and both output modes', () => {
		const events = description.properties.find((p) => p.name === 'events')!;
		expect(events.type).toBe('multiOptions');
		expect(events.displayName).toBe('Trigger On');
		expect(events.options!.map((o) => (o as { value: string }).value).sort()).toEqual([
			'attendee-check-in',
			'attendee-check-out',
			'attendee-create',
			'attendee-delete',
			'attendee-update',
		]);
		const event = description.properties.find((p) => p.name === 'eventId')!;
		expect(event.type).toBe('resourceLocator');
		expect(event.modes!.map((m) => m.name)).toEqual(['list', 'id']);
		expect(event.modes![0].typeOptions?.searchListMethod).toBe('searchEvents');
		expect(new EventXTrigger().methods.listSearch.searchEvents).toEqual(expect.any(Function));
		const output = description.properties.find((p) => p.name === 'output')!;
		expect(output.options!.map((o) => (o as { value: string }).value).sort()).toEqual([
			'raw',
			'tidy',
		]);
	});

	it('the editor flags a missing event and no chosen action', () => {
		const issues = issuesFor({});
		expect(Object.keys(issues?.parameters ?? {}).sort()).toEqual(['eventId', 'events']);
		expect(
			issuesFor({
				eventId: { __rl: true, mode: 'id', value: '95b71478-c7dd-4bbd-b65b-244a63d3e689' },
				events: ['attendee-create'],
			}),
		).toBeNull();
	});

	it('is listed in package.json and has a codex file naming it', () => {
		const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[] };
		};
		expect(pkg.n8n.nodes).toContain('dist/nodes/EventXTrigger/EventXTrigger.node.js');
		const codex = JSON.parse(
			fs.readFileSync(path.join(root, 'nodes/EventXTrigger/EventXTrigger.node.json'), 'utf8'),
		) as { node: string };
		expect(description.name).toBe('eventXTrigger');
		expect(codex.node).toBe('n8n-nodes-eventx.eventXTrigger');
	});
});
