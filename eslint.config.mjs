// n8n's community-node rules on the shipped code (nodes/, credentials/, package.json),
// typescript-eslint's recommended rules on everything written in TypeScript.
import communityNodes from '@n8n/eslint-plugin-community-nodes';
import tseslint from 'typescript-eslint';

export default tseslint.config(
	{
		ignores: [
			'dist/**',
			'node_modules/**',
			'.build-tools/**',
			'coverage/**',
			'**/*.js',
			'**/*.mjs',
		],
	},
	...tseslint.configs.recommended.map((config) => ({ ...config, files: ['**/*.ts'] })),
	{
		files: ['nodes/**/*.ts', 'credentials/**/*.ts', 'package.json'],
		...communityNodes.configs.recommended,
	},
	{
		// The package.json rules read it as TypeScript reads a .json file: one object expression.
		files: ['package.json'],
		languageOptions: { parser: tseslint.parser, parserOptions: { extraFileExtensions: ['.json'] } },
	},
	{
		files: ['**/*.ts'],
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
		},
	},
);
