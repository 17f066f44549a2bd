import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { EVENT_CATEGORIES, EVENT_TYPES, LOCALES, PAYMENT_CURRENCIES } from '../../helpers/enums';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { compact, readChoices, requireOneOf, toIsoDateTime } from '../../helpers/validation';
import { API_PREFIX, eventxRecord } from '../../transport';
import type { ItemOperation } from '../types';
import {
	categoryOptions,
	coreEventProperties,
	currencyOptions,
	localeOptions,
	readCoreEventFields,
	typeOptions,
} from './fields';

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName:
			"EventX replaces the event's settings with the values below, so give each its intended value, not only the ones that change.",
		name: 'updateNotice',
		type: 'notice',
		default: '',
	},
	...coreEventProperties(),
	{
		displayName: 'Description (HTML)',
		name: 'descriptionHtml',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		placeholder: 'e.g. <p>Two days of talks and workshops.</p>',
	},
	{
		displayName: 'Default Language',
		name: 'defaultLocale',
		type: 'options',
		options: localeOptions,
		default: 'en',
		required: true,
	},
	{
		displayName: 'Payment Currency',
		name: 'paymentCurrency',
		type: 'options',
		options: currencyOptions,
		default: 'USD',
		required: true,
	},
	{
		displayName: 'Categories',
		name: 'categories',
		type: 'multiOptions',
		options: categoryOptions,
		default: [],
	},
	{
		displayName: 'Types',
		name: 'types',
		type: 'multiOptions',
		options: typeOptions,
		default: [],
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Entry Ends At',
				name: 'entryEndsAt',
				type: 'dateTime',
				default: '',
				description: 'When doors close',
			},
			{
				displayName: 'Entry Setting Enabled',
				name: 'isEntrySettingEnabled',
				type: 'boolean',
				default: false,
				description: 'Whether entry times are enforced',
			},
			{
				displayName: 'Entry Starts At',
				name: 'entryStartsAt',
				type: 'dateTime',
				default: '',
				description: 'When doors open',
			},
			{
				displayName: 'Magic Link Activated',
				name: 'isMagicLinkActivated',
				type: 'boolean',
				default: false,
				description: 'Whether attendees can sign in with a magic link',
			},
			{
				displayName: 'SMS Notifications Activated',
				name: 'isSmsNotifyActivated',
				type: 'boolean',
				default: false,
				description: 'Whether attendees get SMS notifications',
			},
			{
				displayName: 'Special Role Early Entry Allowed',
				name: 'isSpecialRoleEarlyEntryAllowed',
				type: 'boolean',
				default: false,
				description: 'Whether speakers, hosts and other special roles may enter early',
			},
			{
				displayName: 'WhatsApp Notifications Activated',
				name: 'isWhatsappNotificationActivated',
				type: 'boolean',
				default: false,
				description: 'Whether attendees get WhatsApp notifications',
			},
		],
	},
];

const displayOptions = { show: { resource: ['event'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	body: IDataObject;
}

export const update: ItemOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const additional = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const body = compact({
			...readCoreEventFields(this, itemIndex),
			descriptionHtml: String(this.getNodeParameter('descriptionHtml', itemIndex, '') ?? ''),
			defaultLocale: requireOneOf(
				this,
				this.getNodeParameter('defaultLocale', itemIndex),
				LOCALES,
				'Default Language',
				itemIndex,
			),
			paymentCurrency: requireOneOf(
				this,
				this.getNodeParameter('paymentCurrency', itemIndex),
				PAYMENT_CURRENCIES,
				'Payment Currency',
				itemIndex,
			),
			categories: readChoices(
				this,
				this.getNodeParameter('categories', itemIndex, []),
				EVENT_CATEGORIES,
				'Categories',
				itemIndex,
			),
			types: readChoices(
				this,
				this.getNodeParameter('types', itemIndex, []),
				EVENT_TYPES,
				'Types',
				itemIndex,
			),
			isMagicLinkActivated: additional.isMagicLinkActivated,
			isSmsNotifyActivated: additional.isSmsNotifyActivated,
			isWhatsappNotificationActivated: additional.isWhatsappNotificationActivated,
			isEntrySettingEnabled: additional.isEntrySettingEnabled,
			isSpecialRoleEarlyEntryAllowed: additional.isSpecialRoleEarlyEntryAllowed,
			entryStartsAt: toIsoDateTime(
				this,
				additional.entryStartsAt,
				'Additional Fields > Entry Starts At',
				itemIndex,
			),
			entryEndsAt: toIsoDateTime(
				this,
				additional.entryEndsAt,
				'Additional Fields > Entry Ends At',
				itemIndex,
			),
		});
		return { eventId: readEventId(this, itemIndex), body };
	},
	async execute(this: IExecuteFunctions, { eventId, body }, itemIndex) {
		// The answer's shape is not documented: its `data` if present, else the answer as sent.
		return await eventxRecord.call(this, {
			method: 'PUT',
			path: `${API_PREFIX}/event/${eventId}`,
			body,
			itemIndex,
		});
	},
};
