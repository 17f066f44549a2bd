/**
 * Plays a season on the simulator, as EventX's users would: organizers create, move, publish,
 * unpublish and delete events across time zones; attendees register, change their details, are
 * checked in (and out) and removed; buyers place orders, pay them and get refunds. Every change
 * goes through the simulator's control routes (EventX's admin panel, checkout and door staff),
 * which the nemesis's faults never touch, and lands in the simulator's history.
 *
 * The driver keeps to the rules that make a polling trigger's output exact (seasonRules.ts):
 * attendees and orders change only in the festivals (events running through the whole season);
 * one attendee is changed again, or removed, only `spacingMs` of EventX's clock after its last
 * change; an event is moved, published, unpublished or deleted only while each of its moments
 * (old and new) is more than `spacingMs` away.
 */
import { DELAY_MINUTES, LEAD_MINUTES } from './seasonWorkflows';

import { setTimeout } from '../platform.cjs';

type Json = Record<string, unknown>;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const TIME_ZONES = [
	'Asia/Tokyo',
	'Europe/London',
	'America/New_York',
	'Australia/Sydney',
	'Asia/Kolkata',
	'America/Sao_Paulo',
	'Pacific/Auckland',
	'America/Los_Angeles',
];

/** How much happens per second of real time at scale 1. */
export const RATES = {
	createAttendee: 6,
	updateAttendee: 2.5,
	checkIn: 2,
	checkOut: 0.15,
	deleteAttendee: 0.4,
	placeOrder: 1.2,
	payOrder: 0.8,
	refundOrder: 0.2,
	createEvent: 1 / 45,
	publishToggle: 1 / 40,
	moveEvent: 1 / 30,
	deleteEvent: 1 / 120,
} as const;

export type Operation = keyof typeof RATES;

export interface DriverOptions {
	simulatorUrl: string;
	/** The organization the demo user hosts (events are created there). */
	organizationId: string;
	/** How much more (or less) happens than at scale 1. */
	scale: number;
	/** Events running through the whole season, and events of a few hours in it. */
	festivals: number;
	shortEvents: number;
	/** How far EventX's clock runs during the season (ms): where the short events are placed. */
	seasonSimMs: number;
	/** EventX's clock: nothing of one record changes again within this. */
	spacingMs: number;
	random: () => number;
	log: (line: string) => void;
}

interface AttendeeState {
	id: string;
	eventId: string;
	/** EventX's time of its last change. */
	last: number;
	checkedIn: boolean;
}

interface EventState {
	id: string;
	startsAt: number;
	endsAt: number;
	entryStartsAt?: number;
	published: boolean;
	/** EventX's time of its creation or last publication change. */
	lastPublication: number;
}

/** What a control route answered. */
interface Answer {
	status: number;
	body: Json;
}

/** A small, seeded generator (mulberry32), so that a season can be played again. */
export function seededRandom(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const iso = (t: number) => new Date(t).toISOString();

export class SeasonDriver {
	readonly festivals: string[] = [];
	readonly shortEvents = new Map<string, EventState>();
	/** What the driver did, by operation (those EventX refused count under `refused`). */
	readonly counts: Record<string, number> = {};
	private readonly live = new Map<string, AttendeeState>();
	private readonly pending: string[] = [];
	private readonly paid: string[] = [];
	private readonly carry = new Map<Operation, number>();
	private serial = 0;

	constructor(private readonly options: DriverOptions) {}

	private async control(method: string, path: string, body?: unknown): Promise<Answer> {
		const response = await fetch(`${this.options.simulatorUrl}${path}`, {
			method,
			headers: { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		const text = await response.text();
		return { status: response.status, body: (text ? JSON.parse(text) : {}) as Json };
	}

	/** EventX's present (ms). */
	async now(): Promise<number> {
		return Date.parse(String((await this.control('POST', '/__sim/clock', {})).body.now));
	}

	private pick<T>(list: T[]): T | undefined {
		return list.length === 0 ? undefined : list[Math.floor(this.options.random() * list.length)];
	}

	private between(min: number, max: number): number {
		return min + this.options.random() * (max - min);
	}

	private count(name: string, answer?: Answer): void {
		const key = answer && answer.status >= 300 ? `${name} refused` : name;
		this.counts[key] = (this.counts[key] ?? 0) + 1;
	}

	/** Every moment of an event (EventX's time): doors, the start's lead time, the end's delay. */
	private moments(event: Pick<EventState, 'startsAt' | 'endsAt' | 'entryStartsAt'>): number[] {
		return [
			event.entryStartsAt ?? event.startsAt,
			event.startsAt - LEAD_MINUTES * MINUTE,
			event.endsAt + DELAY_MINUTES * MINUTE,
		];
	}

	private clearOf(event: Pick<EventState, 'startsAt' | 'endsAt' | 'entryStartsAt'>, now: number) {
		return this.moments(event).every((m) => m > now + this.options.spacingMs);
	}

	private async addEvent(fields: {
		name: string;
		startsAt: number;
		endsAt: number;
		entryStartsAt?: number;
		published: boolean;
	}): Promise<string> {
		const answer = await this.control('POST', '/__sim/events', {
			organizationId: this.options.organizationId,
			name: fields.name,
			startsAt: iso(fields.startsAt),
			endsAt: iso(fields.endsAt),
			...(fields.entryStartsAt === undefined ? {} : { entryStartsAt: iso(fields.entryStartsAt) }),
			timezone: this.pick(TIME_ZONES),
			isPublished: fields.published,
		});
		if (answer.status !== 200) throw new Error(`an event was refused: ${JSON.stringify(answer)}`);
		return String(answer.body.id);
	}

	/** A short event starting at `startsAt` (EventX's time), half of them with doors opening early. */
	private shortEvent(startsAt: number, published: boolean) {
		const duration = Math.round(this.between(60, 180)) * MINUTE;
		const early = this.options.random() < 0.5 ? Math.round(this.between(20, 60)) * MINUTE : 0;
		return {
			name: `Session ${++this.serial}`,
			startsAt,
			endsAt: startsAt + duration,
			...(early ? { entryStartsAt: startsAt - early } : {}),
			published,
		};
	}

	/** A short event one of whose moments (doors, the start's lead time, the end's delay) is at `at`. */
	private shortEventAt(kind: number, at: number, published: boolean) {
		const event = this.shortEvent(at, published);
		const shift =
			kind === 0
				? at - (event.entryStartsAt ?? event.startsAt)
				: kind === 1
					? at + LEAD_MINUTES * MINUTE - event.startsAt
					: at - DELAY_MINUTES * MINUTE - event.endsAt;
		return {
			...event,
			startsAt: event.startsAt + shift,
			endsAt: event.endsAt + shift,
			...(event.entryStartsAt === undefined ? {} : { entryStartsAt: event.entryStartsAt + shift }),
		};
	}

	private async remember(fields: ReturnType<SeasonDriver['shortEvent']>, now: number) {
		const id = await this.addEvent(fields);
		this.shortEvents.set(id, { id, ...fields, lastPublication: now });
		return id;
	}

	/**
	 * Before the workflows are activated: the festivals (running from two days before to well after
	 * the season); short events, one moment of each (doors, start, end in turn) spread over the
	 * season from `firstMomentAfterMs` on, none of their moments in the warm-up before it; and a few
	 * attendees and orders in each (history for the triggers).
	 */
	async setup(firstMomentAfterMs: number): Promise<void> {
		const { festivals, shortEvents, seasonSimMs, spacingMs } = this.options;
		const before = await this.now();
		for (let i = 0; i < festivals; i++) {
			const id = await this.addEvent({
				name: `Festival ${i + 1}`,
				startsAt: before - 2 * DAY,
				endsAt: before + seasonSimMs + 2 * DAY,
				published: true,
			});
			this.festivals.push(id);
			// Attendees old enough to change as soon as the season starts.
			for (let j = 0; j < 200; j++)
				this.track(
					await this.control('POST', `/__sim/events/${id}/attendees`, {
						firstName: 'Early',
						lastName: `Bird ${++this.serial}`,
					}),
					id,
				);
		}
		// Nothing is active yet: EventX's clock moves on so that those attendees are settled.
		await this.control('POST', '/__sim/clock', { advanceMs: spacingMs });
		const now = await this.now();
		const from = now + firstMomentAfterMs + 5 * MINUTE;
		const inWarmup = (m: number) => m >= now && m <= now + firstMomentAfterMs;
		for (let i = 0; i < shortEvents; i++) {
			const at = from + Math.round((((i + 0.5) / shortEvents) * seasonSimMs) / MINUTE) * MINUTE;
			for (let attempt = 0; attempt < 50; attempt++) {
				const event = this.shortEventAt(i % 3, at, this.options.random() < 0.8);
				if (this.moments(event).some(inWarmup)) continue;
				await this.remember(event, now);
				break;
			}
		}
		for (const eventId of this.shortEvents.keys()) {
			for (let i = 0; i < 5; i++)
				await this.control('POST', `/__sim/events/${eventId}/attendees`, {
					firstName: 'Early',
					lastName: `Bird ${++this.serial}`,
				});
		}
		for (const eventId of this.festivals) await this.placeOrder(eventId);
		this.options.log(
			`season set up: ${festivals} festivals, ${shortEvents} short events, their first moment ${Math.round(firstMomentAfterMs / MINUTE)} min or more of EventX's clock from now`,
		);
	}

	private track(answer: Answer, eventId: string): void {
		if (answer.status !== 200) return;
		const id = String(answer.body.id);
		this.live.set(id, {
			id,
			eventId,
			last: Date.parse(String(answer.body.updatedAt)),
			checkedIn: answer.body.checkedInAt !== null && answer.body.checkedInAt !== undefined,
		});
	}

	/** An attendee whose last change is `spacingMs` old, matching `test`. */
	private settledAttendee(now: number, test: (a: AttendeeState) => boolean) {
		// A few random tries first: the map is large.
		const all = [...this.live.values()];
		for (let i = 0; i < 20; i++) {
			const a = this.pick(all);
			if (a && now - a.last >= this.options.spacingMs && test(a)) return a;
		}
		return all.find((a) => now - a.last >= this.options.spacingMs && test(a));
	}

	private async placeOrder(eventId: string): Promise<void> {
		const paid = this.options.random() < 0.3;
		const answer = await this.control('POST', `/__sim/events/${eventId}/orders`, {
			status: paid ? 'paid' : 'pending_payment',
			user: { email: `buyer${++this.serial}@season.example.com`, name: `Buyer ${this.serial}` },
		});
		this.count('placeOrder', answer);
		if (answer.status === 200) (paid ? this.paid : this.pending).push(String(answer.body.id));
	}

	private async operate(operation: Operation, now: number): Promise<void> {
		const random = this.options.random;
		switch (operation) {
			case 'createAttendee': {
				const eventId = this.pick(this.festivals)!;
				const n = ++this.serial;
				const answer = await this.control('POST', `/__sim/events/${eventId}/attendees`, {
					firstName: 'Guest',
					lastName: String(n),
					invitationEmail: `guest${n}@season.example.com`,
					registrationStatus: random() < 0.15 ? 'pending' : 'registered',
				});
				this.count(operation, answer);
				this.track(answer, eventId);
				return;
			}
			case 'updateAttendee':
			case 'checkIn':
			case 'checkOut':
			case 'deleteAttendee': {
				const test = {
					updateAttendee: () => true,
					checkIn: (a: AttendeeState) => !a.checkedIn,
					checkOut: (a: AttendeeState) => a.checkedIn,
					deleteAttendee: () => true,
				}[operation];
				const attendee = this.settledAttendee(now, test);
				if (!attendee) return;
				const answer =
					operation === 'updateAttendee'
						? await this.control('PATCH', `/__sim/attendees/${attendee.id}`, {
								jobTitle: `Role ${++this.serial}`,
							})
						: operation === 'deleteAttendee'
							? await this.control('DELETE', `/__sim/attendees/${attendee.id}`)
							: await this.control(
									'POST',
									`/__sim/attendees/${attendee.id}/${operation === 'checkIn' ? 'check-in' : 'check-out'}`,
									{},
								);
				this.count(operation, answer);
				if (operation === 'deleteAttendee') this.live.delete(attendee.id);
				else this.track(answer, attendee.eventId);
				return;
			}
			case 'placeOrder':
				return await this.placeOrder(this.pick(this.festivals)!);
			case 'payOrder':
			case 'refundOrder': {
				const from = operation === 'payOrder' ? this.pending : this.paid;
				const id = from.splice(Math.floor(random() * from.length), 1)[0];
				if (id === undefined) return;
				const status = operation === 'payOrder' ? 'paid' : 'refunded';
				const answer = await this.control('POST', `/__sim/orders/${id}/status`, { status });
				this.count(operation, answer);
				if (operation === 'payOrder') this.paid.push(id);
				return;
			}
			case 'createEvent': {
				const startsAt =
					now +
					this.options.spacingMs +
					LEAD_MINUTES * MINUTE +
					HOUR +
					Math.round(this.between(0, this.options.seasonSimMs) / MINUTE) * MINUTE;
				await this.remember(this.shortEvent(startsAt, random() < 0.7), now);
				this.count(operation);
				return;
			}
			case 'publishToggle': {
				const event = this.pick(
					[...this.shortEvents.values()].filter(
						(e) => this.clearOf(e, now) && now - e.lastPublication >= this.options.spacingMs,
					),
				);
				if (!event) return;
				const answer = await this.control('POST', `/__sim/events/${event.id}/publish`, {
					published: !event.published,
				});
				this.count(event.published ? 'unpublishEvent' : 'publishEvent', answer);
				event.published = !event.published;
				event.lastPublication = now;
				return;
			}
			case 'moveEvent': {
				const event = this.pick([...this.shortEvents.values()].filter((e) => this.clearOf(e, now)));
				if (!event) return;
				const shift = Math.round(this.between(-120, 120)) * MINUTE || 30 * MINUTE;
				const moved = {
					startsAt: event.startsAt + shift,
					endsAt: event.endsAt + shift + (random() < 0.3 ? 30 * MINUTE : 0),
					entryStartsAt:
						event.entryStartsAt === undefined ? undefined : event.entryStartsAt + shift,
				};
				if (!this.clearOf(moved, now)) return;
				const answer = await this.control('POST', `/__sim/events/${event.id}/schedule`, {
					startsAt: iso(moved.startsAt),
					endsAt: iso(moved.endsAt),
					...(moved.entryStartsAt === undefined ? {} : { entryStartsAt: iso(moved.entryStartsAt) }),
				});
				this.count(operation, answer);
				Object.assign(event, moved);
				return;
			}
			case 'deleteEvent': {
				const event = this.pick(
					[...this.shortEvents.values()].filter(
						(e) => this.clearOf(e, now) && now - e.lastPublication >= this.options.spacingMs,
					),
				);
				if (!event) return;
				const answer = await this.control('DELETE', `/__sim/events/${event.id}`);
				this.count(operation, answer);
				this.shortEvents.delete(event.id);
				return;
			}
		}
	}

	/**
	 * Plays the season until `untilReal` (ms, real time) and for as long after it as `more()` says,
	 * a tick every `tickMs`.
	 */
	async play(untilReal: number, more: () => boolean = () => false, tickMs = 250): Promise<void> {
		let last = Date.now();
		while (Date.now() < untilReal || more()) {
			const now = await this.now();
			const elapsed = (Date.now() - last) / 1000;
			last = Date.now();
			for (const operation of Object.keys(RATES) as Operation[]) {
				const due =
					(this.carry.get(operation) ?? 0) + RATES[operation] * this.options.scale * elapsed;
				const whole = Math.floor(due);
				this.carry.set(operation, due - whole);
				for (let i = 0; i < whole; i++) await this.operate(operation, now);
			}
			await new Promise((resolve) =>
				setTimeout(resolve, Math.max(0, tickMs - (Date.now() - last))),
			);
		}
	}
}
