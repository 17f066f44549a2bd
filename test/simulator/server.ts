import { setTimeout, type http } from '../platform.cjs';

import { deliver, deliveryAttendee } from './deliveries';
import { FAULT_ANSWERS, Faults, LIST_QUIRKS, type FaultSpec } from './faults';
import {
	ApiError,
	badRequest,
	closeServer,
	compileRoute,
	drip,
	errorEnvelope,
	listenOnLoopback,
	loopbackUrl,
	readBody,
	type CompiledRoute,
	type Route,
	type RouteResult,
} from './http';
import { routeFactories, type SimulatorServices } from './routes';
import { attendeeControlRoutes, newAttendee } from './routes/attendees';
import {
	addOrder,
	orderJson,
	setOrderStatus,
	type OrderFields,
	type OrderRecord,
} from './routes/orders';
import {
	addEvent,
	deleteEvent,
	publishEvent,
	rescheduleEvent,
	type EventTimes,
} from './routes/events';
import { seedAttendees, seedDemo, type SeedOptions } from './seed';
import { md5Base64, StorageHost } from './storage';
import { Store, type Delivery, type Json, type WebhookRecord } from './store';
import {
	formatViolation,
	globalContract,
	watchContract,
	type ContractChecker,
	type ContractViolation,
	type Exchange,
} from './violations';

export interface LoggedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	body: unknown;
	status: number | 'dropped';
	/** Whether a valid access token came with it. */
	authorized: boolean;
	/** The label of the API token behind the access token sent (or exchanged), if it has one. */
	client?: string;
	at: number;
}

export interface SimulatorOptions {
	/** Demo data to start with; `false` for an empty store with only the demo user. */
	seed?: SeedOptions | false;
	/** Added to every API answer, to stand in for network and service time. */
	latencyMs?: number;
	/** Keep a request log (on by default; benchmarks with many requests may switch it off). */
	log?: boolean;
	/**
	 * The published OpenAPI every exchange is held to (contract.ts): by default the one the jest
	 * environment provides; `false` for none (the benchmark). `onViolation` hears of each mismatch.
	 */
	contract?: ContractChecker | false;
	onViolation?: (violation: ContractViolation) => void;
	/**
	 * How an answer's delay (latency, `delay` fault) is waited out: real time by default. A test
	 * of a client's time budget may move the client's clock instead (test/pollingTrigger).
	 */
	wait?: (ms: number) => Promise<void>;
}

/** A request body read as JSON, or the fact that it is not JSON (EventX answers that with 400). */
function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
	try {
		return { ok: true, value: JSON.parse(raw) };
	} catch {
		return { ok: false };
	}
}

/**
 * The EventX simulator: a real HTTP server on loopback that follows the brief and the OpenAPI.
 * Tests start it on an ephemeral port, drive the node against it, and read its store and log.
 */
export class Simulator {
	readonly store = new Store();
	readonly faults = new Faults();
	readonly requests: LoggedRequest[] = [];
	/** Exchanges that departed from the published OpenAPI, not yet taken. */
	readonly contractViolations: ContractViolation[] = [];
	latencyMs: number;
	private readonly contract?: ContractChecker;
	private readonly onViolation?: (violation: ContractViolation) => void;
	private readonly logging: boolean;
	private readonly wait: (ms: number) => Promise<void>;
	private readonly routes: CompiledRoute[];
	private readonly controlRoutes: CompiledRoute[];
	private server?: http.Server;
	private readonly pending = new Set<Promise<unknown>>();
	/** Paths a redirect fault sent clients to on this host: requests there are the fault's doing. */
	private readonly redirectTargets = new Set<string>();
	/** The host of Media Upload's pre-signed URLs: another origin than the API. */
	readonly storage = new StorageHost(this.store, this.faults);
	seeded: ReturnType<typeof seedDemo>;
	/** Requests answered so far (API and control routes): what a saved snapshot is compared with. */
	handled = 0;

	constructor(options: SimulatorOptions = {}) {
		this.latencyMs = options.latencyMs ?? 0;
		this.wait = options.wait ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
		this.logging = options.log ?? true;
		if (options.contract !== false) {
			this.contract = options.contract ?? globalContract();
			if (!this.contract)
				throw new Error(
					'The simulator has no contract to hold to: run it under the jest environment (test/simulator/contractEnvironment.ts) or pass `contract`',
				);
			this.onViolation = options.onViolation;
			watchContract(this);
		}
		const services: SimulatorServices = {
			notify: (eventId, action, attendee) => this.notify(eventId, action, attendee),
			webhookCreated: (hook) => this.afterWebhookCreated(hook),
			uploadUrl: (media) => this.storage.uploadUrl(media),
		};
		this.routes = routeFactories
			.flatMap((factory) => factory(this.store, services))
			.map(compileRoute);
		// Answered once the change's webhook deliveries are answered.
		const sandboxRoutes = attendeeControlRoutes(this.store, services).map((route) => ({
			...route,
			handler: async (context: Parameters<Route['handler']>[0]) => {
				const result = await route.handler(context);
				await this.settled();
				return result;
			},
		}));
		this.controlRoutes = [...this.buildControlRoutes(), ...sandboxRoutes].map(compileRoute);
		this.seeded = seedDemo(this.store, options.seed === false ? { events: 0 } : options.seed);
	}

	/** The store and what was seeded, as JSON (maps and buffers kept): `npm run dev` keeps it. */
	snapshot(): string {
		return JSON.stringify(
			{ seeded: this.seeded, store: this.store },
			function (this: Record<string, unknown>, key: string, value: unknown) {
				const original = this[key];
				if (original instanceof Map) return { $map: [...original] };
				if (Buffer.isBuffer(original)) return { $buffer: original.toString('base64') };
				return value;
			},
		);
	}

	/** Puts back what `snapshot` saved, over the data this simulator was seeded with. */
	restore(text: string): void {
		const saved = JSON.parse(text, (_key, value: unknown) => {
			if (value && typeof value === 'object' && !Array.isArray(value)) {
				const { $map, $buffer } = value as { $map?: Array<[unknown, unknown]>; $buffer?: string };
				if ($map) return new Map($map);
				if (typeof $buffer === 'string') return Buffer.from($buffer, 'base64');
			}
			return value;
		}) as { seeded: Simulator['seeded']; store: Partial<Store> };
		Object.assign(this.store, saved.store);
		this.seeded = saved.seeded;
	}

	get url(): string {
		return loopbackUrl(this.server, 'simulator');
	}

	get running(): boolean {
		return this.server !== undefined;
	}

	/** The contract violations recorded so far, removed from the list. */
	takeContractViolations(): ContractViolation[] {
		return this.contractViolations.splice(0);
	}

	async start(port = 0, host = '127.0.0.1'): Promise<this> {
		await this.storage.start();
		this.server = await listenOnLoopback((req, res) => void this.handle(req, res), port, host);
		return this;
	}

	async stop(): Promise<void> {
		await this.settled();
		await this.storage.stop();
		const server = this.server;
		this.server = undefined;
		await closeServer(server);
	}

	/** Requests to the API (not the control routes) matching a method and a path pattern. */
	requestsTo(method?: string, path?: RegExp | string): LoggedRequest[] {
		const regex = typeof path === 'string' ? new RegExp(path) : path;
		return this.requests.filter(
			(r) => (!method || r.method === method) && (!regex || regex.test(r.path)),
		);
	}

	clearLog(): void {
		this.requests.length = 0;
	}

	addFault(spec: FaultSpec): void {
		this.faults.add(spec);
	}

	/** Waits for every webhook delivery under way. */
	async settled(): Promise<void> {
		while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
	}

	/** Delivers an attendee change to the event's matching webhooks; resolves with its deliveries. */
	notify(eventId: string, action: string, attendee: Json): Promise<Delivery[]> {
		this.store.recordChange(action, eventId, String(attendee.id), {
			createdAt: attendee.created_at,
			updatedAt: attendee.update_at,
			registeredAt: attendee.registered_at,
			attendedAt: attendee.attended_at,
			checkedInAt: attendee.checked_in_at,
			registrationStatus: attendee.registration_status,
		});
		const promise = deliver(this.store, eventId, action, attendee).finally(() =>
			this.pending.delete(promise),
		);
		this.pending.add(promise);
		return promise;
	}

	/** Adds the attendees `POST /__sim/after-next-webhook` asked for to a new webhook's event. */
	private afterWebhookCreated(hook: WebhookRecord): void {
		const delays = this.store.afterNextWebhook;
		if (!delays) return;
		this.store.afterNextWebhook = undefined;
		for (const [i, delay] of delays.entries()) {
			const added = new Promise((resolve) => setTimeout(resolve, delay)).then(async () => {
				if (!this.running) return;
				const profile = { firstName: 'Early', lastName: `Arrival ${i + 1}` };
				const attendee = newAttendee(hook.eventId, profile, this.store.now());
				this.store.attendees.set(attendee.id, attendee);
				await this.notify(hook.eventId, 'attendee-create', deliveryAttendee(attendee));
			});
			const tracked: Promise<unknown> = added.finally(() => this.pending.delete(tracked));
			this.pending.add(tracked);
		}
	}

	/**
	 * Checks an attendee in (or out) as the door staff would, outside the public API: sets
	 * `checkedInAt`/`attendedAt`/`checkInMethod` and fires the `attendee-check-in` (or
	 * `attendee-check-out`) deliveries. Returns the attendee record.
	 */
	checkIn(attendeeId: string, checkInMethod = 'qr_code'): Json {
		return this.setCheckIn(attendeeId, 'attendee-check-in', checkInMethod);
	}

	checkOut(attendeeId: string): Json {
		return this.setCheckIn(attendeeId, 'attendee-check-out');
	}

	/**
	 * Places an order for an event, as a buyer at EventX's checkout would (outside the public API):
	 * `pending_payment` and created now unless `fields` say otherwise. Returns the stored order.
	 */
	addOrder(eventId: string, fields: OrderFields = {}): OrderRecord {
		if (!this.store.events.get(eventId)) throw new ApiError(404, 'NOT_FOUND', 'Event not found');
		return addOrder(this.store, eventId, fields);
	}

	/** Moves an order to a status (`paid` sets `purchasedAt` once); `updatedAt` becomes now. */
	setOrderStatus(orderId: string, status: string): OrderRecord {
		return setOrderStatus(this.store, orderId, status);
	}

	/** See the `/__sim/events/:eventId/arrivals` control route. */
	arrivals(eventId: string, attendees: number, paidOrders: number, downtimeMs: number) {
		if (!this.store.events.get(eventId)) throw new ApiError(404, 'NOT_FOUND', 'Event not found');
		const start = this.store.nowMs();
		const at = (i: number) => new Date(start + i).toISOString();
		const attendeeIds: string[] = [];
		for (let i = 0; i < attendees; i++) {
			const record = newAttendee(eventId, { firstName: 'Arrival', lastName: String(i) }, at(i));
			this.store.attendees.set(record.id, record);
			attendeeIds.push(record.id);
		}
		const orderIds: string[] = [];
		for (let i = 0; i < paidOrders; i++)
			orderIds.push(addOrder(this.store, eventId, { status: 'paid', createdAt: at(i) }).id);
		this.store.advanceTime(Math.max(attendees, paidOrders) + downtimeMs);
		return { attendeeIds, orderIds };
	}

	/**
	 * A check-in scanned on a device offline at `scannedAt` and synced now: the attendee's
	 * `checkedInAt` and (first time) `attendedAt` are the scan's time, `updatedAt` now.
	 */
	syncOfflineCheckIn(attendeeId: string, scannedAt: string, checkInMethod = 'qr_code'): Json {
		const record = this.store.attendees.get(attendeeId);
		if (!record || record.removedAt) throw new ApiError(404, 'NOT_FOUND', 'Attendee not found');
		if (Number.isNaN(Date.parse(scannedAt))) throw badRequest('"scannedAt" must be a date-time');
		record.checkedInAt = scannedAt;
		record.attendedAt = record.attendedAt ?? scannedAt;
		record.checkInMethod = checkInMethod;
		record.updatedAt = this.store.now();
		this.notify(record.eventId, 'attendee-check-in', deliveryAttendee(record));
		return record;
	}

	/** A record (attendee or order) that lists show only `delayMs` from now on (a late commit). */
	commitLate(recordId: string, delayMs: number): void {
		this.store.hiddenUntil.set(recordId, this.store.nowMs() + delayMs);
	}

	/** Removes the first `count` records of a list answer, as another client deleting them would. */
	private removeListed(body: unknown, count: number): void {
		const rows = ((body as { dataList?: Json[] } | undefined)?.dataList ?? []).slice(0, count);
		const now = this.store.now();
		for (const row of rows) {
			const id = String(row.id);
			const attendee = this.store.attendees.get(id);
			if (attendee) attendee.removedAt = now;
			this.store.orders.delete(id);
			const event = this.store.events.get(id);
			if (event) event.deletedAt = now;
			this.store.customDomains.delete(id);
			this.store.pathMappings.delete(id);
		}
	}

	private setCheckIn(attendeeId: string, action: string, checkInMethod?: string): Json {
		const record = this.store.attendees.get(attendeeId);
		if (!record || record.removedAt) throw new ApiError(404, 'NOT_FOUND', 'Attendee not found');
		const now = this.store.now();
		if (action === 'attendee-check-in') {
			record.checkedInAt = now;
			record.attendedAt = record.attendedAt ?? now;
			record.checkInMethod = checkInMethod ?? 'qr_code';
		} else {
			record.checkedInAt = null;
			record.checkInMethod = null;
		}
		record.updatedAt = now;
		this.notify(record.eventId, action, deliveryAttendee(record));
		return record;
	}

	private buildControlRoutes(): Route[] {
		const json = (body: unknown): RouteResult => ({ status: 200, body });
		return [
			{
				method: 'GET',
				pattern: '/__sim/requests',
				public: true,
				handler: () => json(this.requests),
			},
			{
				method: 'DELETE',
				pattern: '/__sim/requests',
				public: true,
				handler: () => (this.clearLog(), json({})),
			},
			{
				method: 'POST',
				pattern: '/__sim/faults',
				public: true,
				handler: ({ body }) => (this.addFault(body as FaultSpec), json({})),
			},
			{
				// Sets the delay added to every API answer ({ latencyMs }), for the benchmark.
				method: 'POST',
				pattern: '/__sim/latency',
				public: true,
				handler: ({ body }) => {
					const latencyMs = Number((body as Json | undefined)?.latencyMs);
					if (!Number.isFinite(latencyMs) || latencyMs < 0)
						throw badRequest('"latencyMs" must be >= 0');
					this.latencyMs = latencyMs;
					return json({ latencyMs });
				},
			},
			{
				method: 'DELETE',
				pattern: '/__sim/faults',
				public: true,
				handler: () => (this.faults.clear(), json({})),
			},
			{
				// Checks an attendee in ({ checkInMethod? }) or out; answers once delivered.
				method: 'POST',
				pattern: '/__sim/attendees/:attendeeId/check-in',
				public: true,
				handler: async ({ params, body }) => {
					const method = (body as Json | undefined)?.checkInMethod;
					const record = this.checkIn(
						params.attendeeId,
						typeof method === 'string' ? method : undefined,
					);
					await this.settled();
					return json(record);
				},
			},
			{
				// A check-in scanned offline and synced now: { scannedAt, checkInMethod? }.
				method: 'POST',
				pattern: '/__sim/attendees/:attendeeId/offline-check-in',
				public: true,
				handler: async ({ params, body }) => {
					const { scannedAt, checkInMethod } = (body ?? {}) as Json;
					const record = this.syncOfflineCheckIn(
						params.attendeeId,
						String(scannedAt),
						typeof checkInMethod === 'string' ? checkInMethod : undefined,
					);
					await this.settled();
					return json(record);
				},
			},
			{
				// Lists show the record only `delayMs` from now on: { delayMs }.
				method: 'POST',
				pattern: '/__sim/records/:recordId/commit-late',
				public: true,
				handler: ({ params, body }) => {
					const delayMs = Number((body as Json | undefined)?.delayMs);
					if (!Number.isFinite(delayMs) || delayMs < 0) throw badRequest('"delayMs" must be >= 0');
					this.commitLate(params.recordId, delayMs);
					return json({ visibleFrom: new Date(this.store.nowMs() + delayMs).toISOString() });
				},
			},
			{
				method: 'POST',
				pattern: '/__sim/attendees/:attendeeId/check-out',
				public: true,
				handler: async ({ params }) => {
					const record = this.checkOut(params.attendeeId);
					await this.settled();
					return json(record);
				},
			},
			{
				// Moves the record clock: { advanceMs } forward, { freeze: true | ISO time } to stop it
				// (at that time), { freeze: false } to let it run, { rate } to run it faster than real
				// time, { recordSkewMs } / { dateSkewMs } for the records' stamps / the Date header (null:
				// none); answers the clock's time.
				method: 'POST',
				pattern: '/__sim/clock',
				public: true,
				handler: ({ body }) => {
					const { advanceMs, freeze, recordSkewMs, dateSkewMs, rate } = (body ?? {}) as Json;
					if (rate !== undefined) {
						if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0)
							throw badRequest('"rate" must be a number above 0');
						this.store.setClockRate(rate);
					}
					if (recordSkewMs !== undefined) {
						if (typeof recordSkewMs !== 'number' || !Number.isFinite(recordSkewMs))
							throw badRequest('"recordSkewMs" must be a number');
						this.store.recordSkewMs = recordSkewMs;
					}
					if (dateSkewMs !== undefined) {
						if (
							dateSkewMs !== null &&
							(typeof dateSkewMs !== 'number' || !Number.isFinite(dateSkewMs))
						)
							throw badRequest('"dateSkewMs" must be a number or null');
						this.store.dateSkewMs = dateSkewMs;
					}
					if (advanceMs !== undefined) {
						if (typeof advanceMs !== 'number' || !Number.isFinite(advanceMs))
							throw badRequest('"advanceMs" must be a number');
						this.store.advanceTime(advanceMs);
					}
					if (freeze === false) this.store.freezeTime(null);
					else if (freeze === true) this.store.freezeTime();
					else if (typeof freeze === 'string') {
						if (Number.isNaN(Date.parse(freeze))) throw badRequest('"freeze" must be a date-time');
						this.store.freezeTime(freeze);
					}
					return json({
						now: this.store.now(),
						frozen: this.store.frozenAt !== undefined,
						rate: this.store.clockRate,
					});
				},
			},
			{
				// Places an order (body: order fields, e.g. { status, createdAt, user: { email } }).
				method: 'POST',
				pattern: '/__sim/events/:eventId/orders',
				public: true,
				handler: ({ params, body }) =>
					json(orderJson(this.addOrder(params.eventId, (body ?? {}) as OrderFields))),
			},
			{
				// Moves an order to a status: { status }.
				method: 'POST',
				pattern: '/__sim/orders/:orderId/status',
				public: true,
				handler: ({ params, body }) =>
					json(
						orderJson(
							this.setOrderStatus(params.orderId, String((body as Json | undefined)?.status)),
						),
					),
			},
			{
				// Adds an event with its times and publication, created now on the record clock:
				// { organizationId, name, startsAt, endsAt, entryStartsAt?, entryEndsAt?, timezone?,
				// isPublished?, attendees? }; a time may be relative to the record clock ("+2m").
				// `attendees`: that many demo attendees as the seed makes them (registered, pending,
				// checked in), so that an example whose first run picks the new event shows some.
				method: 'POST',
				pattern: '/__sim/events',
				public: true,
				handler: ({ body }) => {
					const { attendees = 0, ...fields } = (body ?? {}) as Parameters<typeof addEvent>[1] & {
						attendees?: unknown;
					};
					if (typeof attendees !== 'number' || !Number.isInteger(attendees) || attendees < 0)
						throw badRequest('"attendees" must be a whole number >= 0');
					const event = addEvent(this.store, fields);
					if (attendees > 0) seedAttendees(this.store, [String(event.id)], { perEvent: attendees });
					return json(event);
				},
			},
			{
				// Publishes ({ published: true }) or unpublishes ({ published: false }) an event.
				method: 'POST',
				pattern: '/__sim/events/:eventId/publish',
				public: true,
				handler: ({ params, body }) => {
					const published = (body as Json | undefined)?.published;
					if (typeof published !== 'boolean') throw badRequest('"published" must be a boolean');
					return json(publishEvent(this.store, params.eventId, published));
				},
			},
			{
				// Moves an event's times: { startsAt?, endsAt?, entryStartsAt?, entryEndsAt? } (or "+2m").
				method: 'POST',
				pattern: '/__sim/events/:eventId/schedule',
				public: true,
				handler: ({ params, body }) =>
					json(rescheduleEvent(this.store, params.eventId, (body ?? {}) as EventTimes)),
			},
			{
				// Soft-deletes an event (as the API's Delete does, without a token).
				method: 'DELETE',
				pattern: '/__sim/events/:eventId',
				public: true,
				handler: ({ params }) => (deleteEvent(this.store, params.eventId), json({})),
			},
			{
				// A downtime's worth of new records at once, for the benchmark: { attendees, paidOrders,
				// downtimeMs }: attendees created and orders placed and paid from now, 1 ms apart, then
				// the clock moved past them by downtimeMs. Answers their IDs, oldest first.
				method: 'POST',
				pattern: '/__sim/events/:eventId/arrivals',
				public: true,
				handler: ({ params, body }) => {
					const count = (name: string) => {
						const value = (body as Json | undefined)?.[name] ?? 0;
						if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
							throw badRequest(`"${name}" must be a whole number >= 0`);
						return value;
					};
					return json(
						this.arrivals(
							params.eventId,
							count('attendees'),
							count('paidOrders'),
							count('downtimeMs'),
						),
					);
				},
			},
			{
				// One more API token for the demo user ({ apiToken, label }): the request log names
				// every call made with it (`client`), e.g. one per workflow's credential.
				method: 'POST',
				pattern: '/__sim/api-tokens',
				public: true,
				handler: ({ body }) => {
					const { apiToken, label } = (body ?? {}) as Json;
					if (typeof apiToken !== 'string' || apiToken === '' || typeof label !== 'string')
						throw badRequest('"apiToken" and "label" must be strings');
					this.store.apiTokens.set(apiToken, this.seeded.userId);
					this.store.apiTokenLabels.set(apiToken, label);
					return json({ label });
				},
			},
			{
				// A workflow records what it received ({ key, workflow, item }): the soak's ledger, outside
				// every fault (control routes are never faulted) and n8n's restarts. A key written again
				// (the workflow's own retry) is kept once and counted in `times`.
				method: 'POST',
				pattern: '/__sim/ledger',
				public: true,
				handler: ({ body }) => {
					const { key, workflow, item } = (body ?? {}) as Json;
					if (typeof key !== 'string' || key === '' || typeof workflow !== 'string')
						throw badRequest('"key" and "workflow" must be strings');
					const known = this.store.ledger.get(key);
					if (known) {
						known.times += 1;
						return json({ recorded: false, times: known.times, key, item: known.item });
					}
					this.store.ledger.set(key, {
						key,
						workflow,
						item: (item ?? {}) as Json,
						at: this.store.nowMs(),
						real: Date.now(),
						times: 1,
					});
					return json({ recorded: true, times: 1, key, item: item ?? {} });
				},
			},
			{
				// Removes a ledger entry (a claim given back: the workflow could not do what it claimed).
				method: 'DELETE',
				pattern: '/__sim/ledger/:key',
				public: true,
				handler: ({ params }) => json({ removed: this.store.ledger.delete(params.key) }),
			},
			{
				// The ledger's entries, of one workflow with ?workflow=.
				method: 'GET',
				pattern: '/__sim/ledger',
				public: true,
				handler: ({ query }) => {
					const workflow = query.get('workflow');
					return json({
						entries: [...this.store.ledger.values()].filter(
							(entry) => workflow === null || entry.workflow === workflow,
						),
					});
				},
			},
			{
				// When the next webhook is created, an attendee is added to its event at each delay
				// ({ attendeesAfterMs: [0, 100, ...] }, ms after the creation), each delivered as any
				// change is: what a trigger receives right after its activation.
				method: 'POST',
				pattern: '/__sim/after-next-webhook',
				public: true,
				handler: ({ body }) => {
					const delays = (body as Json | undefined)?.attendeesAfterMs;
					if (
						!Array.isArray(delays) ||
						!delays.every((d) => typeof d === 'number' && Number.isFinite(d) && d >= 0)
					)
						throw badRequest('"attendeesAfterMs" must be a list of delays (ms) >= 0');
					this.store.afterNextWebhook = delays as number[];
					return json({ attendeesAfterMs: delays });
				},
			},
			{
				// Every change to an attendee, order or event (store.history), those after `after`
				// (a sequence number) when given: what a checker compares a trigger's output with.
				method: 'GET',
				pattern: '/__sim/history',
				public: true,
				handler: async ({ query }) => {
					await this.settled();
					const after = Number(query.get('after') ?? 0);
					return json(this.store.history.filter((change) => change.seq > after));
				},
			},
			{
				method: 'POST',
				pattern: '/__sim/expire-tokens',
				public: true,
				handler: () => (this.store.expireAllTokens(), json({})),
			},
			{
				// Fires a webhook delivery as if an attendee changed: { eventId, action, attendee }
				// (attendee in the API's camelCase shape); answers once the deliveries are answered.
				method: 'POST',
				pattern: '/__sim/notify',
				public: true,
				handler: async ({ body }) => {
					const { eventId, action, attendee } = body as {
						eventId: string;
						action: string;
						attendee: Json;
					};
					// Only this change's deliveries: other notifications may be under way at once.
					return json({
						deliveries: await this.notify(eventId, action, deliveryAttendee(attendee)),
					});
				},
			},
			{
				// The exchanges that departed from the published OpenAPI ({ text } each, formatted),
				// and how many were checked; for the end-to-end test, which fails on any.
				method: 'GET',
				pattern: '/__sim/contract',
				public: true,
				handler: () => {
					const counts = this.contract?.counts;
					return json({
						enabled: this.contract !== undefined,
						violations: this.contractViolations.map((v) => ({ ...v, text: formatViolation(v) })),
						checked: counts && {
							answers: counts.answers,
							requestBodies: counts.requestBodies,
							parameters: counts.parameters,
							operations: [...counts.operations].sort(),
						},
					});
				},
			},
			{
				method: 'GET',
				pattern: '/__sim/state',
				public: true,
				handler: async () => {
					await this.settled();
					return json({
						seeded: this.seeded,
						webhooks: [...this.store.webhooks.values()],
						deliveries: this.store.deliveries,
						outbox: this.store.outbox,
						attendees: [...this.store.attendees.values()],
						events: [...this.store.events.values()].map((r) => r.event),
						// Per event: what the editor's dropdowns list (for workflows built by the e2e test).
						ticketClasses: Object.fromEntries(this.store.ticketClasses),
						ticketClassAddOns: Object.fromEntries(this.store.ticketClassAddOns),
						customFields: Object.fromEntries(this.store.customFields),
						emailTemplates: Object.fromEntries(this.store.emailTemplates),
						// Media with what the storage host received (MD5 and size of the bytes, not the bytes).
						media: [...this.store.media.values()].map(({ bytes, ...media }) => ({
							...media,
							received: bytes && { byteLength: bytes.length, md5: md5Base64(bytes) },
						})),
						storageRequests: this.store.storageRequests,
						registrationForms: [...this.store.registrationForms.values()],
						customDomains: [...this.store.customDomains.values()],
						// Orders with their event (eventId), to check what a workflow saw or changed.
						orders: [...this.store.orders.values()],
						pathMappings: [...this.store.pathMappings.values()],
					});
				},
			},
		];
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://simulator');
		const method = (req.method ?? 'GET').toUpperCase();
		const path = url.pathname;
		this.handled++;
		const control = this.match(this.controlRoutes, method, path);
		const fault = control ? undefined : this.faults.take(method, path, 'api', req.url ?? path);
		const entry: LoggedRequest = {
			method,
			path,
			query: Object.fromEntries(url.searchParams),
			body: undefined,
			status: 0,
			authorized: false,
			at: Date.now(),
		};
		const client = this.clientOf(req);
		if (client !== undefined) entry.client = client;
		if (!control && this.logging) this.requests.push(entry);
		// What the contract check sees of the exchange (control routes are the simulator's own).
		const exchange: Exchange | undefined = control
			? undefined
			: {
					method,
					path,
					query: url.searchParams,
					body: undefined,
					redirectedHere: this.redirectTargets.has(path),
				};

		if (fault?.kind === 'drop-before') {
			entry.status = 'dropped';
			this.holdToContract(exchange);
			req.socket.destroy();
			return;
		}
		if (fault?.kind === 'url-limit') {
			// A proxy's refusal, before the service sees anything: its own page, not EventX's envelope.
			const status = fault.status ?? 414;
			const title = status === 431 ? 'Request Header Fields Too Large' : 'Request-URI Too Large';
			const page = `<html><head><title>${status} ${title}</title></head><body><center><h1>${status} ${title}</h1></center></body></html>`;
			entry.status = status;
			this.holdToContract(exchange);
			res.writeHead(status, {
				'content-type': 'text/html',
				'content-length': Buffer.byteLength(page),
				connection: 'close',
			});
			res.end(page);
			return;
		}
		let result: RouteResult;
		const raw = await readBody(req);
		try {
			let body: unknown;
			if (raw.trim() !== '') {
				const parsed = parseJson(raw);
				if (!parsed.ok)
					throw new ApiError(400, 'INVALID_JSON', 'The request body is not valid JSON');
				body = parsed.value;
			}
			entry.body = body;
			if (exchange) exchange.body = body;
			const exchanged = (body as { apiToken?: unknown } | undefined)?.apiToken;
			if (typeof exchanged === 'string' && this.store.apiTokenLabels.has(exchanged))
				entry.client = this.store.apiTokenLabels.get(exchanged);
			if (fault?.kind === 'hang') {
				// Never answered: the connection is closed when the simulator stops.
				entry.status = 'dropped';
				this.holdToContract(exchange);
				return;
			}
			// Before routing: a path that exists only as a redirect is redirected all the same.
			if (fault?.kind === 'redirect') {
				const status = fault.status ?? 302;
				const location = fault.location ?? `${fault.redirectTo ?? ''}${req.url ?? '/'}`;
				const here = `http://${req.headers.host ?? 'simulator'}`;
				if (URL.canParse(location, here) && new URL(location, here).origin === here)
					this.redirectTargets.add(new URL(location, here).pathname);
				entry.status = status;
				try {
					this.authenticate(req);
					entry.authorized = true;
				} catch {
					// Logged as it came: without a valid token.
				}
				this.holdToContract(exchange);
				res.writeHead(status, { location, 'content-length': 0 });
				res.end();
				return;
			}
			const found = control ?? this.match(this.routes, method, path);
			if (!found) throw new ApiError(404, 'ROUTE_NOT_FOUND', `Cannot ${method} ${path}`);
			let userId = '';
			if (!found.route.public) {
				userId = this.authenticate(req);
				entry.authorized = true;
			}
			if (fault?.kind === 'lying-pages') {
				result = await this.lyingPages(found.route, found.params, url.searchParams, userId, fault);
				if (exchange) exchange.routeStatus = result.status;
			} else if (fault?.kind === 'status') {
				const status = fault.status ?? 500;
				result = {
					status,
					body:
						fault.body ??
						errorEnvelope(
							status,
							fault.code ?? 'INJECTED_FAULT',
							fault.message ?? `Injected failure (${status})`,
						),
				};
			} else {
				result = await found.route.handler({
					method,
					path,
					params: found.params,
					query: url.searchParams,
					body,
					userId,
					req,
					quirk: fault && LIST_QUIRKS.includes(fault.kind) ? fault : undefined,
				});
				if (exchange) exchange.routeStatus = result.status;
				if (fault) result = this.afterApplied(fault, result);
			}
		} catch (error) {
			if (error instanceof ApiError) {
				result = {
					status: error.status,
					body: errorEnvelope(error.status, error.code, error.message, error.meta),
				};
			} else {
				result = {
					status: 500,
					body: errorEnvelope(500, 'INTERNAL_ERROR', (error as Error).message),
				};
			}
		}
		if (exchange) {
			// The answer as the route gave it, unless a fault breaks it on purpose.
			if (!fault || FAULT_ANSWERS[fault.kind] === 'intact')
				exchange.answer = { status: result.status, body: result.body };
			this.holdToContract(exchange);
		}
		const delay =
			(control ? 0 : this.latencyMs) + (fault?.kind === 'delay' ? (fault.delayMs ?? 5000) : 0);
		if (delay > 0) await this.wait(delay);
		if (fault?.kind === 'drop-after') {
			entry.status = 'dropped';
			req.socket.destroy();
			return;
		}
		entry.status = result.status;
		if (fault?.kind === 'malformed') {
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"data": {"id": "truncated');
			return;
		}
		if (fault?.kind === 'no-data') result = { status: 200, body: {} };
		const text = result.body === undefined ? '' : JSON.stringify(result.body);
		// The service's clock (moved and frozen with the record clock, without its skew), off by the
		// answering server's own: a date-skew fault for one answer, else `dateSkewMs` (null: no Date).
		const dateSkew = this.store.dateSkewMs;
		if (dateSkew === null) res.sendDate = false;
		res.writeHead(result.status, {
			'content-type': 'application/json; charset=utf-8',
			'content-length': Buffer.byteLength(text),
			...(dateSkew === null
				? {}
				: {
						date: new Date(
							this.store.nowMs() + (fault?.kind === 'date-skew' ? (fault.skewMs ?? 0) : dateSkew),
						).toUTCString(),
					}),
			...(fault?.kind === 'status' || fault?.kind === 'status-after' ? fault.headers : {}),
		});
		if (fault?.kind === 'remove-after-read') this.removeListed(result.body, fault.count ?? 1);
		if (fault?.kind === 'drip')
			await drip(res, Buffer.from(text), fault.intervalMs ?? 300, () => this.server !== undefined);
		else res.end(text);
	}

	/** Checks an exchange against the published OpenAPI and keeps what departs from it. */
	private holdToContract(exchange: Exchange | undefined): void {
		if (!exchange || !this.contract) return;
		for (const violation of this.contract.check(exchange)) {
			this.contractViolations.push(violation);
			this.onViolation?.(violation);
		}
	}

	/**
	 * The answer of a request that was applied, as a fault changes it: a gateway's error in its
	 * place (`status-after`) or members of its `data` replaced (`patch-data`).
	 */
	private afterApplied(fault: FaultSpec, result: RouteResult): RouteResult {
		if (fault.kind === 'status-after') {
			const status = fault.status ?? 504;
			return {
				status,
				body:
					fault.body ??
					errorEnvelope(
						status,
						fault.code ?? 'GATEWAY_TIMEOUT',
						fault.message ?? `Injected failure after the request was applied (${status})`,
					),
			};
		}
		if (fault.kind === 'patch-data') {
			const body = result.body as { data?: Json } | undefined;
			if (body?.data && typeof body.data === 'object')
				return { ...result, body: { ...body, data: { ...body.data, ...fault.data } } };
		}
		return result;
	}

	/**
	 * A list read answered by a server whose pagination lies: every page of the range is full (the
	 * list's first items over and over) and one more page is always announced.
	 */
	private async lyingPages(
		route: Route,
		params: Record<string, string>,
		query: URLSearchParams,
		userId: string,
		fault: FaultSpec,
	): Promise<RouteResult> {
		const page = Number(query.get('page') ?? 1);
		const pageSize = Number(query.get('pageSize') ?? 25);
		const pageEnd = Number(query.get('pageEnd') ?? page);
		const firstPage = new URLSearchParams(query);
		firstPage.set('page', '1');
		firstPage.set('pageSize', '100');
		firstPage.delete('pageEnd');
		const real = (await route.handler({
			method: 'GET',
			path: '',
			params,
			query: firstPage,
			body: undefined,
			userId,
			req: undefined as never,
		})) as RouteResult;
		const body = real.body as { dataList: Json[]; pagination: { totalCount: number } };
		const items = body.dataList;
		const count = items.length === 0 ? 0 : (pageEnd - page + 1) * pageSize;
		return {
			status: 200,
			body: {
				dataList: Array.from({ length: count }, (_, i) => items[i % items.length]),
				pagination: {
					page,
					pageSize,
					pageCount: pageEnd + 1,
					totalCount: fault.totalCount ?? body.pagination.totalCount,
				},
			},
		};
	}

	private match(routes: CompiledRoute[], method: string, path: string) {
		for (const route of routes) {
			if (route.method !== method) continue;
			const m = route.regex.exec(path);
			if (m) {
				const params = Object.fromEntries(
					route.names.map((name, i) => [name, decodeURIComponent(m[i + 1])]),
				);
				return { route, params };
			}
		}
		return undefined;
	}

	/** The client label of the access token a request carries, valid or not (for the log). */
	private clientOf(req: http.IncomingMessage): string | undefined {
		const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
		return token === undefined ? undefined : this.store.tokens.get(token)?.client;
	}

	private authenticate(req: http.IncomingMessage): string {
		const header = req.headers.authorization;
		if (!header) throw new ApiError(401, 'UNAUTHORIZED', 'The Authorization header is missing');
		const match = /^Bearer (\S+)$/.exec(header);
		if (!match)
			throw new ApiError(
				401,
				'UNAUTHORIZED',
				'The Authorization header must be "Bearer <access token>"',
			);
		const record = this.store.tokens.get(match[1]);
		if (!record) throw new ApiError(401, 'INVALID_TOKEN', 'The access token is invalid');
		if (record.expiresAt <= Date.now())
			throw new ApiError(401, 'TOKEN_EXPIRED', 'The access token has expired');
		return record.userId;
	}
}

export async function startSimulator(options?: SimulatorOptions): Promise<Simulator> {
	return await new Simulator(options).start();
}
