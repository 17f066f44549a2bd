import type { INodeProperties } from 'n8n-workflow';

/**
 * The key n8n's editor gives a parameter's `$fromAI()` when a user lets the model define it: the
 * display name with everything but letters, digits and hyphens made `_` ("Short Code" -> "Short_Code").
 */
export function fromAiKey(displayName: string): string {
	return displayName.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);
}

/** `={{ $fromAI('<key>', `<description>`, '<type>') }}`, as n8n's editor writes it. */
export function fromAi(
	key: string,
	description: string,
	type: 'string' | 'number' | 'boolean' = 'string',
): string {
	if (description.includes('`')) throw new Error(`A $fromAI description holds a backtick: ${key}`);
	return `={{ $fromAI('${key}', \`${description}\`, '${type}') }}`;
}

/** `show` with the `@tool` condition: n8n shows the parameter only on the action node or the tool. */
function asTool(property: INodeProperties, tool: boolean): INodeProperties['displayOptions'] {
	return {
		...property.displayOptions,
		show: { ...property.displayOptions?.show, '@tool': [tool] },
	};
}

/**
 * A parameter a model fills when the node is an agent's tool: on the action node it is unchanged;
 * on the tool ("EventX Tool") its default is a `$fromAI()` with the parameter's own description
 * (or `modelDescription`, where the editor's wording speaks of a list to pick from), so the model
 * is told what to give without the user writing hints. A user's own value replaces it. A resource
 * locator gets the `$fromAI()` as its ID.
 */
export function modelFilled(
	property: INodeProperties,
	modelDescription?: string,
): INodeProperties[] {
	const description = modelDescription ?? String(property.description ?? property.displayName);
	const fromModel = fromAi(fromAiKey(property.displayName), description);
	return [
		{ ...property, displayOptions: asTool(property, false) },
		{
			...property,
			default:
				property.type === 'resourceLocator'
					? { __rl: true, mode: 'id', value: fromModel }
					: fromModel,
			displayOptions: asTool(property, true),
		},
	];
}

/**
 * A parameter whose default differs on the tool, e.g. a small Limit so that a list fits in a
 * model's context.
 */
export function toolDefault(
	property: INodeProperties,
	toolDefaultValue: INodeProperties['default'],
	toolDescription?: string,
): INodeProperties[] {
	return [
		{ ...property, displayOptions: asTool(property, false) },
		{
			...property,
			default: toolDefaultValue,
			description: toolDescription ?? property.description,
			displayOptions: asTool(property, true),
		},
	];
}
