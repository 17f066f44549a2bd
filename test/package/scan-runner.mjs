// Runs @n8n/scan-community-package's own analysis on a folder and prints its result as JSON:
// `node scan-runner.mjs <folder> source|tarball`. Its CLI downloads a published version; this calls
// the same analyzePackage() with the same file patterns that its two legs use (the attested source,
// then the unpacked tarball). The scanner is an ES module, so jest runs it in a child process.
import path from 'node:path';

import {
	analyzePackage,
	SOURCE_FILE_PATTERNS,
} from '@n8n/scan-community-package/scanner/scanner.mjs';

const [folder, leg] = process.argv.slice(2);
const patterns = { source: SOURCE_FILE_PATTERNS, tarball: ['**/*.js', 'package.json'] }[leg];
if (!folder || !patterns) {
	process.stderr.write('usage: node scan-runner.mjs <folder> source|tarball\n');
	process.exit(2);
}
const result = await analyzePackage(path.resolve(folder), patterns);
process.stdout.write(
	JSON.stringify({ passed: result.passed, message: result.message, details: result.details }),
);
