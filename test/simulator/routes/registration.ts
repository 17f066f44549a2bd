import { randomBytes, randomUUID } from 'node:crypto';

import {
	ORDER_PAYMENT_METHODS,
	REG_FORM_ACTION_TYPES,
	REG_FORM_CONDITION_TYPES,
	REG_FORM_PROFILE_FIELDS,
	STRIPE_PAYMENT_METHODS,
} from '../../../nodes/EventX/helpers/enums';
import { badRequest, notFound, ok, requireUuid, UUID_RE, type Route } from '../http';
import type { Json, Store } from '../store';
import { addOrder } from './orders';
import { requireEvent } from './events';

/** A promo code every event knows: 10% off the tickets. */
export const DEMO_PROMO_CODE = 'EARLYBIRD';
const PROMO_FACTOR = 0.9;

const FORM_KEYS = [
	'name',
	'isEnabled',
	'fields',
	'conditionalLogics',
	'ticketClassIds',
	'isUniqueAttendeeEmailRequired',
	'isCheckInQRCodeVisibleOnCompletion',
	'isPromoCodeFieldEnabled',
	'isPurchaserEmailFieldEnabled',
	'isAddOnGroupDisplayEnabled',
	'minTicketQtyPerOrder',
	'maxTicketQtyPerOrder',
];

const ORDER_KEYS = [
	'purchaserEmail',
	'attendeeTicketOrderItems',
	'stripePaymentMethod',
	'promoCodeName',
	'orderPaymentMethod',
	'offlinePaymentBillingInformation',
	'paymentBillingInformation',
	'customUtmParams',
	'utm_source',
	'utm_medium',
	'utm_campaign',
	'utm_term',
	'utm_content',
];

function asObject(value: unknown, where: string): Json {
	if (value === null || typeof value !== 'object' || Array.isArray(value))
		throw badRequest(`${where} must be an object`);
	return value as Json;
}

function rejectUnknown(body: Json, allowed: string[], where: string): void {
	const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
	if (unknown.length > 0) throw badRequest(`Unknown member(s) in ${where}: ${unknown.join(', ')}`);
}

function asArray(value: unknown, where: string): unknown[] {
	if (!Array.isArray(value)) throw badRequest(`${where} must be an array`);
	return value;
}

function optionalBoolean(body: Json, name: string, fallback: boolean): boolean {
	const value = body[name];
	if (value === undefined) return fallback;
	if (typeof value !== 'boolean') throw badRequest(`"${name}" must be a boolean`);
	return value;
}

function optionalEnum(body: Json, name: string, allowed: readonly string[]): string | undefined {
	const value = body[name];
	if (value === undefined) return undefined;
	if (!allowed.includes(value as string))
		throw badRequest(`"${name}" must be one of ${allowed.join(', ')}`, { [name]: value });
	return value as string;
}

const money = (value: number) => value.toFixed(2);
const nameOf = (record: Json) =>
	String((record.contentI18n as { name?: { default?: string } } | undefined)?.name?.default ?? '');

function ticketClassOf(store: Store, eventId: string, id: unknown, where: string): Json {
	requireUuid(id, where);
	const found = (store.ticketClasses.get(eventId) ?? []).find((t) => t.id === id);
	if (!found) throw badRequest(`${where}: ticket class ${String(id)} is not one of the event's`);
	return found;
}

function addOnsOf(store: Store, eventId: string, ticket: Json, value: unknown, where: string) {
	if (value === undefined) return [];
	return asArray(value, where).map((id) => {
		requireUuid(id, where);
		const addOn = (store.ticketClassAddOns.get(eventId) ?? []).find((a) => a.id === id);
		if (!addOn || !(ticket.addOnIds as string[] | undefined)?.includes(id as string))
			throw badRequest(`${where}: add-on ${String(id)} is not offered with this ticket class`);
		return addOn;
	});
}

/** A ticket class as a registration form lists it, with its add-ons. */
function ticketJson(store: Store, eventId: string, ticket: Json): Json {
	const addOns = (store.ticketClassAddOns.get(eventId) ?? []).filter((a) =>
		(ticket.addOnIds as string[] | undefined)?.includes(a.id as string),
	);
	const sold = [...store.attendees.values()].filter(
		(a) => a.eventId === eventId && a.ticketClassId === ticket.id && !a.removedAt,
	).length;
	return {
		id: ticket.id,
		ticketAvailableCount: Number(ticket.qty) - sold,
		currency: 'USD',
		qty: ticket.qty,
		price: money(Number(ticket.price)),
		saleStartsAt: ticket.saleStartsAt,
		saleEndsAt: ticket.saleEndsAt ?? null,
		minAddOnQty: ticket.minAddOnQty ?? 0,
		maxAddOnQty: ticket.maxAddOnQty ?? null,
		name: nameOf(ticket),
		addOns: addOns.map((a) => ({
			id: a.id,
			name: nameOf(a),
			price: money(Number(a.price)),
			type: a.type,
			stockQty: a.stockQty,
			addOnAvailableCount: a.stockQty,
			startDateTime: null,
			endDateTime: null,
		})),
		addOnGroups: [],
	};
}

function validField(store: Store, eventId: string, value: unknown, index: number): Json {
	const where = `fields[${index}]`;
	const field = asObject(value, where);
	rejectUnknown(field, ['id', 'isRequired', 'contentI18n'], where);
	if (typeof field.isRequired !== 'boolean') throw badRequest(`${where}.isRequired is required`);
	const id = field.id;
	const profile = (REG_FORM_PROFILE_FIELDS as readonly string[]).includes(id as string);
	if (!profile) {
		if (typeof id !== 'string' || !UUID_RE.test(id))
			throw badRequest(
				`${where}.id must be a profile field (${REG_FORM_PROFILE_FIELDS.join(', ')}) or a question ID`,
				{ id },
			);
		if (!(store.customFields.get(eventId) ?? []).some((q) => q.id === id))
			throw badRequest(`${where}.id: question ${id} is not one of the event's`);
	}
	if (field.contentI18n !== undefined) {
		const i18n = asObject(field.contentI18n, `${where}.contentI18n`);
		rejectUnknown(i18n, ['label'], `${where}.contentI18n`);
		if (i18n.label !== undefined && typeof asObject(i18n.label, 'label').default !== 'string')
			throw badRequest(`${where}.contentI18n.label.default must be a string`);
	}
	return field;
}

function validLogic(value: unknown, index: number): Json {
	const where = `conditionalLogics[${index}]`;
	const logic = asObject(value, where);
	rejectUnknown(logic, ['id', 'sourceField', 'condition', 'action'], where);
	requireUuid(logic.id, `${where}.id`);
	requireUuid(logic.sourceField, `${where}.sourceField`);
	const condition = asObject(logic.condition, `${where}.condition`);
	optionalEnum(condition, 'type', REG_FORM_CONDITION_TYPES);
	requireUuid(condition.questionOptionId, `${where}.condition.questionOptionId`);
	const action = asObject(logic.action, `${where}.action`);
	optionalEnum(action, 'type', REG_FORM_ACTION_TYPES);
	if (typeof action.targetQuestionId !== 'string')
		throw badRequest(`${where}.action.targetQuestionId is required`);
	return logic;
}

/** A stored registration form as the registration service answers it. */
function formJson(store: Store, form: Json & { eventId: string }): Json {
	const questions = store.customFields.get(form.eventId) ?? [];
	return {
		id: form.id,
		name: form.name,
		isEnabled: form.isEnabled,
		fields: (form.fields as Json[]).map((field) => {
			const question = questions.find((q) => q.id === field.id);
			if (!question) return { id: field.id, type: 'text', isRequired: field.isRequired };
			const label = (question.contentI18n as { label: Json }).label;
			return {
				id: field.id,
				type: question.type,
				label: String(label.default ?? ''),
				isRequired: field.isRequired,
				contentI18n: (field.contentI18n as Json | undefined) ?? { label },
			};
		}),
		conditionalLogics: form.conditionalLogics,
		tickets: (form.ticketClassIds as string[]).map((id) =>
			ticketJson(store, form.eventId, ticketClassOf(store, form.eventId, id, 'ticketClassIds')),
		),
		isAddOnGroupDisplayEnabled: form.isAddOnGroupDisplayEnabled,
	};
}

function quote(store: Store, eventId: string, body: Json): Json {
	rejectUnknown(body, ['orderItems', 'promoCode'], 'the body');
	const items = asArray(body.orderItems ?? [], '"orderItems"');
	if (items.length === 0) throw badRequest('"orderItems" must hold at least one ticket');
	const promo = body.promoCode;
	if (promo !== undefined && promo !== DEMO_PROMO_CODE)
		throw badRequest(`Promo code "${String(promo)}" is not valid for this event`);
	let total = 0;
	const lines = items.map((value, i) => {
		const where = `orderItems[${i}]`;
		const item = asObject(value, where);
		rejectUnknown(item, ['ticketClassId', 'qty', 'addOnIds'], where);
		const ticket = ticketClassOf(store, eventId, item.ticketClassId, `${where}.ticketClassId`);
		const qty = item.qty;
		if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1)
			throw badRequest(`${where}.qty must be a whole number, at least 1`);
		if (qty > Number(ticket.maxQty ?? Infinity))
			throw badRequest(`${where}.qty: at most ${String(ticket.maxQty)} of this ticket per order`);
		const addOns = addOnsOf(store, eventId, ticket, item.addOnIds, `${where}.addOnIds`);
		const original = Number(ticket.price);
		const unit = promo ? original * PROMO_FACTOR : original;
		const addOnTotal = addOns.reduce((sum, a) => sum + Number(a.price), 0);
		const line = (unit + addOnTotal) * qty;
		total += line;
		return {
			ticketClassId: ticket.id,
			unitPrice: money(unit),
			qty,
			actualPrice: money(line),
			actualTicketPrice: money(unit * qty),
			originalPrice: money(original * qty),
			...(promo ? { appliedPromoCode: promo } : {}),
			addOns: addOns.map((a) => ({ id: a.id, price: money(Number(a.price)) })),
		};
	});
	return { totalAmount: money(total), items: lines, minCharge: 0 };
}

function createOrder(store: Store, eventId: string, body: Json): Json & { id: string } {
	rejectUnknown(body, ORDER_KEYS, 'the body');
	const purchaserEmail = body.purchaserEmail;
	if (typeof purchaserEmail !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(purchaserEmail))
		throw badRequest('"purchaserEmail" must be an email address', { purchaserEmail });
	const paymentMethod = optionalEnum(body, 'orderPaymentMethod', ORDER_PAYMENT_METHODS);
	optionalEnum(body, 'stripePaymentMethod', STRIPE_PAYMENT_METHODS);
	const promo = body.promoCodeName;
	if (promo !== undefined && promo !== DEMO_PROMO_CODE)
		throw badRequest(`Promo code "${String(promo)}" is not valid for this event`);
	const items = asArray(body.attendeeTicketOrderItems ?? [], '"attendeeTicketOrderItems"');
	if (items.length === 0) throw badRequest('An order needs at least one ticket');
	let total = 0;
	const orderItems = items.map((value, i) => {
		const where = `attendeeTicketOrderItems[${i}]`;
		const item = asObject(value, where);
		rejectUnknown(item, ['ticketClassId', 'regFormData', 'addOnIds'], where);
		const ticket = ticketClassOf(store, eventId, item.ticketClassId, `${where}.ticketClassId`);
		const addOns = addOnsOf(store, eventId, ticket, item.addOnIds, `${where}.addOnIds`);
		if (item.regFormData !== undefined) {
			const form = asObject(item.regFormData, `${where}.regFormData`);
			rejectUnknown(
				form,
				['email', 'regFormId', 'rsvpToken', 'eventProspectId', 'magicLinkToken', 'fields'],
				`${where}.regFormData`,
			);
			asObject(form.fields, `${where}.regFormData.fields`);
			if (form.regFormId !== undefined) {
				const regForm = store.registrationForms.get(String(form.regFormId));
				if (!regForm || regForm.eventId !== eventId)
					throw badRequest(`${where}.regFormData.regFormId is not a form of this event`);
			}
		}
		const unitPrice = Number(ticket.price) * (promo ? PROMO_FACTOR : 1);
		total += unitPrice + addOns.reduce((sum, a) => sum + Number(a.price), 0);
		return {
			id: randomUUID(),
			ticketClassId: ticket.id,
			unitPrice,
			regFormData: item.regFormData,
			addOns: addOns.map((a) => ({ ticketClassAddOnId: a.id, selectionStatus: 'regular' })),
		};
	});
	const free = total === 0;
	const status = free
		? 'completed'
		: paymentMethod === 'offline'
			? 'pending_payment'
			: 'initialized';
	// One order store: an order placed here is listed by Order Get Many (and seen by polling).
	const stored = addOrder(store, eventId, {
		status,
		paymentMethod: paymentMethod ?? 'online',
		amount: money(total),
		user: { email: purchaserEmail },
		// Stored as the order list and invoices answer an order's items: one ticket per attendee.
		orderItems: orderItems.map((item) => ({
			ticketClassId: item.ticketClassId,
			unitPrice: money(item.unitPrice),
			qty: 1,
			regFormDataSnapshot: {},
			addOns: item.addOns.map((a) => ({
				ticketClassAddOnId: a.ticketClassAddOnId,
				snapshot: {},
				qty: 1,
			})),
			associatedAttendeeId: null,
		})),
	});
	return {
		id: stored.id,
		eventId,
		purchaserEmail,
		status,
		totalAmount: money(total),
		orderPaymentMethod: paymentMethod ?? 'online',
		promoCodeName: promo,
		orderItems: orderItems.map(({ id, ticketClassId, regFormData, addOns }) => ({
			id,
			ticketClassId,
			regFormData,
			addOns,
		})),
		createdAt: stored.createdAt as string,
		...(free || paymentMethod === 'offline'
			? {}
			: { paymentSecret: `pi_${randomBytes(8).toString('hex')}_secret_demo` }),
	};
}

function paymentConfig(store: Store, eventId: string): Json {
	return (
		store.paymentConfigs.get(eventId) ?? {
			stripeId: 'acct_demo_1Nv0FGQ9RKHgCVdK',
			isStripeEnabled: true,
			isOfflinePaymentEnabled: true,
			offlinePaymentDescription: 'Bank transfer to Acme Events Ltd.',
			offlinePaymentInvoiceDueDay: 7,
		}
	);
}

/** Registration forms and the registration service's ticketing (payment configuration, orders). */
export function registrationRoutes(store: Store): Route[] {
	const reg = '/public-api/v1/reg/event/:eventId';
	return [
		{
			method: 'POST',
			pattern: '/public-api/v1/event/:eventId/registration-form',
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const b = asObject(body, 'The body');
				rejectUnknown(b, FORM_KEYS, 'the body');
				if (typeof b.name !== 'string' || b.name.trim() === '')
					throw badRequest('"name" must be a non-empty string');
				if (typeof b.isEnabled !== 'boolean') throw badRequest('"isEnabled" must be a boolean');
				const fields = asArray(b.fields, '"fields"').map((f, i) =>
					validField(store, params.eventId, f, i),
				);
				const logics = asArray(b.conditionalLogics, '"conditionalLogics"').map(validLogic);
				const ticketClassIds = asArray(b.ticketClassIds, '"ticketClassIds"').map((id, i) =>
					String(ticketClassOf(store, params.eventId, id, `ticketClassIds[${i}]`).id),
				);
				const qty = (name: string, fallback: number) => {
					const value = b[name] ?? fallback;
					if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
						throw badRequest(`"${name}" must be a whole number, at least 1`);
					return value;
				};
				const min = qty('minTicketQtyPerOrder', 1);
				const max = qty('maxTicketQtyPerOrder', 10);
				if (min > max)
					throw badRequest('"minTicketQtyPerOrder" must not exceed "maxTicketQtyPerOrder"');
				const form = {
					id: randomUUID(),
					eventId: params.eventId,
					name: b.name,
					isEnabled: b.isEnabled,
					fields,
					conditionalLogics: logics,
					ticketClassIds,
					isUniqueAttendeeEmailRequired: optionalBoolean(b, 'isUniqueAttendeeEmailRequired', false),
					isCheckInQRCodeVisibleOnCompletion: optionalBoolean(
						b,
						'isCheckInQRCodeVisibleOnCompletion',
						false,
					),
					isPromoCodeFieldEnabled: optionalBoolean(b, 'isPromoCodeFieldEnabled', true),
					isPurchaserEmailFieldEnabled: optionalBoolean(b, 'isPurchaserEmailFieldEnabled', true),
					isAddOnGroupDisplayEnabled: optionalBoolean(b, 'isAddOnGroupDisplayEnabled', false),
					minTicketQtyPerOrder: min,
					maxTicketQtyPerOrder: max,
				};
				store.registrationForms.set(form.id, form);
				return ok({ data: formJson(store, form) });
			},
		},
		{
			method: 'GET',
			pattern: reg,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ data: paymentConfig(store, params.eventId) });
			},
		},
		{
			method: 'POST',
			pattern: `${reg}/quotation`,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				return ok({ data: quote(store, params.eventId, asObject(body, 'The body')) });
			},
		},
		{
			method: 'POST',
			pattern: reg,
			handler: ({ params, body, userId }) => {
				requireEvent(store, userId, params.eventId);
				const order = createOrder(store, params.eventId, asObject(body, 'The body'));
				return ok({
					data: {
						order: {
							id: order.id,
							...(order.paymentSecret ? { paymentSecret: order.paymentSecret } : {}),
							status: order.status,
							orderItems: (order.orderItems as Json[]).map((i) => ({
								id: i.id,
								addOns: i.addOns,
							})),
						},
					},
				});
			},
		},
		{
			method: 'GET',
			pattern: `${reg}/:orderId/status`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				const order = store.orders.get(params.orderId);
				if (!order || order.eventId !== params.eventId) throw notFound('Order');
				return ok({ data: { order: { id: order.id, status: order.status } } });
			},
		},
		{
			method: 'GET',
			pattern: `${reg}/:eventRegFormId`,
			handler: ({ params, userId }) => {
				requireEvent(store, userId, params.eventId);
				requireUuid(params.eventRegFormId, 'eventRegFormId');
				const form = store.registrationForms.get(params.eventRegFormId);
				if (!form || form.eventId !== params.eventId) throw notFound('Registration form');
				return ok({ data: formJson(store, form) });
			},
		},
	];
}
