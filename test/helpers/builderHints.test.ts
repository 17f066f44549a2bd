// Hints for n8n's AI workflow builder (n8n-workflow 2.41's `builderHint`): one on each node, and on
// the parameters that are easy to misuse. Short and factual: at most 120 characters, no
// expressions. n8n 2.8.4 has no such field and ignores it (the real-n8n tests load the package
// there); n8n 2.41's loader refuses a node with a hint on a discriminator, checked here with its
// own validator.
import type { INodeProperties, INodePropertyCollection, INodePropertyOptions } from 'n8n-workflow';
import { validateNodeDescription } from 'n8n-core/dist/nodes-loader/validate-node-description';

import { EventX } from '../../nodes/EventX/EventX.node';
import { EventXPollingTrigger } from '../../nodes/EventXPollingTrigger/EventXPollingTrigger.node';
import { EventXTrigger } from '../../nodes/EventXTrigger/EventXTrigger.node';

const nodes = [new EventX(), new EventXTrigger(), new EventXPollingTrigger()].map(
	(node) => node.description,
);

type Item = INodeProperties | INodePropertyOptions | INodePropertyCollection;

/** Every parameter hint of a node: parameters, their options and collections, at any depth. */
function parameterHints(items: Item[] | undefined, path = ''): Array<[string, string]> {
	return (items ?? []).flatMap((item) => {
		const name = 'name' in item ? String(item.name) : '';
		const here = path ? `${path} > ${name}` : name;
		const own: Array<[string, string]> = item.builderHint
			? [[here, item.builderHint.propertyHint]]
			: [];
		const inner = [
			...('options' in item ? parameterHints(item.options as Item[], here) : []),
			...('values' in item ? parameterHints(item.values, here) : []),
		];
		return [...own, ...inner];
	});
}

const allHints = nodes.flatMap((d) => [
	[`${d.name} (node)`, String(d.builderHint?.searchHint)] as [string, string],
	...parameterHints(d.properties).map(
		([where, hint]) => [`${d.name}: ${where}`, hint] as [string, string],
	),
]);

describe('builder hints', () => {
	test.each(nodes.map((d) => [d.name, d] as const))('%s has a node hint', (_, d) => {
		expect(d.builderHint?.searchHint).toEqual(expect.any(String));
	});

	test.each(allHints)('%s: at most 120 characters, a sentence without expressions', (_, hint) => {
		expect(hint.length).toBeLessThanOrEqual(120);
		expect(hint).toMatch(/^[A-Z]/);
		expect(hint).not.toMatch(/\{\{|\$json|\$\(|\$node|^=/);
	});

	test.each(nodes.map((d) => [d.name, d] as const))(
		"%s loads in n8n 2.41: no hint on a discriminator (its loader's own check)",
		(_, d) => {
			expect(() => validateNodeDescription(d)).not.toThrow();
		},
	);

	test('the parameters easy to misuse have one', () => {
		const hinted = new Set(allHints.map(([where]) => where.replace(/ > .*$/, '')));
		expect([...hinted]).toEqual(
			expect.arrayContaining([
				'eventX: eventId',
				'eventX: returnAll',
				'eventX: limit',
				'eventX: attendeeIds',
				'eventX: attendeeId',
				'eventX: simplify',
				'eventX: matchOn',
				'eventX: columns',
				'eventXTrigger: eventId',
				'eventXTrigger: output',
				'eventXPollingTrigger: eventId',
			]),
		);
	});
});
