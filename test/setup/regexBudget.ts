import { setSafeRegexEngine, type RegexEngine } from 'n8n-workflow';

import { vm } from '../platform.cjs';

// n8n-workflow runs the patterns it checks values against (a resource locator's By ID value, for
// one) in a vm sandbox with 250 ms of wall-clock time (safe-regex.js). The unit tests run two files
// at a time on machines they share; a thread that waits that long for a core would fail a test that
// is not about speed. Here the same patterns run the same way, with 10 s.
const BUDGET_MS = 10_000;

const context = vm.createContext({ pattern: '', flags: '', input: '', replacement: '', result: 0 });
const script = (code: string) => new vm.Script(`result = ${code}`);
const scripts = {
	exec: script('new RegExp(pattern, flags).exec(input)'),
	test: script('new RegExp(pattern, flags).test(input)'),
	replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
	split: script('input.split(new RegExp(pattern, flags))'),
};

function run<T>(name: keyof typeof scripts, values: Record<string, string>): T {
	Object.assign(context, { flags: '', replacement: '', result: undefined }, values);
	scripts[name].runInContext(context, { timeout: BUDGET_MS });
	return context.result as T;
}

const engine: RegexEngine = {
	exec: (pattern, input, flags = '') => run('exec', { pattern, input, flags }),
	test: (pattern, input, flags = '') => run('test', { pattern, input, flags }),
	replace: (pattern, input, flags = '', replacement) =>
		run('replace', { pattern, input, flags, replacement }),
	matchAll: (pattern, input, flags = '') =>
		run('matchAll', { pattern, input, flags: flags.includes('g') ? flags : `${flags}g` }),
	split: (pattern, input, flags = '') => run('split', { pattern, input, flags }),
};

setSafeRegexEngine(engine);
