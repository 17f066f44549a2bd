import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { API_PREFIX, eventxList } from '../transport';
import { i18nText } from './labels';
import { oncePerExecution } from './perExecution';

/**
 * Simplify, on by default. Records without rawData or answers (orders) say what their simplified
 * version keeps instead.
 */
export function simplifyProperty(
	description = "Whether to return a simplified version of the response instead of the raw data: without EventX's rawData copy, and with custom question answers named by the question's label",
): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description,
		builderHint: {
			propertyHint:
				"Keep on for readable fields (answers by question label, no rawData); off only when EventX's raw record is needed",
		},
	};
}

export function readSimplify(ctx: IExecuteFunctions, itemIndex: number): boolean {
	return ctx.getNodeParameter('simplify', itemIndex, true) !== false;
}

/** A record without `rawData`, EventX's copy of the stored fields. */
export function withoutRawData(record: IDataObject): IDataObject {
	const rest = { ...record };
	delete rest.rawData;
	return rest;
}

/** An event as people read it: no `rawData` copy, and its name (default language) as `name`. */
export function simplifyEvent(event: IDataObject): IDataObject {
	const simple = withoutRawData(event);
	const name = ((event.contentI18n as IDataObject | undefined)?.name as IDataObject | undefined)
		?.default;
	return simple.name === undefined && typeof name === 'string' ? { name, ...simple } : simple;
}

type Labels = Map<string, string>;

export function questionLabel(question: IDataObject): string {
	return i18nText(question, 'label').trim() || String(question.id);
}

/** The question labels of an event, read once per execution (one request per event). */
async function questionLabels(
	ctx: IExecuteFunctions,
	eventId: string,
	itemIndex: number,
): Promise<Labels> {
	return await oncePerExecution(ctx, `question-labels:${eventId}`, async () => {
		const { dataList } = await eventxList.call(ctx, {
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/custom-field/all`,
			itemIndex,
		});
		return new Map(dataList.map((q) => [String(q.id), questionLabel(q)]));
	});
}

/**
 * An attendee as people read it: no `rawData`, and `customFields` keyed by the question's label
 * (`{ "Dietary Needs": "None" }`) with the question IDs under `customFieldIds`, keyed the same
 * way. Answers of questions the event no longer lists keep their ID as the key.
 */
function simplifyAttendee(attendee: IDataObject, labels: Labels): IDataObject {
	const simple = withoutRawData(attendee);
	const answers = attendee.customFields;
	if (answers === null || typeof answers !== 'object' || Array.isArray(answers)) return simple;
	const customFields: IDataObject = {};
	const customFieldIds: IDataObject = {};
	for (const [questionId, answer] of Object.entries(answers as IDataObject)) {
		let key = labels.get(questionId) ?? questionId;
		// Two questions with the same label: the second is told apart by its ID.
		if (key in customFields) key = `${key} (${questionId})`;
		const a = answer as IDataObject | null;
		const media = a && Array.isArray(a.mediaValues) && a.mediaValues.length > 0;
		customFields[key] =
			a && typeof a === 'object' && !media ? (a.value ?? null) : (a as IDataObject);
		customFieldIds[key] = questionId;
	}
	return { ...simple, customFields, customFieldIds };
}

/** Simplified attendees of one event (the question labels are read once per execution). */
export async function simplifyAttendees(
	ctx: IExecuteFunctions,
	eventId: string,
	attendees: IDataObject[],
	itemIndex: number,
): Promise<IDataObject[]> {
	const hasAnswers = attendees.some(
		(a) => a.customFields && Object.keys(a.customFields as IDataObject).length > 0,
	);
	const labels = hasAnswers ? await questionLabels(ctx, eventId, itemIndex) : new Map();
	return attendees.map((a) => simplifyAttendee(a, labels));
}
