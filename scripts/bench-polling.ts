/**
 * The bench's `pollingCatchUp` job, run in a fresh process by scripts/bench-job.ts: after a
 * downtime, N new attendees (New Attendee) or N paid orders (Order Paid) wait in one event. The
 * EventX Polling Trigger (the built package, n8n-core's PollContext, n8n 2.41's poll budget of
 * 45 s) polls back to back until a poll finds nothing; the plain reader (fetch and JSON, no n8n)
 * reads the same list once from where its last run ended, in ranges of 200 pages of 100 (the
 * API's largest answer). Both are checked for exactly once: every record that arrived, each once,
 * nothing else.
 */
import type { ICredentialType, IDataObject, INodeType } from 'n8n-workflow';

import { credentialTypes } from '../test/harness';
import { PollHarness } from '../test/harness/poll';
import { DEMO_API_TOKEN } from '../test/simulator/store';
import { REPO_ROOT } from './n8n-install';
import { path } from '../test/platform.cjs';

const { join } = path;

export type PollingJob = 'pollingNewAttendee' | 'pollingOrderPaid';

export const POLLING_JOBS: Record<
	PollingJob,
	{ trigger: string; resource: 'attendee' | 'order'; arrivals: 'attendees' | 'paidOrders' }
> = {
	pollingNewAttendee: { trigger: 'newAttendee', resource: 'attendee', arrivals: 'attendees' },
	pollingOrderPaid: { trigger: 'orderPaid', resource: 'order', arrivals: 'paidOrders' },
};

/** n8n 2.41's default poll budget (N8N_SCHEDULER_POLL_TIMEOUT, 45 s). */
const POLL_BUDGET_MS = 45_000;
/** How long the trigger was down: the records are that much older than EventX's present. */
const DOWNTIME_MS = 600_000;
/** A trigger still emitting after this many polls has lost its way. */
const MAX_POLLS = 1000;
/** Polls in a row that emit nothing while records wait: the trigger has lost them. */
const MAX_IDLE_POLLS = 5;
const PAID_STATUSES = ['paid', 'completed'];

export interface PollingFigures {
	/** Polls until every record that arrived was out (the next one, checked, not counted); 1 for the plain reader. */
	polls: number;
	/** The most the trigger's static data held after a poll, as JSON (0 for the plain reader). */
	stateBytes: number;
	/** Records that arrived and were not emitted, emitted more than once, or emitted unasked. */
	missing: number;
	repeated: number;
	unexpected: number;
}

export interface PollingInput {
	job: PollingJob;
	implementation: 'eventx' | 'raw';
	simulatorUrl: string;
	eventId: string;
	/** How many records arrive during the downtime. */
	arrivals: number;
	/** The trigger's Options > Max Records Per Poll; its default when absent. */
	maxRecords?: number;
	/** The polling trigger to run: the built package's when absent. */
	nodeType?: INodeType;
}

/** What a run saw: the IDs emitted in order, and the size of the records as JSON. */
interface Emitted {
	ids: string[];
	/** The records as emitted (their size as JSON is worked out after the measurement). */
	records: unknown[];
}

type CaughtUp = Emitted & { polls: number; stateBytes: number };

/** The trigger or the plain reader. */
interface Side {
	activate: () => Promise<void>;
	/**
	 * Until every record that arrived is out (the reader: one pass). `waiting` holds their IDs; it
	 * is built before the measurement, as the reader has no such set to hold.
	 */
	catchUp: (waiting: Set<string>) => Promise<CaughtUp>;
	/** The next poll or run: the IDs it emitted. */
	confirm: () => Promise<string[]>;
}

const bytesOf = (records: unknown[]) =>
	records.reduce<number>((sum, r) => sum + Buffer.byteLength(JSON.stringify(r)) + 1, 1);

async function builtPollingTrigger(): Promise<INodeType> {
	const dist = join(REPO_ROOT, 'dist');
	const { EventXPollingTrigger } = await import(
		join(dist, 'nodes', 'EventXPollingTrigger', 'EventXPollingTrigger.node.js')
	);
	const { EventXApi } = await import(join(dist, 'credentials', 'EventXApi.credentials.js'));
	credentialTypes.eventXApi = new EventXApi() as ICredentialType;
	return new EventXPollingTrigger() as INodeType;
}

/**
 * The EventX Polling Trigger, active: the activation poll, then polls back to back until every
 * record that arrived has come out (a poll may emit nothing while the trigger still reads its way
 * down to where it stood); `confirm` is the next poll, which must emit nothing.
 */
async function eventxTrigger(input: PollingInput) {
	const harness = new PollHarness({
		parameters: {
			resource: POLLING_JOBS[input.job].trigger,
			eventId: { __rl: true, mode: 'id', value: input.eventId },
			...(input.maxRecords ? { options: { maxRecords: input.maxRecords } } : {}),
		},
		credentials: {
			baseUrl: input.simulatorUrl,
			authentication: 'apiToken',
			apiToken: DEMO_API_TOKEN,
		},
		pollBudgetMs: POLL_BUDGET_MS,
		nodeType: input.nodeType ?? (await builtPollingTrigger()),
	});
	let stateBytes = 0;
	const poll = async () => {
		const { items, error } = await harness.poll();
		if (error) throw error;
		stateBytes = Math.max(stateBytes, Buffer.byteLength(JSON.stringify(harness.savedStaticData)));
		return items;
	};
	return {
		async activate() {
			const items = await poll();
			if (items !== null) throw new Error(`The activation poll emitted ${items.length} records`);
		},
		async catchUp(waiting: Set<string>): Promise<CaughtUp> {
			const emitted: Emitted = { ids: [], records: [] };
			let idle = 0;
			for (let polls = 1; polls <= MAX_POLLS; polls++) {
				const items = (await poll()) ?? [];
				for (const item of items) {
					const id = String(item.json.id);
					emitted.ids.push(id);
					waiting.delete(id);
				}
				for (const item of items) emitted.records.push(item.json);
				if (waiting.size === 0) return { ...emitted, polls, stateBytes };
				// Polls that find nothing while records still wait: lost (checked as missing).
				idle = items.length ? 0 : idle + 1;
				if (idle >= MAX_IDLE_POLLS) return { ...emitted, polls, stateBytes };
			}
			throw new Error(`Still emitting after ${MAX_POLLS} polls`);
		},
		async confirm(): Promise<string[]> {
			return ((await poll()) ?? []).map((item) => String(item.json.id));
		},
	};
}

/**
 * A plain reader as a script run on a schedule would be: it keeps the stamp of the newest record
 * it has seen and reads what came after it, in the largest ranges the API answers.
 */
async function plainReader(input: PollingInput) {
	const api = `${input.simulatorUrl}/public-api/v1/event/${input.eventId}`;
	let headers: Record<string, string> = {};
	const get = async (path: string, query: Record<string, string | number>) => {
		const qs = new URLSearchParams();
		for (const [name, value] of Object.entries(query)) qs.set(name, String(value));
		const response = await fetch(`${api}/${path}?${qs}`, { headers });
		if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
		return (await response.json()) as {
			dataList: IDataObject[];
			pagination: { pageCount: number };
		};
	};
	const { resource } = POLLING_JOBS[input.job];
	const key = resource === 'attendee' ? 'createdAt' : 'purchasedAt';
	const filter: Record<string, string> =
		resource === 'order' ? { filter: JSON.stringify({ status: PAID_STATUSES }) } : {};
	let since: string | undefined;
	const reader = {
		async activate() {
			const auth = await fetch(`${input.simulatorUrl}/public-api/v1/auth`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ apiToken: DEMO_API_TOKEN }),
			});
			const token = ((await auth.json()) as { data: { accessToken: string } }).data.accessToken;
			headers = { authorization: `Bearer ${token}` };
			const newest = await get(resource, { ...filter, sort: `-${key}`, pageSize: 1 });
			since = newest.dataList[0]?.[key] as string | undefined;
		},
		/** One pass from where the last one ended; `since` moves to the newest record read. */
		async pass(): Promise<Emitted> {
			const emitted: Emitted = { ids: [], records: [] };
			let newest = since;
			const take = (records: IDataObject[]) => {
				for (const r of records) {
					emitted.ids.push(String(r.id));
					if (newest === undefined || String(r[key]) > newest) newest = String(r[key]);
				}
				for (const r of records) emitted.records.push(r);
			};
			// Attendees: those created after it, oldest first. Orders (no such filter): the paid
			// ones newest first down to it, given out oldest first.
			const newestFirst: IDataObject[][] = [];
			for (let page = 1; ; page += 200) {
				const range = { page, pageSize: 100, pageEnd: page + 199 };
				const body =
					resource === 'attendee'
						? await get(resource, {
								...range,
								sort: 'createdAt,id',
								...(since ? { createdAt$gt: since } : {}),
							})
						: await get(resource, { ...range, ...filter, sort: `-${key}` });
				const rows =
					resource === 'attendee'
						? body.dataList
						: body.dataList.filter((r) => since === undefined || String(r[key]) > since);
				if (resource === 'attendee') take(rows);
				else newestFirst.push(rows);
				const ended = rows.length < body.dataList.length;
				if (ended || page + 199 >= body.pagination.pageCount) break;
			}
			for (const rows of newestFirst.reverse()) take(rows.reverse());
			since = newest;
			return emitted;
		},
	};
	return {
		activate: reader.activate,
		async catchUp(): Promise<CaughtUp> {
			return { ...(await reader.pass()), polls: 1, stateBytes: 0 };
		},
		/** The reader's next run: it must find nothing. */
		async confirm(): Promise<string[]> {
			return (await reader.pass()).ids;
		},
	};
}

/** Exactly once: every record that arrived emitted once, and nothing else. */
export function exactlyOnce(arrived: string[], emitted: string[]) {
	const expected = new Set(arrived);
	const seen = new Map<string, number>();
	for (const id of emitted) seen.set(id, (seen.get(id) ?? 0) + 1);
	return {
		missing: arrived.filter((id) => !seen.has(id)).length,
		repeated: [...seen.values()].filter((n) => n > 1).length,
		unexpected: [...seen.keys()].filter((id) => !expected.has(id)).length,
	};
}

/**
 * The job's steps: `prepare` (activation, then the downtime's arrivals), outside the measurement;
 * `run`, measured: the catch-up, until every record that arrived has come out; `confirm`, outside
 * the measurement again: the next poll (the reader's next run), which must emit nothing. Exactly
 * once is checked over both.
 */
export async function pollingJob(input: PollingInput) {
	const reader: Side =
		input.implementation === 'eventx' ? await eventxTrigger(input) : await plainReader(input);
	let arrived: string[] = [];
	let waiting = new Set<string>();
	let caughtUp: CaughtUp | undefined;
	return {
		async prepare() {
			await reader.activate();
			const response = await fetch(`${input.simulatorUrl}/__sim/events/${input.eventId}/arrivals`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({
					[POLLING_JOBS[input.job].arrivals]: input.arrivals,
					downtimeMs: DOWNTIME_MS,
				}),
			});
			const ids = (await response.json()) as { attendeeIds: string[]; orderIds: string[] };
			arrived = POLLING_JOBS[input.job].resource === 'attendee' ? ids.attendeeIds : ids.orderIds;
			waiting = new Set(arrived);
		},
		async run(): Promise<{ outputItems: number; outputBytes: () => number }> {
			caughtUp = await reader.catchUp(waiting);
			const { records } = caughtUp;
			return { outputItems: records.length, outputBytes: () => bytesOf(records) };
		},
		async confirm(): Promise<PollingFigures> {
			if (!caughtUp) throw new Error('confirm comes after run');
			const { ids, polls, stateBytes } = caughtUp;
			const after = await reader.confirm();
			return { polls, stateBytes, ...exactlyOnce(arrived, [...ids, ...after]) };
		},
	};
}
