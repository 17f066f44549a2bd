import { enumLabel } from '../../nodes/EventX/helpers/labels';

// One label rule for every dropdown and sort field (event enums, statuses, template types, sort keys).
describe('enumLabel', () => {
	test.each([
		['business_and_professional', 'Business and Professional'],
		['seminar_or_talk', 'Seminar or Talk'],
		['in-person', 'In Person'],
		['not-applicable', 'Not Applicable'],
		['waitlisted', 'Waitlisted'],
		['attendee-rsvp-email', 'Attendee RSVP Email'],
		['reminder-24H-email', 'Reminder 24H Email'],
		['confirmation-email-with-ticket-summary', 'Confirmation Email With Ticket Summary'],
		['createdAt', 'Created At'],
		['id', 'Id'],
		['attendee_tag_id', 'Attendee Tag ID'],
	])('%s -> %s', (value, label) => {
		expect(enumLabel(value)).toBe(label);
	});
});
