import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { BatchResult, PreparedItem } from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { LOCALES } from '../../helpers/enums';
import { type CalendarEvent, writeCalendar } from '../../helpers/icalendar';
import { sameForAllItems } from '../../helpers/parameters';
import {
	invalidField,
	readHttpUrl,
	requireOneOf,
	requireWholeNumber,
} from '../../helpers/validation';
import { API_PREFIX, eventxData } from '../../transport';
import type { BatchOperation } from '../types';
import { localeOptions } from './fields';

const MODES = ['each', 'once'] as const;
const TIMES_IN = ['zone', 'utc'] as const;

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Mode',
		name: 'mode',
		type: 'options',
		noDataExpression: true,
		options: [
			{
				name: 'All Items to One File',
				value: 'once',
				description: 'One calendar file with the events of every input item (each event once)',
			},
			{
				name: 'Each Item to Separate File',
				value: 'each',
				description: "One calendar file per input item, with that item's event",
			},
		],
		default: 'each',
	},
	{
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the output binary field to put the file in',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Calendar Name',
				name: 'calendarName',
				type: 'string',
				default: '',
				placeholder: 'e.g. Acme Events 2026',
				description:
					'The name calendar apps give the imported or subscribed calendar (X-WR-CALNAME). Empty: none.',
			},
			{
				displayName: 'Event Page URL',
				name: 'url',
				type: 'string',
				default: '',
				placeholder: 'e.g. https://events.example.com/tech-summit',
				description:
					"A link to the event's page, shown by calendar apps (URL). EventX's event record has none. Empty: no link.",
			},
			{
				displayName: 'File Name',
				name: 'fileName',
				type: 'string',
				default: '',
				placeholder: 'e.g. tech-summit.ics',
				description:
					"The file's name. Empty: the event's name with .ics (events.ics, or the calendar name, for several events).",
			},
			{
				displayName: 'Language',
				name: 'language',
				type: 'options',
				options: [{ name: "Event's Default Language", value: '' }, ...localeOptions].sort((a, b) =>
					a.name.localeCompare(b.name),
				),
				default: '',
				description:
					"Which translation of the name, location and description to write; the event's default where it has none",
			},
			{
				displayName: 'Reminder (Minutes Before)',
				name: 'reminderMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Adds an alarm this many minutes before the start (VALARM). 0: none.',
			},
			{
				displayName: 'Times In',
				name: 'timesIn',
				type: 'options',
				options: [
					{
						name: "The Event's Time Zone",
						value: 'zone',
						description: "Start and end in the event's own time zone (TZID, with its VTIMEZONE)",
					},
					{ name: 'UTC', value: 'utc', description: 'Start and end in UTC' },
				],
				default: 'zone',
			},
		],
	},
];

const displayOptions = { show: { resource: ['event'], operation: ['getAsICalendar'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	mode: (typeof MODES)[number];
	binaryPropertyName: string;
	calendarName: string;
	url: string;
	fileName: string;
	language: string;
	reminderMinutes: number;
	timesIn: (typeof TIMES_IN)[number];
}

type Localized = Record<string, unknown> | undefined;

/** One translation of a localized text: the language asked for, else the event's default. */
function localized(text: Localized, language: string): string {
	const value = (language && text?.[language]) || text?.default;
	return typeof value === 'string' ? value : '';
}

const ENTITIES: Record<string, string> = {
	amp: '&',
	lt: '<',
	gt: '>',
	quot: '"',
	apos: "'",
	nbsp: ' ',
};

/** EventX's description HTML as the plain text a calendar shows: paragraphs and breaks kept. */
export function htmlToText(html: string): string {
	return html
		.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
		.replace(/<br\s*\/?>/gi, '\n')
		.replace(/<li\b[^>]*>/gi, '\n- ')
		.replace(/<\/(p|div|h[1-6]|li|ul|ol|tr|blockquote)\s*>/gi, '\n')
		.replace(/<[^>]*>/g, '')
		.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, code: string) => {
			if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? entity;
			const point =
				code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : Number(code.slice(1));
			return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
		})
		.replace(/[ \t]+\n/g, '\n')
		.replace(/\n{3,}/g, '\n\n')
		.trim();
}

/** An EventX event as a calendar entry. */
function calendarEvent(event: IDataObject, plan: Plan): CalendarEvent {
	const content = (event.contentI18n ?? {}) as Record<string, Localized>;
	const geo = event.locationLatLng as { lat?: unknown; lng?: unknown } | null | undefined;
	const lat = Number(geo?.lat);
	const lng = Number(geo?.lng);
	return {
		uid: String(event.id),
		start: String(event.startsAt),
		end: typeof event.endsAt === 'string' ? event.endsAt : null,
		summary: localized(content.name, plan.language),
		description: htmlToText(localized(content.descriptionHtml, plan.language)),
		location: localized(content.location, plan.language),
		url: plan.url || null,
		timezone: typeof event.timezone === 'string' ? event.timezone : null,
		geo:
			geo && geo.lat !== '' && geo.lng !== '' && Number.isFinite(lat) && Number.isFinite(lng)
				? { lat, lng }
				: null,
		created: typeof event.createdAt === 'string' ? event.createdAt : null,
		lastModified: typeof event.updatedAt === 'string' ? event.updatedAt : null,
		reminderMinutes: plan.reminderMinutes,
	};
}

/** A file name from an event's or calendar's name: no path separators or reserved characters. */
function fileNameFor(name: string): string {
	// Control characters cannot be in a file name.
	const safe = name.replace(/[\p{Cc}/\\:*?"<>|]+/gu, '-').trim();
	return `${safe || 'event'}.ics`;
}

interface Entry {
	event: IDataObject;
	/** The plan of the item that named the event: its language and Event Page URL. */
	plan: Plan;
}

/** One calendar file of the entries, with the file settings of `file` (the first item's). */
async function calendarFile(ctx: IExecuteFunctions, entries: Entry[], file: Plan) {
	const events = entries.map(({ event, plan }) => calendarEvent(event, plan));
	const text = writeCalendar(events, {
		timesIn: file.timesIn,
		calendarName: file.calendarName || undefined,
		now: Date.now(),
	});
	const fileName =
		file.fileName ||
		(events.length === 1
			? fileNameFor(events[0].summary)
			: file.calendarName
				? fileNameFor(file.calendarName)
				: 'events.ics');
	const binary = await ctx.helpers.prepareBinaryData(
		Buffer.from(text, 'utf8'),
		fileName,
		'text/calendar',
	);
	const json: IDataObject = {
		fileName,
		events: entries.map(({ event }, i) => ({
			id: event.id,
			name: events[i].summary,
			startsAt: event.startsAt,
			endsAt: event.endsAt,
			timezone: event.timezone,
		})),
	};
	return { json, binary: { [file.binaryPropertyName]: binary } };
}

export const getAsICalendar: BatchOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const mode = sameForAllItems(this, ['mode'], itemIndex, (index) =>
			requireOneOf(this, this.getNodeParameter('mode', index, 'each'), MODES, 'Mode', index),
		);
		const binaryPropertyName = String(
			this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '',
		).trim();
		if (binaryPropertyName === '')
			throw invalidField(this, 'Put Output File in Field', 'is required', itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const text = (name: string) => String(options[name] ?? '').trim();
		const url = text('url');
		const language = text('language');
		if (language !== '') requireOneOf(this, language, LOCALES, 'Options > Language', itemIndex);
		return {
			eventId,
			mode,
			binaryPropertyName,
			calendarName: text('calendarName'),
			url: url === '' ? '' : readHttpUrl(this, url, 'Options > Event Page URL', itemIndex),
			fileName: text('fileName'),
			language,
			reminderMinutes: requireWholeNumber(
				this,
				options.reminderMinutes ?? 0,
				0,
				'Options > Reminder (Minutes Before)',
				itemIndex,
			),
			timesIn: requireOneOf(
				this,
				options.timesIn ?? 'zone',
				TIMES_IN,
				'Options > Times In',
				itemIndex,
			),
		};
	},
	async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<Plan>>) {
		// Each event is read once, however many items name it.
		const reads = new Map<string, Promise<IDataObject>>();
		const read = (eventId: string, itemIndex: number) => {
			let pending = reads.get(eventId);
			if (!pending) {
				pending = eventxData.call(this, {
					method: 'GET',
					path: `${API_PREFIX}/event/${eventId}`,
					itemIndex,
				});
				reads.set(eventId, pending);
			}
			return pending;
		};
		// What each item's read gave: the event, or the error (kept apart by shape, not by class).
		const events: Array<{ event: IDataObject } | { error: Error }> = [];
		for (const { plan, itemIndex } of prepared) {
			try {
				events.push({ event: await read(plan.eventId, itemIndex) });
			} catch (error) {
				events.push({ error: error as Error });
			}
		}
		const results: BatchResult[] = [];
		if (prepared[0]?.plan.mode !== 'once') {
			for (const [i, { plan }] of prepared.entries()) {
				const got = events[i];
				results.push(
					'error' in got ? got : await calendarFile(this, [{ event: got.event, plan }], plan),
				);
			}
			return results;
		}
		// One file: every event that was read, once each, on the output item of the first of them.
		const entries = new Map<string, Entry>();
		const covered: number[] = [];
		for (const [i, { plan, itemIndex }] of prepared.entries()) {
			const got = events[i];
			if ('error' in got) continue;
			if (!entries.has(plan.eventId)) entries.set(plan.eventId, { event: got.event, plan });
			covered.push(itemIndex);
		}
		let written = false;
		for (const [i, { plan, itemIndex }] of prepared.entries()) {
			const got = events[i];
			if ('error' in got) results.push(got);
			else if (written) results.push({ json: [] });
			else {
				written = true;
				const file = await calendarFile(this, [...entries.values()], plan);
				results.push({ ...file, pairedWith: covered.filter((item) => item !== itemIndex) });
			}
		}
		return results;
	},
};
