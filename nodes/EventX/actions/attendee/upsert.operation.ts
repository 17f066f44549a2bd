import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { batchOptionsProperty, readBatchSize, sendInBatches } from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxList } from '../../transport';
import type { BatchOperation, BatchResult, PreparedItem } from '../types';
import { attendeeIdProperty, customFieldsProperty, profileProperty, readProfile } from './fields';
import { changeAttendeeTicket, readTicketChange, ticketProperties } from './ticket';

const properties: INodeProperties[] = [
	eventLocator(),
	attendeeIdProperty(false),
	profileProperty('upsertFields', 'Attendee Fields', true),
	customFieldsProperty('upsertCustomFields'),
	...ticketProperties(true),
	batchOptionsProperty(
		'upsertOptions',
		'How many attendees one request carries. The items of one execution are grouped per event and sent in as few requests as this allows.',
	),
];

const displayOptions = { show: { resource: ['attendee'], operation: ['upsert'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	attendee: IDataObject;
	batchSize: number;
	/** The ticket class and add-ons to give the attendee once it is saved. */
	ticket?: IDataObject;
}

export const upsert: BatchOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const rawId = this.getNodeParameter('attendeeId', itemIndex, '') as unknown;
		const attendee: IDataObject = {};
		if (rawId !== '' && rawId !== undefined && rawId !== null)
			attendee.id = requireUuid(this, rawId, 'Attendee ID', itemIndex).toLowerCase();
		Object.assign(attendee, readProfile(this, itemIndex, 'upsertFields', 'upsertCustomFields'));
		return {
			eventId,
			attendee,
			batchSize: readBatchSize(this, itemIndex, 'upsertOptions'),
			ticket: readTicketChange(this, itemIndex),
		};
	},
	async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<Plan>>) {
		const results = await sendInBatches(this, prepared, {
			group: (plan) => plan.eventId,
			payloads: (plan) => [plan.attendee],
			send: async (eventId, attendees, itemIndex) => {
				const { dataList } = await eventxList.call(this, {
					method: 'PUT',
					path: `${API_PREFIX}/event/${eventId}/attendee/bulk-upsert`,
					body: attendees,
					retry: 'write',
					itemIndex,
				});
				return matchAnswer(attendees, dataList);
			},
			// An upsert can be repeated: a rejected request is split to find the refused attendees.
			split: true,
		});
		return await applyTickets(this, prepared, results);
	},
};

/**
 * The optional ticket change of each saved attendee, right after the upsert: one request per
 * attendee, in item order. A failure is reported on its own item, saying that the attendee was
 * saved; without Continue On Fail the later ticket changes are not sent.
 */
async function applyTickets(
	ctx: IExecuteFunctions,
	prepared: Array<PreparedItem<Plan>>,
	results: BatchResult[],
): Promise<BatchResult[]> {
	const continueOnFail = ctx.continueOnFail();
	let stopped = false;
	const out: BatchResult[] = [];
	for (const [i, result] of results.entries()) {
		const { plan, itemIndex } = prepared[i];
		if (!plan.ticket || 'error' in result) {
			out.push(result);
			continue;
		}
		const saved = result.json as IDataObject;
		const attendeeId = typeof saved.id === 'string' ? saved.id : undefined;
		const notApplied = (message: string, description?: string) =>
			new NodeOperationError(ctx.getNode(), message, { itemIndex, description });
		if (stopped) {
			out.push({
				error: notApplied(
					`Attendee ${attendeeId ?? ''} was saved, but its ticket was not changed: an earlier ticket change of this execution failed`,
				),
			});
			continue;
		}
		if (!attendeeId) {
			out.push({
				error: notApplied('The attendee was saved, but EventX answered no ID to change its ticket'),
			});
			continue;
		}
		try {
			const json = await changeAttendeeTicket(
				ctx,
				plan.eventId,
				attendeeId,
				plan.ticket,
				itemIndex,
			);
			out.push({ json });
		} catch (error) {
			const e = error as Error & { description?: string };
			e.description = [
				`Attendee ${attendeeId} was saved; only its ticket change failed.`,
				e.description,
			]
				.filter(Boolean)
				.join(' ');
			out.push({ error: e });
			if (!continueOnFail) stopped = true;
		}
	}
	return out;
}

const emailKey = (value: unknown) =>
	typeof value === 'string' && value.trim() !== '' ? value.trim().toLowerCase() : undefined;

/**
 * EventX's answer, one record per sent attendee. The contract does not say the answer keeps the
 * request's count or order, so records are matched by ID, and a new attendee (sent without an ID)
 * by invitation email; an attendee sent with neither takes the record at its own position, and
 * only when the answer has one record per attendee sent, not claimed by another. An attendee with
 * no matching record says so rather than showing `{}`.
 */
export function matchAnswer(sent: IDataObject[], records: IDataObject[]): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	const byEmail = new Map<string, IDataObject>();
	for (const record of records) {
		if (record === null || typeof record !== 'object') continue;
		if (typeof record.id === 'string') byId.set(record.id.toLowerCase(), record);
		const email = emailKey(record.invitationEmail);
		if (email !== undefined && !byEmail.has(email)) byEmail.set(email, record);
	}
	const keyed = sent.map((attendee) => {
		const id = typeof attendee.id === 'string' ? attendee.id : undefined;
		const email = emailKey(attendee.invitationEmail);
		return id !== undefined ? byId.get(id) : email !== undefined ? byEmail.get(email) : undefined;
	});
	const claimed = new Set(keyed);
	return sent.map((attendee, i) => {
		const id = typeof attendee.id === 'string' ? attendee.id : undefined;
		const email = emailKey(attendee.invitationEmail);
		const positional =
			id === undefined && email === undefined && records.length === sent.length
				? records[i]
				: undefined;
		const record = keyed[i] ?? (positional && !claimed.has(positional) ? positional : undefined);
		if (record) return record;
		const key =
			id !== undefined
				? `ID ${id}`
				: email !== undefined
					? `invitation email ${String(attendee.invitationEmail)}`
					: 'ID or invitation email (neither was sent)';
		return {
			matched: false,
			reason: `EventX's answer (${records.length} record(s) for ${sent.length} sent) holds no attendee with this ${key}; it may or may not have been saved`,
			...(id !== undefined ? { id } : {}),
			...(attendee.invitationEmail !== undefined
				? { invitationEmail: attendee.invitationEmail }
				: {}),
		};
	});
}
