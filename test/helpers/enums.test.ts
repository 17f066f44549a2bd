import { fs, path, repoRoot } from '../platform.cjs';

import * as enums from '../../nodes/EventX/helpers/enums';

// The OpenAPI lives beside the repository (shared/api) on the team's machines and in CI.
const specPath = path.join(repoRoot, '..', 'shared', 'api', 'eventx-public-api.openapi.json');
const describeWithSpec = fs.existsSync(specPath) ? describe : describe.skip;

describeWithSpec('enums.ts', () => {
	test('matches what scripts/gen-enums.js extracts from the OpenAPI', () => {
		// eslint-disable-next-line @typescript-eslint/no-require-imports
		const { extractEnums } = require('../../scripts/gen-enums.js');
		const fromSpec = extractEnums(JSON.parse(fs.readFileSync(specPath, 'utf8')));
		expect({ ...enums }).toEqual(fromSpec);
		expect(enums.WEBHOOK_ACTIONS).toHaveLength(5);
		expect(enums.ATTENDEE_SORT_KEYS).toHaveLength(21);
	});
});
