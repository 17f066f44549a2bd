// The build's steps that tsc does not do: `clean` empties dist/ first, so that no file of a
// removed node or credential is shipped; `build` copies the node icons (SVG) and codex files
// (*.node.json) into dist/, keeping their folders so that `file:eventx.svg` resolves beside the
// built node.
const { rmSync } = require('node:fs');
const { src, dest } = require('gulp');

function clean(done) {
	rmSync('dist', { recursive: true, force: true });
	done();
}

function copyAssets() {
	return src(['nodes/**/*.svg', 'nodes/**/*.node.json', 'credentials/**/*.svg'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports.clean = clean;
exports.build = copyAssets;
exports.default = copyAssets;
