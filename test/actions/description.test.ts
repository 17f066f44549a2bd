import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { EventX } from '../../nodes/EventX/EventX.node';
import { EventXTrigger } from '../../nodes/EventX/EventXTrigger.node';
import { resourceOptions, resources } from '../../nodes/EventX/actions/resources';

/** Lists whose natural order is not alphabetical: ranges of numbers, and IANA timezones. */
const NATURAL_ORDER = new Set(['estimatedAttendeeCount', 'timezone']);

type Property = INodeProperties & { values?: INodeProperties[] };

/** Every property of a node, nested collections and fixed collections included. */
function allProperties(properties: Property[]): Property[] {
	return properties.flatMap((p) => {
		const nested = (p.type === 'collection' ? p.options : undefined) as Property[] | undefined;
		const groups = p.type === 'fixedCollection' ? (p.options as Property[]) : [];
		return [
			p,
			...allProperties(nested ?? []),
			...groups.flatMap((g) => allProperties(g.values ?? [])),
		];
	});
}

const nodes = [new EventX().description, new EventXTrigger().description];
const properties = nodes.flatMap((d) => allProperties(d.properties as Property[]));

describe('what the editor shows (n8n UX guidelines)', () => {
	test('option lists are sorted alphabetically, except numeric ranges and timezones', () => {
		const unsorted = properties
			.filter(
				(p) => (p.type === 'options' || p.type === 'multiOptions') && Array.isArray(p.options),
			)
			.filter((p) => !NATURAL_ORDER.has(p.name))
			.filter((p) => {
				const names = (p.options as INodePropertyOptions[]).map((o) => o.name);
				return names.join('\n') !== [...names].sort((a, b) => a.localeCompare(b)).join('\n');
			})
			.map((p) => p.name);
		expect(unsorted).toEqual([]);
	});

	test('display names are in Title Case; descriptions are sentences', () => {
		const small = new Set([
			'a',
			'an',
			'and',
			'by',
			'for',
			'in',
			'of',
			'on',
			'or',
			'the',
			'to',
			'with',
		]);
		const notTitle = properties
			.filter((p) => p.type !== 'notice')
			.filter((p) =>
				p.displayName
					.split(/\s+/)
					.some((word, i) => /^[a-z]/.test(word) && (i === 0 || !small.has(word))),
			)
			.map((p) => p.displayName);
		expect(notTitle).toEqual([]);
		const notSentence = properties
			.filter((p) => p.description)
			.filter((p) => !/^[A-Z0-9"'<]/.test(String(p.description)))
			.map((p) => `${p.name}: ${p.description}`);
		expect(notSentence).toEqual([]);
	});

	test("every operation has n8n's wording, an action and a description", () => {
		const operations = properties.filter((p) => p.name === 'operation');
		expect(operations.length).toBeGreaterThanOrEqual(5);
		for (const op of operations.flatMap((p) => p.options as INodePropertyOptions[])) {
			expect(op.action).toMatch(/^[A-Z][a-z]/);
			expect(op.description).toMatch(/^[A-Z]/);
		}
		const names = operations.flatMap((p) =>
			(p.options as INodePropertyOptions[]).map((o) => o.name),
		);
		for (const name of ['Get', 'Get Many', 'Create', 'Create or Update', 'Update', 'Delete'])
			expect(names).toContain(name);
	});

	test('destructive operations carry a notice', () => {
		const notices = properties.filter((p) => p.type === 'notice');
		const shownFor = (resource: string, operation: string) =>
			notices.some(
				(n) =>
					n.displayOptions?.show?.resource?.includes(resource) &&
					n.displayOptions?.show?.operation?.includes(operation),
			);
		expect(shownFor('attendee', 'delete')).toBe(true);
		expect(shownFor('attendee', 'remove')).toBe(true);
		expect(shownFor('webhook', 'delete')).toBe(true);
	});

	test('dropdowns loaded for the chosen event reload when another event is picked', () => {
		// n8n's editor watches a resource locator's value only when it is named "<name>.value":
		// with "eventId" the ticket classes and questions of the first event stayed listed.
		const dependent = properties.filter((p) => p.typeOptions?.loadOptionsDependsOn);
		expect(dependent.map((p) => p.name)).toEqual(
			expect.arrayContaining(['questionId', 'ticketClassAddOnId', 'ticketClassId']),
		);
		for (const p of dependent)
			expect({ name: p.name, dependsOn: p.typeOptions!.loadOptionsDependsOn }).toEqual({
				name: p.name,
				dependsOn: ['eventId.value'],
			});
	});

	test('the canvas subtitle says what each node does', () => {
		// "Get Many: Event", looked up by resource and operation.
		const subtitle = String(new EventX().description.subtitle);
		expect(subtitle).toContain('"event:getMany":"Get Many: Event"');
		expect(subtitle).toContain('"attendee:upsert":"Create or Update: Attendee"');
		// The subtitle is a literal: its table holds exactly every operation of every resource.
		const table =
			/^=\{\{ (\{.*\})\[\$parameter\["resource"\] \+ ":" \+ \$parameter\["operation"\]\] \}\}$/.exec(
				subtitle,
			);
		expect(table).not.toBeNull();
		const expected = Object.fromEntries(
			resourceOptions.flatMap(({ name: resourceName, value: resource }) =>
				(resources[resource as string].operationProperty.options as INodePropertyOptions[]).map(
					({ name, value }) => [`${resource}:${value}`, `${name}: ${resourceName}`],
				),
			),
		);
		expect(JSON.parse(table![1])).toEqual(expected);
		expect(new EventXTrigger().description.subtitle).toContain('"attendee-check-in":"Checked In"');
	});

	test("the trigger's changes come first, so n8n's node panel offers each as a trigger", () => {
		// n8n takes the first parameter labelled Event, Events or Trigger On.
		const first = new EventXTrigger().description.properties.find((p) =>
			['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
		);
		expect(first?.name).toBe('events');
		expect(first?.options).toHaveLength(5);
	});
});
