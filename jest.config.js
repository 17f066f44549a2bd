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
	// The real-n8n suites start processes of their own; they run in their own jest project order.
	maxWorkers: 2,
	// n8n-core keeps keep-alive sockets and timers of its own open after a run; they are not ours to close.
	forceExit: true,
};
