/**
 * A real n8n for the end-to-end test, `npm run dev` and the benchmark. The pieces live in
 * scripts/runtime/ by concern; this module keeps every name it always exported, so code that
 * imports from it keeps working.
 */
export {
	ensureN8n,
	installPackage,
	N8N_FLOOR,
	N8N_MAIN,
	N8N_MATRIX,
	packPackage,
	PACKAGE_NAME,
	REPO_ROOT,
	type InstalledN8n,
	type N8nRelease,
} from './n8n-install';
export {
	freePort,
	type ManagedProcess,
	startProcess,
	compileScript,
	startSimulatorProcess,
} from './runtime/processes';
export {
	LOCAL_ENCRYPTION_PHRASE,
	type N8nSetup,
	n8nEnv,
	type CliResult,
	n8nCli,
	startN8n,
} from './runtime/n8n';
export { N8nRest, publicApi, credentialImport } from './runtime/n8nApi';
export { EXAMPLE_IDS, demoExamples } from './runtime/examples';
