import { randomUUID } from 'node:crypto';

import { CUSTOM_FIELD_TYPES } from '../../../nodes/EventX/helpers/enums';
import { badRequest, notFound, ok, requireUuid, type Route } from '../http';
import type { Json, Store } from '../store';
import { requireEvent } from './events';
import { checkI18n } from './ticketClasses';

/** Question types whose config lists the options to choose from. */
const CHOICE_TYPES = ['radioGroup', 'checkboxGroup', 'dropdown'];

/** A question's config for its type, as the OpenAPI's three config shapes allow. */
function checkConfig(type: string, value: unknown, where: string): Json {
	if (value === undefined) {
		if (CHOICE_TYPES.includes(type))
			throw badRequest(`${where}.config.options is required for ${type}`);
		return {};
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest(`${where}.config must be an object`);
	const config = value as Json;
	// The OpenAPI's `oneOf` of config shapes refuses an empty config: it matches two of them.
	if (Object.keys(config).length === 0)
		throw badRequest(`${where}.config is empty: give the settings of its type or leave it out`);
	const allowed = CHOICE_TYPES.includes(type)
		? ['options']
		: type === 'datePicker'
			? ['minDate', 'maxDate']
			: type === 'timePicker'
				? ['hideMeridiem']
				: [];
	const unknown = Object.keys(config).filter((k) => !allowed.includes(k));
	if (unknown.length > 0)
		throw badRequest(
			`${where}.config has member(s) a ${type} question does not take: ${unknown.join(', ')}`,
		);
	if (CHOICE_TYPES.includes(type)) {
		const options = config.options;
		if (!Array.isArray(options) || options.length === 0)
			throw badRequest(`${where}.config.options must be a non-empty array`);
		const ids = new Set<string>();
		options.forEach((option: Json, i) => {
			const at = `${where}.config.options[${i}]`;
			if (option === null || typeof option !== 'object' || Array.isArray(option))
				throw badRequest(`${at} must be an object`);
			if (Object.keys(option).some((k) => k !== 'id' && k !== 'contentI18n'))
				throw badRequest(`${at} has unknown members`);
			if (typeof option.id !== 'string' || option.id === '')
				throw badRequest(`${at}.id is required`);
			if (ids.has(option.id)) throw badRequest(`${at}.id "${option.id}" is repeated`);
			ids.add(option.id);
			const content = option.contentI18n as Json;
			if (
				content === null ||
				typeof content !== 'object' ||
				Object.keys(content).some((k) => k !== 'label')
			)
				throw badRequest(`${at}.contentI18n must be { label }`);
			checkI18n(content.label, `${at}.contentI18n.label`);
		});
	}
	for (const name of ['minDate', 'maxDate'])
		if (
			config[name] !== undefined &&
			(typeof config[name] !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(config[name] as string))
		)
			throw badRequest(`${where}.config.${name} must be a date (YYYY-MM-DD)`);
	if (config.hideMeridiem !== undefined && typeof config.hideMeridiem !== 'boolean')
		throw badRequest(`${where}.config.hideMeridiem must be a boolean`);
	return config;
}

/** A question as EventX stores and answers it: its members, `archivedAt` and their `rawData` copy. */
export function questionRecord(
	fields: { id?: string; type: string; contentI18n: Json; isFilterable?: boolean; config?: Json },
	archivedAt: string | null = null,
): Json & { id: string } {
	const { id, ...members } = fields;
	const stored = { isFilterable: false, config: {}, ...members };
	return { id: id ?? randomUUID(), ...stored, archivedAt, rawData: { ...stored } };
}

/** One question of a bulk upsert, checked; returns its stored members. */
function checkQuestion(store: Store, eventId: string, value: unknown, where: string): Json {
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest(`${where} must be an object`);
	const q = value as Json;
	const unknown = Object.keys(q).filter(
		(k) => !['id', 'type', 'contentI18n', 'isFilterable', 'config'].includes(k),
	);
	if (unknown.length > 0) throw badRequest(`${where} has unknown member(s): ${unknown.join(', ')}`);
	if (q.id !== undefined) {
		requireUuid(q.id, `${where}.id`);
		if (!(store.customFields.get(eventId) ?? []).some((f) => f.id === q.id))
			throw notFound('Custom field');
	}
	if (typeof q.type !== 'string' || !(CUSTOM_FIELD_TYPES as readonly string[]).includes(q.type))
		throw badRequest(`${where}.type must be one of ${CUSTOM_FIELD_TYPES.join(', ')}`);
	const content = q.contentI18n as Json;
	if (
		content === null ||
		typeof content !== 'object' ||
		Array.isArray(content) ||
		Object.keys(content).some((k) => k !== 'label')
	)
		throw badRequest(`${where}.contentI18n must be { label }`);
	checkI18n(content.label, `${where}.contentI18n.label`);
	if (q.isFilterable !== undefined && typeof q.isFilterable !== 'boolean')
		throw badRequest(`${where}.isFilterable must be a boolean`);
	return {
		type: q.type,
		contentI18n: content,
		isFilterable: q.isFilterable ?? false,
		config: checkConfig(q.type, q.config, where),
	};
}

export function customFieldRoutes(store: Store): Route[] {
	const base = '/public-api/v1/event/:eventId/custom-field';
	return [
		{
			method: 'GET',
			pattern: `${base}/all`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ dataList: store.customFields.get(params.eventId) ?? [] });
			},
		},
		{
			method: 'PUT',
			pattern: `${base}/bulk-upsert`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				if (body === null || typeof body !== 'object' || Array.isArray(body))
					throw badRequest('Body must be an object { data: [...] }');
				const b = body as Json;
				if (Object.keys(b).some((k) => k !== 'data')) throw badRequest('Unknown member(s) in body');
				if (!Array.isArray(b.data) || b.data.length === 0)
					throw badRequest('"data" must be a non-empty array of custom fields');
				// Everything is checked first: a refused request changes nothing.
				const checked = (b.data as unknown[]).map((entry, i) => ({
					id: (entry as Json | null)?.id as string | undefined,
					fields: checkQuestion(store, params.eventId, entry, `data[${i}]`),
				}));
				const list = [...(store.customFields.get(params.eventId) ?? [])];
				const out = checked.map(({ id, fields }) => {
					const index = id === undefined ? -1 : list.findIndex((f) => f.id === id);
					const record = questionRecord(
						{ id, ...(fields as { type: string; contentI18n: Json }) },
						index >= 0 ? (list[index].archivedAt as string | null) : null,
					);
					if (index >= 0) list[index] = record;
					else list.push(record);
					return record;
				});
				store.customFields.set(params.eventId, list);
				return ok({ dataList: out });
			},
		},
	];
}
