import type { Route } from '../http';
import type { Json, Store } from '../store';
import { attendeeRoutes } from './attendees';
import { authRoutes } from './auth';
import { eventRoutes } from './events';
import { orderRoutes } from './orders';
import { outreachRoutes } from './outreach';
import { webhookRoutes } from './webhooks';

/** What route handlers may use beyond the store. */
export interface SimulatorServices {
	/** Fires webhook deliveries for an attendee lifecycle action (asynchronously). */
	notify(eventId: string, action: string, attendee: Json): void;
}

export type RouteFactory = (store: Store, services: SimulatorServices) => Route[];

/** Every API route of the simulator; more specific patterns come first. */
export const routeFactories: RouteFactory[] = [
	authRoutes,
	eventRoutes,
	webhookRoutes,
	outreachRoutes,
	attendeeRoutes,
	orderRoutes,
];
