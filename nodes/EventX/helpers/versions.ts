import type { IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/**
 * Version 2 of the action node: pickers (resource locators) for organizations, attendees and
 * webhooks, Simplify on by default, and one Options collection per operation that holds the
 * request settings. Version 3: Attendee Create or Update and Update take their fields from a
 * resource mapper (Map Automatically or Map Each Column Below), Create or Update matches on ID,
 * invitation email or nothing and says per item what it did. Earlier versions keep their
 * parameters and output exactly, so saved workflows run on unchanged.
 */
export const LATEST_VERSION = 3;

/** Every version from 2 on (pickers, Simplify, one Options collection). */
export const FROM_V2 = [2, 3];

const versionOf = new WeakMap<object, number>();

/**
 * The node version of the running node (1 for nodes saved before version 2), read once per
 * context: n8n's getNode() deep-copies the node and its parameters (a resource mapper's schema
 * too), which per item cost more than the rest of preparing it.
 */
export function nodeVersion(ctx: Pick<IExecuteFunctions, 'getNode'>): number {
	let version = versionOf.get(ctx);
	if (version === undefined) {
		version = ctx.getNode().typeVersion ?? 1;
		versionOf.set(ctx, version);
	}
	return version;
}

/** `property` shown only on the given node versions (added to its own display conditions). */
export function onVersions(property: INodeProperties, versions: number[]): INodeProperties {
	const displayOptions: IDisplayOptions = { ...(property.displayOptions ?? {}) };
	displayOptions.show = { ...(displayOptions.show ?? {}), '@version': versions };
	return { ...property, displayOptions };
}

export const v1Only = (property: INodeProperties) => onVersions(property, [1]);
/** From version 2 on. */
export const fromV2 = (property: INodeProperties) => onVersions(property, FROM_V2);
export const v1AndV2 = (property: INodeProperties) => onVersions(property, [1, 2]);
export const v3Only = (property: INodeProperties) => onVersions(property, [3]);

/** Version 2's one Options collection of every operation. */
export const OPTIONS_NAME = 'options';

/**
 * The collection an operation's option lives in: its own collection in version 1 (`v1Name`),
 * the operation's one Options collection in version 2.
 */
export function optionsName(ctx: Pick<IExecuteFunctions, 'getNode'>, v1Name: string): string {
	return nodeVersion(ctx) >= 2 ? OPTIONS_NAME : v1Name;
}

const byName = (a: INodeProperties, b: INodeProperties) =>
	a.displayName.localeCompare(b.displayName);

/**
 * One operation's parameters on both versions. Version 1 keeps them as they were (its own
 * Options collections, and the node-wide Request Options); version 2 gathers the options of
 * those collections and the request settings in one Options collection. An AI tool gets the
 * operation's own options only: a model has no use for timeouts and retries.
 */
export function operationProperties(
	show: { resource: string[]; operation: string[] },
	description: INodeProperties[],
	requestSettings: INodeProperties[],
): INodeProperties[] {
	const isOptions = (p: INodeProperties) => p.type === 'collection' && p.displayName === 'Options';
	const own = description.filter(isOptions).flatMap((p) => (p.options ?? []) as INodeProperties[]);
	const collection = (options: INodeProperties[], tool: boolean): INodeProperties => ({
		displayName: 'Options',
		name: OPTIONS_NAME,
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [...options].sort(byName),
		displayOptions: { show: { ...show, '@version': FROM_V2, '@tool': [tool] } },
	});
	// Version 1 keeps its own collections, without the options of later versions only.
	const onV1 = (p: INodeProperties) =>
		((p.displayOptions?.show?.['@version'] as number[] | undefined) ?? [1]).includes(1);
	const forV1 = (p: INodeProperties): INodeProperties[] => {
		const options = ((p.options ?? []) as INodeProperties[]).filter(onV1);
		return options.length > 0 ? [v1Only({ ...p, options })] : [];
	};
	return [
		...description.flatMap((p) => (isOptions(p) ? forV1(p) : [p])),
		collection([...own, ...requestSettings], false),
		...(own.length > 0 ? [collection(own, true)] : []),
	];
}
