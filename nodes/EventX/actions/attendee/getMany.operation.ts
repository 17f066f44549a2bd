import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { ATTENDEE_SORT_KEYS } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { type ListPlan, listProperties, readLimit } from '../../helpers/paging';
import { readSort, sortProperty } from '../../helpers/sorting';
import {
	invalidField,
	listEntries,
	objectKey,
	requireUuid,
	toIsoDateTime,
} from '../../helpers/validation';
import { readSimplify, simplifyAttendees, simplifyProperty } from '../../helpers/simplify';
import { requireUrlFits, type UrlPart } from '../../helpers/urlLength';
import { API_PREFIX, eventxPaginate } from '../../transport';
import type { ItemOperation } from '../types';
import { CREATED_KEY, questionRowsProperty } from './fields';

/** A custom-field filter: rows of question and value. */
const questionRows = (displayName: string, name: string, valueLabel: string): INodeProperties =>
	questionRowsProperty({
		displayName,
		name,
		placeholder: 'Add Condition',
		row: { displayName: 'Condition', name: 'conditions' },
		value: { displayName: valueLabel, name: 'value', type: 'string', default: '' },
	});

const properties = listProperties({
	target: [eventLocator()],
	filters: [
		{
			displayName: 'Attendee IDs',
			name: 'attendeeIds',
			type: 'string',
			default: '',
			placeholder:
				'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b, 7c9e6679-7425-40de-944b-e07fc1f90ae7',
			description:
				'Return only these attendees: a comma-separated list or an array from an expression',
		},
		{
			displayName: 'Created After',
			name: 'createdAfter',
			type: 'dateTime',
			default: '',
			description:
				'Return only attendees registered after this time (ISO 8601, e.g. 2026-11-20T00:00:00Z)',
		},
		{
			...questionRows('Custom Field Contains', 'customFieldContains', 'Text'),
			description: 'Text and text-area questions whose answer contains the text',
		},
		{
			...questionRows('Custom Field Equals', 'customFieldEquals', 'Value'),
			description: 'Questions whose answer is exactly the value',
		},
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			placeholder: 'e.g. ada@example.com',
			description: 'Return attendees whose name or email contains this text',
		},
	],
	sort: sortProperty(
		ATTENDEE_SORT_KEYS,
		'Order of the results; earlier rules take precedence. EventX sorts by ID, descending, when none is given.',
	),
	simplify: simplifyProperty(),
});

const displayOptions = { show: { resource: ['attendee'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan extends ListPlan {
	eventId: string;
}

function readConditions(
	ctx: IExecuteFunctions,
	value: unknown,
	field: string,
	itemIndex: number,
): IDataObject | undefined {
	const rows = ((value as IDataObject | undefined)?.conditions ?? []) as IDataObject[];
	if (rows.length === 0) return undefined;
	const result: IDataObject = {};
	for (const row of rows) {
		if (typeof row.questionId !== 'string' || row.questionId.trim() === '')
			throw invalidField(ctx, `${field} > Question`, 'is required', itemIndex);
		result[objectKey(ctx, row.questionId, `${field} > Question`, itemIndex)] = row.value as string;
	}
	return result;
}

export const getMany: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const limit = readLimit(this, itemIndex);
		const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
		const qs: IDataObject = {};
		let attendeeIdCount = 0;
		if (filters.attendeeIds !== undefined) {
			const parts = listEntries(filters.attendeeIds);
			if (parts.length === 0)
				throw invalidField(this, 'Filters > Attendee IDs', 'no attendee ID given', itemIndex);
			const ids = new Set(
				parts.map((id) => requireUuid(this, id, 'Filters > Attendee IDs', itemIndex).toLowerCase()),
			);
			attendeeIdCount = ids.size;
			qs.attendeeIds = JSON.stringify([...ids]);
		}
		const createdAfter = toIsoDateTime(
			this,
			filters.createdAfter,
			'Filters > Created After',
			itemIndex,
		);
		if (createdAfter) qs['createdAt$gt'] = createdAfter;
		const equals = readConditions(
			this,
			filters.customFieldEquals,
			'Filters > Custom Field Equals',
			itemIndex,
		);
		if (equals) qs.customFields = JSON.stringify(equals);
		if (typeof filters.search === 'string' && filters.search.trim() !== '')
			qs.q = filters.search.trim();
		const contains = readConditions(
			this,
			filters.customFieldContains,
			'Filters > Custom Field Contains',
			itemIndex,
		);
		if (contains) qs.customFieldSearch = JSON.stringify(contains);
		const sort = readSort(this, itemIndex, ATTENDEE_SORT_KEYS);
		if (sort) qs.sort = sort;
		const part = (key: string, field: string, entries?: number, unit?: string): UrlPart[] =>
			typeof qs[key] === 'string' ? [{ field, text: qs[key], entries, unit }] : [];
		requireUrlFits(this, itemIndex, `${API_PREFIX}/event/${eventId}/attendee`, qs, [
			...part('attendeeIds', 'Filters > Attendee IDs', attendeeIdCount, 'IDs'),
			...part('q', 'Filters > Search'),
			...part('customFields', 'Filters > Custom Field Equals'),
			...part('customFieldSearch', 'Filters > Custom Field Contains'),
		]);
		return { eventId, qs, limit, simplify: readSimplify(this, itemIndex) };
	},
	async execute(this: IExecuteFunctions, plan, itemIndex) {
		const attendees = await eventxPaginate.call(
			this,
			{
				method: 'GET',
				path: `${API_PREFIX}/event/${plan.eventId}/attendee`,
				qs: plan.qs,
				itemIndex,
			},
			plan.limit,
			true,
			/^createdAt(,|$)/.test(String(plan.qs.sort ?? '')) ? CREATED_KEY : undefined,
		);
		return plan.simplify
			? await simplifyAttendees(this, plan.eventId, attendees, itemIndex)
			: attendees;
	},
};
