import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { EVENT_SORT_KEYS } from '../../helpers/enums';
import { type ListPlan, listProperties, readLimit } from '../../helpers/paging';
import { readSort, sortProperty } from '../../helpers/sorting';
import { parseJson, uuidSchema, validate } from '../../helpers/validation';
import { readSimplify, simplifyEvent, simplifyProperty } from '../../helpers/simplify';
import { requireUrlFits } from '../../helpers/urlLength';
import { API_PREFIX, eventxPaginate } from '../../transport';
import type { ItemOperation } from '../types';

const scalar = z.union([z.string(), z.number(), z.boolean()]);
const operatorObject = z
	.object({
		$eq: scalar,
		$in: z.array(scalar),
		$nin: z.array(scalar),
		$gt: z.number(),
		$gte: z.number(),
		$lt: z.number(),
		$lte: z.number(),
		$exists: z.boolean(),
	})
	.partial()
	.strict();

/** The event list filter exactly as EventX accepts it: unknown members are refused. */
export const eventFilterSchema = z
	.object({
		organizationId: uuidSchema,
		name: z.string(),
		isPublished: z.boolean(),
		extensionData: z.record(z.union([operatorObject, scalar, z.array(scalar)])),
	})
	.partial()
	.strict();

const properties = listProperties({
	target: [
		{
			displayName: 'Hosting Only',
			name: 'hostingOnly',
			type: 'boolean',
			default: false,
			description: 'Whether to return only events you host, leaving out those you only manage',
		},
	],
	filters: [
		{
			displayName: 'Extension Data',
			name: 'extensionData',
			type: 'json',
			default: '{}',
			placeholder:
				'{ "region": "APAC", "capacity": { "$gte": 100 }, "tier": { "$in": ["gold", "silver"] } }',
			description:
				"Match on the event's extension data. Each key is an extension key; its value is a value to equal, a list of values, or an object of operators ($eq, $in, $nin, $gt, $gte, $lt, $lte, $exists).",
			hint: 'JSON object, for example { "capacity": { "$gte": 100 } }',
		},
		{
			displayName: 'Is Published',
			name: 'isPublished',
			type: 'boolean',
			default: true,
			description: 'Whether to return only published events (on) or only unpublished ones (off)',
		},
		{
			displayName: 'Name',
			name: 'name',
			type: 'string',
			default: '',
			placeholder: 'e.g. Tech Summit',
			description: 'Return events whose name matches',
		},
		{
			displayName: 'Organization ID',
			name: 'organizationId',
			type: 'string',
			default: '',
			placeholder: 'e.g. 7c9e6679-7425-40de-944b-e07fc1f90ae7',
			description: 'Return only events of this organization',
		},
	],
	sort: sortProperty(
		EVENT_SORT_KEYS,
		'Order of the results; earlier rules take precedence. EventX sorts by newest first when none is given.',
	),
	simplify: simplifyProperty(),
});

const displayOptions = { show: { resource: ['event'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan extends ListPlan {
	path: string;
}

export const getMany: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const limit = readLimit(this, itemIndex);
		const hostingOnly = this.getNodeParameter('hostingOnly', itemIndex, false) as boolean;
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const raw: IDataObject = { ...filters };
		if (raw.organizationId === '') delete raw.organizationId;
		if (raw.name === '') delete raw.name;
		if (raw.extensionData !== undefined) {
			const extensionData = parseJson(
				this,
				raw.extensionData,
				'Filters > Extension Data',
				itemIndex,
			);
			if (
				extensionData === undefined ||
				(typeof extensionData === 'object' &&
					extensionData !== null &&
					Object.keys(extensionData).length === 0)
			) {
				delete raw.extensionData;
			} else {
				raw.extensionData = extensionData as IDataObject;
			}
		}
		const filter = validate(this, eventFilterSchema, raw, 'Filters', itemIndex);
		const sort = readSort(this, itemIndex, EVENT_SORT_KEYS);
		const qs: IDataObject = {};
		// Sent as query text: GET bodies are dropped by n8n's HTTP client.
		if (Object.keys(filter).length > 0) qs.filter = JSON.stringify(filter);
		if (sort) qs.sort = sort;
		const path = `${API_PREFIX}/event${hostingOnly ? '/hosting-event' : ''}`;
		requireUrlFits(this, itemIndex, path, qs, [
			...(filter.name === undefined ? [] : [{ field: 'Filters > Name', text: filter.name }]),
			...(filter.extensionData === undefined
				? []
				: [{ field: 'Filters > Extension Data', text: JSON.stringify(filter.extensionData) }]),
		]);
		return {
			path,
			qs,
			limit,
			simplify: readSimplify(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, plan, itemIndex) {
		const events = await eventxPaginate.call(
			this,
			{ method: 'GET', path: plan.path, qs: plan.qs, itemIndex },
			plan.limit,
		);
		return plan.simplify ? events.map(simplifyEvent) : events;
	},
};
