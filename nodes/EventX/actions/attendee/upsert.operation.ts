import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import {
	batchOptionsProperty,
	readBatchSize,
	sendInBatches,
	type BatchResult,
	type PreparedItem,
} from '../../helpers/batching';
import { eventLocator, readEventId } from '../../helpers/eventLocator';
import { sameForAllItems } from '../../helpers/parameters';
import { requireUuid } from '../../helpers/validation';
import { API_PREFIX, eventxList, eventxPaginate } from '../../transport';
import type { BatchOperation } from '../types';
import { columnsProperty, emailKey, readColumns, unknownFieldsOption } from './columns';
import { CREATED_KEY } from './fields';
import { changeAttendeeTicket, readTicketChange, ticketProperties } from './ticket';

type MatchOn = 'id' | 'invitationEmail' | 'nothing';

const options = batchOptionsProperty(
	'How many attendees one request carries. The items of one execution are grouped per event and sent in as few requests as this allows.',
);

const properties: INodeProperties[] = [
	eventLocator(),
	{
		displayName: 'Match On',
		name: 'matchOn',
		type: 'options',
		options: [
			{
				name: 'Attendee ID',
				value: 'id',
				description: 'Update the attendee of the Attendee ID column; create one when it is empty',
			},
			{
				name: 'Invitation Email',
				value: 'invitationEmail',
				description:
					"Update the event's attendee with the same email (case and spaces ignored); create one when there is none. Reads the event's attendees once per execution.",
			},
			{
				name: 'Nothing (Always Create)',
				value: 'nothing',
				description: 'Create a new attendee for every item',
			},
		],
		default: 'invitationEmail',
		description: 'How an item finds the attendee it updates',
		builderHint: {
			propertyHint:
				'Invitation Email updates the attendee with that email, Attendee ID the one with that ID; Nothing always creates',
		},
	},
	columnsProperty('upsert'),
	...ticketProperties(true),
	{ ...options, options: [...(options.options ?? []), unknownFieldsOption] },
];

const displayOptions = { show: { resource: ['attendee'], operation: ['upsert'] } };

export const description = updateDisplayOptions(displayOptions, properties);

interface Plan {
	eventId: string;
	attendee: IDataObject;
	batchSize: number;
	/** The ticket class and add-ons to give the attendee once it is saved. */
	ticket?: IDataObject;
	/** How the attendee is found. */
	matchOn: MatchOn;
	/** The input keys no column took (when Unknown Input Fields reports them). */
	ignoredFields?: string[];
}

export const upsert: BatchOperation<Plan> = {
	description,
	prepare(this: IExecuteFunctions, itemIndex) {
		const eventId = readEventId(this, itemIndex);
		const matchOn = sameForAllItems(
			this,
			['matchOn'],
			itemIndex,
			(index) => this.getNodeParameter('matchOn', index, 'invitationEmail') as MatchOn,
		);
		const row = readColumns(this, itemIndex, true);
		const attendee: IDataObject = {};
		if (row.id !== undefined && matchOn !== 'nothing')
			attendee.id = requireUuid(this, row.id, 'Columns > Attendee ID', itemIndex).toLowerCase();
		Object.assign(attendee, row.body);
		return {
			eventId,
			attendee,
			batchSize: readBatchSize(this, itemIndex),
			ticket: readTicketChange(this, itemIndex),
			matchOn,
			ignoredFields: row.ignoredFields,
		};
	},
	async executeBatch(this: IExecuteFunctions, prepared: Array<PreparedItem<Plan>>) {
		const matchOn = prepared[0].plan.matchOn;
		/** Per event, the invitation emails matched to an attendee EventX already holds. */
		const matched = new Set<string>();
		const results = await sendInBatches(this, prepared, {
			group: (plan) => plan.eventId,
			payloads: (plan) => [plan.attendee],
			// The same attendee twice in one execution is sent once, with the last item's fields.
			dedupe:
				matchOn === 'id' || matchOn === 'invitationEmail'
					? (attendee) =>
							typeof attendee.id === 'string'
								? `id:${attendee.id}`
								: matchOn === 'invitationEmail'
									? emailKey(attendee.invitationEmail)
									: undefined
					: undefined,
			keep: 'last',
			// Within this n8n process, one execution at a time matches and writes an email of an
			// event: two imports of the same new email leave one attendee, not two.
			exclusive:
				matchOn === 'invitationEmail'
					? (eventId, attendees) =>
							attendees.flatMap((attendee) => {
								const email = emailKey(attendee.invitationEmail);
								return email === undefined ? [] : [`${eventId}|${email}`];
							})
					: undefined,
			resolve:
				matchOn === 'invitationEmail'
					? async (eventId, attendees, itemIndex) => {
							const known = await eventEmails(this, eventId, itemIndex);
							// An attendee another item of this run gives by ID, with this email: the same one
							// (the batcher then sends it once, the later item's fields).
							const givenById = new Map<string, string>();
							for (const attendee of attendees) {
								const email = emailKey(attendee.invitationEmail);
								if (typeof attendee.id === 'string' && email !== undefined)
									givenById.set(email, attendee.id);
							}
							return attendees.map((attendee) => {
								const email = emailKey(attendee.invitationEmail);
								const id =
									email === undefined ? undefined : (known.get(email) ?? givenById.get(email));
								if (typeof attendee.id === 'string' || id === undefined) return attendee;
								matched.add(`${eventId}|${email}`);
								return { id, ...attendee };
							});
						}
					: undefined,
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
		const saved = await applyTickets(this, prepared, results);
		return saved.map((result, i) => {
			const { plan, itemIndex } = prepared[i];
			const email = emailKey(plan.attendee.invitationEmail);
			const updated =
				typeof plan.attendee.id === 'string' || matched.has(`${plan.eventId}|${email}`);
			return outcome(result, updated ? 'updated' : 'created', plan, itemIndex);
		});
	},
};

/**
 * The output item: what happened (`created`, `updated`, `failed`) and EventX's record;
 * an item whose attendee another item of the execution also gave says so.
 */
function outcome(
	result: BatchResult,
	done: 'created' | 'updated',
	plan: Plan,
	itemIndex: number,
): BatchResult {
	const details: IDataObject = {};
	if (result.sharedWith?.length) {
		details.sameAttendeeAs = result.sharedWith.map((item) => ({ item }));
		const items = [itemIndex, ...result.sharedWith].sort((a, b) => a - b);
		details.note = `Items ${items.slice(0, -1).join(', ')} and ${items.at(-1)} of this execution give the same attendee: it was sent once, with the fields of item ${items.at(-1)}`;
	}
	if (plan.ignoredFields?.length) details.ignoredFields = plan.ignoredFields;
	if ('error' in result) return { ...result, details: { result: 'failed', ...details } };
	return { ...result, json: { result: done, attendee: result.json, ...details } };
}

/**
 * The event's attendees by invitation email (trimmed, lower case), read once per execution:
 * Return All with page ranges (one request per 20,000 attendees).
 */
async function eventEmails(
	ctx: IExecuteFunctions,
	eventId: string,
	itemIndex: number,
): Promise<Map<string, string>> {
	const attendees = await eventxPaginate.call(
		ctx,
		{
			method: 'GET',
			path: `${API_PREFIX}/event/${eventId}/attendee`,
			// Oldest first: when EventX already holds several attendees of one email, the oldest is kept.
			qs: { sort: 'createdAt,id' },
			itemIndex,
		},
		undefined,
		true,
		CREATED_KEY,
	);
	const byEmail = new Map<string, string>();
	for (const attendee of attendees) {
		const email = emailKey(attendee.invitationEmail);
		if (email !== undefined && typeof attendee.id === 'string' && !byEmail.has(email))
			byEmail.set(email, attendee.id);
	}
	return byEmail;
}

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
