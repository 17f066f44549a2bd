import type { Delivery, Json, Store } from './store';

const isoOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The documented delivery body's `attendee`: snake_case, both name spellings, `update_at`. */
export function deliveryAttendee(attendee: Json, ticketClassName: string | null = null): Json {
	return {
		id: attendee.id,
		first_name: attendee.firstName ?? '',
		last_name: attendee.lastName ?? '',
		firstName: attendee.firstName ?? '',
		lastName: attendee.lastName ?? '',
		name: attendee.name ?? [attendee.firstName, attendee.lastName].filter(Boolean).join(' '),
		email: attendee.invitationEmail ?? '',
		registration_status: String(attendee.registrationStatus ?? 'registered').toLowerCase(),
		virtual_attendance_status: 'pending',
		first_entered_web_app_at: isoOrNull(attendee.firstEnteredWebAppAt),
		magic_link_url:
			attendee.magicLinkUrl ??
			`https://portal.eventx.io/magic-link/${String(attendee.id)}/authorize`,
		attendance_type: attendee.attendedAt ? 'attended' : 'pending',
		role_tags: attendee.roleTags ?? ['visitor'],
		ticket_class_id: attendee.ticketClassId ?? null,
		ticket_class_name: ticketClassName,
		job_title: attendee.jobTitle ?? '',
		organization: attendee.organization ?? '',
		city: attendee.city ?? null,
		country: attendee.country ?? '',
		area_code: attendee.areaCode ?? '',
		contact_no: attendee.contactNo ?? '',
		source: null,
		created_at: attendee.createdAt,
		update_at: attendee.updatedAt,
		attended_at: isoOrNull(attendee.attendedAt),
		registered_at: attendee.registeredAt ?? attendee.createdAt,
		checked_in_at: isoOrNull(attendee.checkedInAt),
		custom_fields: attendee.customFields ?? {},
		check_in_method: attendee.checkInMethod ?? null,
	};
}

/**
 * POSTs the delivery body to every webhook of the event that subscribes to the action, and
 * records each delivery with the receiver's answer. Returns when all have been answered.
 */
export async function deliver(
	store: Store,
	eventId: string,
	action: string,
	attendee: Json,
	timeoutMs = 10_000,
): Promise<Delivery[]> {
	const hooks = store.webhooksOf(eventId).filter((hook) => hook.actions.includes(action));
	return await Promise.all(
		hooks.map(async (hook) => {
			const body = {
				config: { event_id: eventId, webhook_id: hook.id, action, endpoint_url: hook.url },
				attendee,
			};
			const delivery: Delivery = {
				webhookId: hook.id,
				eventId,
				url: hook.url,
				action,
				body,
				at: new Date().toISOString(),
			};
			store.deliveries.push(delivery);
			try {
				const response = await fetch(hook.url, {
					method: 'POST',
					headers: { 'content-type': 'application/json', 'user-agent': 'EventX-Webhook/1.0' },
					body: JSON.stringify(body),
					signal: AbortSignal.timeout(timeoutMs),
				});
				delivery.status = response.status;
				const answer = await response.text();
				if (response.status >= 400) delivery.answer = answer.slice(0, 500);
			} catch (error) {
				delivery.error = (error as Error).message;
			}
			return delivery;
		}),
	);
}
