'use strict';
// The order Jest runs the test files in: its own (files that failed last time first, then the
// longest by the last run's timings, else the largest), except that the real-n8n files come
// first, longest first. They take most of `npm test` and mostly wait on n8n; begun last (a fresh
// clone has no timings and they are small files), one of them ran alone for minutes at the end.
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = [
	'n8n-main.e2e.test.ts',
	'queue.e2e.test.ts',
	'n8n-floor.e2e.test.ts',
	'dev.e2e.test.ts',
];

const rank = (test) => {
	const index = FIRST.findIndex((name) => test.path.endsWith(`/${name}`));
	return index === -1 ? FIRST.length : index;
};

class RealN8nFirst extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		const position = new Map(sorted.map((test, index) => [test, index]));
		return [...sorted].sort((a, b) => rank(a) - rank(b) || position.get(a) - position.get(b));
	}
}

module.exports = RealN8nFirst;
