import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	OFFLINE_PAYMENT_APPROVAL_STATUSES,
	ORDER_PAYMENT_METHODS,
	ORDER_SORT_KEYS,
	ORDER_STATUSES,
} from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { enumOptions } from '../../helpers/labels';
import {
	listOrders,
	orderListQs,
	type OrderFilter,
	type OrderListQuery,
} from '../../helpers/orders';
import { listProperties, readLimit } from '../../helpers/paging';
import { readSort, sortProperty } from '../../helpers/sorting';
import {
	invalidField,
	requireEmail,
	listEntries,
	readChoices,
	requireUuid,
} from '../../helpers/validation';
import { readSimplify } from '../../helpers/simplify';
import { requireUrlFits, type UrlPart } from '../../helpers/urlLength';
import { API_PREFIX } from '../../transport';
import type { ItemOperation } from '../types';
import { orderSimplifyProperty, simplifyOrder } from './fields';

/** A filter choosing among one of the order enums (any of the values chosen). */
const choices = (
	displayName: string,
	name: string,
	values: readonly string[],
	description: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'multiOptions',
	options: enumOptions(values),
	default: [],
	description,
});

const properties = listProperties({
	target: [eventLocator()],
	filters: [
		{
			displayName: 'Buyer Emails',
			name: 'emails',
			type: 'string',
			default: '',
			placeholder: 'e.g. ada@example.com, grace@example.com',
			description:
				'Return only orders placed by these email addresses: a comma-separated list or an array from an expression',
		},
		choices(
			'Offline Payment Approval Status',
			'offlinePaymentApprovalStatus',
			OFFLINE_PAYMENT_APPROVAL_STATUSES,
			'Return only offline-paid orders whose approval has one of these statuses',
		),
		{
			displayName: 'Order IDs',
			name: 'orderIds',
			type: 'string',
			default: '',
			placeholder:
				'e.g. 3f2b6c1e-8a4d-4f7e-9b1a-2c3d4e5f6a7b, 7c9e6679-7425-40de-944b-e07fc1f90ae7',
			description:
				'Return only these orders: a comma-separated list or an array from an expression',
		},
		choices(
			'Payment Method',
			'paymentMethod',
			ORDER_PAYMENT_METHODS,
			'Return only orders paid online or offline (by invoice)',
		),
		{
			displayName: 'Search',
			name: 'search',
			type: 'string',
			default: '',
			placeholder: 'e.g. EVX-2026-001',
			description: "Return orders whose reference or buyer's name or email contains this text",
		},
		choices('Status', 'status', ORDER_STATUSES, 'Return only orders with one of these statuses'),
	],
	sort: sortProperty(
		ORDER_SORT_KEYS,
		'Order of the results; earlier rules take precedence. EventX sorts by newest first (created time, descending) when none is given.',
	),
	simplify: orderSimplifyProperty(),
});

const displayOptions = { show: { resource: ['order'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	query: OrderListQuery;
	limit?: number;
	simplify: boolean;
}

/** The Filters collection as EventX's order filter; empty choices and texts are left out. */
function readFilter(ctx: IExecuteFunctions, itemIndex: number): OrderFilter {
	const filters = ctx.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const filter: OrderFilter = {};
	if (filters.orderIds !== undefined && filters.orderIds !== '') {
		const ids = listEntries(filters.orderIds);
		if (ids.length === 0)
			throw invalidField(ctx, 'Filters > Order IDs', 'no order ID given', itemIndex);
		filter.orderIds = [
			...new Set(
				ids.map((id) => requireUuid(ctx, id, 'Filters > Order IDs', itemIndex).toLowerCase()),
			),
		];
	}
	const choiceFilters = [
		['status', ORDER_STATUSES, 'Status'],
		['paymentMethod', ORDER_PAYMENT_METHODS, 'Payment Method'],
		[
			'offlinePaymentApprovalStatus',
			OFFLINE_PAYMENT_APPROVAL_STATUSES,
			'Offline Payment Approval Status',
		],
	] as const;
	for (const [name, allowed, label] of choiceFilters) {
		const chosen = readChoices(ctx, filters[name] ?? [], allowed, `Filters > ${label}`, itemIndex);
		if (chosen.length > 0) Object.assign(filter, { [name]: chosen });
	}
	if (filters.emails !== undefined && filters.emails !== '') {
		const emails = listEntries(filters.emails);
		if (emails.length === 0)
			throw invalidField(ctx, 'Filters > Buyer Emails', 'no email address given', itemIndex);
		filter.emails = emails.map((email) =>
			requireEmail(ctx, email, 'Filters > Buyer Emails', itemIndex),
		);
	}
	if (filters.search !== undefined) {
		if (typeof filters.search !== 'string')
			throw invalidField(ctx, 'Filters > Search', 'must be a text', itemIndex);
		if (filters.search.trim() !== '') filter.q = filters.search.trim();
	}
	return filter;
}

export const getMany: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const filter = readFilter(this, itemIndex);
		const query = { filter, sort: readSort(this, itemIndex, ORDER_SORT_KEYS) };
		const part = (value: unknown, field: string, unit?: string): UrlPart[] =>
			value === undefined
				? []
				: [
						{
							field,
							text: JSON.stringify(value),
							entries: Array.isArray(value) ? value.length : undefined,
							unit,
						},
					];
		// EventX takes the filter in a GET body too, but n8n's HTTP client drops GET bodies.
		requireUrlFits(this, itemIndex, `${API_PREFIX}/event/${eventId}/order`, orderListQs(query), [
			...part(filter.orderIds, 'Filters > Order IDs', 'IDs'),
			...part(filter.emails, 'Filters > Buyer Emails', 'addresses'),
			...part(filter.q, 'Filters > Search'),
		]);
		return {
			eventId,
			limit: readLimit(this, itemIndex),
			query,
			simplify: readSimplify(this, itemIndex),
		};
	},
	async execute(this: IExecuteFunctions, plan, itemIndex) {
		const orders = await listOrders.call(this, plan.eventId, plan.query, plan.limit, itemIndex);
		return plan.simplify ? orders.map(simplifyOrder) : orders;
	},
};
