'use strict';
// The tests' and tools' one door to the machine: files, sockets, child processes, timers, the
// process itself and the terminal. n8n's strict lint rules (n8n-node lint) hold every TypeScript
// file of the repository to what a node may do inside n8n Cloud, where none of this is allowed; the
// simulator, the harness, the real-n8n suites and the tools exist to do exactly this. So they take
// it from here, explicitly, and a `process` or `fs` that slips into nodes/ is still refused.
// Types: platform.d.cts.
const childProcess = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const inspector = require('node:inspector');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const timers = require('node:timers');
const util = require('node:util');
const vm = require('node:vm');

/** Writes one line to standard output (a tool's report), formatted as console.log formats. */
function print(...args) {
	process.stdout.write(`${util.format(...args)}\n`);
}

/** Writes one line to standard error (a warning or a skipped suite). */
function printError(...args) {
	process.stderr.write(`${util.format(...args)}\n`);
}

module.exports = {
	childProcess,
	fs,
	http,
	inspector,
	net,
	os,
	path,
	process,
	vm,
	setTimeout: timers.setTimeout,
	clearTimeout: timers.clearTimeout,
	/** The repository's root folder, from test/ (sources) or .build-tools/test/ (compiled tools). */
	repoRoot: path.resolve(
		__dirname,
		'..',
		path.basename(path.dirname(__dirname)) === '.build-tools' ? '..' : '',
	),
	print,
	printError,
	/** The realm's global object (in a jest test file: the file's own), e.g. for what the jest environment put there. */
	globals: globalThis,
};
