import { randomBytes, randomUUID } from 'node:crypto';

import type { OrderRecord } from './routes/orders';

export type Json = Record<string, unknown>;

export interface Organization {
	id: string;
	name: string;
	hostIds: string[];
	managerIds: string[];
}

export interface EventRecord {
	/** The event as the API answers it. */
	event: Json;
	/** Write-only settings the API accepts but does not answer (estimatedAttendeeCount, paymentCurrency...). */
	settings: Json;
	deletedAt?: string;
}

export interface WebhookRecord {
	id: string;
	eventId: string;
	url: string;
	actions: string[];
}

export interface Delivery {
	webhookId: string;
	eventId: string;
	url: string;
	action: string;
	body: Json;
	status?: number;
	/** The start of the receiver's answer when it refused the delivery (status >= 400). */
	answer?: string;
	/** Network error, when the receiver could not be reached. */
	error?: string;
	at: string;
}

/**
 * One change the simulator made to an attendee, an order or an event, in the order made: what a
 * checker compares a trigger's output with (the soak's). `record` holds the record's stamps and
 * state right after the change.
 */
export interface HistoryEntry {
	seq: number;
	/** The service's clock (ms, as the `Date` header gives it) and the real time (ms). */
	at: number;
	real: number;
	/**
	 * `attendee-create`, `-update`, `-delete`, `-check-in`, `-check-out` (as delivered);
	 * `order-create`, `order-status`; `event-create`, `event-update`, `event-publish`,
	 * `event-unpublish`, `event-schedule`, `event-delete`.
	 */
	kind: string;
	eventId: string;
	id: string;
	record: Json;
}

/** One send recorded by the outreach endpoints. */
export interface OutboxEntry {
	eventId: string;
	channel: 'email' | 'sms' | 'whatsapp' | 'manual-email' | 'test-email';
	templateType?: string;
	outreachEmailId?: string;
	attendeeIds: string[];
	testEmails?: string[];
	at: string;
}

/** A media record (Media Upload): created with its declared file, then filled by the storage host. */
export interface MediaRecord {
	id: string;
	eventId: string;
	fileName: string;
	mimeType: string;
	byteSize: number;
	/** What the creator declared: the file's MD5 in base64 (what `Content-MD5` carries). */
	checksum: string;
	metadata?: Json;
	/** The bytes the storage host received, once a PUT with the declared size and checksum came. */
	bytes?: Buffer;
	uploadedAt?: string;
	markedUploadedAt?: string;
	createdAt: string;
}

/** What the storage host (the upload URL's host) received; `authorization` is the header, if any. */
export interface StorageRequest {
	method: string;
	path: string;
	authorization?: string;
	contentType?: string;
	contentMd5?: string;
	contentLength?: string;
	byteLength: number;
	status: number;
}

export interface TokenRecord {
	userId: string;
	expiresAt: number;
	/** The label of the API token it was exchanged for (`apiTokenLabels`), if any. */
	client?: string;
}

/**
 * What a workflow recorded it received (the soak's ledger): one entry per key (its execution and
 * item), however often the workflow sent it (a retried write counts once, `times` says how often).
 */
export interface LedgerEntry {
	key: string;
	workflow: string;
	item: Json;
	/** The service's clock (ms) and the real time (ms) at the first write. */
	at: number;
	real: number;
	times: number;
}

export const DEMO_USER_ID = '00000000-0000-4000-8000-00000000d3e0';
export const DEMO_API_TOKEN = 'evx_demo_dummy_token_5f1c2b7a9e';

/**
 * The simulator's whole state, in memory. Resources added by later work keep their records in
 * maps keyed by event id, next to the ones here.
 */
export class Store {
	users = new Map<string, { id: string; name: string }>();
	/** API token (from the admin panel) -> user id. */
	apiTokens = new Map<string, string>();
	/**
	 * API token -> a label the request log shows for every call made with its access tokens, so
	 * that calls of one client (one workflow's credential) can be told from another's.
	 */
	apiTokenLabels = new Map<string, string>();
	/** Issued access tokens. */
	tokens = new Map<string, TokenRecord>();
	organizations = new Map<string, Organization>();
	events = new Map<string, EventRecord>();
	webhooks = new Map<string, WebhookRecord>();
	deliveries: Delivery[] = [];
	outbox: OutboxEntry[] = [];
	/** Email templates by `${eventId}/${type}`. */
	emailTemplates = new Map<string, Json>();
	/** Attendees by id; removed ones keep their record with `removedAt` set. */
	attendees = new Map<string, Json & { id: string; eventId: string; removedAt?: string }>();
	attendeeTags = new Map<string, Json[]>();
	ticketClasses = new Map<string, Json[]>();
	ticketClassAddOns = new Map<string, Json[]>();
	customFields = new Map<string, Json[]>();
	/** Media by id (Media Upload, Get, Delete). */
	media = new Map<string, MediaRecord>();
	storageRequests: StorageRequest[] = [];
	/** Registration forms by id, each with its `eventId`. */
	registrationForms = new Map<string, Json & { id: string; eventId: string }>();
	/** Payment configuration per event (the seed gives each hosted event one). */
	paymentConfigs = new Map<string, Json>();
	/** Custom domains by id, each with its `organizationId`. */
	customDomains = new Map<string, Json & { id: string; organizationId: string }>();
	/** Orders by id (routes/orders.ts: addOrder, setOrderStatus). */
	orders = new Map<string, OrderRecord>();
	/** Path mappings of the custom domains by id, each with its `customDomainId`. */
	pathMappings = new Map<string, Json & { id: string; customDomainId: string }>();

	/** Every change to an attendee, order or event since the start (`recordChange`). */
	history: HistoryEntry[] = [];
	/** What workflows recorded they received, by key (POST /__sim/ledger). */
	ledger = new Map<string, LedgerEntry>();
	/**
	 * Delays (ms) at which an attendee is added to the event of the next webhook created, each
	 * delivered as any change (POST /__sim/after-next-webhook): changes right after a trigger's
	 * activation.
	 */
	afterNextWebhook?: number[];

	/** Access-token lifetime in seconds, answered as `expiresIn`. */
	tokenLifetimeSeconds = 3600;

	/**
	 * The clock of record timestamps (createdAt, updatedAt, registeredAt, attendedAt...): the real
	 * time moved by `timeOffsetMs`, or `frozenAt` while frozen, so that tests can drive polls
	 * deterministically (two records with one timestamp, a day of downtime). Token lifetimes keep
	 * the real clock.
	 */
	timeOffsetMs = 0;
	frozenAt?: number;

	/**
	 * How fast the clock runs against the real one (1: as fast; 30: a minute every 2 seconds), for
	 * a season played in minutes (the soak). `rateSince` is the real time the rate was last set at.
	 */
	clockRate = 1;
	rateSince = Date.now();

	/**
	 * A wrong clock where records are stamped (a database server or an import ahead or behind):
	 * added to the stamps `now()` gives, not to the service's clock (its `Date` header, `nowMs()`).
	 */
	recordSkewMs = 0;

	/**
	 * The `Date` header of the server that answers, off from the service's clock by this much (a
	 * server behind the load balancer whose clock is wrong), or `null` for an answer without one.
	 * Read once per answer: a getter can make servers differ from one answer to the next.
	 */
	dateSkewMs: number | null = 0;

	/**
	 * Records that exist, stamped, but are not in any list yet (a transaction that commits late):
	 * record ID -> the clock time (ms) from which lists show it.
	 */
	hiddenUntil = new Map<string, number>();

	nowMs(): number {
		if (this.frozenAt !== undefined) return this.frozenAt;
		const real = Date.now();
		return real + this.runningOffset(real);
	}

	/** The clock's offset from the real time at `real`, what the rate added included. */
	private runningOffset(real: number): number {
		return this.timeOffsetMs + (real - this.rateSince) * (this.clockRate - 1);
	}

	/** Makes the clock run `rate` times as fast as the real one from now on (a frozen one stays frozen). */
	setClockRate(rate: number): void {
		const real = Date.now();
		this.timeOffsetMs = this.runningOffset(real);
		this.rateSince = real;
		this.clockRate = rate;
	}

	/** The record clock's time as EventX spells it (ISO 8601, milliseconds, UTC). */
	now(): string {
		return new Date(this.nowMs() + this.recordSkewMs).toISOString();
	}

	/** Adds a change to the history; `record` is copied (its stamps and state, not later edits). */
	recordChange(kind: string, eventId: string, id: string, record: Json): void {
		this.history.push({
			seq: this.history.length + 1,
			at: this.nowMs(),
			real: Date.now(),
			kind,
			eventId,
			id,
			record: { ...record },
		});
	}

	/** Whether lists show a record yet (see `hiddenUntil`). */
	visible(id: string): boolean {
		const until = this.hiddenUntil.get(id);
		return until === undefined || until <= this.nowMs();
	}

	/** Moves the record clock (a frozen clock stays frozen at the moved time). */
	advanceTime(ms: number): void {
		if (this.frozenAt !== undefined) this.frozenAt += ms;
		else this.timeOffsetMs += ms;
	}

	/** Freezes the record clock at `at` (now when absent), or lets it run again with `null`. */
	freezeTime(at: string | number | null = this.nowMs()): void {
		if (at === null) {
			if (this.frozenAt !== undefined) {
				this.rateSince = Date.now();
				this.timeOffsetMs = this.frozenAt - this.rateSince;
			}
			this.frozenAt = undefined;
			return;
		}
		this.frozenAt = typeof at === 'number' ? at : Date.parse(at);
	}

	addUser(name: string, apiToken: string, id: string = randomUUID()): string {
		this.users.set(id, { id, name });
		this.apiTokens.set(apiToken, id);
		return id;
	}

	issueToken(userId: string, client?: string): { accessToken: string; expiresIn: string } {
		// Shaped like a JWT so that clients treat it as one; the simulator only looks it up.
		const payload = Buffer.from(
			JSON.stringify({ sub: userId, n: randomBytes(6).toString('hex') }),
		).toString('base64url');
		const accessToken = `eyJhbGciOiJIUzI1NiJ9.${payload}.${randomBytes(16).toString('base64url')}`;
		this.tokens.set(accessToken, {
			userId,
			expiresAt: Date.now() + this.tokenLifetimeSeconds * 1000,
			...(client === undefined ? {} : { client }),
		});
		return { accessToken, expiresIn: `${this.tokenLifetimeSeconds}s` };
	}

	/** Makes every issued access token expire now (the next call with one answers 401). */
	expireAllTokens(): void {
		for (const record of this.tokens.values()) record.expiresAt = 0;
	}

	/** Organizations the user belongs to, as host or manager. */
	memberOrganizations(userId: string, hostOnly = false): Organization[] {
		return [...this.organizations.values()].filter(
			(org) => org.hostIds.includes(userId) || (!hostOnly && org.managerIds.includes(userId)),
		);
	}

	/** Live events of the caller's organizations; `hostOnly` keeps those of organizations they host. */
	visibleEvents(userId: string, hostOnly = false): Json[] {
		const orgIds = new Set(this.memberOrganizations(userId, hostOnly).map((org) => org.id));
		return [...this.events.values()]
			.filter((record) => !record.deletedAt && orgIds.has(record.event.organizationId as string))
			.map((record) => record.event);
	}

	webhooksOf(eventId: string): WebhookRecord[] {
		return [...this.webhooks.values()].filter((hook) => hook.eventId === eventId);
	}
}
