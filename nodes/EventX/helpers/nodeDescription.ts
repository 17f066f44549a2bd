/**
 * What the action node does. n8n's node panel shows EventX and EventX Trigger as one entry and
 * gives it the trigger's description ("Node details"), so the trigger's description starts with
 * this too.
 */
export const ACTION_DESCRIPTION =
	'Manage events, attendees, orders, tickets, outreach, media, domains and webhooks in EventX';
