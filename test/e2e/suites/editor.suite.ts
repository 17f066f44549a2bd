/**
 * n8n's editor in a real browser (Debian's Chromium, driven by playwright-core): the node found
 * in the node panel, the parameter panels of the most used operations, and the credential dialog,
 * checked as a person would check them, with a PNG of each panel.
 *
 * Screenshots go to `test/e2e/.artifacts/screenshots` (or SCREENSHOTS_DIR: `npm run screenshots`
 * writes the README's into docs/screenshots). Without Chromium the suite is skipped, except in CI.
 */

import { chromium, selectors, type Browser, type Locator, type Page } from 'playwright-core';

import { organizationLabel } from '../../../nodes/EventX/methods/listSearch';
import { demoExamples, EXAMPLE_IDS, REPO_ROOT } from '../../../scripts/n8n-runtime';
import { isAtLeast2, outputOf, OWNER, type E2eEnvironment } from '../environment';
import {
	CREDENTIAL_ID,
	NODE_TYPE,
	pollingWorkflow,
	TRIGGER_TYPE,
	type SimState,
} from '../workflows';
import type { E2eSuite } from './types';
import { clearTimeout, fs, path, printError, process, setTimeout } from '../../platform.cjs';

const { existsSync, mkdirSync } = fs;
const { join } = path;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SCREENSHOTS =
	process.env.SCREENSHOTS_DIR ?? join(REPO_ROOT, 'test', 'e2e', '.artifacts', 'screenshots');
const PANELS_WORKFLOW = 'evxE2eEditorPanels1';
const SCHEMA_WORKFLOW = 'evxE2eSchemaPreview';
/** Manual Trigger → Get Many Attendees of the examples' demo event, run from the editor. */
const SIMPLIFIED_WORKFLOW = 'evxE2eSimplified001';
/** The scheduled-outreach example's trigger. */
const OUTREACH_TRIGGER = 'New Attendees at 08:00';
/** An event only the schema preview's node names: any request for it would mean the node ran. */
const SCHEMA_EVENT_ID = '5c8e0f3a-0000-4000-8000-5c4e3a000001';
// Its own workflow: "Fetch Test Event" saves an execution, which the polling suite's counts must
// not see; on an event no other suite polls.
const POLLING_PANEL_WORKFLOW = 'evxE2ePollingPanel1';
const available = existsSync(CHROMIUM);
if (!available && process.env.CI) throw new Error(`Chromium is needed at ${CHROMIUM} in CI`);
const describeIfChromium = available ? describe : describe.skip;
if (!available)
	printError(`Editor tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);

/** The panels a user opens most, each an EventX node of the panels workflow. */
interface Panel {
	node: string;
	screenshot: string;
	parameters: Record<string, unknown>;
	/** Opens a dropdown of the panel and returns the option texts it lists. */
	dropdown?: { parameter: string; expect: string[] };
	/** Opens a picker (resource locator), types `search` if given, and expects these entries. */
	locator?: { parameter: string; search?: string; expect: string[] };
	/** Texts the panel shows once it loaded them from EventX (e.g. the resource mapper's columns). */
	shows?: string[];
}

let seededEventNames: string[];
/** The demo event of the examples, as the panel must show it. */
let exampleEvent: { id: string; name: string };
let foreignEventNames: string[];
let panels: Panel[];

/** The first event as a user leaves it after picking it from the list. */
function pickedEvent(state: SimState) {
	const eventId = state.seeded.eventIds[0];
	const event = state.events.find((e) => e.id === eventId)!;
	const name = (event.contentI18n as { name: { default: string } }).name.default;
	return { __rl: true, mode: 'list', value: eventId, cachedResultName: name };
}

function panelsFor(state: SimState): Panel[] {
	const eventId = state.seeded.eventIds[0];
	const event = pickedEvent(state);
	const question = state.customFields[eventId].find((q) => q.type === 'text')!;
	// A seeded attendee the other suites leave alone, found by typing part of its email.
	const guest = state.attendees.find(
		(a) => a.eventId === eventId && a.invitationEmail === 'guest7.e0@example.com',
	)!;
	const guestLabel = `${String(guest.name)} (${String(guest.invitationEmail)})`;
	// The hosted organization as the picker names it: by its events, latest first.
	const organizationId = state.seeded.organizations.hosted;
	const organizationName = organizationLabel(
		state.events
			.filter((e) => e.organizationId === organizationId)
			.sort((a, b) => String(b.startsAt).localeCompare(String(a.startsAt)))
			.map((e) => (e.contentI18n as { name: { default: string } }).name.default),
	);
	const pickedOrganization = {
		__rl: true,
		mode: 'list',
		value: organizationId,
		cachedResultName: organizationName,
	};
	return [
		{
			node: 'Create an Event',
			screenshot: 'action-event-create',
			parameters: {
				resource: 'event',
				operation: 'create',
				organizationId: pickedOrganization,
				name: 'Launch Party',
				startsAt: '2027-03-01T18:00:00',
				endsAt: '2027-03-01T22:00:00',
			},
			// EventX lists no organizations: they are named by their events.
			locator: { parameter: 'organizationId', expect: ['Organization of '] },
		},
		{
			node: 'Get Many Events',
			screenshot: 'action-event-get-many',
			parameters: { resource: 'event', operation: 'getMany', returnAll: false, limit: 50 },
		},
		{
			node: 'Create or Update Attendees',
			screenshot: 'action-attendee-create-or-update',
			parameters: {
				resource: 'attendee',
				operation: 'upsert',
				eventId: event,
				matchOn: 'invitationEmail',
				// No saved schema: the editor loads the columns from EventX when the panel opens.
				columns: {
					mappingMode: 'defineBelow',
					value: {
						invitationEmail: '={{ $json.email }}',
						firstName: '={{ $json.first_name }}',
						[String(question.id)]: '11-50',
					},
					matchingColumns: [],
					schema: [],
					attemptToConvertTypes: false,
					convertFieldsToString: false,
				},
			},
			// The event's questions are columns, by label.
			shows: ['Invitation Email', 'First Name', 'Company Size'],
		},
		{
			node: 'Get Many Attendees',
			screenshot: 'action-attendee-get-many',
			parameters: {
				resource: 'attendee',
				operation: 'getMany',
				eventId: event,
				returnAll: true,
				filters: { search: 'ada@example.com', createdAfter: '2026-11-01T00:00:00' },
				sort: { rules: [{ field: 'createdAt', direction: 'desc' }] },
			},
		},
		{
			node: 'Change Ticket',
			screenshot: 'action-attendee-change-ticket',
			parameters: {
				resource: 'attendee',
				operation: 'changeTicket',
				eventId: event,
				attendeeId: {
					__rl: true,
					mode: 'list',
					value: guest.id,
					cachedResultName: guestLabel,
				},
				ticketClassId: state.ticketClasses[eventId][1].id,
			},
			dropdown: { parameter: 'ticketClassId', expect: ['General', 'VIP Pass'] },
			locator: { parameter: 'attendeeId', search: 'guest7.e0', expect: [guestLabel] },
		},
		{
			node: 'Get Many Orders',
			screenshot: 'action-order-get-many',
			parameters: {
				resource: 'order',
				operation: 'getMany',
				eventId: event,
				returnAll: false,
				limit: 50,
				filters: { status: ['paid', 'completed'], paymentMethod: ['online'], search: 'Grace' },
				sort: { rules: [{ field: 'purchasedAt', direction: 'desc' }] },
			},
		},
		{
			node: 'Send Confirmation Emails',
			screenshot: 'action-outreach-send-confirmation-email',
			parameters: { resource: 'outreach', operation: 'sendConfirmationEmail', eventId: event },
		},
		{
			node: 'Create a Webhook',
			screenshot: 'action-webhook-create',
			parameters: {
				resource: 'webhook',
				operation: 'create',
				eventId: event,
				webhookUrl: 'https://hooks.example.com/eventx',
				webhookActions: ['attendee-create', 'attendee-check-in'],
			},
		},
		{
			node: 'Upload a Media File',
			screenshot: 'action-media-upload',
			parameters: {
				resource: 'media',
				operation: 'upload',
				eventId: event,
				binaryPropertyName: 'data',
				options: { fileName: 'banner.png', source: 'attendee_registration' },
			},
		},
		{
			node: 'Create a Custom Domain',
			screenshot: 'action-custom-domain-create',
			parameters: {
				resource: 'customDomain',
				operation: 'create',
				organizationId: pickedOrganization,
				domain: 'events.acme.example',
				defaultRedirectUrl: 'https://acme.example/events',
			},
			locator: { parameter: 'organizationId', expect: ['Organization of '] },
		},
		{
			// The event picker inside Update Fields (a resource locator in a collection).
			node: 'Update a Path Mapping',
			screenshot: 'action-path-mapping-update',
			parameters: {
				resource: 'customDomainPathMapping',
				operation: 'update',
				organizationId: pickedOrganization,
				customDomainId: { __rl: true, mode: 'id', value: '7d1e2f3a-4b5c-4d6e-8f70-000000000001' },
				pathMappingId: { __rl: true, mode: 'id', value: '5a6b7c8d-9e0f-4a1b-8c2d-000000000001' },
				pathMappingUpdateFields: { eventId: event, pathName: 'summit-2027' },
			},
			locator: { parameter: 'eventId', expect: seededEventNames.slice(0, 1) },
		},
	];
}

function panelsWorkflow(state: SimState) {
	const credentials = { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } };
	return {
		id: PANELS_WORKFLOW,
		name: 'E2E editor panels',
		active: false,
		settings: { executionOrder: 'v1' },
		connections: {},
		nodes: [
			{
				id: 'panel-trigger',
				name: 'EventX Trigger',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				webhookId: '2d9b7f4e-1c3a-4e5b-8f6d-7a8b9c0d1e2f',
				parameters: {
					eventId: pickedEvent(state),
					events: ['attendee-create', 'attendee-check-in'],
					output: 'tidy',
				},
				credentials,
			},
			...panels.map((panel, i) => ({
				id: `panel-${i}`,
				name: panel.node,
				type: NODE_TYPE,
				typeVersion: 1,
				position: [260 * (i + 1), 200],
				parameters: panel.parameters,
				credentials,
			})),
		],
	};
}

/**
 * Manual Trigger → EventX (Attendee > Get Many, never run) → Edit Fields: the mapping panel of
 * Edit Fields shows EventX's fields from the output schema the package ships.
 */
function schemaPreviewWorkflow() {
	const node = (name: string, type: string, typeVersion: number, x: number, extra = {}) => ({
		id: `schema-${x}`,
		name,
		type,
		typeVersion,
		position: [x, 0],
		...extra,
	});
	const nodes = [
		node('Start', 'n8n-nodes-base.manualTrigger', 1, 0, { parameters: {} }),
		node('Get Many Attendees', NODE_TYPE, 1, 240, {
			parameters: {
				resource: 'attendee',
				operation: 'getMany',
				eventId: { __rl: true, mode: 'id', value: SCHEMA_EVENT_ID },
				returnAll: false,
				limit: 5,
			},
			credentials: { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } },
		}),
		node('Edit Fields', 'n8n-nodes-base.set', 3.4, 480, {
			parameters: { assignments: { assignments: [] }, options: {} },
		}),
	];
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: SCHEMA_WORKFLOW,
		name: 'E2E schema preview',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes,
		connections: { Start: link('Get Many Attendees'), 'Get Many Attendees': link('Edit Fields') },
	};
}

/** Manual Trigger → Get Many Attendees (5) of the examples' demo event, picked from the list. */
function simplifiedWorkflow(): Record<string, unknown> {
	const link = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });
	return {
		id: SIMPLIFIED_WORKFLOW,
		name: 'E2E Get Many, simplified',
		active: false,
		settings: { executionOrder: 'v1' },
		nodes: [
			{
				id: 'simplified-start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'simplified-get-many',
				name: 'Get Many Attendees',
				type: NODE_TYPE,
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'attendee',
					operation: 'getMany',
					eventId: {
						__rl: true,
						mode: 'list',
						value: exampleEvent.id,
						cachedResultName: exampleEvent.name,
					},
					returnAll: false,
					limit: 5,
				},
				credentials: { eventXApi: { id: CREDENTIAL_ID, name: 'EventX API' } },
			},
		],
		connections: { Start: link('Get Many Attendees') },
	};
}

/** Opens a node's panel from the canvas. */
async function openNode(page: Page, name: string): Promise<Locator> {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
	const ndv = page.getByTestId('ndv');
	await ndv.waitFor();
	return ndv;
}

async function screenshot(page: Page, name: string): Promise<void> {
	mkdirSync(SCREENSHOTS, { recursive: true });
	await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Opens an editor route the way a link in the editor does, through n8n's router: a page load makes
 * Chromium parse and start n8n's editor again (about 9 s of CPU each on the test machine, most of
 * the suite's). A page load when the router cannot take it within 5 s (the route already open, or
 * a guard waiting for an answer about unsaved changes), and always on releases before 2.41: n8n
 * 2.8's editor, moved between workflows through its router, showed a canvas without the nodes'
 * subtitles and a node creator without EventX's actions (two runs out of two).
 */
async function openRoute(page: Page, env: E2eEnvironment, route: string): Promise<void> {
	await navigate(page, env, route);
	// A page load's 6 to 9 CPU-s, beside the other real-n8n files on CI's two cores, took the
	// canvas longer than an action's 30 s (three clicks on canvas nodes timed out there, 2026-11-28):
	// wait for the canvas to be drawn (its nodes stay hidden until measured) as long as a load takes.
	if (route.startsWith('/workflow/'))
		await page
			.locator('[data-test-id="canvas-node"]:visible, [data-test-id="canvas-plus-button"]:visible')
			.first()
			.waitFor({ timeout: EDITOR_LOAD_TIMEOUT });
}

/** How long n8n's editor may take to load and draw a workflow on a loaded two-core machine. */
const EDITOR_LOAD_TIMEOUT = 120_000;

async function navigate(page: Page, env: E2eEnvironment, route: string): Promise<void> {
	const load = async () => {
		await page.goto(`${env.baseUrl}${route}`);
	};
	if (!isAtLeast2(env.setup.n8n.release, 41)) return await load();
	interface Router {
		push(to: string): Promise<unknown>;
		currentRoute: { value: { fullPath: string } };
	}
	const pushed = page
		.locator('#app')
		.evaluate(async (host, to) => {
			const router = (
				host as unknown as {
					__vue_app__?: { config: { globalProperties: { $router?: Router } } };
				}
			).__vue_app__?.config.globalProperties.$router;
			if (!router || router.currentRoute.value.fullPath === to) return false;
			const failure = await router.push(to);
			return failure === undefined && router.currentRoute.value.fullPath === to;
		}, route)
		// a page load below ends a push still waiting
		.catch(() => false);
	let timer: ReturnType<typeof setTimeout> | undefined;
	const routed = await Promise.race([
		pushed,
		new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), 5000))),
	]);
	clearTimeout(timer);
	if (!routed) await load();
}

/**
 * The texts of the options of the open dropdown, once `expected` (loaded from EventX) shows.
 * `open` opens it: tried again while no list shows (on a loaded machine a click can land while
 * the panel is still mounting, and nothing opens).
 */
async function openOptions(
	page: Page,
	expected: string[],
	open?: () => Promise<void>,
): Promise<string[]> {
	const items = page.locator(
		'.el-select-dropdown__item:visible, [data-test-id="rlc-item"]:visible',
	);
	for (let attempt = 1; open && attempt <= 3; attempt++) {
		await open();
		// (an open list shows its popup at once, its options maybe only once loaded)
		const opened = await page
			.locator(
				'.el-select-dropdown:visible, [data-test-id="resource-locator-dropdown"]:visible, .el-select-dropdown__item:visible, [data-test-id="rlc-item"]:visible',
			)
			.first()
			.waitFor({ timeout: 5_000 })
			.then(
				() => true,
				() => false,
			);
		if (opened) break;
	}
	// A list first shows the chosen value alone, then what it loaded.
	for (const name of expected) {
		const shown = await items
			.filter({ hasText: name })
			.first()
			.waitFor({ timeout: 15_000 })
			.then(
				() => true,
				() => false,
			);
		if (!shown) {
			await screenshot(page, 'dropdown-missing-option');
			const listed = JSON.stringify(await items.allInnerTexts());
			throw new Error(`The open list shows no "${name}": ${listed}`);
		}
	}
	// An option may show a description under its name: the first line is the name.
	return (await items.allInnerTexts()).map((t) => t.trim().split('\n')[0].trim());
}

/** An entry's name: its first line (n8n 2.41 shows a description under it, 2.8 did not). */
const itemName = (text: string) => text.trim().split('\n')[0].trim();

/** The node panel's entry named `name`, once the panel shows it (matched by its name element). */
async function panelItem(page: Page, name: RegExp): Promise<Locator> {
	const items = page.getByTestId('item-iterator-item');
	const item = items.filter({ has: page.getByText(name) }).first();
	const shown = await item.waitFor({ timeout: 30_000 }).then(
		() => true,
		() => false,
	);
	if (shown) return item;
	await screenshot(page, 'node-panel-missing-entry');
	const offered = (await items.allInnerTexts()).map(itemName);
	throw new Error(`The node panel offers no ${name}: ${JSON.stringify(offered)}`);
}

/** Opens the node panel from a plus button, searches EventX and opens the action node's actions. */
async function openEventXActions(page: Page, plusButton: string): Promise<void> {
	await page.getByTestId(plusButton).click();
	await page.getByTestId('node-creator-search-bar').fill('EventX');
	await (await panelItem(page, /^EventX$/)).click();
}

/** What a person would notice first in a panel: a broken icon, a parameter issue, an error. */
async function panelProblems(ndv: Locator): Promise<string[]> {
	const problems: string[] = [];
	const icon = ndv.locator('img[src*="n8n-nodes-eventx"]').first();
	await icon.waitFor();
	const width = await icon.evaluate(
		(img) => (img as unknown as { naturalWidth: number }).naturalWidth,
	);
	if (width === 0) problems.push('the node icon did not load');
	const issues = await ndv.getByTestId('parameter-issues').count();
	if (issues > 0) problems.push(`${issues} parameter issue(s)`);
	// A dropdown that failed to load says so inside its input, which innerText leaves out.
	const inputs = await ndv.locator('input:visible').evaluateAll((els) =>
		els.flatMap((el) => {
			const input = el as unknown as { placeholder: string; value: string };
			return [input.placeholder, input.value];
		}),
	);
	for (const line of [...(await ndv.innerText()).split('\n'), ...inputs])
		if (/Error fetching options|Could not load|Issues:|Problem loading/i.test(line))
			problems.push(line.trim());
	return problems;
}

async function expectHealthyPanel(ndv: Locator): Promise<void> {
	expect(await panelProblems(ndv)).toEqual([]);
}

export const editorSuite: E2eSuite = {
	workflows(state) {
		const nameOf = (e: Record<string, unknown>) =>
			String((e.contentI18n as { name: { default: string } }).name.default);
		const visible = (e: Record<string, unknown>) => state.seeded.eventIds.includes(String(e.id));
		seededEventNames = state.events.filter(visible).map(nameOf);
		foreignEventNames = state.events.filter((e) => !visible(e)).map(nameOf);
		panels = panelsFor(state);
		const examples = demoExamples(state, CREDENTIAL_ID);
		exampleEvent = { id: examples.events.outreach, name: examples.eventName };
		return [
			panelsWorkflow(state),
			schemaPreviewWorkflow(),
			simplifiedWorkflow(),
			pollingWorkflow(POLLING_PANEL_WORKFLOW, state.seeded.eventIds[3], 'orderPaid'),
		];
	},

	server(env) {
		describeIfChromium("n8n's editor in Chromium", () => {
			let browser: Browser;
			let page: Page;

			beforeAll(async () => {
				selectors.setTestIdAttribute('data-test-id');
				browser = await chromium.launch({
					executablePath: CHROMIUM,
					args: [
						'--no-sandbox',
						'--disable-gpu',
						'--disable-quic',
						'--no-first-run',
						'--disable-background-networking',
						'--disable-component-update',
						'--disable-sync',
					],
				});
				page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
				page.setDefaultTimeout(30_000);
				page.setDefaultNavigationTimeout(EDITOR_LOAD_TIMEOUT);
				await page.goto(`${env().baseUrl}/signin`);
				await page
					.locator('input[name=emailOrLdapLoginId]')
					.waitFor({ timeout: EDITOR_LOAD_TIMEOUT });
				await page.fill('input[name=emailOrLdapLoginId]', OWNER.email);
				await page.fill('input[name=password]', OWNER.password);
				await page.click('button:has-text("Sign in")');
				await page.waitForURL(/\/home|\/workflows/);
			});

			afterAll(async () => {
				await browser?.close();
			});

			test('the node panel finds EventX by search: its icon renders, the trigger and the actions are offered', async () => {
				await openRoute(page, env(), `/workflow/new`);
				await page.getByTestId('canvas-plus-button').click();
				await page.getByTestId('node-creator-search-bar').fill('EventX');
				const found = await panelItem(page, /^EventX$/);
				const icon = found.locator('img').first();
				expect(
					await icon.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth),
				).toBeGreaterThan(0);
				await screenshot(page, 'node-panel-search');

				// On an empty canvas the panel offers the trigger's five attendee changes.
				await found.click();
				await panelItem(page, /^On attendee created$/i);
				const names = (await page.getByTestId('item-iterator-item').allInnerTexts()).map((t) =>
					itemName(t).toLowerCase(),
				);
				expect(names).toEqual(
					expect.arrayContaining([
						'on attendee checked in',
						'on attendee checked out',
						'on attendee created',
						'on attendee deleted',
						'on attendee updated',
					]),
				);
				await screenshot(page, 'node-panel-triggers');
				await (await panelItem(page, /^On attendee checked in$/i)).click();
				const ndv = page.getByTestId('ndv');
				await ndv.waitFor();
				// The chosen change is preset in Trigger On.
				await expect(ndv.getByTestId('parameter-input-events').innerText()).resolves.toMatch(
					/Attendee Checked In/,
				);
				await page.getByTestId('ndv-close-button').click();

				// After the trigger: the action node, with every operation as an action.
				await openEventXActions(page, 'node-creator-plus-button');
				// The list is long and rendered as it scrolls: a tall window shows all of it.
				await page.setViewportSize({ width: 1400, height: 2000 });
				for (const name of [
					'Create or update attendees',
					'Get many attendee tags',
					'Get many events',
					'Send confirmation emails',
					'Create a webhook',
				])
					await panelItem(page, new RegExp(`^${name}$`));
				await page.setViewportSize({ width: 1400, height: 900 });
				await screenshot(page, 'node-panel-actions');
				await (await panelItem(page, /^Get many events$/)).click();
				await ndv.waitFor();
				await expectHealthyPanel(ndv);
				await page.getByTestId('ndv-close-button').click();
			});

			test('the trigger panel lists the events of the account', async () => {
				await openRoute(page, env(), `/workflow/${PANELS_WORKFLOW}`);
				await page
					.locator('[data-test-id="canvas-node"][data-node-name="EventX Trigger"]')
					.dblclick();
				const ndv = page.getByTestId('ndv');
				await ndv.waitFor();
				await expectHealthyPanel(ndv);
				await screenshot(page, 'trigger');
				const listed = await openOptions(page, seededEventNames, async () => {
					await ndv.getByTestId('rlc-input').click();
				});
				expect(listed).toEqual(expect.arrayContaining(seededEventNames));
				// Never the events of an organization the account does not belong to.
				expect(listed.filter((name) => foreignEventNames.includes(name))).toEqual([]);
				await screenshot(page, 'trigger-event-list');
				await page.keyboard.press('Escape');
				await page.getByTestId('ndv-close-button').click();
			});

			test('the panels of the most used operations render without issues; dropdowns list the account data', async () => {
				await openRoute(page, env(), `/workflow/${PANELS_WORKFLOW}`);
				// The canvas says under each node what it does.
				await page
					.getByTestId('canvas-wrapper')
					.getByText('Get Many: Event', { exact: true })
					.waitFor();
				await page.getByText('Create or Update: Attendee', { exact: true }).waitFor();
				await page.getByText('Created, Checked In', { exact: true }).waitFor();
				await screenshot(page, 'canvas');
				for (const panel of panels) {
					await page
						.locator(`[data-test-id="canvas-node"][data-node-name="${panel.node}"]`)
						.dblclick();
					const ndv = page.getByTestId('ndv');
					await ndv.waitFor();
					for (const text of panel.shows ?? [])
						await ndv.getByText(text, { exact: true }).first().waitFor({ timeout: 15_000 });
					await expectHealthyPanel(ndv);
					await screenshot(page, panel.screenshot);
					if (panel.dropdown) {
						const input = ndv.getByTestId(`parameter-input-${panel.dropdown.parameter}`);
						expect(
							await openOptions(page, panel.dropdown.expect, async () => await input.click()),
						).toEqual(expect.arrayContaining(panel.dropdown.expect));
						await page.keyboard.press('Escape');
					}
					if (panel.locator) {
						const picker = ndv.getByTestId(`resource-locator-${panel.locator.parameter}`);
						await picker.getByTestId('rlc-input').click();
						// The test ID sits on the search input itself or on its wrapper, by n8n version.
						if (panel.locator.search)
							await page
								.locator('input[data-test-id="rlc-search"], [data-test-id="rlc-search"] input')
								.first()
								.fill(panel.locator.search);
						const listed = await openOptions(page, panel.locator.expect);
						for (const expected of panel.locator.expect)
							expect(listed.some((name) => name.startsWith(expected))).toBe(true);
						await screenshot(page, `${panel.screenshot}-picker`);
						await page.keyboard.press('Escape');
					}
					await page.getByTestId('ndv-close-button').click();
					await ndv.waitFor({ state: 'hidden' });
				}
			});

			test("the node panel's details describe the action node, not the trigger", async () => {
				await openRoute(page, env(), `/workflow/new`);
				await openEventXActions(page, 'canvas-plus-button');
				await page
					.getByText(
						'Manage events, attendees, orders, tickets, outreach, media, domains and webhooks in EventX',
					)
					.first()
					.waitFor();
				await page.keyboard.press('Escape');
			});

			test('an example opens with the demo event by name and, run once from the editor, shows what it would send, sending nothing', async () => {
				await openRoute(page, env(), `/workflow/${EXAMPLE_IDS.outreach}`);
				const ndv = await openNode(page, OUTREACH_TRIGGER);
				const shown = await ndv
					.getByTestId('resource-locator-eventId')
					.getByTestId('rlc-input')
					.inputValue();
				expect(shown).toBe(exampleEvent.name);
				expect(shown).not.toContain(exampleEvent.id);
				await expectHealthyPanel(ndv);
				await screenshot(page, 'example-event-by-name');
				await page.getByTestId('ndv-close-button').click();
				await ndv.waitFor({ state: 'hidden' });

				// A first run from the editor: the trigger's test event passes through the switched-off
				// send, which shows it, and nothing is sent.
				const sentBefore = (await env().state()).outbox.length;
				const clicked = Date.now();
				await page.getByTestId('execute-workflow-button').click();
				await page
					.locator(`[data-test-id="canvas-node"][data-node-name="${OUTREACH_TRIGGER}"]`)
					.getByTestId('canvas-node-status-success')
					.waitFor({ timeout: 60_000 });
				let shownBySend: unknown[] = [];
				for (let i = 0; i < 40 && shownBySend.length === 0; i++) {
					if (i > 0) await page.waitForTimeout(250);
					const run = (await env().executions(EXAMPLE_IDS.outreach, 1)).find(
						(e) => new Date(e.startedAt ?? 0).getTime() >= clicked - 1000,
					);
					if (run) shownBySend = outputOf(run.data.resultData.runData, 'Send Confirmation Email');
				}
				expect(shownBySend).toHaveLength(1);
				// The canvas counts the item into the switched-off send and out of it.
				await page.getByText('1 item', { exact: true }).nth(1).waitFor();
				await screenshot(page, 'example-outreach-first-run');
				expect((await env().state()).outbox.length).toBe(sentBefore);
			});

			test("Get Many's output is simplified: answers by question label, no raw copies", async () => {
				await openRoute(page, env(), `/workflow/${SIMPLIFIED_WORKFLOW}`);
				const clicked = Date.now();
				await page.getByTestId('execute-workflow-button').click();
				await page
					.locator('[data-test-id="canvas-node"][data-node-name="Get Many Attendees"]')
					.getByTestId('canvas-node-status-success')
					.waitFor({ timeout: 60_000 });
				const ndv = await openNode(page, 'Get Many Attendees');
				// Simplify is on by default: answers by question label, no rawData copy.
				await expect(
					ndv.getByTestId('parameter-input-simplify').locator('input').isChecked(),
				).resolves.toBe(true);
				const output = ndv.getByTestId('ndv-data-container').last();
				await output.getByText('customFields', { exact: false }).first().waitFor();
				expect(await output.innerText()).not.toMatch(/rawData/);
				// What the table shows of nested answers differs between n8n versions (2.41 renders
				// cells as they scroll in): the answers by label are read from the run itself.
				let rows: Array<Record<string, unknown>> = [];
				for (let i = 0; i < 40 && rows.length === 0; i++) {
					if (i > 0) await page.waitForTimeout(250);
					const run = (await env().executions(SIMPLIFIED_WORKFLOW, 1)).find(
						(e) => new Date(e.startedAt ?? 0).getTime() >= clicked - 1000,
					);
					if (run) rows = outputOf(run.data.resultData.runData, 'Get Many Attendees');
				}
				expect(rows.length).toBeGreaterThan(0);
				expect(rows.filter((row) => 'rawData' in row)).toEqual([]);
				const labels = rows.flatMap((row) => Object.keys((row.customFields as object) ?? {}));
				expect(labels).toContain('Company Size');
				await screenshot(page, 'action-attendee-simplified-output');
				await page.getByTestId('ndv-close-button').click();
				await ndv.waitFor({ state: 'hidden' });
			});

			// n8n's editor asks the server for an unexecuted node's output schema (triggers excepted:
			// their schemas serve n8n's AI builder).
			test("before the first run, the next node's mapping panel lists the EventX node's output fields", async () => {
				await env().clearRequests();
				await openRoute(page, env(), `/workflow/${SCHEMA_WORKFLOW}`);
				await page.locator('[data-test-id="canvas-node"][data-node-name="Edit Fields"]').dblclick();
				const ndv = page.getByTestId('ndv');
				await ndv.waitFor();
				const input = ndv.getByTestId('ndv-input-panel');
				// The schema view of the input: the EventX node's fields, marked as a preview.
				await input.getByTestId('schema-preview-warning').first().waitFor();
				// The list renders as it scrolls: fields near its top.
				for (const field of ['firstName', 'lastName', 'invitationEmail', 'registrationStatus'])
					await input.getByText(field, { exact: true }).first().waitFor();
				expect(await input.innerText()).not.toMatch(/\brawData\b/);
				await screenshot(page, 'schema-preview-mapping');
				// Nothing ran: the fields came from the package's schema, not from EventX. (Triggers
				// other suites keep active read EventX meanwhile: only this node names this event.)
				const requests = await env().apiRequests();
				expect(requests.filter((r) => r.path.includes(SCHEMA_EVENT_ID))).toEqual([]);
				await page.getByTestId('ndv-close-button').click();
				await ndv.waitFor({ state: 'hidden' });
			});

			test("the polling trigger's notice sits under the Poll Times it names; Order Paid's test event is a paid order", async () => {
				await openRoute(page, env(), `/workflow/${POLLING_PANEL_WORKFLOW}`);
				await page
					.locator('[data-test-id="canvas-node"][data-node-name="EventX Polling Trigger"]')
					.dblclick();
				const ndv = page.getByTestId('ndv');
				await ndv.waitFor();
				await expectHealthyPanel(ndv);
				const text = await ndv.innerText();
				expect(text.indexOf('Poll Times')).toBeGreaterThanOrEqual(0);
				expect(text.indexOf('Poll Times')).toBeLessThan(
					text.indexOf('Checks EventX at the Poll Times above'),
				);
				await ndv.getByTestId('node-execute-button').first().click();
				const output = ndv.getByTestId('ndv-data-container').last();
				await output.getByText('120.00').first().waitFor({ timeout: 30_000 });
				expect(await output.innerText()).toMatch(/paid/);
				await screenshot(page, 'polling-trigger-order-paid');
				await page.getByTestId('ndv-close-button').click();
				await ndv.waitFor({ state: 'hidden' });
			});

			test('the credential dialog shows Base URL and the choice of token', async () => {
				await openRoute(page, env(), `/home/credentials`);
				await page.getByText('EventX API', { exact: true }).first().click();
				const dialog = page.locator('.el-dialog:visible, [role="dialog"]:visible').first();
				await dialog.waitFor();
				// The dialog opens before its fields render.
				await dialog.getByTestId('parameter-input-baseUrl').waitFor();
				const text = await dialog.innerText();
				for (const label of ['Base URL', 'Authentication', 'API Token'])
					expect(text).toContain(label);
				await screenshot(page, 'credential');
				await page.keyboard.press('Escape');
			});

			// Last: it leaves the panels workflow edited and unsaved.
			test('a dropdown reloads for the event picked from the list; a refused load shows as an error', async () => {
				const state = await env().state();
				const [first, other] = state.seeded.eventIds.slice(0, 2).map((id) => {
					const event = state.events.find((e) => e.id === id)!;
					return { id, name: (event.contentI18n as { name: { default: string } }).name.default };
				});
				/** Picks the event from the list; resolves once n8n asked for its ticket classes. */
				const pickEvent = async (event: { id: string; name: string }) => {
					const reload = page.waitForRequest((request) => {
						if (!request.url().includes('/rest/dynamic-node-parameters/options')) return false;
						const body = JSON.parse(request.postData() ?? '{}');
						return (
							body.methodName === 'getTicketClasses' &&
							body.currentNodeParameters?.eventId?.value === event.id
						);
					});
					await ndv.getByTestId('resource-locator-eventId').getByTestId('rlc-input').click();
					await page.getByTestId('rlc-item').filter({ hasText: event.name }).first().click();
					await ndv.getByTestId('parameter-input-ticketClassId').click();
					await reload;
					// The event changing is what loads the ticket classes; the click may only have closed
					// the event list. Once that list has gone (it fades out), open the ticket classes when
					// no list is showing.
					await page.getByTestId('rlc-item').first().waitFor({ state: 'hidden' });
					const open = page.locator('.el-select-dropdown:visible, .el-popper:visible');
					if ((await open.count()) === 0)
						await ndv.getByTestId('parameter-input-ticketClassId').click();
				};
				await openRoute(page, env(), `/workflow/${PANELS_WORKFLOW}`);
				await openEventXActions(page, 'node-creator-plus-button');
				await page
					.getByTestId('node-creator-item-name')
					.filter({ hasText: /^Change the ticket of an attendee$/ })
					.first()
					.click();
				const ndv = page.getByTestId('ndv');
				await ndv.waitFor();
				await pickEvent(first);
				expect(await openOptions(page, ['General', 'VIP Pass'])).toEqual(['General', 'VIP Pass']);
				await page.keyboard.press('Escape');
				await env().sim('POST', '/__sim/faults', {
					kind: 'status',
					status: 403,
					message: 'Not a member of this organization',
					path: '/ticket-class/all$',
					times: 0,
				});
				try {
					await pickEvent(other);
					let problems: string[] = [];
					const refused = (list: string[]) => list.some((p) => /Error fetching options/.test(p));
					for (let i = 0; i < 40 && !refused(problems); i++) {
						if (i > 0) await page.waitForTimeout(250);
						problems = await panelProblems(ndv);
					}
					await screenshot(page, 'action-attendee-change-ticket-refused');
					expect(problems).toContain('Error fetching options from EventX');
				} finally {
					await env().sim('DELETE', '/__sim/faults');
				}
			});
		});
	},
};
