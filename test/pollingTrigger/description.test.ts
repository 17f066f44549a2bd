// Polling Trigger: its description as the editor shows it, and its place in the package.
import type { INode, INodeParameters, INodeProperties, INodePropertyOptions } from 'n8n-workflow';
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

	it('offers the twelve triggers (the first options parameter feeds the node panel), the event locator and the options', () => {
		const trigger = description.properties.find((p) => p.type === 'options')!;
		// `resource`, the parameter n8n picks the output schema by.
		expect(trigger.name).toBe('resource');
		expect(trigger.displayName).toBe('Trigger On');
		expect((trigger.options as INodePropertyOptions[]).map((o) => o.value)).toEqual([
			'attendeeCheckedIn',
			'attendeeRegistered',
			'attendeeUpdated',
			'doorsOpening',
			'eventEnded',
			'eventPublished',
			'eventStarting',
			'eventUpdated',
			'newAttendee',
			'newEvent',
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
			['doorsOpening', 'Doors Opening'],
			['eventEnded', 'Event Ended'],
			['eventPublished', 'Event Published'],
			['eventStarting', 'Event Starting'],
			['eventUpdated', 'Event Updated'],
			['newAttendee', 'New Attendee'],
			['newEvent', 'New Event'],
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

	/** The parameters the editor shows for these values (defaults filled in), by name. */
	const shown = (parameters: INodeParameters) => {
		const { node: n } = parametersFor(parameters);
		return description.properties
			.filter(
				(p) => p.type !== 'notice' && NodeHelpers.displayParameter(n.parameters, p, n, description),
			)
			.map((p) => p.name);
	};
	const someId = { __rl: true, mode: 'id', value: '95b71478-c7dd-4bbd-b65b-244a63d3e689' };

	it('attendee and order events: Events is One Event (the picker), Several Events (a multi-picker) or All Running Events', () => {
		const events = description.properties.find(
			(p) => p.name === 'events' && p.displayOptions?.show?.resource?.includes('newAttendee'),
		)!;
		expect((events.options as INodePropertyOptions[]).map((o) => o.value)).toEqual([
			'running',
			'one',
			'several',
		]);
		expect(events.default).toBe('one');
		expect(shown({ resource: 'newOrder', eventId: someId })).toEqual([
			'resource',
			'events',
			'eventId',
			'options',
		]);
		expect(shown({ resource: 'newOrder', events: 'several' })).toEqual([
			'resource',
			'events',
			'eventIds',
			'options',
		]);
		expect(shown({ resource: 'attendeeCheckedIn', events: 'running' })).toEqual([
			'resource',
			'events',
			'options',
		]);
		expect(parametersFor({ resource: 'newOrder', events: 'running' }).issues).toBeNull();
		const picker = description.properties.find((p) => p.name === 'eventIds')!;
		expect(picker.typeOptions?.loadOptionsMethod).toBe('getEvents');
		expect(node.methods.loadOptions.getEvents).toEqual(expect.any(Function));
	});

	it('event triggers: All Events by default (or Several); the moments take When, then Lead Time or Delay and a Unit', () => {
		expect(shown({ resource: 'newEvent' })).toEqual(['resource', 'events', 'options']);
		expect(parametersFor({ resource: 'newEvent' }).issues).toBeNull();
		expect(parametersFor({ resource: 'eventPublished' }).node.parameters.events).toBe('all');
		expect(shown({ resource: 'eventStarting' })).toEqual(['resource', 'when', 'events', 'options']);
		expect(shown({ resource: 'eventStarting', when: 'before' })).toEqual([
			'resource',
			'when',
			'leadTime',
			'timeUnit',
			'events',
			'options',
		]);
		expect(shown({ resource: 'eventEnded', when: 'after', events: 'several' })).toEqual([
			'resource',
			'when',
			'delay',
			'timeUnit',
			'events',
			'eventIds',
			'options',
		]);
		const filled = parametersFor({ resource: 'doorsOpening', when: 'after' }).node.parameters;
		expect(filled).toMatchObject({ when: 'after', delay: 1, timeUnit: 'hours', events: 'all' });
	});

	it('options: Start From for every trigger; Include Unpublished Events and Max Lateness where they apply', () => {
		const options = description.properties.find((p) => p.name === 'options')!;
		const byName = (name: string) =>
			(options.options as INodeProperties[]).filter((o) => o.name === name);
		expect(byName('startFrom')).toEqual([
			expect.objectContaining({ type: 'dateTime', default: '' }),
		]);
		expect(byName('startFrom')[0].displayOptions).toBeUndefined();
		expect(byName('maxLatenessHours')).toEqual([
			expect.objectContaining({
				default: 24,
				displayOptions: { show: { '/resource': ['eventStarting', 'doorsOpening', 'eventEnded'] } },
			}),
		]);
		expect(
			byName('includeUnpublished').map((o) => [o.default, o.displayOptions?.show?.['/resource']]),
		).toEqual([
			[true, ['newEvent', 'eventUpdated']],
			[false, ['eventStarting', 'doorsOpening', 'eventEnded']],
		]);
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
		expect(description.name).toBe('eventXPollingTrigger');
		expect(codex.node).toBe('n8n-nodes-eventx.eventXPollingTrigger');
		// The icons of the action node's folder (each node has its own folder for its output schemas).
		expect(description.icon).toEqual({
			light: 'file:../EventX/eventx.svg',
			dark: 'file:../EventX/eventx.dark.svg',
		});
	});
});
