'use strict';
// n8n-workflow, n8n-core and the container n8n-core registers its services in (@n8n/di), loaded
// once per jest worker and lent to every test file it runs. Jest gives each test file its own
// module registry: loading these (about 1,760 modules) took a second of CPU per file, more than
// most files' tests. They keep no state a test depends on between files, and the node's code, the
// harness and n8n-core itself share one copy, so an error class is the same class wherever it is
// thrown or checked, as in n8n.
const NAMES = ['n8n-workflow', 'n8n-core', '@n8n/di'];
const GLOBAL = '__eventxSharedModules';

let loaded;

/** The modules by name, loaded on first use by the worker's own (Node's) require. */
function sharedModules() {
	loaded ??= Object.fromEntries(NAMES.map((name) => [name, require(name)]));
	return loaded;
}

module.exports = { GLOBAL, NAMES, sharedModules };
