import { TRIGGER_ID_PLACEHOLDERS, triggerCommands } from '../../scripts/runtime/sandbox';
import { fs, path, repoRoot } from '../platform.cjs';

// The README stays short and every link of the documentation leads somewhere: a file of the
// repository, a heading of it, or a heading of the README for the links n8n's panels open.

const README = 'README.md';
const DOCS = [
	README,
	'CONTRIBUTING.md',
	...fs
		.readdirSync(path.join(repoRoot, 'docs'))
		.filter((name) => name.endsWith('.md'))
		.map((name) => `docs/${name}`),
];
const REPOSITORY = 'https://github.com/eventx/n8n-nodes-eventx';

const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The text outside fenced code blocks, line by line. */
function prose(text: string): string[] {
	let fenced = false;
	return text.split('\n').filter((line) => {
		if (line.startsWith('```')) fenced = !fenced;
		return !fenced && !line.startsWith('```');
	});
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as dashes. */
function slug(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, '')
		.replace(/\s/g, '-');
}

/** The anchors of a Markdown file's headings (a repeated heading gets -1, -2...). */
function anchors(file: string): Set<string> {
	const seen = new Map<string, number>();
	const result = new Set<string>();
	for (const line of prose(read(file))) {
		const heading = line.match(/^#{1,6} (.+)$/);
		if (!heading) continue;
		const base = slug(heading[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		result.add(count ? `${base}-${count}` : base);
	}
	return result;
}

/** The targets of a file's Markdown links and images, outside code. */
function links(file: string): string[] {
	return prose(read(file)).flatMap((line) =>
		[...line.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]),
	);
}

/** Why a link of `file` leads nowhere, or undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
	if (/^(https?:|mailto:)/.test(target)) return undefined;
	const [pathPart, anchor] = target.split('#');
	const resolved = pathPart ? path.posix.join(path.posix.dirname(file), pathPart) : file;
	if (resolved.startsWith('..')) return `${target}: outside the repository`;
	if (!fs.existsSync(path.join(repoRoot, resolved))) return `${target}: no ${resolved}`;
	if (anchor === undefined) return undefined;
	if (!resolved.endsWith('.md')) return `${target}: an anchor in a file that is not Markdown`;
	return anchors(resolved).has(anchor)
		? undefined
		: `${target}: no heading #${anchor} in ${resolved}`;
}

describe('the README', () => {
	const lines = read(README).split('\n');

	test('is at most 300 lines', () => {
		expect(lines.length).toBeLessThanOrEqual(300);
	});

	test('has a table of contents listing its sections in order', () => {
		const sections = prose(read(README))
			.map((line) => line.match(/^## (.+)$/)?.[1])
			.filter(
				(heading): heading is string => !!heading && !['Contents', 'License'].includes(heading),
			);
		const start = lines.indexOf('## Contents');
		expect(start).toBeGreaterThan(0);
		const contents = lines
			.slice(
				start + 1,
				lines.findIndex((line, i) => i > start && line.startsWith('## ')),
			)
			.map((line) => line.match(/^- \[(.+)\]\(#(.+)\)$/))
			.filter((match): match is RegExpMatchArray => !!match);
		expect(contents.map((match) => match[1])).toEqual(sections);
		expect(contents.map((match) => match[2])).toEqual(sections.map(slug));
	});
});

describe("the README's trigger commands", () => {
	test('are the ones the sandbox prints, with placeholders for the demo IDs', () => {
		const readme = read(README);
		const rows = triggerCommands('http://127.0.0.1:4010', TRIGGER_ID_PLACEHOLDERS).map(
			({ events, command }) => `| ${events} | \`${command}\` |`,
		);
		expect(rows.filter((row) => !readme.includes(row))).toEqual([]);
		// Said once: no other page repeats a trigger command.
		for (const file of DOCS.filter((f) => f !== README))
			expect(read(file)).not.toMatch(/__sim\/(attendees|orders|events)\//);
	});
});

describe('the documentation', () => {
	test.each(DOCS)('%s: every relative link and anchor resolves', (file) => {
		expect(links(file).flatMap((target) => brokenLink(file, target) ?? [])).toEqual([]);
	});

	test.each(DOCS)('%s: every file of the repository it names in code spans exists', (file) => {
		const named = prose(read(file)).flatMap((line) =>
			[
				...line.matchAll(
					/`((?:test|scripts|nodes|credentials|examples|api|docs|\.github|\.ci)\/[\w./-]*)`/g,
				),
			].map((m) => m[1]),
		);
		// What a run makes (git-ignored, e.g. test/e2e/.artifacts/) need not exist.
		const generated = read('.gitignore')
			.split('\n')
			.filter((entry) => entry.includes('/') && !entry.startsWith('/'));
		const missing = named.filter(
			(name) =>
				!generated.some((entry) => name.startsWith(entry)) &&
				!fs.existsSync(path.join(repoRoot, name)),
		);
		expect(missing).toEqual([]);
	});

	test("the links n8n's panels open (credential, codex files, package.json) lead to README headings", () => {
		const sources = [
			'credentials/EventXApi.credentials.ts',
			'package.json',
			// Each node's codex file, in its own folder.
			...fs.readdirSync(path.join(repoRoot, 'nodes')).flatMap((folder) =>
				fs
					.readdirSync(path.join(repoRoot, 'nodes', folder))
					.filter((name) => name.endsWith('.node.json'))
					.map((name) => `nodes/${folder}/${name}`),
			),
		];
		const readmeAnchors = anchors(README);
		const found = sources.flatMap((file) =>
			[...read(file).matchAll(new RegExp(`${REPOSITORY}#([\\w-]+)`, 'g'))].map((m) => m[1]),
		);
		expect(found).toContain('credentials');
		expect(found).toContain('eventx-polling-trigger');
		expect(found.filter((anchor) => anchor !== 'readme' && !readmeAnchors.has(anchor))).toEqual([]);
	});

	test('a broken link or a missing heading is found', () => {
		expect(brokenLink('docs/testing.md', '../README.md#no-such-heading')).toBe(
			'../README.md#no-such-heading: no heading #no-such-heading in README.md',
		);
		expect(brokenLink('README.md', 'docs/nothing.md')).toBe('docs/nothing.md: no docs/nothing.md');
		expect(brokenLink('README.md', '#credentials')).toBeUndefined();
		expect(slug('Static data on workers (n8n 2.41)')).toBe('static-data-on-workers-n8n-241');
	});
});
