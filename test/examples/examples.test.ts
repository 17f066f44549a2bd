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
	test('there are nine', () => {
		expect(examples.map((e) => e.file).sort()).toEqual([
			'add-to-calendar.json',
			'after-the-event.json',
			'attendee-lifecycle.json',
			'attendee-sync.json',
			'day-before-reminder.json',
			'door-check-in.json',
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
		"$file: every EventX node is at version 1, the event of the action and tool nodes picked from the list or taken from the event trigger's item",
		({ workflow }) => {
			const eventx = workflow.nodes.filter((n) => n.type.startsWith('n8n-nodes-eventx.'));
			expect(eventx.length).toBeGreaterThan(0);
			// Workflows started by an event trigger work on the event of its item.
			const eventTriggered = eventx.some(
				(n) => n.type.endsWith('eventXPollingTrigger') && n.parameters.events === 'all',
			);
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

	test('the outreach example explains why a manual re-run looks back one day again', () => {
		const outreach = examples.find((e) => e.file === 'scheduled-outreach.json')!.workflow;
		const about = outreach.nodes.find((n) => n.name === 'About')!;
		expect(about.parameters.content).toMatch(/static data/);
		expect(about.parameters.content).toMatch(
			/active workflows and runs started from the command line/,
		);
	});
});
