// Three projects, all run by `npm test`: `unit` (the node, the triggers, the simulator, the docs;
// its files run side by side: `npm run test:unit`), `slow` (the toolchain's checks of the whole
// repository and the packed tarball, and the volume tests: 130,000 records, catch-ups of 100,000)
// and `e2e` (test/e2e/*.e2e.test.ts: real n8n processes). The e2e project's global setup builds and packs the
// package, compiles the tools and installs each n8n release once for every e2e file.
const transform = {
	// Type errors are caught by `npm run lint` (tsc --noEmit); transpiling only keeps tests fast.
	'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
};

/** Files of minutes, not seconds: n8n-node lint, the scanner and actionlint on the repository and
 * its tarball; Return All of 130,000 attendees; the polling trigger catching up 100,000 and its
 * situations at volume (and 3,000 event moments due at once). */
const SLOW = [
	'/test/package/scan.test.ts',
	'/test/package/toolchain.test.ts',
	'/test/transport/paging.test.ts',
	'/test/pollingTrigger/catchUp.test.ts',
	'/test/pollingTrigger/situationsAtScale.test.ts',
	'/test/pollingTrigger/timelineAtScale.test.ts',
];

const { NAMES: SHARED } = require('./test/setup/shared/modules.cjs');

/**
 * Node's environment, plus the published OpenAPI that every exchange of the in-process simulator is
 * held to (compiled once per worker); after each test, what departed from it fails the test.
 */
const heldToContract = {
	testEnvironment: '<rootDir>/test/simulator/contractEnvironment.ts',
	setupFilesAfterEnv: ['<rootDir>/test/simulator/contractSetup.ts'],
	// One copy of n8n-workflow, n8n-core and @n8n/di per worker, lent to each file through the
	// file of test/setup/shared/ named after it.
	moduleNameMapper: Object.fromEntries(
		SHARED.map((name) => [`^${name}$`, `<rootDir>/test/setup/shared/${name.split('/').pop()}.cjs`]),
	),
};

/** @type {import('jest').Config} */
module.exports = {
	projects: [
		{
			displayName: 'unit',
			...heldToContract,
			roots: ['<rootDir>/test'],
			testMatch: ['**/*.test.ts'],
			testPathIgnorePatterns: ['\\.e2e\\.test\\.ts$', ...SLOW],
			transform,
			// n8n-workflow's 250 ms budget for its regular expressions, raised for files run side by side.
			setupFiles: ['<rootDir>/test/setup/regexBudget.ts'],
		},
		{
			displayName: 'slow',
			...heldToContract,
			roots: ['<rootDir>/test'],
			testMatch: SLOW.map((file) => `<rootDir>${file}`),
			transform,
			setupFiles: ['<rootDir>/test/setup/regexBudget.ts'],
		},
		{
			displayName: 'e2e',
			testEnvironment: 'node',
			roots: ['<rootDir>/test/e2e'],
			testMatch: ['**/*.e2e.test.ts'],
			transform,
			globalSetup: '<rootDir>/test/e2e/globalSetup.ts',
			globalTeardown: '<rootDir>/test/e2e/globalTeardown.ts',
		},
	],
	// The real-n8n files first, longest first (test/setup/sequencer.cjs).
	testSequencer: '<rootDir>/test/setup/sequencer.cjs',
	testTimeout: 30000,
	// n8n-core keeps keep-alive sockets and timers of its own open after a run; they are not ours to close.
	forceExit: true,
};
