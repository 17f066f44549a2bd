/**
 * The action workflow's steps for media, registration forms, ticketing, custom domains and their
 * path mappings: each resource at least once in a real n8n, the Media Upload from a file an
 * earlier node made.
 */
import { createHash } from 'node:crypto';

import { byId, forStep, fromStep, ORG_HOSTED, type ActionSeed, type ActionStep } from './workflows';

type Json = Record<string, unknown>;

/** The banner the workflow makes: its bytes, their base64 and MD5 (what EventX is told). */
const BANNER = Buffer.from('\x89PNG\r\n\x1a\n E2E banner made by n8n', 'binary');
const BANNER_MD5 = createHash('md5').update(BANNER).digest('base64');

function mediaSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const eventId = byId(seed.eventId);
	const uploaded = fromStep('Upload Media', 'id');
	return [
		{
			name: 'Make Banner Data',
			node: { type: 'n8n-nodes-base.code', typeVersion: 2 },
			parameters: {
				jsCode: `return [{ json: { banner: '${BANNER.toString('base64')}' } }];`,
			},
			check: ({ output }) => expect(output).toHaveLength(1),
		},
		{
			// n8n's own node turns the text into a binary (kept on disk in n8n's default binary mode).
			name: 'Banner File',
			node: { type: 'n8n-nodes-base.convertToFile', typeVersion: 1.1 },
			parameters: {
				operation: 'toBinary',
				sourceProperty: 'banner',
				binaryPropertyName: 'data',
				options: { fileName: 'e2e-banner.png', mimeType: 'image/png' },
			},
			check: ({ output }) => expect(output).toHaveLength(1),
		},
		{
			name: 'Upload Media',
			parameters: { resource: 'media', operation: 'upload', eventId },
			check: ({ output, requests, state }) => {
				expect(output).toEqual([
					expect.objectContaining({
						eventId: seed.eventId,
						fileName: 'e2e-banner.png',
						byteSize: BANNER.length,
						checksum: BANNER_MD5,
						uploaded: true,
					}),
				]);
				const id = String(output[0].id);
				expect(forStep(requests, 'POST', /\/media$/).map((r) => r.body)).toEqual([
					{
						fileName: 'e2e-banner.png',
						checksum: BANNER_MD5,
						mimeType: 'image/png',
						byteSize: BANNER.length,
					},
				]);
				expect(forStep(requests, 'PUT', new RegExp(`/media/${id}/mark-uploaded$`))).toHaveLength(1);
				// The storage took the bytes (it checks them against Content-MD5) with no EventX token.
				const sent = state.storageRequests.filter((r) => String(r.path).includes(id));
				expect(sent).toEqual([
					expect.objectContaining({
						method: 'PUT',
						status: 200,
						byteLength: BANNER.length,
						contentMd5: BANNER_MD5,
					}),
				]);
				expect(sent[0].authorization).toBeUndefined();
			},
		},
		{
			name: 'Get Media',
			parameters: { resource: 'media', operation: 'get', eventId, mediaId: uploaded },
			check: ({ output }) => {
				expect(output).toEqual([
					expect.objectContaining({
						originalFilename: 'e2e-banner.png',
						mimeType: 'image/png',
						size: BANNER.length,
					}),
				]);
			},
		},
		{
			name: 'Delete Media',
			parameters: { resource: 'media', operation: 'delete', eventId, mediaId: uploaded },
			check: ({ output, state }) => {
				expect(output).toEqual([expect.objectContaining({ deleted: true })]);
				expect(state.media.some((m) => m.id === output[0].id)).toBe(false);
			},
		},
	];
}

function registrationFormSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const eventId = byId(seed.eventId);
	return [
		{
			name: 'Create Registration Form',
			parameters: {
				resource: 'registrationForm',
				operation: 'create',
				eventId,
				formName: 'E2E Form',
				ticketClassIds: [seed.ticketClassId],
				formFields: {
					field: [
						{ id: 'email', isRequired: true },
						{ id: seed.questionId, isRequired: false },
					],
				},
			},
			check: ({ output, requests, state }) => {
				expect(output).toEqual([expect.objectContaining({ name: 'E2E Form', isEnabled: true })]);
				expect(forStep(requests, 'POST', /\/registration-form$/).map((r) => r.body)).toEqual([
					{
						name: 'E2E Form',
						isEnabled: true,
						fields: [
							{ id: 'email', isRequired: true },
							{ id: seed.questionId, isRequired: false },
						],
						conditionalLogics: [],
						ticketClassIds: [seed.ticketClassId],
					},
				]);
				expect(state.registrationForms.some((f) => f.id === output[0].id)).toBe(true);
			},
		},
		{
			name: 'Get Registration Form',
			parameters: {
				resource: 'registrationForm',
				operation: 'get',
				eventId,
				regFormId: fromStep('Create Registration Form', 'id'),
			},
			check: ({ output }) => {
				expect(output).toHaveLength(1);
				expect((output[0].tickets as Json[]).map((t) => t.id)).toEqual([seed.ticketClassId]);
			},
		},
	];
}

function ticketingSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const eventId = byId(seed.eventId);
	const ticketing = (operation: string) => ({ resource: 'ticketing', operation, eventId });
	return [
		{
			name: 'Get Payment Configuration',
			parameters: ticketing('getPaymentConfiguration'),
			check: ({ output }) => {
				expect(output).toEqual([expect.objectContaining({ isOfflinePaymentEnabled: true })]);
			},
		},
		{
			name: 'Get Quotation',
			parameters: {
				...ticketing('getQuotation'),
				quotationItems: {
					item: [{ ticketClassId: seed.ticketClassId, qty: 2, addOnIds: seed.addOnId }],
				},
			},
			// The VIP pass (50.00) with one add-on (10.00), twice.
			check: ({ output, requests }) => {
				expect(output).toEqual([expect.objectContaining({ totalAmount: '120.00' })]);
				expect(forStep(requests, 'POST', /\/quotation$/).map((r) => r.body)).toEqual([
					{
						orderItems: [{ ticketClassId: seed.ticketClassId, qty: 2, addOnIds: [seed.addOnId] }],
					},
				]);
			},
		},
		{
			name: 'Create Order',
			parameters: {
				...ticketing('createOrder'),
				purchaserEmail: 'e2e.buyer@example.com',
				orderItems: {
					item: [
						{
							ticketClassId: seed.ticketClassId,
							email: 'e2e.guest@example.com',
							regFormId: fromStep('Create Registration Form', 'id'),
							fields: '{"firstName": "E2E"}',
						},
					],
				},
				options: { orderPaymentMethod: 'offline' },
			},
			check: ({ output, requests, state }) => {
				expect(output).toEqual([expect.objectContaining({ status: 'pending_payment' })]);
				expect(forStep(requests, 'POST', /\/reg\/event\/[^/]+$/)).toHaveLength(1);
				// Stored with the event's other orders (Order Get Many lists it).
				const stored = state.orders.find((o) => o.id === output[0].id);
				expect(stored).toMatchObject({
					user: expect.objectContaining({ email: 'e2e.buyer@example.com' }),
					paymentMethod: 'offline',
				});
			},
		},
		{
			name: 'Get Order Status',
			parameters: { ...ticketing('getOrderStatus'), orderId: fromStep('Create Order', 'id') },
			check: ({ output, outputOf }) => {
				expect(output).toEqual([
					expect.objectContaining({
						id: outputOf('Create Order')[0].id,
						status: 'pending_payment',
					}),
				]);
			},
		},
	];
}

/** A path of the domain Create Custom Domain made, to the event and the form made earlier. */
function pathMappingSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const mapping = (operation: string) => ({
		resource: 'customDomainPathMapping',
		operation,
		organizationId: byId(ORG_HOSTED),
		customDomainId: byId(fromStep('Create Custom Domain', 'id')),
	});
	const created = byId(fromStep('Create Path Mapping', 'id'));
	const form = fromStep('Create Registration Form', 'id');
	return [
		{
			name: 'Create Path Mapping',
			parameters: {
				...mapping('create'),
				pathName: 'e2e-summit',
				eventId: byId(seed.eventId),
				eventRegFormId: form,
			},
			check: ({ output, outputOf, requests }) => {
				const formId = outputOf('Create Registration Form')[0].id;
				expect(output).toEqual([
					expect.objectContaining({ pathName: 'e2e-summit', eventRegFormId: formId }),
				]);
				expect(forStep(requests, 'POST', /\/path-mappings$/).map((r) => r.body)).toEqual([
					{ eventId: seed.eventId, eventRegFormId: formId, pathName: 'e2e-summit' },
				]);
			},
		},
		{
			name: 'Get Many Path Mappings',
			parameters: { ...mapping('getMany'), returnAll: true },
			check: ({ output }) => {
				expect(output.map((m) => m.pathName)).toEqual(['e2e-summit']);
			},
		},
		{
			name: 'Update Path Mapping',
			parameters: {
				...mapping('update'),
				pathMappingId: created,
				pathMappingUpdateFields: { pathName: 'e2e-summit-2027', eventRegFormId: '' },
			},
			check: ({ output, requests }) => {
				expect(output).toEqual([
					expect.objectContaining({ pathName: 'e2e-summit-2027', eventRegFormId: null }),
				]);
				expect(forStep(requests, 'PUT', /\/path-mappings\/[^/]+$/).map((r) => r.body)).toEqual([
					{ pathName: 'e2e-summit-2027', eventRegFormId: null },
				]);
			},
		},
		{
			name: 'Delete Path Mapping',
			parameters: { ...mapping('delete'), pathMappingId: created },
			check: ({ output, state }) => {
				expect(output).toEqual([expect.objectContaining({ deleted: true })]);
				expect(state.pathMappings.some((m) => m.id === output[0].id)).toBe(false);
			},
		},
	];
}

function customDomainSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	const DOMAIN = 'e2e.acme.example';
	const domain = (operation: string) => ({
		resource: 'customDomain',
		operation,
		organizationId: byId(ORG_HOSTED),
	});
	const created = byId(fromStep('Create Custom Domain', 'id'));
	return [
		{
			name: 'Create Custom Domain',
			parameters: {
				...domain('create'),
				domain: DOMAIN,
				defaultRedirectUrl: 'https://acme.example/events',
			},
			check: ({ output, requests }) => {
				expect(output).toEqual([expect.objectContaining({ domain: DOMAIN, status: 'pending' })]);
				expect(forStep(requests, 'POST', /\/custom-domains$/).map((r) => r.body)).toEqual([
					{ domain: DOMAIN, defaultRedirectUrl: 'https://acme.example/events' },
				]);
			},
		},
		{
			name: 'Get Many Custom Domains',
			parameters: { ...domain('getMany'), returnAll: true },
			check: ({ output }) => {
				expect(output.filter((d) => d.domain === DOMAIN)).toHaveLength(1);
			},
		},
		{
			name: 'Get Custom Domain',
			parameters: { ...domain('get'), customDomainId: created },
			check: ({ output }) => {
				expect(output).toEqual([expect.objectContaining({ domain: DOMAIN })]);
				expect((output[0].dnsRecords as Json[]).length).toBeGreaterThan(0);
			},
		},
		{
			name: 'Update Custom Domain',
			parameters: {
				...domain('update'),
				customDomainId: created,
				defaultRedirectUrl: 'https://acme.example/2027',
			},
			check: ({ output, requests }) => {
				expect(output[0].defaultRedirectUrl).toBe('https://acme.example/2027');
				expect(forStep(requests, 'PUT', /\/custom-domains\/[^/]+$/).map((r) => r.body)).toEqual([
					{ defaultRedirectUrl: 'https://acme.example/2027' },
				]);
			},
		},
		{
			name: 'Verify Custom Domain',
			parameters: { ...domain('verify'), customDomainId: created },
			check: ({ output }) => expect(output[0].status).toBe('pending_ssl'),
		},
		// The path mappings need the domain: they run before its delete.
		...pathMappingSteps(expect, seed),
		{
			name: 'Delete Custom Domain',
			parameters: { ...domain('delete'), customDomainId: created },
			check: ({ output, state }) => {
				expect(output).toEqual([expect.objectContaining({ deleted: true })]);
				expect(state.customDomains.some((d) => d.domain === DOMAIN)).toBe(false);
			},
		},
	];
}

export function registrationSteps(expect: jest.Expect, seed: ActionSeed): ActionStep[] {
	return [
		...mediaSteps(expect, seed),
		...registrationFormSteps(expect, seed),
		...ticketingSteps(expect, seed),
		...customDomainSteps(expect, seed),
	];
}
