'use strict';
// The order Jest runs the test files in. `npm test` runs three files at a time on two cores: the
// real-n8n files mostly wait on n8n, and a third worker fills those waits. So the two longest
// real-n8n files start at once, the third worker takes the volume files (minutes of CPU, none of
// them waiting), then the other real-n8n files follow as workers free up, and the rest in Jest's
// own order (files that failed last time first, then the longest by the last run's timings).
// (Begun last, as a fresh clone without timings would order them, a real-n8n file ran alone for
// minutes at the end.)
const Sequencer = require('@jest/test-sequencer').default;

const FIRST = [
	'e2e/n8n-main.e2e.test.ts',
	'e2e/queue.e2e.test.ts',
	'pollingTrigger/situationsAtScale.test.ts',
	'transport/paging.test.ts',
	'pollingTrigger/catchUp.test.ts',
	'e2e/n8n-floor.e2e.test.ts',
	'e2e/dev.e2e.test.ts',
];

const rank = (test) => {
	const index = FIRST.findIndex((name) => test.path.endsWith(`/${name}`));
	return index === -1 ? FIRST.length : index;
};

class LongFirst extends Sequencer {
	sort(tests) {
		const sorted = super.sort(tests);
		const position = new Map(sorted.map((test, index) => [test, index]));
		return [...sorted].sort((a, b) => rank(a) - rank(b) || position.get(a) - position.get(b));
	}
}

module.exports = LongFirst;
