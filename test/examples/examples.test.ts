// The importable examples in examples/: structure and layout.
import { fs, path, repoRoot } from '../platform.cjs';

const { readdirSync, readFileSync } = fs;
const { join } = path;

interface WorkflowNode {
	name: string;
	type: string;
	typeVersion: number;
	position: number[];
	parameters: Record<string, unknown>;
	disabled?: boolean;
}
type Json = { nodes: WorkflowNode[] } & Record<string, unknown>;

const DIR = join(repoRoot, 'examples');
const examples = readdirSync(DIR)
	.filter((f) => f.endsWith('.json'))
	.map((file) => ({ file, workflow: JSON.parse(readFileSync(join(DIR, file), 'utf8')) as Json }));

/** n8n draws a node as a 100 x 100 square at its position; its name is written under it. */
const NODE_SIZE = 100;
const LABEL_HEIGHT = 40;

interface Rect {
	left: number;
	top: number;
	right: number;
	bottom: number;
}

const overlap = (a: Rect, b: Rect) =>
	a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the examples', () => {
	test('there are ten', () => {
		expect(examples.map((e) => e.file).sort()).toEqual([
			'add-to-calendar.json',
			'after-the-event.json',
			'attendee-lifecycle.json',
			'attendee-sync.json',
			'day-before-reminder.json',
			'door-check-in.json',
			'event-timeline.json',
			'eventx-assistant.json',
			'paid-order-accounting.json',
			'scheduled-outreach.json',
		]);
	});

	test.each(examples)('$file: no sticky note covers a node', ({ workflow }) => {
		const nodes = workflow.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote');
		const stickies = workflow.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
		const covered = stickies.flatMap((sticky) => {
			const [x, y] = sticky.position as number[];
			const note: Rect = {
				left: x,
				top: y,
				right: x + Number(sticky.parameters.width ?? 240),
				bottom: y + Number(sticky.parameters.height ?? 160),
			};
			return nodes
				.filter((n) => {
					const [nx, ny] = n.position as number[];
					return overlap(note, {
						left: nx,
						top: ny,
						right: nx + NODE_SIZE,
						bottom: ny + NODE_SIZE + LABEL_HEIGHT,
					});
				})
				.map((n) => `${String(sticky.name)} covers ${String(n.name)}`);
		});
		expect(covered).toEqual([]);
	});

	test.each(examples)(
		"$file: every EventX node is at version 1, the event of the action and tool nodes picked from the list or taken from the EventX trigger's item",
		({ workflow }) => {
			const eventx = workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-eventx.'));
			expect(eventx.length).toBeGreaterThan(0);
			// Workflows started by an EventX trigger work on the event of its item: it is picked once.
			const eventTriggered = eventx.some((n) => n.type.endsWith('Trigger'));
			for (const node of eventx) {
				expect({ node: node.name, version: node.typeVersion }).toEqual({
					node: node.name,
					version: 1,
				});
				if (node.type.endsWith('Trigger')) continue;
				if (eventTriggered)
					expect(node.parameters.eventId).toMatchObject({
						__rl: true,
						mode: 'id',
						value: expect.stringMatching(/^=\{\{ .*\.eventId \}\}$/),
					});
				else expect(node.parameters.eventId).toMatchObject({ __rl: true, mode: 'list' });
			}
		},
	);

	/** The About note's text, or every sticky note's. */
	const notes = (workflow: Json, name?: string) =>
		workflow.nodes
			.filter((n) => n.type === 'n8n-nodes-base.stickyNote' && (!name || n.name === name))
			.map((n) => String(n.parameters.content));
	const SENDS = /^send(ConfirmationEmail|ConfirmationSms|ConfirmationWhatsApp|ManualEmail)$/;

	test.each(examples)(
		'$file: nothing is sent before the user switches the send on; a note on the canvas says so',
		({ workflow }) => {
			// An agent's tool sends only when the person chatting asks for it.
			const sends = workflow.nodes.filter(
				(n) =>
					n.type === 'n8n-nodes-eventx.eventX' &&
					n.parameters.resource === 'outreach' &&
					SENDS.test(String(n.parameters.operation)),
			);
			for (const send of sends) {
				expect({ node: send.name, disabled: send.disabled }).toEqual({
					node: send.name,
					disabled: true,
				});
				expect(notes(workflow, 'Sending Is Off')).toEqual([
					expect.stringContaining(`**${send.name}** is deactivated`),
				]);
				expect(notes(workflow, 'About')[0]).toMatch(/nothing is sent/);
			}
		},
	);

	test.each(examples)(
		'$file: the notes say Publish (n8n 2), "activate" only for n8n 1.x or a node',
		({ workflow }) => {
			const text = notes(workflow).join('\n');
			// n8n 1.x's word for publishing, and n8n's own words for a node switched off and on.
			const allowed =
				/\(n8n 1\.x: activate\)|activated, in n8n 1\.x|is deactivated \(greyed out\)|→ \*\*Activate\*\*/g;
			expect(text.replace(allowed, '').match(/activat/gi)).toBeNull();
			const triggered = workflow.nodes.some(
				(n) => /Trigger$|\.webhook$/.test(n.type) && !/manualTrigger|chatTrigger/.test(n.type),
			);
			if (triggered) expect(text).toMatch(/\*\*Publish\*\*/);
		},
	);

	test('scheduled outreach: the polling trigger (New Attendee) at 08:00 in the time zone its note names, and no Code node', () => {
		const outreach = examples.find((e) => e.file === 'scheduled-outreach.json')!.workflow;
		expect(outreach.nodes.filter((n) => n.type === 'n8n-nodes-base.code')).toEqual([]);
		const triggers = outreach.nodes.filter((n) => /Trigger$/.test(n.type));
		expect(triggers.map((n) => [n.type, n.parameters.resource, n.parameters.pollTimes])).toEqual([
			[
				'n8n-nodes-eventx.eventXPollingTrigger',
				'newAttendee',
				{ item: [{ mode: 'everyDay', hour: 8, minute: 0 }] },
			],
		]);
		expect(notes(outreach, 'About')[0]).toMatch(
			/08:00 in the workflow's time zone\*\*: \*\*Settings → Timezone\*\* \(by default the instance's, America\/New_York/,
		);
	});

	test('the timeline example: one trigger per moment of an event, from created to ended, each at the time itself', () => {
		const timeline = examples.find((e) => e.file === 'event-timeline.json')!.workflow;
		const triggers = timeline.nodes.filter((n) => n.type.endsWith('eventXPollingTrigger'));
		expect(
			triggers.map((n) => [n.parameters.resource, n.parameters.events, n.parameters.when]),
		).toEqual([
			['newEvent', 'all', undefined],
			['eventPublished', 'all', undefined],
			['doorsOpening', 'all', 'at'],
			['eventStarting', 'all', 'at'],
			['eventEnded', 'all', 'at'],
		]);
		const connections = timeline.connections as Record<
			string,
			{ main: Array<Array<{ node: string }>> }
		>;
		for (const trigger of triggers)
			expect(connections[trigger.name].main[0].map((c) => c.node)).toEqual(['What Happened']);
	});
});
