// Copies what tsc does not: the node icons (SVG) and codex files (*.node.json) into dist/,
// keeping their folders so that `file:eventx.svg` resolves beside the built node.
const { src, dest } = require('gulp');

function copyAssets() {
	return src(['nodes/**/*.svg', 'nodes/**/*.node.json', 'credentials/**/*.svg'], {
		base: '.',
		encoding: false,
	}).pipe(dest('dist'));
}

exports.build = copyAssets;
exports.default = copyAssets;
