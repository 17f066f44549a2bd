/**
 * Generates nodes/EventX/helpers/enums.ts from the OpenAPI copy in api/ (`npm run gen`, see
 * scripts/gen.ts).
 *
 * The output is already in Prettier's shape, so `prettier --check` and the drift test
 * (test/helpers/enums.test.ts, which compares text) agree with it as written.
 */
import { fs, path, repoRoot } from '../test/platform.cjs';

export const SPEC_FILE = 'api/eventx-public-api.openapi.json';
export const ENUMS_FILE = 'nodes/EventX/helpers/enums.ts';

type Schema = { enum?: string[]; items?: Schema; properties?: Record<string, Schema> };
/** `properties` at the parameter itself: how the order list describes its JSON `filter`. */
type Parameter = {
	name: string;
	description?: string;
	schema?: Schema;
	properties?: Record<string, Schema>;
};
type Operation = {
	parameters?: Parameter[];
	requestBody?: { content: Record<string, { schema: Schema }> };
	responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
export type OpenApi = { paths: Record<string, Record<string, Operation>> };

const V1 = '/public-api/v1';

/** The enums the node offers, each read from where EventX's description declares it. */
export function extractEnums(spec: OpenApi): Record<string, readonly string[]> {
	const operation = (route: string, method: string) => {
		const found = spec.paths[`${V1}${route}`]?.[method];
		if (!found) throw new Error(`${SPEC_FILE} has no ${method.toUpperCase()} ${V1}${route}`);
		return found;
	};
	const body = (route: string, method: string) =>
		operation(route, method).requestBody!.content['application/json'].schema.properties!;
	const parameter = (route: string, method: string, name: string) =>
		operation(route, method).parameters!.find((p) => p.name === name)!;
	const sortKeys = (route: string) =>
		parameter(route, 'get', 'sort')
			.description!.split('Available sorts:')[1]
			.split(',')
			.map((key) => key.trim());
	const eventPost = body('/event', 'post');
	const eventPut = body('/event/{eventId}', 'put');
	const attendee = operation('/event/{eventId}/attendee', 'get').responses!['200'].content![
		'application/json'
	].schema.properties!.dataList.items as Schema;
	const template = '/event/{eventId}/outreach/email-template/{emailTemplateType}';
	const orderFilter = parameter('/event/{eventId}/order', 'get', 'filter').properties!;
	const customField = (
		body('/event/{eventId}/custom-field/bulk-upsert', 'put').data.items as Schema
	).properties!;
	return {
		TIMEZONES: eventPost.timezone.enum!,
		EVENT_FORMATS: eventPost.format.enum!,
		ESTIMATED_ATTENDEE_COUNTS: eventPost.estimatedAttendeeCount.enum!,
		EVENT_CATEGORIES: eventPut.categories.items!.enum!,
		EVENT_TYPES: eventPut.types.items!.enum!,
		LOCALES: eventPut.defaultLocale.enum!,
		PAYMENT_CURRENCIES: eventPut.paymentCurrency.enum!,
		EVENT_SORT_KEYS: sortKeys('/event'),
		ATTENDEE_SORT_KEYS: sortKeys('/event/{eventId}/attendee'),
		REGISTRATION_STATUSES: attendee.properties!.registrationStatus.enum!,
		APPROVAL_STATUSES: attendee.properties!.approvalStatus.enum!,
		ORDER_STATUSES: orderFilter.status.items!.enum!,
		// The same two values as Create Order's orderPaymentMethod (the enums test compares the whole spec).
		ORDER_PAYMENT_METHODS: orderFilter.paymentMethod.items!.enum!,
		OFFLINE_PAYMENT_APPROVAL_STATUSES: orderFilter.offlinePaymentApprovalStatus.items!.enum!,
		ORDER_SORT_KEYS: sortKeys('/event/{eventId}/order'),
		CUSTOM_FIELD_TYPES: customField.type.enum!,
		EMAIL_TEMPLATE_TYPES: parameter(template, 'put', 'emailTemplateType').schema!.enum!,
		TEST_EMAIL_TEMPLATE_TYPES: parameter(`${template}/test`, 'post', 'emailTemplateType').schema!
			.enum!,
		WEBHOOK_ACTIONS: body('/event/{eventId}/webhook', 'post').actions.items!.enum!,
		...registrationEnums(body, parameter),
	};
}

type BodyOf = (route: string, method: string) => Record<string, Schema>;
type ParameterOf = (route: string, method: string, name: string) => Parameter;

/** Media, registration forms, ticketing and custom domains (issue 16's second part). */
function registrationEnums(
	body: BodyOf,
	parameter: ParameterOf,
): Record<string, readonly string[]> {
	const regForm = body('/event/{eventId}/registration-form', 'post');
	const formField = regForm.fields.items!.properties!.id as { anyOf: Schema[] };
	const logic = (regForm.conditionalLogics.items as Schema).properties!;
	const order = body('/reg/event/{eventId}', 'post');
	return {
		MEDIA_SOURCES: body('/event/{eventId}/media', 'post').metadata.properties!.source.enum!,
		REG_FORM_PROFILE_FIELDS: formField.anyOf.find((member) => member.enum)!.enum!,
		REG_FORM_CONDITION_TYPES: logic.condition.properties!.type.enum!,
		REG_FORM_ACTION_TYPES: logic.action.properties!.type.enum!,
		STRIPE_PAYMENT_METHODS: order.stripePaymentMethod.enum!,
		CUSTOM_DOMAIN_STATUSES: parameter('/org/{orgId}/custom-domains', 'get', 'status').schema!.enum!,
	};
}

const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** enums.ts as text: one `as const` array per enum, laid out as Prettier lays it out. */
export function renderEnums(enums: Record<string, readonly string[]>): string {
	const lines = [
		`// Generated by \`npm run gen\` (scripts/gen-enums.ts) from ${SPEC_FILE}. Do not edit by hand.`,
		'// test/helpers/enums.test.ts fails when this file and the spec disagree.',
		'',
	];
	for (const [name, values] of Object.entries(enums)) {
		const oneLine = `export const ${name} = [${values.map(quote).join(', ')}] as const;`;
		lines.push(
			oneLine.length <= 100
				? oneLine
				: [`export const ${name} = [`, ...values.map((v) => `\t${quote(v)},`), '] as const;'].join(
						'\n',
					),
			'',
		);
	}
	return lines.join('\n');
}

/** What enums.ts must hold for the OpenAPI copy in the repository. */
export function generateEnums(root = repoRoot): string {
	const spec = JSON.parse(fs.readFileSync(path.join(root, SPEC_FILE), 'utf8')) as OpenApi;
	return renderEnums(extractEnums(spec));
}
