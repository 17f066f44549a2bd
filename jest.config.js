/** @type {import('jest').Config} */
module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		// Type errors are caught by `npm run lint` (tsc --noEmit); transpiling only keeps tests fast.
		'^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }],
	},
	testTimeout: 30000,
	// One test file at a time: the real-n8n suites start n8n, the simulator and Chromium, and under
	// a loaded machine n8n-workflow's regular expressions (a 250 ms budget each) time out.
	maxWorkers: 1,
	// n8n-core keeps keep-alive sockets and timers of its own open after a run; they are not ours to close.
	forceExit: true,
};
