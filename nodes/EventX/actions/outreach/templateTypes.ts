import type { INodePropertyOptions } from 'n8n-workflow';

import { enumLabel } from '../../helpers/labels';

/** EventX's email template types as dropdown options, sorted by label. */
export function templateTypeOptions(types: readonly string[]): INodePropertyOptions[] {
	return types
		.map((value) => ({ name: enumLabel(value), value }))
		.sort((a, b) => a.name.localeCompare(b.name));
}
