'use strict';
// What a test file gets for `require('n8n-core')`: the worker's one copy (modules.cjs).
module.exports = globalThis.__eventxSharedModules['n8n-core'];
