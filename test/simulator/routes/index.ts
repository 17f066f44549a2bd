import type { Route } from '../http';
import type { Json, MediaRecord, Store, WebhookRecord } from '../store';
import { attendeeRoutes } from './attendees';
import { authRoutes } from './auth';
import { customDomainRoutes } from './customDomains';
import { eventRoutes } from './events';
import { mediaRoutes } from './media';
import { customFieldRoutes } from './customFields';
import { invoiceRoutes } from './invoices';
import { orderRoutes } from './orders';
import { ticketClassRoutes } from './ticketClasses';
import { outreachRoutes } from './outreach';
import { pathMappingRoutes } from './pathMappings';
import { registrationRoutes } from './registration';
import { webhookRoutes } from './webhooks';

/** What route handlers may use beyond the store. */
export interface SimulatorServices {
	/** Fires webhook deliveries for an attendee lifecycle action (asynchronously). */
	notify(eventId: string, action: string, attendee: Json): void;
	/** Told of every webhook created (POST /__sim/after-next-webhook acts on it). */
	webhookCreated(hook: WebhookRecord): void;
	/** The pre-signed URL, on the storage host, that a media record's file is sent to. */
	uploadUrl(media: MediaRecord): string;
}

export type RouteFactory = (store: Store, services: SimulatorServices) => Route[];

/** Every API route of the simulator; more specific patterns come first. */
export const routeFactories: RouteFactory[] = [
	authRoutes,
	eventRoutes,
	webhookRoutes,
	outreachRoutes,
	attendeeRoutes,
	mediaRoutes,
	registrationRoutes,
	customDomainRoutes,
	orderRoutes,
	invoiceRoutes,
	ticketClassRoutes,
	customFieldRoutes,
	pathMappingRoutes,
];
