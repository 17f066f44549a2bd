// Polling Trigger: its description as the editor shows it, and its place in the package.
import type { INode, INodeParameters, INodePropertyOptions } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { EventXPollingTrigger } from '../../nodes/EventXPollingTrigger/EventXPollingTrigger.node';
import { fs, path, repoRoot } from '../platform.cjs';

const node = new EventXPollingTrigger();
const { description } = node;

function parametersFor(parameters: INodeParameters) {
	const n: INode = {
		id: '1',
		name: 'EventX Polling Trigger',
		type: 'n8n-nodes-eventx.eventXPollingTrigger',
		typeVersion: 1,
		position: [0, 0],
		parameters,
	};
	n.parameters = NodeHelpers.getNodeParameters(
		description.properties,
		parameters,
		true,
		false,
		n,
		description,
	)!;
	return {
		node: n,
		issues: NodeHelpers.getNodeParametersIssues(description.properties, n, description),
	};
}

describe('EventX Polling Trigger description', () => {
	it("the notice says where the Poll Times are: above it, where n8n's loader puts them", async () => {
		// What n8n-core's DirectoryLoader puts before a polling node's own parameters.
		const { commonPollingParameters } = (await import('n8n-core/dist/nodes-loader/constants')) as {
			commonPollingParameters: Array<{ name: string }>;
		};
		const shown = [...commonPollingParameters, ...description.properties].map((p) => p.name);
		expect(shown.indexOf('pollTimes')).toBeLessThan(shown.indexOf('pollingNotice'));
		const notice = description.properties.find((p) => p.name === 'pollingNotice')!;
		expect(notice.type).toBe('notice');
		expect(notice.displayName).toBe(
			'Checks EventX at the Poll Times above, so changes arrive up to one interval later. If EventX can reach this n8n (a public URL), EventX Trigger starts workflows immediately instead.',
		);
	});

	it('is a polling trigger: n8n adds its Poll Times; no webhook, not a tool', () => {
		expect(description.polling).toBe(true);
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.webhooks).toBeUndefined();
		expect(description.usableAsTool).toBeUndefined();
		expect(description.credentials).toEqual([{ name: 'eventXApi', required: true }]);
		expect(node.poll).toEqual(expect.any(Function));
		// n8n's loader puts its own Poll Times first (the e2e runs it on a custom cron)
		expect(description.properties.some((p) => p.name === 'pollTimes')).toBe(false);
	});

	it('offers the six triggers (the first options parameter feeds the node panel), the event locator and the options', () => {
		const trigger = description.properties.find((p) => p.type === 'options')!;
		// `resource`, the parameter n8n picks the output schema by.
		expect(trigger.name).toBe('resource');
		expect(trigger.displayName).toBe('Trigger On');
		expect((trigger.options as INodePropertyOptions[]).map((o) => o.value)).toEqual([
			'attendeeCheckedIn',
			'attendeeRegistered',
			'attendeeUpdated',
			'newAttendee',
			'newOrder',
			'orderPaid',
		]);
		const event = description.properties.find((p) => p.name === 'eventId')!;
		expect(event.modes!.map((m) => m.name)).toEqual(['list', 'id']);
		expect(event.modes![0].typeOptions?.searchListMethod).toBe('searchEvents');
		expect(node.methods.listSearch.searchEvents).toEqual(expect.any(Function));
		const options = description.properties.find((p) => p.name === 'options')!;
		const max = (options.options as Array<{ name: string; default: unknown }>).find(
			(o) => o.name === 'maxRecords',
		)!;
		expect(max.default).toBe(10_000);
	});

	it('the subtitle names each trigger by its label', () => {
		for (const [value, name] of [
			['attendeeCheckedIn', 'Attendee Checked In'],
			['attendeeRegistered', 'Attendee Registered'],
			['attendeeUpdated', 'Attendee Updated'],
			['newAttendee', 'New Attendee'],
			['newOrder', 'New Order'],
			['orderPaid', 'Order Paid'],
		])
			expect(description.subtitle).toContain(`${value}: "${name}"`);
	});

	it('the editor flags a missing event', () => {
		expect(Object.keys(parametersFor({}).issues?.parameters ?? {})).toEqual(['eventId']);
		expect(
			parametersFor({
				eventId: { __rl: true, mode: 'id', value: '95b71478-c7dd-4bbd-b65b-244a63d3e689' },
			}).issues,
		).toBeNull();
	});

	it('is listed in package.json, has a codex file naming it and the EventX icons', () => {
		const pkg = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
			n8n: { nodes: string[] };
		};
		expect(pkg.n8n.nodes).toContain('dist/nodes/EventXPollingTrigger/EventXPollingTrigger.node.js');
		const codex = JSON.parse(
			fs.readFileSync(
				path.join(repoRoot, 'nodes/EventXPollingTrigger/EventXPollingTrigger.node.json'),
				'utf8',
			),
		) as { node: string };
		expect(codex.node).toBe(`n8n-nodes-eventx.${description.name}`);
		// The icons of the action node's folder (each node has its own folder for its output schemas).
		expect(description.icon).toEqual({
			light: 'file:../EventX/eventx.svg',
			dark: 'file:../EventX/eventx.dark.svg',
		});
	});
});
