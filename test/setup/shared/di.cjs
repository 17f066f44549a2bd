'use strict';
// What a test file gets for `require('@n8n/di')`: the worker's one copy (modules.cjs), the container
// the shared n8n-core registers its services in.
module.exports = globalThis.__eventxSharedModules['@n8n/di'];
