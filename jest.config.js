/** @type {import('jest').Config} */
module.exports = {
	// Node's environment, plus the published OpenAPI that the simulator's every exchange is held
	// to (compiled once for the run); after each test, what departed from it fails the test.
	testEnvironment: '<rootDir>/test/simulator/contractEnvironment.ts',
	setupFilesAfterEnv: ['<rootDir>/test/simulator/contractSetup.ts'],
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
